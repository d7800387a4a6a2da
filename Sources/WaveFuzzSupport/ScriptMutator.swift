// A structure-aware mutator for the language fuzz targets (parse, compile, runtime).
//
// libFuzzer's byte mutations rarely build what breaks an interpreter: a chain of 100,000
// `+ 1`, ten thousand nested parentheses, `1e400` where a colour channel goes, a keyword
// in the middle of an expression. This mutator does those on purpose, and leaves the rest
// to libFuzzer's own mutations. It also writes the language's dictionary for `-dict=`.
import CFuzzMutate
import Foundation
import WaveSyntax

/// Mutations that know the shape of scripts. Deterministic for a given seed, as libFuzzer
/// requires of a custom mutator.
public struct ScriptMutator {
    /// Every word of the vocabulary, the statement keywords, operators and punctuation,
    /// units and extreme literals: the fuzzer's dictionary.
    public static let dictionary: [String] = {
        var words = Set(Vocabulary.words).union(Parser.statementKeywords)
        words.formUnion(LayerKind.allCases.map(\.rawValue))
        words.formUnion(["then", "else", "if", "true", "false", "to", "from", "over", "delay", "by",
                         "random", "sin", "cos", "sqrt", "log", "hsl", "rgba", "rgb", "tick", "time",
                         "ms", "s", "deg", "rad", "%", "px"])
        words.formUnion(operators)
        words.formUnion(extremeNumbers)
        return words.sorted()
    }()

    static let operators = ["+", "-", "*", "/", "%", "&&", "||", "==", "!=", "<=", ">=", "<", ">", "!",
                            "..", "..<", "=", "+=", "-=", "(", ")", "{", "}", "[", "]", ",", ":", ".",
                            "\"", "#", "//", "\n", "\r", "\t", "#fff", "#zzzzzz"]

    static let extremeNumbers = ["1e308", "1e400", "-1e400", "0/0", "(0/0)", "sqrt(-1)", "log(0)",
                                 "9223372036854775807", "-9223372036854775808", "99999999999999999999",
                                 "-0", "1e-320", "0.0000000001", "4294967296", "65536", "8192", "-1"]

    /// Fragments that make flat chains when repeated.
    static let chainLinks = [" + 1", " && true", " < 2", " * x", ".a", " else if x { }",
                             " then animate a.x to 1 over 1s", "\nlayer a: rect { mask a }",
                             "\nvar v = 1", "\nevery tick { x = x + 1 }", "(", "{", "[", "-"]

    /// Opening and closing pairs for deep nesting.
    static let pairs: [(String, String)] = [("(", ")"), ("{ ", " }"), ("[", "]"), ("group g { ", " }"),
                                            ("if x { ", " }"), ("f(", ")")]

    private var state: UInt64

    public init(seed: UInt32) { state = UInt64(seed) &+ 0x9E37_79B9_7F4A_7C15 }

    /// SplitMix64: small, fast and good enough for choosing mutations.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }

