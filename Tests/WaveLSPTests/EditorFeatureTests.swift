import Foundation
import XCTest
@testable import WaveLSP

/// Rename, highlights, folding, colours, ranged semantic tokens and workspace symbols,
/// through the server as an editor asks for them.
final class EditorFeatureTests: XCTestCase {
    let script = """
    scene 200x100
    # a two-line
    # comment
    var phase = 90deg
    layer ball: circle { center (50, 50)  radius 10  fill tomato }
    layer box: group {
      layer inner: rect {
        frame (0, 0, 10, 10)  fill #1d355780
      }
    }
    func wobble(phase) = sin(phase * 2)
    every tick { phase += 1deg  ball.radius = 10 + wobble(phase) }
    """

    func testRenameChangesEveryUseAndOnlyThoseOfThatName() throws {
        let h = ServerHarness()
        h.open(script)
        let prepared = try XCTUnwrap(h.result("textDocument/prepareRename", ServerHarness.at(11, 14)) as? JSON)
        XCTAssertEqual(prepared["placeholder"] as? String, "phase")
        XCTAssertEqual(span(prepared), [11, 13, 11, 18])
        var params = ServerHarness.at(11, 14)
        params["newName"] = "angle"
        let edit = try XCTUnwrap(h.result("textDocument/rename", params) as? JSON)
        let edits = try XCTUnwrap((edit["changes"] as? JSON)?["file:///t.wave"] as? [JSON])
        // The global's declaration and its two uses in the handler; not the function's
        // parameter of the same spelling (lines 10, inside `wobble`).
        XCTAssertEqual(edits.map(span), [[3, 4, 3, 9], [11, 13, 11, 18], [11, 54, 11, 59]])
        XCTAssertTrue(edits.allSatisfy { $0["newText"] as? String == "angle" })

        // The parameter alone.
        params = ServerHarness.at(10, 13)
        params["newName"] = "p"
        let local = try XCTUnwrap(((h.result("textDocument/rename", params) as? JSON)?["changes"] as? JSON)?["file:///t.wave"] as? [JSON])
        XCTAssertEqual(local.map(span), [[10, 12, 10, 17], [10, 25, 10, 30]])
    }

    func testRenameRefusesKeywordsClashesAndNonNames() {
        let h = ServerHarness()
        h.open(script)
        for (newName, message) in [("every", "word of the language"), ("box", "already declared (line 6)"), ("2x", "not a name"), ("echo-ring", "not a name"), ("circle", "word of the language")] {
            var params = ServerHarness.at(4, 7)   // `ball`
            params["newName"] = newName
            let reply = h.request("textDocument/rename", params)
            let error = reply["error"] as? JSON
            XCTAssertNotNil(error, newName)
            XCTAssertTrue((error?["message"] as? String ?? "").contains(message), "\(newName): \(String(describing: error))")
        }
        XCTAssertTrue(h.result("textDocument/prepareRename", ServerHarness.at(4, 26)) is NSNull, "`radius` is not a declared name")
    }

    func testHighlightsMarkTheDeclarationAsWritten() throws {
        let h = ServerHarness()
        h.open(script)
        let marks = try XCTUnwrap(h.result("textDocument/documentHighlight", ServerHarness.at(11, 30)) as? [JSON])   // `ball`
        XCTAssertEqual(marks.map(span), [[4, 6, 4, 10], [11, 28, 11, 32]])
        XCTAssertEqual(marks.map { $0["kind"] as? Int }, [3, 2])
    }

    func testFoldingRangesForBlocksAndCommentRuns() throws {
        let h = ServerHarness()
        h.open(script)
        let folds = try XCTUnwrap(h.result("textDocument/foldingRange", ["textDocument": ["uri": "file:///t.wave"]]) as? [JSON])
        let got = folds.map { [$0["startLine"] as? Int ?? -1, $0["endLine"] as? Int ?? -1] }
        XCTAssertEqual(got, [[1, 2], [5, 8], [6, 7]], "\(folds)")
        XCTAssertEqual(folds.first?["kind"] as? String, "comment")
    }

