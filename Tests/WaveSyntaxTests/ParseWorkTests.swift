import Foundation
import XCTest
@testable import WaveSyntax

/// Parsing and formatting take work in proportion to the script, whatever its shape: each
/// shape below, where a scan once repeated over the whole script (quadratic: a megabyte of it
/// held the parse fuzz target for minutes), is measured at two sizes with `WorkMeter` (tokens
/// read, items and pieces visited), and the larger must cost no more than its share. Steps are
/// counted, not timed, so the bounds hold on any machine.
final class ParseWorkTests: XCTestCase {
    /// Steps the parse and the format of `text` take (the fuzz target does both).
    func steps(_ text: String) -> Int {
        let meter = WorkMeter()
        let file = SourceFile(name: "work.wave", text: text)
        _ = ScriptFormatter.format(file, meter: meter)
        return meter.steps
    }

    /// The script `shape(n)` costs about as much per byte at 8n as at n, and at most
    /// `perByte` steps a byte.
    func assertLinear(_ name: String, n: Int, perByte: Double = 12, _ shape: (Int) -> String,
                      file: StaticString = #filePath, line: UInt = #line) {
        let small = shape(n), large = shape(8 * n)
        let a = Double(steps(small)) / Double(small.utf8.count), b = Double(steps(large)) / Double(large.utf8.count)
        XCTAssertLessThan(b, a * 1.25 + 0.5, "\(name): \(a) steps a byte at \(small.utf8.count) bytes, \(b) at \(large.utf8.count)", file: file, line: line)
        XCTAssertLessThan(b, perByte, "\(name): \(b) steps a byte", file: file, line: line)
    }

    func testBlocksLeftOpenBeforeDeclarations() {
        // Each block ends at the declaration; finding that its '}' never comes scanned to the end.
        assertLinear("open blocks", n: 300) { k in "scene 10x10\n" + String(repeating: "every 1s {\nvar a = 1\n", count: k) }
    }

    func testLayerBodiesWrittenWithoutIndentation() {
        // Every line of such a body looked up its layer's '{' from the first token.
        assertLinear("unindented bodies", n: 100) { k in
            "scene 10x10\n" + (0..<k).map { "layer l\($0): rect {\nframe (0, 0, 1, 1)\nfill #fff\nframe (0, 0, 1, 1)\n}\n" }.joined()
        }
    }

    func testEmptyBlocksAmongComments() {
        assertLinear("empty blocks", n: 300) { k in "scene 10x10\n" + String(repeating: "every 1s {}\n# c\n", count: k) }
    }

    func testARunOfComments() {
        // Each comment looked ahead over the rest of the run for the next token.
        assertLinear("comment run", n: 500) { k in "scene 10x10\n" + String(repeating: "# c\n", count: k) + "var x = 1\n" }
    }

    func testALineOfPaddedProperties() {
        // Each round of column alignment settled one run of spaces on the line, then looked
        // at every line again.
        assertLinear("padded line", n: 100) { k in
            "scene 10x10\nlayer a: rect {\n" + String(repeating: "  frame (0, 0, 1, 1)     fill #fff    ", count: k) + "\n}\n"
        }
    }

    func testLinesOfNestedOneLineBlocks() {
        // Each pass of the layout opened one more level of blocks on lines too long to fit, so
        // the passes grew with the nesting. A block whose tokens alone are wider than a line is
        // now opened before the first pass; the passes left are bounded by how many levels fit
        // in one line, so 160 levels cost what 40 do.
        func nest(_ depth: Int) -> String {
            let line = String(repeating: "every 1s { ", count: depth) + "x = 1" + String(repeating: " }", count: depth) + "\n"
            return "scene 10x10\nvar x = 0\n" + String(repeating: line, count: 40_000 / line.utf8.count + 1)
        }
        let shallow = nest(40), deep = nest(160)
        let a = Double(steps(shallow)) / Double(shallow.utf8.count), b = Double(steps(deep)) / Double(deep.utf8.count)
        XCTAssertLessThan(b, 1.25 * a, "\(a) steps a byte 40 blocks deep, \(b) 160 deep")
        XCTAssertLessThan(b, 40)
    }

