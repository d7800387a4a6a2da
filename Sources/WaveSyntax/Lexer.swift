/// A comment: `# …` or `// …` up to, not including, the end of its line (`\n`, `\r\n` or
/// a lone `\r`). Only `Lexer.tokenizeKeepingComments` reports comments.
public struct Comment: Equatable, Sendable {
    public var range: SourceRange
    public init(_ range: SourceRange) { self.range = range }
}

/// Turns source bytes into tokens. Never fails: unreadable input becomes `.error` tokens
/// with a message, and lexing goes on after them.
public struct Lexer {
    private let bytes: [UInt8]
    private var pos = 0
    /// Set only by `tokenizeKeepingComments`; then `next()` records each comment it skips.
    private var keepComments = false
    private var comments: [Comment] = []

    /// Where the script starts: after a byte-order mark, if any.
    private let start: Int
    /// Added to every offset: the file's `base`.
    private let base: Int
    public init(_ file: SourceFile) {
        self.bytes = file.bytes
        self.base = file.base
        // A UTF-8 byte-order mark first (some editors save one) is not part of the script.
        start = file.hasByteOrderMark ? 3 : 0
        pos = start
    }

    public static func tokenize(_ file: SourceFile) -> [Token] {
        var lexer = Lexer(file)
        return lexer.tokenizeAll()
    }

    /// The same tokens as `tokenize`, plus the comments they skip, in source order. For tools
    /// that rewrite a script and must lose nothing (the formatter); the parser never sees comments.
    public static func tokenizeKeepingComments(_ file: SourceFile) -> (tokens: [Token], comments: [Comment]) {
        var lexer = Lexer(file)
        lexer.keepComments = true
        let tokens = lexer.tokenizeAll()
        return (tokens, lexer.comments)
    }

    private mutating func tokenizeAll() -> [Token] {
        var tokens: [Token] = []
        while true {
            let t = next()
            tokens.append(t)
            if t.isEOF { return tokens }
        }
    }