    func testColoursAndTheirPresentations() throws {
        let h = ServerHarness()
        h.open(script)
        let colours = try XCTUnwrap(h.result("textDocument/documentColor", ["textDocument": ["uri": "file:///t.wave"]]) as? [JSON])
        XCTAssertEqual(colours.map { span($0) }, [[4, 54, 4, 60], [7, 31, 7, 40]])
        let tomato = try XCTUnwrap(colours[0]["color"] as? JSON)
        XCTAssertEqual(tomato["red"] as? Double ?? 0, 1, accuracy: 1e-9)
        XCTAssertEqual(tomato["green"] as? Double ?? 0, 99.0 / 255, accuracy: 1e-9)
        let navy = try XCTUnwrap(colours[1]["color"] as? JSON)
        XCTAssertEqual(navy["alpha"] as? Double ?? 0, 128.0 / 255, accuracy: 1e-9)
        let labels = try XCTUnwrap(h.result("textDocument/colorPresentation", [
            "textDocument": ["uri": "file:///t.wave"], "color": navy,
            "range": ["start": ["line": 7, "character": 31], "end": ["line": 7, "character": 40]],
        ]) as? [JSON])
        XCTAssertEqual(labels.map { $0["label"] as? String }, ["#1d355780", "rgba(29, 53, 87, 0.5)"])
        XCTAssertEqual(DocumentColors.presentations(red: 1, green: 0.5, blue: 0, alpha: 1), ["#ff8000", "rgb(255, 128, 0)"])
    }