    /// `count` bytes of the stream (a seeded input for a generator that reads bytes).
    public mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }

    /// A count spread over orders of magnitude: 2 … 100,000.
    mutating func manyTimes() -> Int {
        let scale = [2, 10, 100, 1_000, 10_000, 100_000][below(6)]
        return max(2, below(scale + 1))
    }

    /// Mutates `bytes` in place, never beyond `maxSize` bytes. `fallback` is libFuzzer's
    /// own mutator (bytes, size, max size) → new size.
    public mutating func mutate(_ bytes: inout [UInt8], maxSize: Int,
                                fallback: (inout [UInt8], Int) -> Void) {
        switch below(10) {
        case 0, 1, 2, 3: fallback(&bytes, maxSize)
        case 4, 5: insert(Array(Self.dictionary[below(Self.dictionary.count)].utf8), into: &bytes, maxSize: maxSize)
        case 6: chain(&bytes, maxSize: maxSize)
        case 7: nest(&bytes, maxSize: maxSize)
        case 8: replaceNumber(&bytes, maxSize: maxSize)
        default: repeatSpan(&bytes, maxSize: maxSize)
        }
        if bytes.count > maxSize { bytes.removeLast(bytes.count - maxSize) }
    }

    /// A position at a token boundary when there is one nearby: after a space or newline.
    mutating func boundary(in bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var i = below(bytes.count + 1)
        while i < bytes.count, i > 0, bytes[i - 1] != 0x20, bytes[i - 1] != 0x0A { i -= 1 }
        return i
    }

    mutating func insert(_ piece: [UInt8], into bytes: inout [UInt8], maxSize: Int) {
        guard bytes.count + piece.count <= maxSize else { return }
        bytes.insert(contentsOf: piece, at: boundary(in: bytes))
    }

    /// A flat chain: one link repeated many times.
    mutating func chain(_ bytes: inout [UInt8], maxSize: Int) {
        let link = Array(Self.chainLinks[below(Self.chainLinks.count)].utf8)
        let room = (maxSize - bytes.count) / link.count
        let times = min(manyTimes(), room)
        guard times > 0 else { return }
        var piece: [UInt8] = []
        piece.reserveCapacity(times * link.count)
        for _ in 0..<times { piece += link }
        bytes.insert(contentsOf: piece, at: boundary(in: bytes))
    }

    /// Deep nesting: a span wrapped in many openers and closers.
    mutating func nest(_ bytes: inout [UInt8], maxSize: Int) {
        let (open, close) = Self.pairs[below(Self.pairs.count)]
        let o = Array(open.utf8), c = Array(close.utf8)
        let times = min(manyTimes(), (maxSize - bytes.count) / (o.count + c.count))
        guard times > 0 else { return }
        let a = boundary(in: bytes)
        let b = a + below(bytes.count - a + 1)
        var piece: [UInt8] = []
        for _ in 0..<times { piece += o }
        piece += bytes[a..<b]
        for _ in 0..<times { piece += c }
        bytes.replaceSubrange(a..<b, with: piece)
    }

    /// A number literal replaced by an extreme one (or one inserted when there is none).
    mutating func replaceNumber(_ bytes: inout [UInt8], maxSize: Int) {
        let literal = Array(Self.extremeNumbers[below(Self.extremeNumbers.count)].utf8)
        let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
        guard !digits.isEmpty else { return insert(literal, into: &bytes, maxSize: maxSize) }
        var a = digits[below(digits.count)], b = a
        while a > 0, (0x30...0x39).contains(bytes[a - 1]) || bytes[a - 1] == 0x2E { a -= 1 }
        while b < bytes.count, (0x30...0x39).contains(bytes[b]) || bytes[b] == 0x2E { b += 1 }
        guard bytes.count - (b - a) + literal.count <= maxSize else { return }
        bytes.replaceSubrange(a..<b, with: literal)
    }

    /// A span of the input (often a whole line) repeated many times: long flat sequences of
    /// layers, statements or arguments from what the corpus already has.
    mutating func repeatSpan(_ bytes: inout [UInt8], maxSize: Int) {
        guard !bytes.isEmpty else { return }
        var a = below(bytes.count), b = min(bytes.count, a + 1 + below(64))
        if below(2) == 0 {
            while a > 0, bytes[a - 1] != 0x0A { a -= 1 }
            while b < bytes.count, bytes[b - 1] != 0x0A { b += 1 }
        }
        let span = Array(bytes[a..<b])
        let times = min(manyTimes(), (maxSize - bytes.count) / span.count)
        guard times > 0 else { return }
        var piece: [UInt8] = []
        for _ in 0..<times { piece += span }
        bytes.insert(contentsOf: piece, at: b)
    }

    /// The dictionary in libFuzzer's `-dict=` format: one quoted entry a line.
    public static func dictionaryFile() -> String {
        dictionary.map { word in
            var line = "\""
            for byte in word.utf8 {
                switch byte {
                case 0x22: line += "\\\""
                case 0x5C: line += "\\\\"
                case 0x20..<0x7F: line.unicodeScalars.append(Unicode.Scalar(byte))
                default: line += String(format: "\\x%02X", byte)
                }
            }
            return line + "\"\n"
        }.joined()
    }
}

/// libFuzzer calls this instead of its own mutator when a target defines it.
@_cdecl("LLVMFuzzerCustomMutator")
public func waveCustomMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int,
                              _ seed: UInt32) -> Int {
    var mutator = ScriptMutator(seed: seed)
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    mutator.mutate(&bytes, maxSize: maxSize) { bytes, maxSize in
        let size = bytes.count
        bytes += [UInt8](repeating: 0, count: max(0, maxSize - size))
        let newSize = bytes.withUnsafeMutableBufferPointer { wave_fuzzer_mutate($0.baseAddress!, size, maxSize) }
        bytes.removeLast(bytes.count - min(newSize, bytes.count))
    }
    bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { data.update(from: base, count: bytes.count) } }
    return bytes.count
}

/// `WAVE_FUZZ_DICT=FILE target` writes the dictionary to FILE and exits (scripts/fuzz).
@_cdecl("LLVMFuzzerInitialize")
public func waveFuzzInitialize(_ argc: UnsafeMutablePointer<Int32>,
                               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    if let path = ProcessInfo.processInfo.environment["WAVE_FUZZ_DICT"] {
        do {
            try ScriptMutator.dictionaryFile().write(toFile: path, atomically: true, encoding: .utf8)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("cannot write the dictionary to \(path): \(error)\n".utf8))
            exit(74)
        }
    }
    return 0
}
