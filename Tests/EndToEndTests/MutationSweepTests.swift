import Foundation
import XCTest
import WaveSyntax

/// Damages every example in many small ways (delete, duplicate or swap tokens, with a fixed
/// seed) and runs `wave check` and `wave render` on each mutant: every run must end with
/// exit 0, 65 or 70 — with a diagnostic when it is not 0 — and never by a signal or a hang.
///
/// `WAVE_MUTANTS` sets how many mutants each example gets: 8 by default, so that plain
/// `swift test` stays quick, and 200 in `.ci/run`
/// (`WAVE_MUTANTS=200 swift test --filter MutationSweepTests`). Each example has its own
/// seeded stream, so mutant k of an example is the same whatever the count: the default
/// sweep is the start of the full one, and a failure names a mutant that reproduces.
final class MutationSweepTests: XCTestCase {
    /// Mutants per example without `WAVE_MUTANTS`.
    static let defaultMutants = 8

    struct Generator {
        var state: UInt64

        /// A stream of its own for each example: FNV-1a of its file name.
        init(seed name: String) {
            state = name.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
        }

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    static func mutate(_ text: String, _ rng: inout Generator) -> String {
        let file = SourceFile(name: "m", text: text)
        let tokens = Lexer.tokenize(file).filter { !$0.isEOF }
        guard tokens.count > 2 else { return text }
        var bytes = file.bytes
        let edits = 1 + rng.next(3)
        for _ in 0..<edits {
            let toks = Lexer.tokenize(SourceFile(name: "m", text: String(decoding: bytes, as: UTF8.self))).filter { !$0.isEOF }
            guard toks.count > 2 else { break }
            let i = rng.next(toks.count - 1)
            let a = toks[i].range, b = toks[i + 1].range
            switch rng.next(3) {
            case 0: bytes.removeSubrange(a.start..<a.end)
            case 1: bytes.insert(contentsOf: Array(bytes[a.start..<a.end]) + [32], at: a.start)
            default:
                let first = Array(bytes[a.start..<a.end]), second = Array(bytes[b.start..<b.end])
                bytes.replaceSubrange(b.start..<b.end, with: first)
                bytes.replaceSubrange(a.start..<a.end, with: second)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs the binary with a time limit; returns (status, terminated by a signal, stderr).
    func run(_ args: [String], timeout: TimeInterval) throws -> (Int32, Bool, String) {
        let p = Process()
        p.executableURL = WaveBinary.url
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["SWIFT_BACKTRACE"] = "enable=no"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(2000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            return (-1, false, "timed out")
        }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, text)
    }

    func testMutantsEndInACleanResult() throws {
        let setting = ProcessInfo.processInfo.environment["WAVE_MUTANTS"]
        let count = setting.map { Int($0) ?? 0 } ?? MutationSweepTests.defaultMutants
        guard count >= 1 else {
            return XCTFail("WAVE_MUTANTS must be a whole number from 1 up, got '\(setting ?? "")'")
        }
        let root = WaveBinary.packageRoot.appendingPathComponent("examples")
        let examples = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".wave") }.sorted()
        XCTAssertFalse(examples.isEmpty)
        let dir = try temporaryDirectory()
        var outcomes: [Int32: Int] = [:]
        for name in examples {
            var rng = Generator(seed: name)
            let original = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            for k in 0..<count {
                let mutant = MutationSweepTests.mutate(original, &rng)
                let path = dir.appendingPathComponent("m.wave").path
                try mutant.write(toFile: path, atomically: true, encoding: .utf8)
                // Check every mutant; render a quarter of them (one frame a short way in).
                var runs: [[String]] = [["check", path]]
                if k % 4 == 0 { runs.append(["render", path, "-o", dir.appendingPathComponent("m.png").path, "--frame", "20", "--quiet"]) }
                for args in runs {
                    let (status, signalled, stderr) = try run(args, timeout: 20)
                    outcomes[status, default: 0] += 1
                    let context = "\(name) mutant \(k) (\(args[0])):\n\(mutant)\n--- stderr:\n\(stderr)"
                    XCTAssertFalse(signalled, "ended by a signal: \(context)")
                    XCTAssertTrue([0, 65, 70].contains(status), "exit \(status): \(context)")
                    if status != 0 { XCTAssertNotNil(stderr.range(of: #": error\[E0[0-7]\d\d\]: "#, options: .regularExpression), "no coded diagnostic: \(context)") }
                    if status != 0 && status != 65 && status != 70 { return }
                }
            }
        }
        print("mutation sweep of \(count) mutants per example, outcomes by exit status: \(outcomes.sorted { $0.key < $1.key })")
    }
}
