import Foundation
import XCTest

/// Where output goes when it is not a plain file: a full device, standard output named
/// as a file, a FIFO that nobody reads yet.
final class OutputDestinationTests: XCTestCase {
    /// Runs the binary with standard output sent to `path` (opened by the shell).
    private func run(_ args: [String], stdoutTo path: String) throws -> (status: Int32, stderr: String) {
        let quoted = ([WaveBinary.url.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let r = try WaveBinary.runProcess("/bin/sh", ["-c", "cd '\(WaveBinary.packageRoot.path)' && " + quoted.joined(separator: " ") + " > " + path])
        return (r.status, r.stderr)
    }

    func testEveryCommandThatPrintsReportsAFullDevice() throws {
        let commands: [[String]] = [
            ["lsp", "--grammar"], ["--help"], ["check", "examples/sonar.wave"], ["ir", "examples/sonar.wave"],
            ["trace", "examples/sonar.wave", "--live", "--to", "2s"], ["render", "examples/sonar.wave", "-o", "-", "--format", "png"],
        ]
        for args in commands {
            let r = try run(args, stdoutTo: "/dev/full")
            XCTAssertEqual(r.status, 74, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("no space left on device"), "\(args): \(r.stderr)")
        }
    }

    func testDevStdoutIntoAPipeWritesThePipe() throws {
        let r = try WaveBinary.runBytes(["render", "examples/sonar.wave", "-o", "/dev/stdout", "--format", "png", "--frame", "3", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG came through the pipe")
        let viaDash = try WaveBinary.runBytes(["render", "examples/sonar.wave", "-o", "-", "--format", "png", "--frame", "3", "-q"])
        XCTAssertEqual(r.stdout, viaDash.stdout, "the same bytes as -o -")
    }

    /// A FIFO with no reader: the render waits for one, and a signal ends the wait with the
    /// signal's exit status (it blocked in open() and ignored them before).
    func testAFIFOWithoutAReaderWaitsAndStopsOnASignal() throws {
        let dir = try temporaryDirectory()
        let fifo = dir.appendingPathComponent("out.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
            let p = Process()
            p.executableURL = WaveBinary.url
            p.arguments = ["render", WaveBinary.packageRoot.appendingPathComponent("examples/sonar.wave").path, "-o", fifo, "--frame", "3"]
            p.standardError = FileHandle.nullDevice
            try p.run()
            // Signalled once it catches SIGINT (its handlers are installed), not after a guess.
            XCTAssertTrue(WaveBinary.waitUntilCatching(SIGINT, pid: p.processIdentifier), "handlers installed")
            usleep(100_000)
            XCTAssertTrue(p.isRunning, "waiting for a reader")
            kill(p.processIdentifier, signal)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, status, "signal \(signal)")
        }
        // With a reader, the frame goes through.
        let p = Process()
        p.executableURL = WaveBinary.url
        p.arguments = ["render", WaveBinary.packageRoot.appendingPathComponent("examples/sonar.wave").path, "-o", fifo, "--frame", "3", "-q"]
        try p.run()
        usleep(200_000)
        let reader = FileHandle(forReadingAtPath: fifo)
        let bytes = reader?.readDataToEndOfFile() ?? Data()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue([UInt8](bytes).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
