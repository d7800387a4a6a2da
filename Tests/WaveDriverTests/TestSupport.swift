import Foundation
import XCTest
import WaveCompiler
import WaveRuntime
import WaveSyntax
@testable import WaveDriver
@testable import WaveSinks

enum TestScenes {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Compiles a script, failing the test on errors.
    static func program(_ text: String, name: String = "test.wave", file: StaticString = #filePath, line: UInt = #line) throws -> Program {
        let (program, diagnostics) = Compiler.compile(SourceFile(name: name, text: text))
        guard let program else {
            XCTFail("does not compile: \(diagnostics.map(\.message))", file: file, line: line)
            throw XCTSkip("script does not compile")
        }
        return program
    }

    /// The file names of examples/*.wave, sorted.
    static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".wave") }.sorted()
    }

    static func example(_ name: String) throws -> (Program, SourceFile) {
        let path = packageRoot.appendingPathComponent("examples/\(name)").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let source = SourceFile(name: path, text: text)
        let (program, diagnostics) = Compiler.compile(source)
        guard let program else { throw XCTSkip("\(name) does not compile: \(diagnostics.map(\.message))") }
        return (program, source)
    }
}

/// Collects everything written.
final class CollectingSink: ByteSink {
    var bytes: [UInt8] = []
    var frames: [[UInt8]] = []
    func write(_ b: [UInt8]) { bytes += b; frames.append(b) }
}
