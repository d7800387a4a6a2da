import Foundation
@testable import WaveGeometry
import WaveGraphics
import XCTest

final class TextLayoutTests: XCTestCase {
    private let bold = FontDescriptor.parse("sans:bold")
    private let regular = FontDescriptor.parse("sans")

    private func direct(_ font: FontDescriptor) throws -> DirectFace {
        try DirectFace(file: FontLibrary.shared.resolve(font).file)
    }

    private func moves(_ path: Path) -> Int {
        path.elements.filter { if case .move = $0 { return true } else { return false } }.count
    }

    /// Every point of a path in order, control points included.
    private func points(_ path: Path) -> [Point] {
        var points: [Point] = []
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quad(let c, let p): points += [c, p]
            case .cubic(let c1, let c2, let p): points += [c1, c2, p]
            case .close: break
            }
        }
        return points
    }

    private func closes(_ path: Path) -> Int {
        path.elements.filter { $0 == .close }.count
    }

    // MARK: - "du" in the bold face (the water-glass scene)

    func testDuMatchesFreeTypeMetrics() throws {
        let size = 140.0
        let run = try FontLibrary.shared.layout("du", font: bold, size: size)
        let ft = try direct(bold)
        let scale = size / ft.unitsPerEm
        XCTAssertEqual(ft.unitsPerEm, 2048)
        // hmtx of DejaVu Sans Bold 2.37, read with a separate table parser: 'd' advances 1466.
        XCTAssertEqual(ft.advance("d"), 1466)

        XCTAssertEqual(run.characters, ["d", "u"])
        XCTAssertEqual(run.glyphPaths.count, 2)
        XCTAssertFalse(run.glyphPaths[0].elements.isEmpty)
        XCTAssertFalse(run.glyphPaths[1].elements.isEmpty)
        XCTAssertEqual(run.origins[0], Point(0, 0))
        XCTAssertEqual(run.advances[0], ft.advance("d") * scale, accuracy: 1e-9)
        XCTAssertEqual(run.advances[1], ft.advance("u") * scale, accuracy: 1e-9)
        XCTAssertEqual(
            run.origins[1].x, (ft.advance("d") + ft.kerning("d", "u")) * scale, accuracy: 1e-9)
        XCTAssertEqual(run.origins[1].y, 0)
        XCTAssertEqual(run.width, run.origins[1].x + run.advances[1], accuracy: 1e-9)

        // 'd' sits on the baseline, reaches up to its ascender, y grows down.
        let (xMin, yMin, xMax, yMax) = ft.controlBox("d")
        let bounds = try XCTUnwrap(run.glyphPaths[0].bounds)
        XCTAssertEqual(bounds.x, xMin * scale, accuracy: 1)
        XCTAssertEqual(bounds.y, -yMax * scale, accuracy: 1)
        XCTAssertEqual(bounds.width, (xMax - xMin) * scale, accuracy: 1)
        XCTAssertEqual(bounds.height, (yMax - yMin) * scale, accuracy: 1)
        // Plausibility independent of FreeType: glyf bbox of 'd' is 92,-29 – 1294,1556.
        XCTAssertEqual(bounds.width, 1202 * scale, accuracy: 1)  // ≈ 82 px
        XCTAssertEqual(bounds.height, 1585 * scale, accuracy: 1)  // ≈ 108 px

        XCTAssertEqual(run.ascent, ft.ascender * scale, accuracy: 1e-9)
        XCTAssertEqual(run.descent, -ft.descender * scale, accuracy: 1e-9)
        XCTAssertGreaterThan(run.descent, 0)
        XCTAssertGreaterThanOrEqual(run.lineHeight, run.ascent + run.descent - 1e-9)

        // 'u' is placed after 'd': its bounds start past the 'd' origin + advance.
        let uBounds = try XCTUnwrap(run.glyphPaths[1].bounds)
        XCTAssertGreaterThan(uBounds.x, run.origins[1].x)
        XCTAssertEqual(run.combinedPath.elements, run.glyphPaths[0].elements + run.glyphPaths[1].elements)
    }

    func testOutlinePointsAreExactFontUnitsAtOneUnitPerPixel() throws {
        // At size = units_per_EM the scale is 1: points are the font's integers, y negated.
        let ft = try direct(regular)
        let run = try FontLibrary.shared.layout("l", font: regular, size: ft.unitsPerEm)
        let expected = ft.outline("l").points.map { Point($0.0, -$0.1) }
        XCTAssertEqual(points(run.glyphPaths[0]), expected)
        // A rectangle: move, three lines, close (no redundant line back to the start).
        XCTAssertEqual(run.glyphPaths[0].elements.count, 5)
        XCTAssertEqual(run.glyphPaths[0].elements.last, .close)
    }

    // MARK: - Contours

    func testContourCounts() throws {
        let ft = try direct(regular)
        let run = try FontLibrary.shared.layout("oil", font: regular, size: 50)
        XCTAssertEqual(run.glyphPaths.map(moves), [2, 2, 1])
        XCTAssertEqual(run.glyphPaths.map(closes), [2, 2, 1])
        XCTAssertEqual(["o", "i", "l"].map { ft.outline($0).contours }, [2, 2, 1])
        for path in run.glyphPaths {
            if case .move = path.elements.first {} else { XCTFail("path must start with move") }
        }
    }

    // MARK: - Kerning

    func testAVIsKerned() throws {
        let size = 100.0
        let ft = try direct(regular)
        guard ft.hasKerning else {
            let file = try FontLibrary.shared.resolve(regular).file
            throw XCTSkip("FreeType reports no kerning (no 'kern' table) for \(file)")
        }
        let pair = ft.kerning("A", "V")
        guard pair != 0 else { throw XCTSkip("the face has no kerning for the pair AV") }
        XCTAssertLessThan(pair, 0)
        let scale = size / ft.unitsPerEm
        let run = try FontLibrary.shared.layout("AV", font: regular, size: size)
        XCTAssertLessThan(run.width, (ft.advance("A") + ft.advance("V")) * scale - 1)
        XCTAssertEqual(run.width, (ft.advance("A") + ft.advance("V") + pair) * scale, accuracy: 1e-9)
        XCTAssertEqual(run.advances, [ft.advance("A") * scale, ft.advance("V") * scale])
    }

    // MARK: - Blanks and edge cases

    func testSpaceHasNoOutlineButAnAdvance() throws {
        let ft = try direct(regular)
        let run = try FontLibrary.shared.layout("a b", font: regular, size: 32)
        XCTAssertTrue(run.glyphPaths[1].elements.isEmpty)
        XCTAssertEqual(run.advances[1], ft.advance(" ") * 32 / ft.unitsPerEm, accuracy: 1e-9)
        XCTAssertGreaterThan(run.advances[1], 0)
        XCTAssertGreaterThan(run.origins[2].x, run.origins[1].x)
    }

    func testNewlineIsLaidOutAsASpace() throws {
        let spaced = try FontLibrary.shared.layout("a b", font: regular, size: 32)
        let broken = try FontLibrary.shared.layout("a\nb", font: regular, size: 32)
        XCTAssertEqual(broken.characters, ["a", "\n", "b"])
        XCTAssertTrue(broken.glyphPaths[1].elements.isEmpty)
        XCTAssertEqual(broken.advances, spaced.advances)
        XCTAssertEqual(broken.width, spaced.width)
    }

    func testEmptyString() throws {
        let run = try FontLibrary.shared.layout("", font: bold, size: 140)
        XCTAssertEqual(run.width, 0)
        XCTAssertTrue(run.characters.isEmpty)
        XCTAssertTrue(run.glyphPaths.isEmpty)
        XCTAssertTrue(run.combinedPath.elements.isEmpty)
        XCTAssertNil(run.combinedPath.bounds)
        XCTAssertGreaterThan(run.ascent, 0)
    }

    /// The fonts fontconfig ranks for `pattern`, best first (`fc-match -s`), an independent
    /// reading of the order the library falls back in.
    private func sortedFonts(_ pattern: String) throws -> [String] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        p.arguments = ["-s", "-f", "%{file}\\n", pattern]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A character the face lacks is drawn by the first face in fontconfig's order for the
    /// font that has it, scaled to the same size and advanced in the face's units; one that
    /// no face has is the face's .notdef box.
    func testCharacterMissingFromTheFaceIsDrawnByAFallbackFace() throws {
        let ft = try direct(regular)
        XCTAssertEqual(ft.glyph("漢"), 0, "DejaVu has no CJK")
        let primary = try FontLibrary.shared.resolve(regular).file
        let fallbacks = try sortedFonts("sans").filter { $0 != primary && ($0.hasSuffix(".ttf") || $0.hasSuffix(".otf")) }
        guard let file = try fallbacks.first(where: { try DirectFace(file: $0).glyph("漢") != 0 }) else {
            throw XCTSkip("no installed font has U+6F22")
        }
        let other = try DirectFace(file: file)
        let size = 40.0
        let run = try FontLibrary.shared.layout("a漢b", font: regular, size: size)
        XCTAssertEqual(run.glyphPaths.count, 3)
        XCTAssertEqual(moves(run.glyphPaths[1]), other.outline("漢").contours)
        // The advance, converted to DejaVu's units and rounded, then scaled.
        let advance = (other.advance("漢") * ft.unitsPerEm / other.unitsPerEm).rounded() * size / ft.unitsPerEm
        XCTAssertEqual(run.advances[1], advance, accuracy: 1e-9)
        XCTAssertEqual(run.origins[1].x, ft.advance("a") * size / ft.unitsPerEm, accuracy: 1e-9)
        XCTAssertEqual(run.origins[2].x, run.origins[1].x + advance, accuracy: 1e-9)
        // Its outline at the other face's scale: the box within the em square from the pen.
        let box = try XCTUnwrap(run.glyphPaths[1].bounds)
        XCTAssertGreaterThan(box.x, run.origins[1].x - 1)
        XCTAssertLessThan(box.x + box.width, run.origins[1].x + size * 1.05)
        XCTAssertGreaterThan(box.height, size * 0.6)
        XCTAssertEqual(run.ascent, ft.ascender * size / ft.unitsPerEm, accuracy: 1e-9, "the line's metrics stay the face's")

        // U+E000 (private use) is in no installed font: DejaVu's .notdef, a box with an advance.
        let box2 = try FontLibrary.shared.layout("a\u{E000}", font: regular, size: size)
        XCTAssertEqual(moves(box2.glyphPaths[1]), 2)
        XCTAssertGreaterThan(box2.advances[1], 0)
        XCTAssertEqual(try FontLibrary.shared.missingCharacters(in: "a漢\u{E000}b\u{E000}", font: regular), ["\u{E000}"])
    }

    func testEmojiDoesNotCrash() throws {
        for text in ["😀", "a😀", "👩‍👩‍👧", "🇫🇷", "\u{FE0F}", "\u{200D}", "\u{0}"] {
            let run = try FontLibrary.shared.layout(text, font: bold, size: 30)
            XCTAssertEqual(run.glyphPaths.count, text.count, text)
            XCTAssertTrue(run.width.isFinite)
        }
    }

    func testDecomposedAccentUsesThePrecomposedGlyph() throws {
        // Separate libraries: no run cache shared between the two forms.
        let composed = try FontLibrary().layout("\u{E9}", font: regular, size: 40)
        let decomposed = try FontLibrary().layout("e\u{301}", font: regular, size: 40)
        XCTAssertEqual(Array(decomposed.glyphPaths), Array(composed.glyphPaths))
        XCTAssertEqual(decomposed.width, composed.width)
        XCTAssertEqual(Array(decomposed.characters[0].unicodeScalars), ["e", "\u{301}"])
        // …and that glyph is the face's precomposed 'é', not 'e' plus a mark.
        let ft = try direct(regular)
        let exact = try FontLibrary().layout("e\u{301}", font: regular, size: ft.unitsPerEm)
        let (xMin, yMin, xMax, yMax) = ft.controlBox("\u{E9}")
        let box = try XCTUnwrap(exact.glyphPaths[0].bounds)
        // Tolerance: the real Path.bounds may be the tight box, FreeType's is the control box.
        XCTAssertEqual(box.x, xMin, accuracy: 20)
        XCTAssertEqual(box.y, -yMax, accuracy: 20)
        XCTAssertEqual(box.width, xMax - xMin, accuracy: 20)
        XCTAssertEqual(box.height, yMax - yMin, accuracy: 20)
        XCTAssertEqual(moves(exact.glyphPaths[0]), ft.outline("\u{E9}").contours)
        // A sequence with no precomposed form: base glyph plus a mark, one path.
        let marked = try FontLibrary().layout("q\u{301}", font: regular, size: 40)
        let plain = try FontLibrary().layout("q", font: regular, size: 40)
        XCTAssertEqual(marked.characters.count, 1)
        XCTAssertGreaterThan(marked.glyphPaths[0].elements.count, plain.glyphPaths[0].elements.count)
        XCTAssertEqual(marked.width, plain.width, "a combining mark has no advance")
    }

    func testInvalidSizeThrows() {
        XCTAssertThrowsError(try FontLibrary.shared.layout("a", font: regular, size: .nan))
        XCTAssertThrowsError(try FontLibrary.shared.layout("a", font: regular, size: -1))
    }

    // MARK: - Threads

    func testConcurrentLayoutIsIdentical() throws {
        let jobs: [(String, FontDescriptor, Double)] = [
            ("du", bold, 140), ("Hello, wave", regular, 32), ("AVATAR Tokyo", bold, 12),
            ("oil\u{E9}😀", .parse("serif:italic"), 140), ("du", bold, 70), ("mono", .parse("monospace"), 20),
        ]
        // A fresh library so that threads also race on the first fontconfig/FreeType use.
        let library = FontLibrary()
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            // Each thread runs the same jobs, starting at a different one.
            var runs: [Int: Fingerprint] = [:]
            for round in 0..<3 {
                for k in 0..<jobs.count {
                    let j = (k + thread + round) % jobs.count
                    let (text, font, size) = jobs[j]
                    runs[j] = Fingerprint(try? library.layout(text, font: font, size: size))
                }
            }
            results.set(thread, (0..<jobs.count).map { runs[$0] ?? Fingerprint(nil) })
        }
        let all = results.values
        XCTAssertEqual(all.count, 4)
        for (j, job) in jobs.enumerated() {
            let reference = Fingerprint(try FontLibrary.shared.layout(job.0, font: job.1, size: job.2))
            XCTAssertFalse(reference.elements.isEmpty)
            for (thread, fingerprints) in all.enumerated() {
                XCTAssertTrue(fingerprints[j] == reference, "thread \(thread), job \(job.0) \(job.1) \(job.2)")
            }
        }
    }
}

/// The parts of a run that must be identical between threads.
private struct Fingerprint: Equatable {
    var elements: [PathElement]
    var origins: [Point]
    var advances: [Double]
    var width: Double
    var file: String

    init(_ run: GlyphRun?) {
        elements = run?.combinedPath.elements ?? []
        origins = run?.origins ?? []
        advances = run?.advances ?? []
        width = run?.width ?? -1
        file = run?.font.file ?? ""
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: [Fingerprint]] = [:]

    func set(_ key: Int, _ value: [Fingerprint]) {
        lock.lock()
        results[key] = value
        lock.unlock()
    }

    var values: [[Fingerprint]] {
        lock.lock()
        defer { lock.unlock() }
        return results.keys.sorted().compactMap { results[$0] }
    }
}