    func testSemanticTokensForARangeAreTheFullOnesInIt() throws {
        let h = ServerHarness()
        h.open(script)
        let full = try XCTUnwrap((h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t.wave"]]) as? JSON)?["data"] as? [Int])
        let ranged = try XCTUnwrap((h.result("textDocument/semanticTokens/range", [
            "textDocument": ["uri": "file:///t.wave"],
            "range": ["start": ["line": 4, "character": 0], "end": ["line": 5, "character": 0]],
        ]) as? JSON)?["data"] as? [Int])
        func absolute(_ d: [Int]) -> [[Int]] {
            var line = 0, start = 0, out: [[Int]] = []
            for i in stride(from: 0, to: d.count, by: 5) {
                line += d[i]; start = d[i] == 0 ? start + d[i + 1] : d[i + 1]
                out.append([line, start, d[i + 2], d[i + 3]])
            }
            return out
        }
        XCTAssertEqual(absolute(ranged), absolute(full).filter { $0[0] == 4 })
        XCTAssertFalse(ranged.isEmpty)
    }

    func testWorkspaceSymbolsAcrossOpenDocuments() throws {
        let h = ServerHarness()
        h.open(script)
        h.open("scene 10x10\nlayer ballast: rect { frame (0, 0, 1, 1) }\n", uri: "file:///u.wave")
        let found = try XCTUnwrap(h.result("workspace/symbol", ["query": "ball"]) as? [JSON])
        XCTAssertEqual(found.map { $0["name"] as? String }, ["ball", "ballast"])
        XCTAssertEqual(((found[1]["location"] as? JSON)?["uri"] as? String), "file:///u.wave")
        let fuzzy = try XCTUnwrap(h.result("workspace/symbol", ["query": "wbl"]) as? [JSON])
        XCTAssertEqual(fuzzy.map { $0["name"] as? String }, ["wobble"])
        XCTAssertEqual(fuzzy.first?["kind"] as? Int, 12)
    }
}

extension EditorFeatureTests {
    /// Completion is ranked by context and says so with `sortText`: after `mask ` layers come
    /// first, after a whole value the layer's properties come before expression names.
    func testCompletionIsRankedByContext() throws {
        let h = ServerHarness()
        h.open("scene 100x100\nvar a_size = 3\nlayer hole: circle { radius 9 }\nlayer card: rect { mask  radius 4  }\n")
        func labels(_ line: Int, _ ch: Int) throws -> [String] {
            let items = try XCTUnwrap((h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON)?["items"] as? [JSON])
            let sorted = items.sorted { ($0["sortText"] as? String ?? "") < ($1["sortText"] as? String ?? "") }
            XCTAssertEqual(sorted.map { $0["label"] as? String }, items.map { $0["label"] as? String }, "sortText keeps the order")
            return sorted.compactMap { $0["label"] as? String }
        }
        let afterMask = try labels(3, 24)
        XCTAssertTrue(["card", "hole"].contains(afterMask.first ?? ""), "a layer first: \(afterMask)")
        XCTAssertLessThan(afterMask.firstIndex(of: "hole")!, afterMask.firstIndex(of: "a_size")!, "\(afterMask)")
        let afterValue = try labels(3, 35)
        XCTAssertLessThan(afterValue.firstIndex(of: "frame")!, afterValue.firstIndex(of: "a_size")!, "\(afterValue)")
        XCTAssertLessThan(afterValue.firstIndex(of: "frame")!, afterValue.firstIndex(of: "sin")!, "\(afterValue)")
    }
}

extension EditorFeatureTests {
    /// Signature help inside a call: the function's form with the parameter the cursor is on,
    /// for built-ins, timing curves and the script's own functions; nothing outside a call.
    func testSignatureHelpNamesTheParameterUnderTheCursor() throws {
        let h = ServerHarness()
        let text = "scene 100x100\nfunc wobble(amount, speed) = sin(amount * speed)\nvar x = mix(1, clamp(2, 0, wobble(3, 4)), 0.5)\nanimate x to 1 over 1s ease cubic-bezier(0.2, 0.8, 0.2, 1)\n"
        h.open(text)
        func help(_ line: Int, _ ch: Int) -> (label: String, active: Int, parameter: String)? {
            guard let r = h.result("textDocument/signatureHelp", ServerHarness.at(line, ch)) as? JSON,
                  let sig = (r["signatures"] as? [JSON])?.first, let label = sig["label"] as? String,
                  let active = r["activeParameter"] as? Int, let params = sig["parameters"] as? [JSON] else { return nil }
            let units = Array(label.utf16)
            let span = params.indices.contains(active) ? params[active]["label"] as? [Int] ?? [0, 0] : [0, 0]
            return (label, active, String(decoding: units[span[0]..<span[1]], as: UTF16.self))
        }
        let mixOpen = try XCTUnwrap(help(2, 12))   // just after `mix(`
        XCTAssertEqual(mixOpen.label, "mix(a, b, f)")
        XCTAssertEqual(mixOpen.parameter, "a")
        XCTAssertEqual(try XCTUnwrap(help(2, 42)).parameter, "f", "after the nested calls, mix's third argument")
        let clamp = try XCTUnwrap(help(2, 25))
        XCTAssertEqual(clamp.label, "clamp(x, lo, hi)")
        XCTAssertEqual(clamp.parameter, "lo")
        let wobble = try XCTUnwrap(help(2, 38))
        XCTAssertEqual(wobble.label, "wobble(amount, speed)")
        XCTAssertEqual(wobble.parameter, "speed")
        let curve = try XCTUnwrap(help(3, 45))
        XCTAssertEqual(curve.label, "cubic-bezier(x1, y1, x2, y2)")
        XCTAssertEqual(curve.parameter, "y1")
        XCTAssertNil(help(2, 6), "not in a call")
        let caps = (ServerHarness().server.initialize(["capabilities": [:]])["capabilities"] as? JSON)?["signatureHelpProvider"] as? JSON
        XCTAssertEqual(caps?["triggerCharacters"] as? [String], ["(", ","])
    }
}

extension EditorFeatureTests {
    /// Semantic tokens as a delta from the last result: applying the edit to the old data
    /// gives exactly the new full data; an unknown previous id gets the full data.
    func testSemanticTokensDeltaRebuildsTheNewTokens() throws {
        let h = ServerHarness()
        h.open(script)
        let doc: JSON = ["textDocument": ["uri": "file:///t.wave"]]
        let first = try XCTUnwrap(h.result("textDocument/semanticTokens/full", doc) as? JSON)
        let oldData = try XCTUnwrap(first["data"] as? [Int])
        let id = try XCTUnwrap(first["resultId"] as? String)
        // Insert a line in the middle of the script.
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.wave", "version": 2],
                                            "contentChanges": [["range": ["start": ["line": 4, "character": 0], "end": ["line": 4, "character": 0]],
                                                                "text": "let size = 4\n"]]])
        var params = doc
        params["previousResultId"] = id
        let delta = try XCTUnwrap(h.result("textDocument/semanticTokens/full/delta", params) as? JSON)
        let edits = try XCTUnwrap(delta["edits"] as? [JSON])
        XCTAssertEqual(edits.count, 1)
        var rebuilt = oldData
        for e in edits.reversed() {
            let start = e["start"] as! Int, count = e["deleteCount"] as! Int
            rebuilt.replaceSubrange(start..<(start + count), with: e["data"] as? [Int] ?? [])
        }
        let full = try XCTUnwrap((h.result("textDocument/semanticTokens/full", doc) as? JSON)?["data"] as? [Int])
        XCTAssertEqual(rebuilt, full)
        XCTAssertLessThan((edits[0]["data"] as? [Int] ?? []).count, full.count / 2, "a small edit, not the whole list")
        params["previousResultId"] = "no such id"
        XCTAssertEqual((h.result("textDocument/semanticTokens/full/delta", params) as? JSON)?["data"] as? [Int], full)
    }
}
