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

    func testAGradientDirectionWithAHyphenCompiles() {
        let (program, diags) = Compiler.compile(SourceFile(name: "t", text: "layer r: rect { fill linear-gradient(down-right, red, blue) }"))
        XCTAssertNotNil(program, "\(diags)")
    }
}