    func testMisspeltDeclarationsThatRecoverToTheEnd() {
        // `layeu` is read as the `layer` it was meant for; when that fails, recovery skipped to
        // the next statement keyword, here the end of the script, and the guess was dropped:
        // every line scanned the rest of the script (the compile fuzz target, over 2 minutes).
        assertLinear("misspelt layers", n: 300) { k in String(repeating: "layeu s:\u{0}e { amplitde 5 }\n", count: k) }
        assertLinear("misspelt templates", n: 300) { k in String(repeating: "tempalte t(: { x }\n", count: k) }
    }

    func testOneStatementOfManyOptions() {
        // A megabyte line of `animate a.path to b ove…` is one statement of ~40,000 options,
        // each an unknown word read as the option meant (the compile and seek fuzz targets).
        assertLinear("many options", n: 300) { k in "layer a: rect {}\n" + String(repeating: "animate a.opacity to 1 ove", count: k) + "\n" }
    }

    /// Inputs the parse fuzz target kept as slow units, each held to the same bound.
    func testSlowFuzzInputsStayLinear() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzInputs")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("parse-slow-") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
            let perByte = Double(steps(text)) / Double(text.utf8.count)
            XCTAssertLessThan(perByte, 12, "\(name): \(perByte) steps a byte")
        }
    }

    /// The counted look-ups give what the scans they replace gave.
    func testTokenLookUpsAgreeWithScans() {
        let text = "scene 10x10\nlayer a: rect {\n  frame (0, 0, 1, 1) every 1s {\n x = 1 }\n}\nevery 1s {\n"
        let file = SourceFile(name: "t.wave", text: text)
        let tokens = Lexer.tokenize(file), list = TokenList(tokens, meter: WorkMeter())
        for i in tokens.indices {
            var nesting = 0, closes = false
            for t in tokens[i...] {
                if t.isPunct("{") { nesting += 1 }
                if t.isPunct("}") { nesting -= 1; if nesting < 0 { closes = true; break } }
            }
            XCTAssertEqual(list.closesOpenBlock(from: i), closes, "token \(i)")
            var head = i
            while head > 0, !tokens[head].newlineBefore { head -= 1 }
            XCTAssertEqual(list.lineHead(of: i, in: file), head, "token \(i)")
            XCTAssertEqual(list.index(startingAt: tokens[i].range.start), i)
        }
        XCTAssertNil(list.index(startingAt: 1))
    }

    /// Where recovery stops, looked up, is where the scan it replaces stops: at the first `}` or
    /// line-starting statement keyword outside the blocks opened on the way; and a token set
    /// to a keyword (as a misspelt one is read) sends the look-up back to the scan.
    func testSyncPointsAgreeWithTheScan() {
        let text = "layer a: rect { frame (0, 0, 1, 1) }\nlayeu b: x { every 1s {\nlayer c: y } } z\nevery 1s { x = 1 }\n}\nlayer d { var e = 1\n"
        let file = SourceFile(name: "t.wave", text: text)
        let tokens = Lexer.tokenize(file), list = TokenList(tokens, meter: WorkMeter())
        func scan(from i: Int) -> Int {
            var nesting = 0, j = i
            while j < tokens.count - 1 {
                let t = list[j]
                if t.isPunct("{") { nesting += 1 }
                if t.isPunct("}") { if nesting == 0 { return j }; nesting -= 1 }
                if nesting == 0, let w = t.identifier, Parser.statementKeywords.contains(w), t.newlineBefore || j == 0 { return j }
                j += 1
            }
            return j
        }
        XCTAssertGreaterThan(Set(tokens.indices.map { list.syncPoint(from: $0) }).count, 3)
        for i in tokens.indices { XCTAssertEqual(list.syncPoint(from: i), scan(from: i), "token \(i)") }
        let misspelt = tokens.firstIndex { $0.identifier == "layeu" }!
        list[misspelt].kind = .identifier("layer")
        XCTAssertEqual(scan(from: 1), misspelt)
        XCTAssertNil(list.syncPoint(from: 1))
        XCTAssertEqual(list.syncPoint(from: misspelt + 1), scan(from: misspelt + 1))
        list[misspelt].kind = .identifier("layeu")
        for i in tokens.indices { XCTAssertEqual(list.syncPoint(from: i), scan(from: i), "token \(i) after the word is set back") }
    }
}
