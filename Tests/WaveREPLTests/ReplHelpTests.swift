import Foundation
import WaveCompiler
import WaveDriver
import WaveSyntax
import XCTest
@testable import WaveREPL

/// `:help NAME` says what a word is from the language's own tables (as an editor's hover
/// does), and Tab offers a layer's properties inside its body.
final class ReplHelpTests: XCTestCase {
    func help(_ word: String, after setup: [String] = []) throws -> [String] {
        let output = ReplWatchTests.Lines()
        let controller = ReplController(session: try ReplSession(), output: output)
        for line in setup { controller.handle(line) }
        output.lines = []
        controller.handle(":help \(word)")
        return output.lines
    }

    func testHelpExplainsAWordOfTheLanguage() throws {
        XCTAssertEqual(try help("radius"), ["radius: length, default '10' (on circle)", Property.radius.meaning])
        XCTAssertEqual(try help("frame"), ["frame: rect, default '(0, 0, 100, 100)' (on ellipse, image, rect)", "the box (x, y, width, height) the shape fills"])
        XCTAssertEqual(try help("blend").last, "Words: " + BlendWord.allCases.map(\.rawValue).joined(separator: ", "))
        XCTAssertEqual(try help("sin"), ["sin — function: 'sin(x)'", "of an angle or a plain number (radians)"])
        XCTAssertEqual(try help("every"), ["every — statement: '\(StatementKeyword.every.form)'", StatementKeyword.every.meaning])
        XCTAssertEqual(try help("ease-in-out"), ["ease-in-out — timing curve: starts and ends slowly"])
        XCTAssertEqual(try help("tick"), ["tick — built-in: the tick count", "tick — one tick (1/60 s): 'every tick { … }'"])
        // `log` is the function; `:log` the command.
        XCTAssertEqual(try help("log").first, "log — function: 'log(x)'")
        XCTAssertTrue(try help(":log").first?.hasPrefix(":log [N] / :log FILE  the session so far") ?? false)
        XCTAssertEqual(try help("seek"), [":seek TIME  go to a time: 2s, 500ms, 90t"])
        XCTAssertEqual(try help("play"), [":pause / :play  stop or restart the clock"])
    }

    func testHelpNamesTheSessionsOwnNamesAndGuessesAMisspelling() throws {
        XCTAssertEqual(try help("ball", after: ["layer ball: circle { radius 5 }"]), ["ball — circle layer of this session (:help circle lists its properties)"])
        XCTAssertEqual(try help("n", after: ["var n = 2"]), ["n — variable of this session; type it to print its value, ':trace n' to follow it"])
        XCTAssertEqual(try help("radus"), ["no help for 'radus'; did you mean 'radius'?: :help NAME explains a property, function, statement, layer kind, command or name of the session"])
    }

    /// Every function the compiler knows and every statement keyword has its line.
    func testEveryFunctionAndStatementIsExplained() {
        for f in Builtin.allCases.map(\.rawValue) + Vocabulary.specialFunctions {
            XCTAssertNotNil(Explanation.function(f), f)
        }
        XCTAssertEqual(Set(StatementKeyword.allCases.map(\.rawValue)), Parser.statementKeywords)
        for k in StatementKeyword.allCases { XCTAssertNotNil(Explanation.of(k.rawValue), k.rawValue) }
    }

    func testTabOffersTheLayersPropertiesInsideItsBody() throws {
        let session = try ReplSession()
        _ = session.submit("var size = 4")
        func offered(_ word: String, after before: String) -> [String] {
            ReplCompletion.candidates(for: word, before: before, session: session).filter { $0.hasPrefix(word) }
        }
        XCTAssertEqual(offered("fi", after: "layer q: circle { "), ["fill", "fill-rule"])
        XCTAssertEqual(offered("ra", after: "layer q: circle { "), ["radius", "random"])
        XCTAssertEqual(offered("si", after: "layer q: text \"hi\" { "), ["sign", "sin", "size"])
        // A body typed over several lines, inside a group: the inner layer's kind counts.
        XCTAssertEqual(offered("fr", after: "layer g: group {\n  layer r: rect {\n    fill red\n    "), ["frame"])
        XCTAssertEqual(offered("la", after: "layer g: group {\n  "), ["layer"])
        // Closed again, or in a handler: no properties.
        XCTAssertEqual(offered("fi", after: "layer q: circle { radius 5 }\n"), [])
        XCTAssertEqual(offered("fi", after: "every tick { "), [])
        // `:help` completes what it explains.
        XCTAssertEqual(offered("stroke-w", after: ":help "), ["stroke-width"])
    }
}
