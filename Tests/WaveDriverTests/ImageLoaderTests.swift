import Foundation
import XCTest
import WaveCodecs
import WaveCompiler
@testable import WaveGeometry
import WaveGraphics
import WaveSyntax
@testable import WaveDriver
@testable import WaveRuntime

/// Image layers: files read relative to the script, every failure a located script error
/// with its code, the memory limit, gravity as contentsGravity, and the pixels drawn.
final class ImageLoaderTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wave-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        // A 4x2 image: left half red, right half blue.
        var rgba: [UInt8] = []
        for _ in 0..<2 { for x in 0..<4 { rgba += x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        try Data(try PNGEncoder.encode(width: 4, height: 2, rgba: rgba)).write(to: folder.appendingPathComponent("art/two.png"))
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("art/bad.png"))
        // A flipped bit in the header's height: the checksum says so, not a made-up size.
        var crc = try PNGEncoder.encode(width: 4, height: 2, rgba: rgba)
        crc[20] ^= 0xff
        try Data(crc).write(to: folder.appendingPathComponent("art/crc.png"))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func check(_ body: String) -> (Program?, [Diagnostic]) {
        ScriptLoader.check(SourceFile(name: folder.appendingPathComponent("s.wave").path, text: "scene 40x20\n" + body))
    }

    func testAnImageIsReadRelativeToTheScriptAndDrawn() throws {
        let (program, diagnostics) = check("layer i: image { source \"art/two.png\" frame (0, 0, 40, 20) }")
        XCTAssertEqual(diagnostics, [])
        let p = try XCTUnwrap(program)
        XCTAssertEqual(p.images["art/two.png"]?.width, 4)
        let frame = try SceneRuntime(program: p).frame()
        let pixels = Renderer().render(frame.items, width: 40, height: 20, background: .white)
        XCTAssertEqual(pixels.pixel(3, 10).r, 255)
        XCTAssertEqual(pixels.pixel(3, 10).b, 0)
        XCTAssertEqual(pixels.pixel(36, 10).b, 255)
        XCTAssertEqual(pixels.pixel(36, 10).r, 0)
        // The middle column blends red into blue across one image pixel (10 device pixels).
        XCTAssertEqual(Double(pixels.pixel(20, 10).r), 255 * 0.45, accuracy: 1.5)
    }

    /// A frame of negative size draws the image in the same rectangle with its edges
    /// ordered, byte for byte, as a rect layer's frame does.
    func testANegativeFrameIsTheOrderedRectangle() throws {
        func pixels(_ frame: String) throws -> [UInt8] {
            let (program, diagnostics) = check("layer i: image { source \"art/two.png\" frame \(frame) }")
            XCTAssertEqual(diagnostics, [], frame)
            let p = try XCTUnwrap(program)
            return Renderer().render(try SceneRuntime(program: p).frame().items, width: 40, height: 20, background: .white).data
        }
        let plain = try pixels("(4, 2, 30, 14)")
        XCTAssertEqual(try pixels("(34, 16, -30, -14)"), plain)
        XCTAssertEqual(try pixels("(4, 16, 30, -14)"), plain)
        XCTAssertNotEqual(plain, try pixels("(0, 0, 0, 0)"), "the image is drawn")
    }

    func testFailuresAreLocatedScriptErrors() {
        let cases: [(String, DiagnosticCode, String)] = [
            ("layer i: image { source \"art/missing.png\" }", .badImage, "no such file"),
            ("layer i: image { source \"art/bad.png\" }", .badImage, "wave reads PNG only"),
            ("var f = \"art/two.png\"\nlayer i: image { source f }", .badImage, "constant string"),
            ("layer i: image { frame (0, 0, 10, 10) }", .badImage, "needs a source"),
            ("layer i: image { source \"\" }", .badImage, "an empty source names no file"),
            ("layer i: image { source \"art\" }", .badImage, "it is a folder, not a PNG file"),
            ("layer i: image { source \"art/crc.png\" }", .badImage, "CRC mismatch in IHDR chunk"),
        ]
        for (script, code, text) in cases {
            let (program, diagnostics) = check(script)
            XCTAssertNil(program, script)
            XCTAssertEqual(diagnostics.map(\.code), [code], script)
            XCTAssertTrue(diagnostics.first?.message.contains(text) ?? false, "\(diagnostics)")
            XCTAssertGreaterThan(diagnostics.first?.range.start ?? 0, 11, "located in the layer, not at the file start")
        }
    }

    /// `source` is read when the script loads: assigning it while the scene runs (at the
    /// top level, in a timer, or by the layer's bare name in its own handler) is a located
    /// error, not an image that silently vanishes; other image properties may change.
    func testAssigningSourceIsAnErrorAndGravityIsNot() {
        for statement in ["i.source = \"art/two.png\"", "at 0.5s { i.source = \"art/other.png\" }"] {
            let (program, diagnostics) = check("layer i: image { source \"art/two.png\" frame (0, 0, 40, 20) }\n\(statement)")
            XCTAssertNil(program, statement)
            XCTAssertEqual(diagnostics.map(\.code), [.badAssignment], statement)
            XCTAssertTrue(diagnostics.first?.message.contains("'source' is read when the script loads") ?? false, "\(diagnostics)")
            // At the target `i.source` (after "scene 40x20\n" and the layer's line).
            XCTAssertEqual(diagnostics.first?.range.start, 12 + 61 + (statement.hasPrefix("at") ? 10 : 0), statement)
        }
        let (ok, none) = check("layer i: image { source \"art/two.png\" frame (0, 0, 40, 20) }\nat 0.5s { i.gravity = center }")
        XCTAssertNotNil(ok)
        XCTAssertEqual(none, [])
    }

    func testARealPNGsDecodeErrorDoesNotSayItIsNotAPNG() {
        var bytes = (try? PNGEncoder.encode(width: 4, height: 2, rgba: [UInt8](repeating: 255, count: 32))) ?? []
        bytes[bytes.count - 20] ^= 0x55   // inside the image data
        try? Data(bytes).write(to: folder.appendingPathComponent("art/data.png"))
        let (_, diagnostics) = check("layer i: image { source \"art/data.png\" }")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertFalse(diagnostics.first?.message.contains("PNG only") ?? true, "\(diagnostics)")
    }

    func testBrokenImagesAreReportedWithTheScriptsOtherErrorsInOrder() {
        let (program, diagnostics) = check("""
            layer a: rect { blend multipy }
            layer i: image { source "art/missing.png" }
            layer g: group { layer j: image { source "art/bad.png" } }
            layer k: image { source "art/two.png" }
            """)
        XCTAssertNil(program)
        XCTAssertEqual(diagnostics.map(\.code), [.unknownWord, .badImage, .badImage])
        XCTAssertEqual(diagnostics.map(\.range.start), diagnostics.map(\.range.start).sorted())
    }

    func testImageBytesCountAgainstTheLimit() {
        var program = Compiler.compile(SourceFile(name: "s.wave", text: "scene 10x10\nlayer i: image { source \"art/two.png\" }")).0!
        var limits = RuntimeLimits(environment: [:])
        limits.maxImageBytes = 31   // the image needs 4 · 2 · 4 = 32
        let diagnostics = ImageLoader.load(&program, scriptName: folder.appendingPathComponent("s.wave").path, limits: limits)
        XCTAssertEqual(diagnostics.map(\.code), [.imageTooLarge])
        limits.maxImageBytes = 32
        XCTAssertEqual(ImageLoader.load(&program, scriptName: folder.appendingPathComponent("s.wave").path, limits: limits), [])
    }

    func testAnImageFileLargerThanTheLimitIsRefusedUnread() {
        var program = Compiler.compile(SourceFile(name: "s.wave", text: "scene 10x10\nlayer i: image { source \"art/big.png\" }")).0!
        // A valid 4x2 PNG followed by 2 MiB of junk: the decoder would stop at IEND, but the
        // file is refused before it is read whole.
        var bytes = (try? PNGEncoder.encode(width: 4, height: 2, rgba: [UInt8](repeating: 255, count: 32))) ?? []
        bytes += [UInt8](repeating: 0x41, count: 2 << 20)
        try? Data(bytes).write(to: folder.appendingPathComponent("art/big.png"))
        var limits = RuntimeLimits(environment: [:])
        limits.maxImageBytes = 1 << 20
        let diagnostics = ImageLoader.load(&program, scriptName: folder.appendingPathComponent("s.wave").path, limits: limits)
        XCTAssertEqual(diagnostics.map(\.code), [.imageTooLarge])
        XCTAssertTrue(diagnostics.first?.message.contains("larger than the 1048576 bytes") ?? false, "\(diagnostics)")
        limits.maxImageBytes = 4 << 20
        XCTAssertNotEqual(ImageLoader.load(&program, scriptName: folder.appendingPathComponent("s.wave").path, limits: limits).map(\.code),
                          [.imageTooLarge])
    }

    func testGravityPlacesLikeContentsGravity() {
        let frame = Rect(x: 10, y: 20, width: 100, height: 50)
        func placed(_ g: GravityWord) -> [Double] {
            let r = SceneRuntime.place(width: 20, height: 10, in: frame, gravity: g)
            return [r.x, r.y, r.width, r.height]
        }
        XCTAssertEqual(placed(.resize), [10, 20, 100, 50])
        XCTAssertEqual(placed(.resizeAspect), [10, 20, 100, 50])          // same aspect: fills exactly
        XCTAssertEqual(SceneRuntime.place(width: 10, height: 10, in: frame, gravity: .resizeAspect).x, 35)
        XCTAssertEqual(SceneRuntime.place(width: 10, height: 10, in: frame, gravity: .resizeAspectFill).y, -5)
        XCTAssertEqual(placed(.center), [50, 40, 20, 10])
        XCTAssertEqual(placed(.topLeft), [10, 20, 20, 10])
        XCTAssertEqual(placed(.bottomRight), [90, 60, 20, 10])
        XCTAssertEqual(placed(.top), [50, 20, 20, 10])
        XCTAssertEqual(placed(.left), [10, 40, 20, 10])
    }
}
