import Foundation
import XCTest
import WaveCodecs

/// `wave render -o x.svg | x.json | x.lottie`: vector exports from the command line, their
/// report, and the flags they refuse. (Players are checked by scripts/export-check.)
final class ExportCLITests: XCTestCase {
    static let movingDot = """
    scene 64x48 { background #ffffff  duration 1s }
    layer dot: circle { center (10, 24)  radius 5  fill #d62828 }
    layer glow: circle { center (40, 24)  radius 5  fill #1d3557  blur 3 }
    animate dot.position from (0, 0) to (40, 0) over 1s
    """

    func testLottieHasTheScenesSizeRateAndDurationAndARigidDot() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.movingDot, in: dir).path
        let out = dir.appendingPathComponent("dot.json")
        let r = try WaveBinary.run(["render", script, "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        XCTAssertEqual(doc["fr"] as? Int, 60)
        XCTAssertEqual(doc["w"] as? Int, 64)
        XCTAssertEqual(doc["h"] as? Int, 48)
        XCTAssertEqual(doc["op"] as? Int, 60)
        let layers = try XCTUnwrap(doc["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, 3, "the dot, the glow and the background")
        // The moving dot is a static path whose layer position has two keys (a straight move).
        let ks = try XCTUnwrap(layers[1]["ks"] as? [String: Any])
        let p = try XCTUnwrap(ks["p"] as? [String: Any])
        XCTAssertEqual(p["a"] as? Int, 1)
        XCTAssertEqual((p["k"] as? [Any])?.count, 2)
        // The blur is reported, located, as a warning and in the JSON report.
        XCTAssertTrue(r.stderr.contains(":3:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("blur on layer 'glow' dropped"), r.stderr)
    }

    func testSVGAnimatesAndAStillHasNoAnimation() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.movingDot, in: dir).path
        let anim = dir.appendingPathComponent("dot.svg"), still = dir.appendingPathComponent("still.svg")
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", anim.path, "-q"]).status, 0)
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", still.path, "--still", "--frame", "30", "-q"]).status, 0)
        let a = try String(contentsOf: anim, encoding: .utf8), s = try String(contentsOf: still, encoding: .utf8)
        XCTAssertTrue(a.contains("<animateTransform attributeName=\"transform\" type=\"translate\""), a)
        XCTAssertTrue(a.contains("dur=\"1s\""))
        XCTAssertFalse(s.contains("<animate"), s)
        XCTAssertTrue(s.contains("translate(30 24)"), "the dot halfway: \(s)")
    }

    func testDotLottieIsAZipOfTheManifestAndTheAnimation() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.movingDot, in: dir).path
        let out = dir.appendingPathComponent("dot.lottie"), json = dir.appendingPathComponent("dot.json")
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", out.path, "-q"]).status, 0)
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", json.path, "-q"]).status, 0)
        let bytes = [UInt8](try Data(contentsOf: out))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
        // Each stored entry: its name, then its bytes, whose CRC-32 the header holds.
        let name = Array("animations/s.json".utf8)
        let at = try XCTUnwrap((0..<(bytes.count - name.count)).first { Array(bytes[$0..<($0 + name.count)]) == name })
        let header = at - 30
        func u32(_ i: Int) -> UInt32 { UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24 }
        let size = Int(u32(header + 22))
        let content = Array(bytes[(at + name.count)..<(at + name.count + size)])
        XCTAssertEqual(content, [UInt8](try Data(contentsOf: json)))
        XCTAssertEqual(u32(header + 14), Crc32.checksum(content))
    }

    func testTheReportFileAndTheFlagsExportsRefuse() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.movingDot, in: dir).path
        let out = dir.appendingPathComponent("dot.json").path, report = dir.appendingPathComponent("report.json")
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", out, "--report", report.path, "-q"]).status, 0)
        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        XCTAssertEqual(doc["exact"] as? Bool, false)
        let entry = try XCTUnwrap((doc["entries"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["line"] as? Int, 3)
        XCTAssertEqual(entry["action"] as? String, "dropped")
        for (args, message) in [
            (["--shard", "1/2"], "single files"),
            (["--fps", "30"], "not to Lottie"),
            (["--still"], "static SVG"),
            (["--frame", "3"], "--still"),
        ] {
            let r = try WaveBinary.run(["render", script, "-o", out] + args)
            XCTAssertEqual(r.status, 64, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let r = try WaveBinary.run(["render", script, "-o", dir.appendingPathComponent("x.png").path, "--report", report.path])
        XCTAssertEqual(r.status, 64, r.stderr)
        let bad = try WaveBinary.run(["render", script, "-o", dir.appendingPathComponent("missing/dir/x.svg").path])
        XCTAssertEqual(bad.status, 74, bad.stderr)
    }

    /// `--out-dir DIR --format svg|json|lottie`: each script exported beside its report; a
    /// broken script is named and skipped, the others written, the status the worst (65).
    func testManyScriptsExportIntoADirectory() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try RenderFixtures.script(Self.movingDot, name: "dot.wave", in: dir).path
        let plain = try RenderFixtures.script("scene 20x20 { duration 0.5s }\nlayer b: rect { frame (0, 0, 10, 10)  fill #000 }\n", name: "box.wave", in: dir).path
        let broken = try RenderFixtures.script("scene 20x20\nlayer b: rect { frame (0, 0, 10 }\n", name: "bad.wave", in: dir).path
        let out = dir.appendingPathComponent("out")
        let r = try WaveBinary.run(["render", good, plain, broken, "--out-dir", out.path, "--format", "json"])
        XCTAssertEqual(r.status, 65, r.stderr)
        for name in ["dot", "box"] {
            let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(name).json"))) as? [String: Any])
            XCTAssertEqual(doc["fr"] as? Int, 60)
            XCTAssertEqual(doc["op"] as? Int, name == "dot" ? 60 : 30)
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("\(name).report.json"))) as? [String: Any])
            XCTAssertEqual(report["exact"] as? Bool, name == "box", "only the dot scene has a blur")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("bad.json").path))
        XCTAssertTrue(r.stdout.contains("dot.json  Lottie, 60 ticks"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 report entry"), r.stdout)
        XCTAssertTrue(r.stdout.contains("script error"), r.stdout)
        let svg = try WaveBinary.run(["render", plain, "--out-dir", out.path, "--format", "svg", "-q"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("box.svg"), encoding: .utf8).hasPrefix("<svg"))
        let oneReport = try WaveBinary.run(["render", plain, "--out-dir", out.path, "--format", "svg", "--report", "r.json"])
        XCTAssertEqual(oneReport.status, 64, oneReport.stderr)
    }

    /// `wave check --target`: the export report without writing anything.
    func testCheckWithATargetPrintsTheReportAndWritesNothing() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = try RenderFixtures.script(Self.movingDot, in: dir).path
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        let r = try WaveBinary.run(["check", script, "--target", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains(":3:") && r.stderr.contains("blur on layer 'glow' dropped"), r.stderr)
        XCTAssertTrue(r.stdout.contains("Lottie: 1 construct not exact"), r.stdout)
        let svg = try WaveBinary.run(["check", script, "--target", "svg"])
        XCTAssertTrue(svg.stdout.contains("SVG: exact"), "SVG writes the blur as a filter: \(svg.stdout)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), before)
        let plain = try WaveBinary.run(["check", script])
        XCTAssertFalse(plain.stderr.contains("blur"), "without --target no report: \(plain.stderr)")
        XCTAssertEqual(try WaveBinary.run(["check", script, "--target", "gif"]).status, 64)
        let failing = try RenderFixtures.script("scene 20x20 { duration 1s }\nvar i = 0\nevery tick { i += 1; if i > 5 { i = [1][i] } }\n", name: "boom.wave", in: dir).path
        XCTAssertEqual(try WaveBinary.run(["check", failing]).status, 0)
        XCTAssertEqual(try WaveBinary.run(["check", failing, "--target", "json"]).status, 70)
    }

    /// An image layer: embedded once as a PNG whose pixels are the image's, placed by a static
    /// map (it turns with its frame), shown inside its frame: an SVG clip path and `<use>`;
    /// a Lottie image asset and an image layer masked by the frame in image coordinates.
    func testAnImageIsEmbeddedAndPlacedInItsShape() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var rgba: [UInt8] = []
        for y in 0..<4 { for x in 0..<6 { rgba += [UInt8(x * 40), UInt8(y * 60), 200, x == 0 ? 128 : 255] } }
        let png = dir.appendingPathComponent("tile.png")
        try Data(try PNGEncoder.encode(width: 6, height: 4, rgba: rgba)).write(to: png)
        let script = try RenderFixtures.script("""
        scene 100x100 { background #ffffff  duration 1s }
        layer photo: image { source "tile.png"  frame (20, 30, 60, 40) }
        animate photo.rotation from 0deg to 30deg over 1s
        """, name: "photo.wave", in: dir).path
        let svgURL = dir.appendingPathComponent("photo.svg"), jsonURL = dir.appendingPathComponent("photo.json")
        let r = try WaveBinary.run(["render", script, "-o", svgURL.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("warning"), "nothing approximated: \(r.stderr)")
        XCTAssertEqual(try WaveBinary.run(["render", script, "-o", jsonURL.path, "-q"]).status, 0)
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        XCTAssertEqual(svg.components(separatedBy: "data:image/png;base64,").count, 2, "one copy")
        XCTAssertTrue(svg.contains("<g clip-path=\"url(#g0c)\""), svg)
        // Placed by one static map (it turns with its frame): 6x4 pixels shown as 60x40.
        let matrix = try XCTUnwrap(svg.components(separatedBy: "<use href=\"#i0\" transform=\"matrix(").last?
            .components(separatedBy: ")").first?.split(separator: " ").compactMap { Double($0) })
        XCTAssertEqual(matrix.count, 6)
        XCTAssertEqual((matrix[0] * matrix[0] + matrix[1] * matrix[1]).squareRoot(), 10, accuracy: 1e-3)
        XCTAssertEqual(matrix[0] * matrix[3] - matrix[1] * matrix[2], 100, accuracy: 1e-2)
        XCTAssertEqual(svg.components(separatedBy: "<use ").count, 2)
        let b64 = try XCTUnwrap(svg.components(separatedBy: "data:image/png;base64,").last?.components(separatedBy: "\"").first)
        let decoded = try PNGDecoder.decode([UInt8](try XCTUnwrap(Data(base64Encoded: b64))))
        XCTAssertEqual(decoded.width, 6)
        XCTAssertEqual(decoded.height, 4)
        // Opaque pixels come back exactly; half-transparent ones within one step (premultiplied).
        for (a, b) in zip(decoded.rgba, rgba) { XCTAssertLessThanOrEqual(abs(Int(a) - Int(b)), 1) }
        XCTAssertEqual(Array(decoded.rgba[4..<24]), Array(rgba[4..<24]))

        let doc = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: jsonURL)) as? [String: Any])
        let asset = try XCTUnwrap((doc["assets"] as? [[String: Any]])?.first)
        XCTAssertEqual(asset["id"] as? String, "image0")
        XCTAssertEqual(asset["e"] as? Int, 1)
        XCTAssertEqual(asset["w"] as? Int, 6)
        let layer = try XCTUnwrap((doc["layers"] as? [[String: Any]])?.first { $0["ty"] as? Int == 2 })
        XCTAssertEqual(layer["refId"] as? String, "image0")
        let masks = try XCTUnwrap(layer["masksProperties"] as? [[String: Any]])
        XCTAssertEqual(masks.count, 1)
        // The frame in the image's own pixels: its corners at (0, 0) and (6, 4).
        let shape = try XCTUnwrap(((masks[0]["pt"] as? [String: Any])?["k"] as? [String: Any])?["v"] as? [[Double]])
        let xs = shape.map { $0[0] }, ys = shape.map { $0[1] }
        XCTAssertEqual(xs.min()!, 0, accuracy: 1e-3)
        XCTAssertEqual(xs.max()!, 6, accuracy: 1e-3)
        XCTAssertEqual(ys.max()!, 4, accuracy: 1e-3)
    }
}
