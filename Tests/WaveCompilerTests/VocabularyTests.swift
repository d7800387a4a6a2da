import XCTest
import WaveSyntax
@testable import WaveCompiler

/// The vocabulary table is the one source of names, kinds, words and defaults: these tests
/// hold the invariants `PropertyTable.swift` states.
final class VocabularyTests: XCTestCase {
    func testEveryDefaultCompilesToAConstantOfItsTypeForEveryKind() {
        var scene = SceneIR()
        scene.width = 200; scene.height = 120
        for p in Property.allCases {
            for kind in LayerKind.allCases where p.applies(to: kind) {
                let file = SourceFile(name: "d", text: p.defaultText(for: kind))
                guard let expr = Parser.standaloneExpression(file) else { XCTFail("default of \(p) does not parse"); continue }
                var environment = Environment()
                environment.scene = scene
                environment.sceneDeclared = true
                var compiler = Compiler(file: file, environment: environment)
                let typed = compiler.fold(compiler.propertyValue(expr, p, Context()))
                XCTAssertEqual(compiler.diagnostics, [], "default of \(p.rawValue) on \(kind)")
                XCTAssertTrue(typed.ir.isConstant, "default of \(p.rawValue) on \(kind) is not constant")
                // A plain number fits a length or angle slot; other types must match exactly.
                if case .number = p.info.type, case .number = typed.type { continue }
                XCTAssertEqual(typed.type, p.info.type, "type of the default of \(p.rawValue)")
            }
        }
    }

    func testDefaultsThatDependOnKindOrSceneAreExplicit() {
        var scene = SceneIR()
        scene.width = 200; scene.height = 120
        XCTAssertEqual(Property.extent.defaultValue(for: .wave, in: scene), .point(0, 200))
        XCTAssertEqual(Property.bottom.defaultValue(for: .wave, in: scene), .number(120))
        XCTAssertEqual(Property.stroke.defaultValue(for: .line, in: scene), .paint(.color(RGBA(0, 0, 0, 1))))
        XCTAssertEqual(Property.stroke.defaultValue(for: .rect, in: scene), .paint(.none))
        XCTAssertEqual(Property.scale.defaultValue(for: .group, in: scene), .point(1, 1))
        XCTAssertEqual(Property.fillRule.defaultValue(for: .path, in: scene), .word(.fillRule(.nonZero)))
        XCTAssertEqual(Property.defaults(for: .circle, in: scene).count, Property.allCases.count)
    }

    func testWordsResolveToTheirEnums() {
        for p in Property.allCases where p.spec.type == .word {
            for w in p.spec.words { XCTAssertEqual(Word(p, w)?.text, w, "\(p.rawValue) \(w)") }
        }
        XCTAssertEqual(Word(.cap, "round"), .cap(.round))
        XCTAssertNil(Word(.join, "butt"))
    }

    func testTimingCurveNamesAndTheirControlPointsAgree() {
        XCTAssertEqual(Set(Timing.named.keys), Set(TimingCurveName.allCases.map(\.rawValue)))
    }

    func testTheParserAndLexerReadTheTable() {
        for p in Property.allCases {
            XCTAssertTrue(Parser.propertyNames.contains(p.rawValue), p.rawValue)
            for a in p.spec.aliases { XCTAssertTrue(Parser.propertyNames.contains(a), a) }
            if p.rawValue.contains("-") { XCTAssertTrue(Vocabulary.hyphenatedWords.contains(p.rawValue), p.rawValue) }
        }
        let tokens = Lexer.tokenize(SourceFile(name: "t", text: "down-right top-left width-x"))
        XCTAssertEqual(tokens.map(\.kind), [.identifier("down-right"), .identifier("top-left"), .identifier("width"), .punct("-"), .identifier("x"), .eof])
    }

    /// CSS's angle stops in a conic gradient: an angle from the start ray is that fraction
    /// of a turn (90deg is 0.25), constant or not; a plain fraction stays as written.
    func testConicStopsMayBeAngles() throws {
        let (program, diags) = Compiler.compile(SourceFile(name: "t", text:
            "layer r: rect { fill conic-gradient(30deg, red 90deg, blue 0.5, green 270deg) }"))
        let p = try XCTUnwrap(program, "\(diags)")
        guard case .constant(.paint(.conic(_, let angle, let stops)))? = p.layers[0].properties[.fill] else {
            return XCTFail("\(String(describing: p.layers[0].properties[.fill]))")
        }
        XCTAssertEqual(angle, Double.pi / 6, accuracy: 1e-12)
        XCTAssertEqual(stops.map { $0.location ?? -1 }, [0.25, 0.5, 0.75].map { $0 }, accuracy: 1e-12)
    }

    func testAGradientDirectionWithAHyphenCompiles() {
        let (program, diags) = Compiler.compile(SourceFile(name: "t", text: "layer r: rect { fill linear-gradient(down-right, red, blue) }"))
        XCTAssertNotNil(program, "\(diags)")
    }
}

/// Element-wise XCTAssertEqual for arrays of doubles.
func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "\(a) vs \(b)", file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line) }
}
