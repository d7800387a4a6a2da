import XCTest
import WaveSyntax
@testable import WaveCompiler

/// `wave ir` prints a let of the clock once, by name where it is read (issue 53: a chain of
/// 22 lets each reading the one before twice printed 25 MB, written out in full).
final class IRPrinterLetTests: XCTestCase {
    func testAClockLetChainPrintsEachLetOnceByName() throws {
        let text = "scene 100x100\nlet k0 = t * 2\n" + (1...20).map { "let k\($0) = k\($0 - 1) + k\($0 - 1)" }.joined(separator: "\n")
            + "\nlayer c: circle { center (50, 50)  radius k20 }\n"
        let file = SourceFile(name: "chain.wave", text: text)
        let (program, diagnostics) = Compiler.compile(file)
        let ir = IRPrinter(program: try XCTUnwrap(program, "\(diagnostics.map(\.message))"), file: file).render()
        XCTAssertLessThan(ir.utf8.count, 4_000, "written out, k20 alone is 2^20 reads of k0")
        let lines = ir.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  radius = k20") }, ir)
        XCTAssertEqual(lines.filter { $0.hasPrefix("  let k20 = ") }, ["  let k20 = (k19 + k19)"])
        XCTAssertEqual(lines.filter { $0.hasPrefix("  let k") }.count, 21, "every link once")
        XCTAssertEqual(lines.filter { $0.hasPrefix("  let k0 = ") }.count, 1)
    }
}
