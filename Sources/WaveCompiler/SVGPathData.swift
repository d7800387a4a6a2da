import WaveSyntax

/// Reads SVG path data ("M 10 80 C 40 10, 65 10, 95 80 Z", SVG 1.1 §8.3) into path
/// commands with constant operands, for paths written inline (`along "M 0 0 L 100 0"`).
///
/// Supported: M m L l H h V v C c S s Q q T t Z z, with implicit repeats of a command's
/// arguments (after M they are lines), numbers with signs, decimals and exponents,
/// separated by white space and commas. Elliptical arcs (A a) are not: a path layer's
/// `arc` command draws them.
enum SVGPathData {
    struct Failure: Error, Equatable {
        var message: String
        /// Offset in the path data (in characters) where reading stopped.
        var offset: Int
    }

    static func parse(_ text: String, range: SourceRange) -> Result<[PathCommandIR], Failure> {
        let chars = Array(text)
        var i = 0
        var commands: [PathCommandIR] = []
        var current = (0.0, 0.0), start = (0.0, 0.0)
        var lastControl: (Double, Double)? = nil
        var lastVerb: Character = " "

        func skipSeparators() { while i < chars.count, chars[i] == " " || chars[i] == "," || chars[i].isNewline || chars[i] == "\t" { i += 1 } }
        func number() throws -> Double {
            skipSeparators()
            let begin = i
            if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
            var digits = 0
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 }
            if i < chars.count, chars[i] == "." { i += 1; while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 } }
            if digits > 0, i < chars.count, chars[i] == "e" || chars[i] == "E" {
                var j = i + 1
                if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                if j < chars.count, chars[j].isASCII, chars[j].isNumber {
                    i = j
                    while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                }
            }
            guard digits > 0, let v = Double(String(chars[begin..<i])), v.isFinite else {
                throw Failure(message: "expected a number", offset: begin)
            }
            return v
        }
        func startsNumber() -> Bool {
            skipSeparators()
            guard i < chars.count else { return false }
            return chars[i].isASCII && (chars[i].isNumber || chars[i] == "-" || chars[i] == "+" || chars[i] == ".")
        }
        func pt(_ p: (Double, Double)) -> IRExpr { .constant(.point(p.0, p.1)) }
        func emit(_ verb: PathCommand, _ operands: [IRExpr]) {
            commands.append(PathCommandIR(verb: verb, operands: operands, clockwise: false, range: range))
        }

        do {
            skipSeparators()
            while i < chars.count {
                var verb = chars[i]
                if startsNumber() {
                    // Implicit repetition of the previous command (a move repeats as lines).
                    guard lastVerb != " ", lastVerb != "Z", lastVerb != "z" else {
                        throw Failure(message: "expected a command letter (M, L, C, Q, Z …)", offset: i)
                    }
                    verb = lastVerb == "M" ? "L" : lastVerb == "m" ? "l" : lastVerb
                } else {
                    i += 1
                }
                let relative = verb.isLowercase
                func point() throws -> (Double, Double) {
                    let x = try number(), y = try number()
                    return relative ? (current.0 + x, current.1 + y) : (x, y)
                }
                var control: (Double, Double)? = nil
                switch verb.uppercased() {
                case "M":
                    current = try point(); start = current
                    emit(.move, [pt(current)])
                case "L":
                    current = try point()
                    emit(.line, [pt(current)])
                case "H":
                    let x = try number()
                    current = (relative ? current.0 + x : x, current.1)
                    emit(.line, [pt(current)])
                case "V":
                    let y = try number()
                    current = (current.0, relative ? current.1 + y : y)
                    emit(.line, [pt(current)])
                case "C", "S":
                    let c1: (Double, Double)
                    if verb.uppercased() == "C" { c1 = try point() }
                    else if let lc = lastControl, "CcSs".contains(lastVerb) { c1 = (2 * current.0 - lc.0, 2 * current.1 - lc.1) }
                    else { c1 = current }
                    let c2 = try point(), end = try point()
                    emit(.cubic, [pt(end), pt(c1), pt(c2)])
                    current = end; control = c2
                case "Q", "T":
                    let c: (Double, Double)
                    if verb.uppercased() == "Q" { c = try point() }
                    else if let lc = lastControl, "QqTt".contains(lastVerb) { c = (2 * current.0 - lc.0, 2 * current.1 - lc.1) }
                    else { c = current }
                    let end = try point()
                    emit(.quad, [pt(end), pt(c)])
                    current = end; control = c
                case "Z":
                    emit(.close, [])
                    current = start
                case "A":
                    throw Failure(message: "arcs ('\(verb)') are not supported in path data; draw them with a path layer's 'arc'", offset: i - 1)
                default:
                    throw Failure(message: "unknown path command '\(verb)'", offset: i - 1)
                }
                lastControl = control
                lastVerb = verb
                skipSeparators()
            }
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "cannot read the path data", offset: i))
        }
        guard !commands.isEmpty else { return .failure(Failure(message: "the path data is empty", offset: 0)) }
        return .success(commands)
    }
}
