import Foundation
import XCTest
import WaveCompiler
import WaveSyntax
@testable import WaveLSP

final class LanguageServerTests: XCTestCase {
    let script = """
    scene 200x100
    var phase = 90deg
    let speed = 2
    layer ball: circle { center (50, 50)  radius 10  fill tomato }
    layer box: group {
      layer inner: rect { frame (0, 0, 10, 10) }
    }
    template ring: circle { radius 4 }
    every tick { phase += speed * 1deg  ball.radius = 10 + sin(phase) }
    every 1s { spawn ring below ball }
    """

    func testInitializeAdvertisesWhatItAnswers() {
        let h = ServerHarness()
        XCTAssertEqual(h.server.encoding, .utf16, "UTF-16 unless the client offers UTF-8")
        let h8 = ServerHarness(encodings: ["utf-16", "utf-8"])
        XCTAssertEqual(h8.server.encoding, .utf8)
        let reply = ServerHarness().server.initialize(["capabilities": [:]])
        let caps = reply["capabilities"] as! JSON
        XCTAssertEqual(caps["positionEncoding"] as? String, "utf-16")
        XCTAssertEqual((caps["textDocumentSync"] as? JSON)?["change"] as? Int, 2, "incremental sync")
        for key in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider", "documentFormattingProvider"] {
            XCTAssertEqual(caps[key] as? Bool, true, key)
        }
    }

    func testDiagnosticsCarryCodeSeverityAndRange() {
        let h = ServerHarness()
        let diags = h.open("var unused = 1\nlayer s: wave { amplitde 5 }")
        XCTAssertEqual(diags.map { $0["code"] as? String }, ["W0001", "E0202"])
        XCTAssertEqual(diags.map { $0["severity"] as? Int }, [2, 1])
        XCTAssertEqual(diags[1]["message"] as? String, "unknown property 'amplitde' on wave; did you mean 'amplitude'?")
        XCTAssertEqual(span(diags[1]), [1, 16, 1, 24])
        XCTAssertEqual(span(diags[0]), [0, 4, 0, 10])
    }

    func testAFileOfThousandsOfMistakesPublishesTheFirstFewHundred() {
        let h = ServerHarness()
        let diags = h.open("scene 100x100\n" + String(repeating: "layer } ", count: 1_000))
        XCTAssertEqual(diags.count, LanguageServer.maxPublished)
        XCTAssertEqual(span(diags[0]), [1, 6, 1, 7], "the first mistakes, in order")
    }

    func testChangesAreDebouncedThenPublished() {
        let h = ServerHarness()
        h.open("var x = 1\nevery tick { x += 1 }")
        h.sent.removeAll()
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.wave", "version": 2],
                                            "contentChanges": [["text": "var x = 1\nevery tick { x += y }"]]])
        XCTAssertTrue(h.sent.isEmpty, "nothing is published while typing")
        XCTAssertEqual(h.server.nextDeadline, h.now + h.server.debounceNanoseconds)
        h.server.publishDue(now: h.now + h.server.debounceNanoseconds - 1)
        XCTAssertTrue(h.sent.isEmpty)
        h.server.publishDue(now: h.now + h.server.debounceNanoseconds)
        let diags = h.published("file:///t.wave")
        XCTAssertEqual(diags.map { $0["code"] as? String }, ["E0201"])
        XCTAssertEqual(span(diags[0]), [1, 18, 1, 19])
        XCTAssertNil(h.server.nextDeadline)
        // Closing clears the document's diagnostics.
        h.sent.removeAll()
        h.notify("textDocument/didClose", ["textDocument": ["uri": "file:///t.wave"]])
        XCTAssertEqual(h.published("file:///t.wave").count, 0)
        XCTAssertEqual(h.sent.count, 1)
        XCTAssertEqual((h.request("textDocument/hover", ServerHarness.at(0, 4))["error"] as? JSON)?["code"] as? Int, -32803)
    }

    func testRangedChangesAreAppliedToo() {
        let h = ServerHarness()
        h.open("var 波 = 1\nvar x = 1\nevery tick { x += 1 }")
        // Replace the `1` after `x =` (line 1), then type `y` after `x += 1` on line 2.
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.wave", "version": 2], "contentChanges": [
            ["range": ["start": ["line": 1, "character": 8], "end": ["line": 1, "character": 9]], "text": "42"],
            ["range": ["start": ["line": 2, "character": 19], "end": ["line": 2, "character": 19]], "text": " + y"],
        ]])
        XCTAssertEqual(h.server.documents["file:///t.wave"]?.analysis.file.text, "var 波 = 1\nvar x = 42\nevery tick { x += 1 + y }")
    }

    func testNonASCIIPositionsInBothEncodings() {
        // "🌊" is 4 UTF-8 bytes and 2 UTF-16 units; "波" is 3 bytes and 1 unit.
        let text = "layer label: text \"🌊波\" { size 2s }"
        let h16 = ServerHarness()
        let d16 = h16.open(text)
        XCTAssertEqual(d16.map { $0["code"] as? String }, ["E0301"])
        XCTAssertEqual(span(d16[0]), [0, 31, 0, 33])
        let h8 = ServerHarness(encodings: ["utf-8"])
        let d8 = h8.open(text)
        XCTAssertEqual(span(d8[0]), [0, 35, 0, 37])
        // Hover over `size` at its UTF-16 and UTF-8 columns.
        let hover16 = h16.result("textDocument/hover", ServerHarness.at(0, 27)) as? JSON
        XCTAssertTrue(((hover16?["contents"] as? JSON)?["value"] as? String ?? "").hasPrefix("**size**: length, default `16`"))
        XCTAssertEqual(span(hover16!), [0, 26, 0, 30])
        let hover8 = h8.result("textDocument/hover", ServerHarness.at(0, 31)) as? JSON
        XCTAssertEqual(span(hover8!), [0, 30, 0, 34])
    }

    func testPositionMapperRoundTripsAndClamps() {
        let file = SourceFile(name: "t", text: "a\"🌊\"b\n波x")
        let m16 = PositionMapper(file: file, encoding: .utf16), m8 = PositionMapper(file: file, encoding: .utf8)
        for offset in [0, 1, 2, 6, 7, 8, 9, 12, 13] {
            XCTAssertEqual(m16.offset(of: m16.position(of: offset)), offset)
            XCTAssertEqual(m8.offset(of: m8.position(of: offset)), offset)
        }
        XCTAssertEqual(m16.position(of: 6), Position(0, 4))
        XCTAssertEqual(m8.position(of: 6), Position(0, 6))
        XCTAssertEqual(m16.offset(of: Position(0, 3)), 2, "inside a surrogate pair: the character's start")
        XCTAssertEqual(m16.offset(of: Position(0, 99)), 8, "past the line's end: the line's end")
        XCTAssertEqual(m16.offset(of: Position(9, 0)), 13, "past the last line: the end")
        XCTAssertEqual(m16.position(of: 12), Position(1, 1))
    }

    /// A character past the end of a CRLF line is the line's end, before its `\r\n` (LSP
    /// 3.17 §Position), so an edit there keeps the lines as the editor has them.
    func testAPositionPastACRLFLineEndsBeforeItsLineBreak() {
        let file = SourceFile(name: "t", text: "var x = 1\r\nvar y = x\r\n")
        for encoding in [PositionEncoding.utf16, .utf8] {
            XCTAssertEqual(PositionMapper(file: file, encoding: encoding).offset(of: Position(0, 99)), 9)
            XCTAssertEqual(PositionMapper(file: file, encoding: encoding).offset(of: Position(1, 99)), 20)
        }
        let h = ServerHarness()
        h.open("var x = 1\r\nvar y = x\r\n")
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///t.wave", "version": 2], "contentChanges": [
            ["range": ["start": ["line": 0, "character": 99], "end": ["line": 0, "character": 99]], "text": " + 2"],
        ]])
        XCTAssertEqual(h.server.documents["file:///t.wave"]?.analysis.file.text, "var x = 1 + 2\r\nvar y = x\r\n")
    }

    /// UTF-16 positions come from the file's block index, not a scan of the line: on a long
    /// line with characters of every width they equal a count character by character.
    func testUTF16PositionsOnALongLineEqualACharacterCount() {
        let piece = "a🌊波é "
        let text = String(repeating: piece, count: 800) + "\nx"
        let file = SourceFile(name: "t", text: text)
        let mapper = PositionMapper(file: file, encoding: .utf16)
        var units = 0, offset = 0
        for c in text.prefix(text.count - 2) {
            XCTAssertEqual(mapper.position(of: offset), Position(0, units))
            units += c.utf16.count
            offset += c.utf8.count
        }
        XCTAssertEqual(mapper.position(of: offset + 1), Position(1, 0))
    }

    /// A unit completes the number being typed: its edit replaces the unit's letters only.
    func testAUnitCompletionKeepsTheNumber() {
        let h = ServerHarness()
        h.open("var x = 0\nanimate x to 1 over 3\nlayer a: rect { rotation 45de }\n")
        for (line, character, start) in [(1, 21, 21), (2, 29, 27)] {
            let r = h.result("textDocument/completion", ServerHarness.at(line, character)) as? JSON
            let items = r?["items"] as? [JSON] ?? []
            XCTAssertTrue(items.contains { $0["label"] as? String == "s" || $0["label"] as? String == "deg" }, "\(items)")
            for item in items {
                let range = (item["textEdit"] as? JSON)?["range"] as? JSON
                XCTAssertEqual(((range?["start"] as? JSON)?["character"] as? Int), start, "\(item)")
            }
        }
    }

    /// After `then` a statement comes; after `below`/`above` a layer; at a statement's start
    /// no animation options (`from`, `ease`).
    func testCompletionAfterThenAndPlacementAndAtAStatementsStart() {
        let h = ServerHarness()
        h.open("layer a: circle { }\nlayer b: rect below \nanimate a.opacity to 0 over 1s then \n\n")
        func labels(_ line: Int, _ ch: Int) -> [String] {
            let r = h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON
            return (r?["items"] as? [JSON] ?? []).compactMap { $0["label"] as? String }
        }
        XCTAssertEqual(labels(1, 20), ["a", "b"])   // the layers (b's own name is E0216 when chosen)
        let then = labels(2, 36)
        XCTAssertTrue(then.contains("remove") && then.contains("animate") && then.contains("a"), "\(then)")
        XCTAssertFalse(then.contains("over") || then.contains("from"), "\(then)")
        let start = labels(3, 0)
        // `spawn t(` and after a `,`: the template's parameters.
        let spawning = ServerHarness()
        spawning.open("template t(size = 3, hue = 0): circle { radius size }\nevery 1s { spawn t(size = 2, ) }\nevery 2s { spawn t( }\n")
        for (line, ch) in [(1, 29), (2, 19)] {
            let r = spawning.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON
            XCTAssertEqual((r?["items"] as? [JSON] ?? []).compactMap { $0["label"] as? String }, ["size", "hue"], "\(line):\(ch)")
        }
        XCTAssertTrue(start.contains("layer") && start.contains("every"), "\(start)")
        XCTAssertFalse(start.contains("from") || start.contains("autoreverse") || start.contains("ease"), "\(start)")
    }

    func testCompletionFitsTheCursor() {
        let h = ServerHarness()
        h.open(script + "\nlayer w: wave {\n  \n}\nevery tick { ball. }\nvar q = 3\nanimate q to 1 over 1s ease \n")
        func labels(_ line: Int, _ ch: Int) -> [String] {
            let r = h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON
            return (r?["items"] as? [JSON] ?? []).compactMap { $0["label"] as? String }
        }
        // A wave body: wave properties, not a circle's.
        let body = labels(11, 2)
        XCTAssertTrue(body.contains("amplitude") && body.contains("fill") && body.contains("position"), "\(body)")
        XCTAssertFalse(body.contains("radius"))
        // `ball.`: the circle's properties.
        let members = labels(13, 18)
        XCTAssertEqual(members, CompletionWords.properties(of: .circle).map(\.rawValue))
        // After `ease`: curve names.
        XCTAssertTrue(labels(15, 28).contains("ease-in-out"))
        XCTAssertFalse(labels(15, 28).contains("radius"))
        // After `radius 1`: units.
        XCTAssertEqual(labels(3, 46), NumberUnit.allCases.map(\.rawValue))
        // After `fill t`: colours and the layer's names.
        let fill = labels(3, 55)
        XCTAssertTrue(fill.contains("tomato") && fill.contains("ball") && fill.contains("none"))
        // At the top level: keywords and the script's names.
        let top = labels(14, 0)
        XCTAssertTrue(top.contains("layer") && top.contains("phase") && top.contains("ring") && top.contains("sin"))
        // After `layer NAME:`: kinds.
        XCTAssertEqual(labels(4, 11), LayerKind.allCases.map(\.rawValue))
    }

    /// Properties that share a line (`radius 4  fill red`, the examples' layout) are offered
    /// after a whole value and a space, and every item replaces the whole word being typed,
    /// hyphens included, so an editor whose words stop at '-' completes `stroke-e` right.
    func testCompletionAfterAValueOnTheSameLineAndWholeWordEdits() {
        let h = ServerHarness()
        h.open("scene 200x200\nlayer x: circle { radius 4  fill red  stroke-e }\n")
        let r = h.result("textDocument/completion", ServerHarness.at(1, 46)) as? JSON
        let items = r?["items"] as? [JSON] ?? []
        let labels = items.compactMap { $0["label"] as? String }
        XCTAssertTrue(labels.contains("stroke-end") && labels.contains("stroke-width"), "\(labels)")
        let edit = items.first { $0["label"] as? String == "stroke-end" }?["textEdit"] as? JSON
        let range = edit?["range"] as? JSON
        XCTAssertEqual((range?["start"] as? JSON)?["character"] as? Int, 38, "from the start of 'stroke-e'")
        XCTAssertEqual((range?["end"] as? JSON)?["character"] as? Int, 46)
        XCTAssertEqual(edit?["newText"] as? String, "stroke-end")
        // `animate x.` offers only what can be animated.
        h.open("scene 200x200\nlayer x: circle { }\nanimate x.\n", uri: "file:///a.wave")
        let animated = ((h.result("textDocument/completion", ServerHarness.at(2, 10, uri: "file:///a.wave")) as? JSON)?["items"] as? [JSON] ?? [])
            .compactMap { $0["label"] as? String }
        XCTAssertTrue(animated.contains("opacity") && animated.contains("stroke-end"), "\(animated)")
        XCTAssertFalse(animated.contains("visible") || animated.contains("blend") || animated.contains("join"), "\(animated)")
        // Right after the head, a value is what comes: no property names.
        let afterHead = (h.result("textDocument/completion", ServerHarness.at(1, 25)) as? JSON)?["items"] as? [JSON] ?? []
        XCTAssertFalse(afterHead.contains { $0["label"] as? String == "stroke-end" })
    }

    /// In an animation: after a whole option the options not given yet (all of them, not
    /// a short list), after `fill`, `mode`, `rotate` the words they take; a spring's keys
    /// for a spring; where a value comes, no option names.
    func testCompletionInsideAnimationStatements() {
        let h = ServerHarness()
        let text = "layer x: circle { }\nanimate x.opacity from 0 to 1 \nanimate x.opacity over 1s fill \n"
            + "animate x.position along x mode \nspring x.scale to 2 \nanimate x.opacity over \n"
        h.open(text)
        func labels(_ line: Int, _ ch: Int) -> [String] {
            ((h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON)?["items"] as? [JSON] ?? [])
                .compactMap { $0["label"] as? String }
        }
        let options = labels(1, 30)
        for word in ["over", "delay", "values", "times", "fill", "ease", "repeat", "autoreverse", "stagger", "by", "mode"] {
            XCTAssertTrue(options.contains(word), "\(word) in \(options)")
        }
        XCTAssertFalse(options.contains("from") || options.contains("to"), "given already: \(options)")
        XCTAssertFalse(options.contains("red") || options.contains("radius"), "\(options)")
        XCTAssertEqual(labels(2, 31), ["none", "forwards", "backwards", "both"])
        XCTAssertEqual(labels(3, 32), ["discrete", "linear", "cubic", "paced"])
        let spring = labels(4, 20)
        XCTAssertTrue(spring.contains("damping-fraction") && spring.contains("stiffness"), "\(spring)")
        XCTAssertFalse(spring.contains("values") || spring.contains("to"), "\(spring)")
        // After `over` a value comes: names and functions, no option names.
        let value = labels(5, 23)
        XCTAssertTrue(value.contains("x"), "\(value)")
        XCTAssertFalse(value.contains("delay"), "\(value)")
    }

    /// Inside a comment or a string nothing is offered; right after a closed string, or
    /// before a comment, completion works as usual.
    func testNoCompletionInCommentsAndStrings() {
        let h = ServerHarness()
        h.open("# a comment about fi\nlayer tt: text \"hello wo\" { fill red }\nlayer u: text \"open\nanimate tt.\n")
        func count(_ line: Int, _ ch: Int) -> Int {
            ((h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON)?["items"] as? [Any])?.count ?? -1
        }
        XCTAssertEqual(count(0, 20), 0, "end of a comment")
        XCTAssertEqual(count(0, 5), 0, "inside a comment")
        XCTAssertEqual(count(1, 23), 0, "inside a string")
        XCTAssertEqual(count(2, 19), 0, "at the end of an unclosed string")
        XCTAssertGreaterThan(count(1, 33), 0, "after the string, in the body")
        XCTAssertGreaterThan(count(3, 11), 0, "members of tt")
    }

    /// A template with parameters (defaults in parentheses too) is a body of its kind.
    func testTemplateWithParametersOffersItsKindsProperties() {
        let h = ServerHarness()
        h.open("template spark(v = (0, 0), life = 60): circle {\n  ra\n}\n")
        let labels = ((h.result("textDocument/completion", ServerHarness.at(1, 4)) as? JSON)?["items"] as? [JSON] ?? [])
            .compactMap { $0["label"] as? String }
        XCTAssertTrue(labels.contains("radius") && labels.contains("center"), "\(labels)")
        XCTAssertFalse(labels.contains("corner") || labels.contains("amplitude") || labels.contains("frame"), "\(labels)")
    }

    /// `bar[1].` offers a copy's properties as `bar.` does; a value offers the built-in
    /// names (`t`, `width`, `index`) beside the script's own.
    func testCompletionOfIndexedMembersAndBuiltinNames() {
        let h = ServerHarness()
        h.open("layer bar: rect { replicate 4 translate (10, 0) }\nevery tick { bar[index + 1].\n  var k = \n}\n")
        func labels(_ line: Int, _ ch: Int) -> [String] {
            ((h.result("textDocument/completion", ServerHarness.at(line, ch)) as? JSON)?["items"] as? [JSON] ?? [])
                .compactMap { $0["label"] as? String }
        }
        let members = labels(1, 29)
        XCTAssertTrue(members.contains("opacity") && members.contains("corner"), "\(members)")
        XCTAssertFalse(members.contains("radius"), "a rect has no radius: \(members)")
        let value = labels(2, 10)
        for name in ["t", "tick", "width", "height", "index", "pi", "bar", "sin"] {
            XCTAssertTrue(value.contains(name), "\(name) in \(value)")
        }
        // A variable or `let` holding a point or a rectangle offers its components.
        h.open("var p = (1, 2)\nlet r = (0, 0, 4, 4)\nvar n = 3\nevery tick { p.\n r.\n n.\n}\n", uri: "file:///c.wave")
        func labelsC(_ line: Int, _ ch: Int) -> [String] {
            ((h.result("textDocument/completion", ServerHarness.at(line, ch, uri: "file:///c.wave")) as? JSON)?["items"] as? [JSON] ?? [])
                .compactMap { $0["label"] as? String }
        }
        XCTAssertEqual(labelsC(3, 15), ["x", "y"])
        XCTAssertEqual(labelsC(4, 3), ["x", "y", "width", "height"])
        XCTAssertEqual(labelsC(5, 3), [], "a number has no members")
    }

    func testHoverExplainsPropertiesLayersVariablesAndColours() {
        let h = ServerHarness()
        h.open(script)
        func hover(_ line: Int, _ ch: Int) -> String {
            ((h.result("textDocument/hover", ServerHarness.at(line, ch)) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        }
        XCTAssertEqual(hover(3, 38), "**radius**: length, default `10` (on circle)\n\nthe circle's radius")
        XCTAssertTrue(hover(8, 42).hasPrefix("**radius**: length"), "ball.radius: \(hover(8, 42))")
        XCTAssertTrue(hover(9, 29).hasPrefix("**ball** — layer, kind circle\n\n```wave\nlayer ball: circle {"), hover(9, 29))
        // 92deg: the every-tick handler has run once at tick 0 (angles are shown in degrees).
        XCTAssertEqual(hover(8, 16), "**phase** — var\n\n```wave\nvar phase = 90deg\n```\n\nAt tick 0: `92deg`")
        XCTAssertTrue(hover(2, 4).hasSuffix("At tick 0: `2`"), hover(2, 4))
        XCTAssertEqual(hover(3, 58), "**tomato** — colour #ff6347")
        XCTAssertTrue(hover(4, 13).hasPrefix("**group** — layer kind"))
        // `width` in an expression is the scene's; at the start of a clause, the stroke-width alias.
        h.open("scene 200x200\nlet a = pi + width\nlayer l: line { width 2 }\n", uri: "file:///w.wave")
        func hoverW(_ line: Int, _ ch: Int) -> String {
            ((h.result("textDocument/hover", ServerHarness.at(line, ch, uri: "file:///w.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        }
        XCTAssertEqual(hoverW(1, 15), "**width** — built-in: the scene's width")
        XCTAssertEqual(hoverW(1, 9), "**pi** — built-in: π")
        XCTAssertTrue(hoverW(2, 17).hasPrefix("**stroke-width**"), hoverW(2, 17))
    }

    func testDefinitionAndReferences() {
        let h = ServerHarness()
        h.open(script)
        let def = h.result("textDocument/definition", ServerHarness.at(8, 38)) as? JSON   // `ball` in ball.radius
        XCTAssertEqual(span(def!), [3, 6, 3, 10])
        let refs = h.result("textDocument/references", ServerHarness.at(3, 7)) as? [JSON] ?? []
        XCTAssertEqual(refs.map(span), [[3, 6, 3, 10], [8, 36, 8, 40], [9, 28, 9, 32]])
        let phaseRefs = h.result("textDocument/references", ServerHarness.at(1, 5)) as? [JSON] ?? []
        XCTAssertEqual(phaseRefs.count, 3)
        let ringDef = h.result("textDocument/definition", ServerHarness.at(9, 18)) as? JSON
        XCTAssertEqual(span(ringDef!), [7, 9, 7, 13])
        XCTAssertTrue(h.result("textDocument/definition", ServerHarness.at(8, 30)) is NSNull, "a property head has no definition")
    }

    /// User functions and template parameters: hover says what they are, and go to
    /// definition finds them.
    func testFunctionsAndTemplateParametersHaveHoverAndDefinition() {
        let h = ServerHarness()
        let text = "scene 200x200\nfunc wobble(a) = sin(a * 2)\ntemplate dot(speed = 40): circle { radius wobble(speed) }\nevery 1s { spawn dot(speed = 10) }\n"
        h.open(text, uri: "file:///f.wave")
        func hover(_ line: Int, _ ch: Int) -> String {
            ((h.result("textDocument/hover", ServerHarness.at(line, ch, uri: "file:///f.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        }
        XCTAssertEqual(hover(2, 44), "**wobble** — function\n\n```wave\nfunc wobble(a) = sin(a * 2)\n```")
        XCTAssertTrue(hover(2, 52).hasPrefix("**speed** — parameter of 'dot', default `40`"), hover(2, 52))
        let def = h.result("textDocument/definition", ServerHarness.at(2, 44, uri: "file:///f.wave")) as? JSON
        XCTAssertEqual(def.map(span), [1, 5, 1, 11])
        let param = h.result("textDocument/definition", ServerHarness.at(2, 52, uri: "file:///f.wave")) as? JSON
        XCTAssertEqual(param.map(span), [2, 13, 2, 18])
        // A path command is not a layer kind; an animation's 'fill' is its fill mode.
        h.open("layer p: path {\n  circle (10, 10) radius 4\n}\nlayer c: circle { fill red }\nanimate c.opacity to 0 over 1s fill both\n", uri: "file:///g.wave")
        func hoverG(_ line: Int, _ ch: Int) -> String {
            ((h.result("textDocument/hover", ServerHarness.at(line, ch, uri: "file:///g.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        }
        XCTAssertEqual(hoverG(1, 4), "**circle** — path command\n\n```wave\ncircle (cx, cy) radius r\n```")
        XCTAssertTrue(hoverG(3, 12).hasPrefix("**circle** — layer kind"), hoverG(3, 12))
        XCTAssertTrue(hoverG(3, 19).hasPrefix("**fill**: paint"), hoverG(3, 19))
        XCTAssertTrue(hoverG(4, 33).hasPrefix("**fill** — animation option: fill mode"), hoverG(4, 33))
        // Commands after a value on the same line; animation and spring options; a func in
        // the outline.
        h.open("layer p: path { move (0, 0) line (10, 0) close }\nvar x = 0\nanimate x to 1 over 1s\nspring x to 2 stiffness 300\nfunc f(a) = a\n",
               uri: "file:///h.wave")
        func hoverH(_ line: Int, _ ch: Int) -> String {
            ((h.result("textDocument/hover", ServerHarness.at(line, ch, uri: "file:///h.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        }
        XCTAssertTrue(hoverH(0, 29).hasPrefix("**line** — path command"), hoverH(0, 29))
        XCTAssertTrue(hoverH(0, 42).hasPrefix("**close** — path command"), hoverH(0, 42))
        XCTAssertTrue(hoverH(2, 16).hasPrefix("**over** — animation option"), hoverH(2, 16))
        XCTAssertTrue(hoverH(3, 17).hasPrefix("**stiffness** — spring key"), hoverH(3, 17))
        // A statement's first word and a built-in function: the tables `:help` prints too.
        XCTAssertEqual(hoverH(3, 2), "**spring** — statement: `\(StatementKeyword.spring.form)`\n\n\(StatementKeyword.spring.meaning)")
        XCTAssertEqual(hoverH(1, 1), "**var** — statement: `var NAME = expr`\n\na variable: handlers and animations change it")
        let outline = h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///h.wave"]]) as? [JSON] ?? []
        XCTAssertEqual(outline.compactMap { $0["name"] as? String }, ["p", "x", "f"])
    }

    /// A parameter or loop variable named like a global hides it within its scope: hover,
    /// definition and references tell them apart.
    func testLocalNamesHideGlobalsOfTheSameName() {
        let h = ServerHarness()
        let text = "var v = 5\nfunc f(v) = v * 2\ntemplate ta(v = 1): circle { radius v }\nevery 1s { spawn ta(v = f(v)) }\nfor v in 0..<3 { }\n"
        h.open(text, uri: "file:///l.wave")
        func def(_ line: Int, _ ch: Int) -> [Int]? {
            (h.result("textDocument/definition", ServerHarness.at(line, ch, uri: "file:///l.wave")) as? JSON).map(span)
        }
        XCTAssertEqual(def(1, 12), [1, 7, 1, 8], "v in f's body is f's parameter")
        XCTAssertEqual(def(2, 36), [2, 12, 2, 13], "radius v is ta's parameter")
        XCTAssertEqual(def(3, 26), [0, 4, 0, 5], "outside both, v is the global")
        let refs = (h.result("textDocument/references", ServerHarness.at(0, 4, uri: "file:///l.wave")) as? [JSON] ?? []).map(span)
        XCTAssertEqual(refs, [[0, 4, 0, 5], [3, 26, 3, 27]], "the global's declaration and its one use (not the spawn argument's label)")
        let hover = ((h.result("textDocument/hover", ServerHarness.at(1, 12, uri: "file:///l.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        XCTAssertTrue(hover.hasPrefix("**v** — parameter of 'f'"), hover)
        let loop = ((h.result("textDocument/hover", ServerHarness.at(4, 4, uri: "file:///l.wave")) as? JSON)?["contents"] as? JSON)?["value"] as? String ?? ""
        XCTAssertTrue(loop.hasPrefix("**v** — loop variable"), loop)
    }

    /// Completion knows the blocks and slots that take their own words: an emit block's
    /// keys, a spring block's, a text effect, a template after spawn, a gradient direction.
    func testCompletionInEmitSpringEffectSpawnAndGradientSlots() {
        let h = ServerHarness()
        let text = """
        scene 200x200
        template dot: circle { }
        layer title: text "hi" { fill linear-gradient(d) }
        var x = 0
        emit dot { bi }
        spring x to 1 { st }
        effect title fa
        every 1s { spawn d }
        emit dot { birth-rate 5  li }
        spring x to 1 { stiffness 300  da }
        """
        h.open(text, uri: "file:///c.wave")
        func labels(_ line: Int, _ ch: Int) -> [String] {
            ((h.result("textDocument/completion", ServerHarness.at(line, ch, uri: "file:///c.wave")) as? JSON)?["items"] as? [JSON] ?? [])
                .compactMap { $0["label"] as? String }
        }
        let emit = labels(4, 13)
        XCTAssertTrue(emit.contains("birth-rate") && emit.contains("lifetime"), "\(emit)")
        XCTAssertFalse(emit.contains("radius") || emit.contains("animate"), "\(emit)")
        let spring = labels(5, 18)
        XCTAssertTrue(spring.contains("stiffness") && spring.contains("damping"), "\(spring)")
        XCTAssertFalse(spring.contains("birth-rate"), "\(spring)")
        // A second key on the line, after a whole value.
        let secondEmit = labels(8, 27)
        XCTAssertTrue(secondEmit.contains("lifetime") && secondEmit.contains("velocity"), "\(secondEmit)")
        XCTAssertFalse(secondEmit.contains("radius"), "\(secondEmit)")
        let secondSpring = labels(9, 33)
        XCTAssertTrue(secondSpring.contains("damping") && secondSpring.contains("mass"), "\(secondSpring)")
        XCTAssertFalse(secondSpring.contains("lifetime"), "\(secondSpring)")
        XCTAssertEqual(Set(labels(6, 15)), Set(EffectKind.allCases.map(\.rawValue)))
        XCTAssertEqual(labels(7, 18), ["dot"])
        let direction = labels(2, 47)
        XCTAssertTrue(direction.contains("down") && direction.contains("up-right") && direction.contains("red"), "\(direction)")
    }

    func testDocumentSymbolsNestLayersInGroups() {
        let h = ServerHarness()
        h.open(script)
        let symbols = h.result("textDocument/documentSymbol", ["textDocument": ["uri": "file:///t.wave"]]) as? [JSON] ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["scene", "phase", "speed", "ball", "box", "ring", "every tick", "every 1s"])
        let box = symbols[4]
        XCTAssertEqual((box["children"] as? [JSON])?.compactMap { $0["name"] as? String }, ["inner"])
        XCTAssertEqual(box["kind"] as? Int, 3)
        XCTAssertEqual(symbols[5]["kind"] as? Int, 5, "template")
        XCTAssertEqual(symbols[6]["kind"] as? Int, 24, "timer")
    }

    func testFormattingUsesTheFormatter() {
        let h = ServerHarness()
        h.open("layer a:circle{radius 3}\n")
        let edits = h.result("textDocument/formatting", ["textDocument": ["uri": "file:///t.wave"], "options": ["tabSize": 2, "insertSpaces": true]]) as? [JSON] ?? []
        guard case .formatted(let expected) = ScriptFormatter.format(SourceFile(name: "t", text: "layer a:circle{radius 3}\n")) else { return XCTFail() }
        XCTAssertEqual(edits.first?["newText"] as? String, expected)
        XCTAssertEqual(span(edits[0]), [0, 0, 1, 0])
        h.open(expected, uri: "file:///u.wave")
        XCTAssertEqual((h.result("textDocument/formatting", ["textDocument": ["uri": "file:///u.wave"]]) as? [Any])?.count, 0)
        h.open("layer a: circle {", uri: "file:///bad.wave")
        // A script with a mistake: no edits (null), not an error shown on every save.
        let bad = h.request("textDocument/formatting", ["textDocument": ["uri": "file:///bad.wave"]])
        XCTAssertNil(bad["error"])
        XCTAssertTrue(bad["result"] is NSNull, "\(bad)")
    }

    func testSemanticTokensComeFromTheLexer() {
        let h = ServerHarness()
        h.open("# hi\nlayer b: circle { radius 3px fill #fff }\nvar s = \"波\"")
        let data = (h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t.wave"]]) as? JSON)?["data"] as? [Int] ?? []
        XCTAssertEqual(data.count % 5, 0)
        var tokens: [[Int]] = []   // absolute line, start, length, type
        var line = 0, start = 0
        for i in stride(from: 0, to: data.count, by: 5) {
            line += data[i]; start = data[i] == 0 ? start + data[i + 1] : data[i + 1]
            tokens.append([line, start, data[i + 2], data[i + 3]])
        }
        typealias T = SemanticTokens.TokenType
        XCTAssertEqual(tokens, [
            [0, 0, 4, T.comment.rawValue],
            [1, 0, 5, T.keyword.rawValue], [1, 6, 1, T.class.rawValue], [1, 9, 6, T.type.rawValue],
            [1, 18, 6, T.property.rawValue], [1, 25, 3, T.number.rawValue], [1, 29, 4, T.property.rawValue],
            [1, 34, 4, T.number.rawValue],
            [2, 0, 3, T.keyword.rawValue], [2, 4, 1, T.variable.rawValue], [2, 6, 1, T.operator.rawValue], [2, 8, 3, T.string.rawValue],
        ])
        // A path body's commands are read alike wherever they stand on the line: words of
        // the vocabulary, or layer kinds for those that are (as the TextMate grammar scopes
        // them), never variables.
        h.open("layer p: path { move (0, 0) line (4, 0)  quad (8, 8) control (6, 0)\n  circle (5, 5) radius 2 close fill red }")
        let words = (h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t.wave"]]) as? JSON)?["data"] as? [Int] ?? []
        var at: [String: Int] = [:]
        var (l, st) = (0, 0)
        let lines = ["layer p: path { move (0, 0) line (4, 0)  quad (8, 8) control (6, 0)", "  circle (5, 5) radius 2 close fill red }"]
        for i in stride(from: 0, to: words.count, by: 5) {
            l += words[i]; st = words[i] == 0 ? st + words[i + 1] : words[i + 1]
            let text = Array(lines[l].utf8)[st..<st + words[i + 2]]
            at[String(decoding: text, as: UTF8.self)] = words[i + 3]
        }
        for word in ["move", "quad", "close"] { XCTAssertEqual(at[word], T.enumMember.rawValue, word) }
        for word in ["line", "circle"] { XCTAssertEqual(at[word], T.type.rawValue, word) }
        XCTAssertEqual(at["path"], T.type.rawValue)
        XCTAssertEqual(at["radius"], T.property.rawValue)
        XCTAssertEqual(at["fill"], T.property.rawValue)
        // `text` after a layer's ':' is its kind (a type), as every other kind, though it is
        // a property's name too; in the body it is the property.
        let textLines = ["layer w[2]: text \"a\" { text \"b\" }", "template t(k = 1): text { }"]
        h.open(textLines.joined(separator: "\n"))
        let kinds = (h.result("textDocument/semanticTokens/full", ["textDocument": ["uri": "file:///t.wave"]]) as? JSON)?["data"] as? [Int] ?? []
        var seen: [[Int]] = []
        (l, st) = (0, 0)
        for i in stride(from: 0, to: kinds.count, by: 5) {
            l += kinds[i]; st = kinds[i] == 0 ? st + kinds[i + 1] : kinds[i + 1]
            if String(decoding: Array(textLines[l].utf8)[st..<st + kinds[i + 2]], as: UTF8.self) == "text" { seen.append([l, st, kinds[i + 3]]) }
        }
        XCTAssertEqual(seen, [[0, 12, T.type.rawValue], [0, 23, T.property.rawValue], [1, 19, T.type.rawValue]])
    }

    /// A fix-it provider standing in for the fix-its diagnostics will carry.
    struct SuggestionFixes: FixItProvider {
        func fixes(for d: Diagnostic, in file: SourceFile) -> [TextFix] {
            guard d.code == .unknownProperty, let r = d.message.range(of: "did you mean '") else { return [] }
            let word = d.message[r.upperBound...].prefix { $0 != "'" }
            return [TextFix(title: "change to '\(word)'", range: d.range, replacement: String(word))]
        }
    }

    func testCodeActionsApplyFixIts() {
        let h = ServerHarness(fixIts: SuggestionFixes())
        h.open("layer s: wave { amplitde 5 }")
        let range: JSON = ["start": ["line": 0, "character": 18], "end": ["line": 0, "character": 18]]
        let actions = h.result("textDocument/codeAction", ["textDocument": ["uri": "file:///t.wave"], "range": range,
                                                           "context": ["diagnostics": [Any]()]]) as? [JSON] ?? []
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?["title"] as? String, "change to 'amplitude'")
        XCTAssertEqual(actions.first?["kind"] as? String, "quickfix")
        let edit = ((actions.first?["edit"] as? JSON)?["changes"] as? JSON)?["file:///t.wave"] as? [JSON]
        XCTAssertEqual(edit?.first?["newText"] as? String, "amplitude")
        XCTAssertEqual(span(edit![0]), [0, 16, 0, 24])
        // Away from the diagnostic: nothing.
        let far: JSON = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 2]]
        XCTAssertEqual((h.result("textDocument/codeAction", ["textDocument": ["uri": "file:///t.wave"], "range": far]) as? [Any])?.count, 0)
        // The server's own provider reads the fix-its the compiler attaches.
        let real = ServerHarness()
        real.open("layer s: wave { amplitde 5 }")
        let own = real.result("textDocument/codeAction", ["textDocument": ["uri": "file:///t.wave"], "range": range]) as? [JSON] ?? []
        XCTAssertEqual(own.first?["title"] as? String, "replace 'amplitde' with 'amplitude'", "the diagnostic's help line")
        let ownEdit = ((own.first?["edit"] as? JSON)?["changes"] as? JSON)?["file:///t.wave"] as? [JSON]
        XCTAssertEqual(ownEdit?.first?["newText"] as? String, "amplitude")
        XCTAssertEqual(span(ownEdit![0]), [0, 16, 0, 24])
        // A client asking only for other kinds of action gets none; for quickfix, or a
        // parent kind ("" is every kind), the fix.
        for (only, count) in [(["refactor"], 0), (["source.organizeImports"], 0), (["quickfix"], 1), ([""], 1)] {
            let asked = real.result("textDocument/codeAction", ["textDocument": ["uri": "file:///t.wave"], "range": range,
                                                                "context": ["diagnostics": [Any](), "only": only]]) as? [JSON]
            XCTAssertEqual(asked?.count, count, "only \(only)")
        }
        // A diagnostic without fix-its: no actions.
        let plain = ServerHarness()
        plain.open("layer s: wave { amplitude }")
        let here: JSON = ["start": ["line": 0, "character": 16], "end": ["line": 0, "character": 26]]
        XCTAssertEqual((plain.result("textDocument/codeAction", ["textDocument": ["uri": "file:///t.wave"], "range": here]) as? [Any])?.count, 0)
    }

    /// An unused variable is tagged Unnecessary (editors fade it); a property set twice
    /// points at the first setting (relatedInformation), as do options given twice.
    func testDiagnosticTagsAndRelatedInformation() {
        let h = ServerHarness()
        let unused = h.open("var spare = 3\nlayer s: rect { fill red }")
        let w = unused.first { $0["code"] as? String == "W0001" }
        XCTAssertEqual(w?["tags"] as? [Int], [1])
        let twice = h.open("layer s: rect {\n  fill red\n  fill blue\n}")
        let e = twice.first { $0["code"] as? String == "E0210" }
        XCTAssertEqual(e.map(span), [2, 2, 2, 6])
        XCTAssertNil(e?["tags"])
        let related = e?["relatedInformation"] as? [JSON]
        XCTAssertEqual(related?.count, 1)
        XCTAssertEqual((related?.first?["location"] as? JSON).map(span), [1, 2, 1, 6])
        let options = h.open("layer s: rect { fill red }\nanimate s.opacity from 0 to 1 over 1s over 2s")
        let o = options.first { $0["code"] as? String == "E0210" }
        let first = (o?["relatedInformation"] as? [JSON])?.first
        XCTAssertEqual((first?["location"] as? JSON).map(span), [1, 30, 1, 34])
        XCTAssertEqual(first?["message"] as? String, "'over' is first given here")
    }
}