    private func peek(_ k: Int = 0) -> UInt8 { pos + k < bytes.count ? bytes[pos + k] : 0 }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    private static func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20 >= 97 && c | 0x20 <= 102) }
    private static func isIdentStart(_ c: UInt8) -> Bool { (c | 0x20 >= 97 && c | 0x20 <= 122) || c == 95 }
    private static func isIdentChar(_ c: UInt8) -> Bool { isIdentStart(c) || isDigit(c) }

    public mutating func next() -> Token {
        var newline = false, space = pos == start
        // Skip white space and comments.
        while pos < bytes.count {
            let c = bytes[pos]
            if c == 10 || c == 13 { newline = true; space = true; pos += 1 }
            else if c == 32 || c == 9 { space = true; pos += 1 }
            else if c == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "/") { skipComment(); space = true }
            else if c == UInt8(ascii: "#") && startsComment() { skipComment(); space = true }
            else { break }
        }
        let start = pos
        func make(_ kind: TokenKind) -> Token { Token(kind, SourceRange(base + start, base + pos), newlineBefore: newline, spaceBefore: space) }
        guard pos < bytes.count else { return make(.eof) }
        let c = bytes[pos]
        if Lexer.isDigit(c) || (c == UInt8(ascii: ".") && Lexer.isDigit(peek(1))) { return make(lexNumber()) }
        if Lexer.isIdentStart(c) { return make(.identifier(lexIdentifier())) }
        if c == UInt8(ascii: "\"") { return make(lexString()) }
        if c == UInt8(ascii: "#") {
            guard Lexer.isIdentChar(peek(1)) else {
                pos += 1
                return make(.error(.unexpectedCharacter, "unexpected character '#': a comment is '#' followed by a space, a colour '#' followed by hex digits"))
            }
            return make(lexColor())
        }
        if let p = Lexer.twoCharacterPuncts.first(where: { $0.first == c && $0.second == peek(1) }) {
            pos += 2
            return make(.punct(p.text))
        }
        if "+-*/<>=!?:;,.(){}[]".utf8.contains(c) {
            pos += 1
            return make(.punct(String(UnicodeScalar(c))))
        }
        // A terminal's escape sequence (ESC [ … letter), pasted with colour codes from a
        // terminal: one mistake, so one error for the whole of it.
        if c == 0x1B, pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "[") {
            var end = pos + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            if end < bytes.count, (0x40...0x7E).contains(bytes[end]) {
                pos = end + 1
                let shown = "\\e" + String(decoding: bytes[(start + 1)..<pos], as: UTF8.self)
                return make(.error(.unexpectedCharacter, "unexpected terminal escape sequence '\(shown)' (colour codes pasted from a terminal?)"))
            }
        }
        if bytes[pos] == UInt8(ascii: "@"), matches("@keyframes") {
            // CSS's at-rule: the word is taken with it, so the rest of the line reads as one mistake.
            pos += "@keyframes".utf8.count
            return make(.error(.unexpectedCharacter, "CSS's '@keyframes' has no place in wave: an animation's keyframes go in its 'animate', "
                               + "'animate L.P values [a, b, c] times [0, 0.4, 1] over D' (the percentages are the times)"))
        }
        // An unexpected character: consume one whole UTF-8 sequence and report it.
        pos += 1
        while pos < bytes.count, bytes[pos] & 0xC0 == 0x80 { pos += 1 }
        let shown = String(decoding: bytes[start..<pos], as: UTF8.self)
        return make(.error(.unexpectedCharacter, "unexpected character '\(shown)'"))
    }

    /// Operators of two characters, as bytes (looked up for every punctuation token: no
    /// string is made to compare).
    private static let twoCharacterPuncts: [(first: UInt8, second: UInt8, text: String)] =
        ["+=", "-=", "*=", "/=", "==", "!=", "<=", ">=", "&&", "||"].map { p in
            let u = Array(p.utf8)
            return (u[0], u[1], p)
        }

    private func matches(_ p: String) -> Bool {
        var bytes = p.utf8.makeIterator()
        var k = 0
        while let b = bytes.next() {
            if peek(k) != b { return false }
            k += 1
        }
        return true
    }

    private mutating func skipLine() { while pos < bytes.count, bytes[pos] != 10, bytes[pos] != 13 { pos += 1 } }

    private mutating func skipComment() {
        let start = pos
        skipLine()
        if keepComments { comments.append(Comment(SourceRange(base + start, base + pos))) }
    }

    /// `#` starts a comment when a space, a tab, `#`, `!` or the end of the line follows it.
    /// `#` directly followed by a letter or digit is a colour literal (good or bad); `#`
    /// followed by anything else is an unexpected character.
    private func startsComment() -> Bool {
        let n = peek(1)
        return pos + 1 >= bytes.count || n == 32 || n == 9 || n == 10 || n == 13
            || n == UInt8(ascii: "#") || n == UInt8(ascii: "!")
    }

    private mutating func lexColor() -> TokenKind {
        pos += 1
        let s = pos
        while Lexer.isIdentChar(peek()) { pos += 1 }
        let digits = bytes[s..<pos]
        guard digits.allSatisfy(Lexer.isHex), [3, 4, 6, 8].contains(digits.count) else {
            // First on its line, `#note …` was most likely meant as a comment.
            var k = s - 2
            while k >= 0, bytes[k] == 32 || bytes[k] == 9 { k -= 1 }
            // So was one after a block's '}' on its line (`} #bounce the ball`), where no colour goes.
            let comment = k < 0 || bytes[k] == 10 || bytes[k] == 13 || bytes[k] == UInt8(ascii: "}")
            return .error(.badColour, "bad colour '#\(String(decoding: digits, as: UTF8.self))': expected 3, 4, 6 or 8 hex digits"
                          + (comment ? "; a comment needs a space after '#' ('# \(String(decoding: digits, as: UTF8.self)) …')" : ""))
        }
        func hex(_ c: UInt8) -> Int { Lexer.isDigit(c) ? Int(c) - 48 : Int(c | 0x20) - 87 }
        let d = digits.map(hex)
        var comps: [Double]
        if d.count <= 4 { comps = d.map { Double($0 * 17) / 255 } }
        else { comps = stride(from: 0, to: d.count, by: 2).map { Double(d[$0] * 16 + d[$0 + 1]) / 255 } }
        if comps.count == 3 { comps.append(1) }
        return .color(r: comps[0], g: comps[1], b: comps[2], a: comps[3])
    }

    private mutating func lexIdentifier() -> String {
        let s = pos
        while Lexer.isIdentChar(peek()) { pos += 1 }
        let word = String(decoding: bytes[s..<pos], as: UTF8.self)
        // Join `-word` parts while they spell a word of the fixed hyphenated list; take the
        // longest such word, and leave every other minus to the expression grammar.
        var best = (word: word, end: pos)
        var candidate = word, k = pos
        while k + 1 < bytes.count, bytes[k] == UInt8(ascii: "-"), Lexer.isIdentStart(bytes[k + 1]) {
            var e = k + 1
            while e < bytes.count, Lexer.isIdentChar(bytes[e]) { e += 1 }
            candidate += "-" + String(decoding: bytes[(k + 1)..<e], as: UTF8.self)
            k = e
            if Vocabulary.hyphenatedWords.contains(candidate) { best = (candidate, k) }
            if !Vocabulary.hyphenatedWords.contains(where: { $0.hasPrefix(candidate + "-") }) { break }
        }
        pos = best.end
        return best.word
    }

    private mutating func lexNumber() -> TokenKind {
        let s = pos
        while Lexer.isDigit(peek()) { pos += 1 }
        // `360x160`: a size literal.
        if peek() == UInt8(ascii: "x"), Lexer.isDigit(peek(1)) {
            let w = Int(String(decoding: bytes[s..<pos], as: UTF8.self)) ?? -1
            pos += 1
            let hs = pos
            while Lexer.isDigit(peek()) { pos += 1 }
            let h = Int(String(decoding: bytes[hs..<pos], as: UTF8.self)) ?? -1
            if Lexer.isIdentChar(peek()) {
                while Lexer.isIdentChar(peek()) { pos += 1 }
                return .error(.badSize, "bad size '\(String(decoding: bytes[s..<pos], as: UTF8.self))': expected WIDTHxHEIGHT")
            }
            guard w >= 0, h >= 0 else { return .error(.badSize, "size too large") }
            return .size(w, h)
        }
        if peek() == UInt8(ascii: "."), Lexer.isDigit(peek(1)) {
            pos += 1
            while Lexer.isDigit(peek()) { pos += 1 }
            if peek() == UInt8(ascii: "."), Lexer.isDigit(peek(1)) {
                // `1.5.3` (a version number, a typo): one literal with one error, not a number
                // and a stray `.3`.
                while Lexer.isDigit(peek()) || (peek() == UInt8(ascii: ".") && Lexer.isDigit(peek(1))) { pos += 1 }
                // A unit written against it (`1.5.3s`) is part of the same mistake.
                if peek() == UInt8(ascii: "%") { pos += 1 } else { while Lexer.isIdentChar(peek()) { pos += 1 } }
                return .error(.badNumber, "bad number '\(String(decoding: bytes[s..<pos], as: UTF8.self))': a number has at most one decimal point")
            }
        }
        if peek() | 0x20 == UInt8(ascii: "e"), Lexer.isDigit(peek(1)) ||
            ((peek(1) == UInt8(ascii: "-") || peek(1) == UInt8(ascii: "+")) && Lexer.isDigit(peek(2))) {
            pos += 2
            while Lexer.isDigit(peek()) { pos += 1 }
        }
        let text = String(decoding: bytes[s..<pos], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return .error(.numberOutOfRange, "number '\(text)' is out of range") }
        if peek() == UInt8(ascii: "%") { pos += 1; return .number(value, .percent) }
        if peek() == 0xC2, peek(1) == 0xB0 {
            // `45°`: the degree sign read as the unit it means, with the error that names it.
            pos += 2
            return .error(.unknownUnit, "the degree sign is not a unit: write '\(text)deg'")
        }
        guard Lexer.isIdentStart(peek()) else { return .number(value, nil) }
        let us = pos
        while Lexer.isIdentChar(peek()) { pos += 1 }
        let suffix = String(decoding: bytes[us..<pos], as: UTF8.self)
        guard let unit = NumberUnit(rawValue: suffix) else {
            var hint = NumberUnit.spelledOut[suffix.lowercased()].map { "; did you mean '\(text)\($0.rawValue)'?" } ?? ""
            if ["turn", "turns"].contains(suffix.lowercased()) {
                // CSS's turn: a whole turn is 360deg.
                hint = "; a turn is 360deg: did you mean '\(Token.formatNumber(value * 360))deg'?"
            }
            switch suffix.lowercased() {
            case "pt":
                hint = "; wave's lengths are the scene's pixels: 1pt is 4/3 px (\(Token.formatNumber(value * 4 / 3))px)"
            case "em", "rem", "ex", "vw", "vh", "vmin", "vmax":
                // CSS's relative lengths: wave's lengths are pixels of the scene.
                hint = "; wave has no relative lengths: lengths are the scene's pixels ('width' and 'height' are its size)"
            case "ch":
                hint = "; wave has no character widths: 'visible-chars N' shows N characters, 'text-width(L, n)' measures them"
            default: break
            }
            return .error(.unknownUnit, hint.isEmpty ? "unknown unit '\(suffix)' after \(text); units are s, ms, t, deg, rad, %, px"
                                                     : "unknown unit '\(suffix)' after \(text) (units are s, ms, t, deg, rad, %, px)\(hint)")
        }
        return .number(value, unit)
    }

    private mutating func lexString() -> TokenKind {
        pos += 1
        var out: [UInt8] = []
        while pos < bytes.count {
            let c = bytes[pos]
            if c == UInt8(ascii: "\"") { pos += 1; return .string(String(decoding: out, as: UTF8.self)) }
            if c == 10 || c == 13 { break }
            if c == UInt8(ascii: "\\") {
                let e = peek(1)
                pos += 2
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
                case UInt8(ascii: "u") where peek() == UInt8(ascii: "{"):
                    let hs = pos + 1
                    var k = hs
                    while k < bytes.count, Lexer.isHex(bytes[k]), k - hs < 8 { k += 1 }
                    guard k < bytes.count, bytes[k] == UInt8(ascii: "}"),
                          let v = UInt32(String(decoding: bytes[hs..<k], as: UTF8.self), radix: 16),
                          let scalar = UnicodeScalar(v) else {
                        skipToStringEnd()
                        return .error(.badEscape, "bad unicode escape in string: expected \\u{HEX}")
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    pos = k + 1
                case UInt8(ascii: "("):
                    // Swift's interpolation habit: wave joins strings with +.
                    skipToStringEnd()
                    return .error(.badEscape, "a string cannot hold an expression; join with +: \"Score: \" + round(score) + \"%\"")
                default:
                    skipToStringEnd()
                    return .error(.badEscape, "unknown escape '\\\(String(UnicodeScalar(e)))' in string; escapes are \\n \\t \\\" \\\\ \\u{…}")
                }
                continue
            }
            out.append(c)
            pos += 1
        }
        return .error(.unterminatedString, "unterminated string: expected '\"' before the end of the line")
    }

    private mutating func skipToStringEnd() {
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\""), bytes[pos] != 10, bytes[pos] != 13 { pos += 1 }
        if peek() == UInt8(ascii: "\"") { pos += 1 }
    }
}
