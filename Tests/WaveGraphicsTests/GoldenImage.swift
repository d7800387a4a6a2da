import Foundation
import XCTest
@testable import WaveGeometry
@testable import WaveGraphics

/// Golden images: small renders stored byte for byte in `Goldens/` as binary PAM files
/// (see Goldens/README.md for the format).
///
/// `assertGolden` compares a pixmap with its stored golden byte for byte. With
/// `WAVE_RECORD_GOLDENS=1` in the environment it (re)writes the golden instead and passes.
/// A missing golden fails. A mismatch fails and writes `NAME.expected.pam`,
/// `NAME.actual.pam` and `NAME.diff.pam` to a temporary directory named in the failure.
enum GoldenImage {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Goldens", isDirectory: true)

    static var recording: Bool { ProcessInfo.processInfo.environment["WAVE_RECORD_GOLDENS"] == "1" }

    /// The PAM encoding of `pixmap`: premultiplied RGBA8, rows top to bottom.
    static func encode(_ pixmap: Pixmap) -> Data {
        let header = """
            P7
            # wave golden: premultiplied RGBA8 (colour channels already multiplied by alpha)
            WIDTH \(pixmap.width)
            HEIGHT \(pixmap.height)
            DEPTH 4
            MAXVAL 255
            TUPLTYPE RGB_ALPHA_PREMULTIPLIED
            ENDHDR

            """
        var data = Data(header.utf8)
        data.append(contentsOf: pixmap.data)
        return data
    }

    /// The pixmap stored in a PAM file written by `encode`; nil if the header does not match
    /// that layout or the pixel bytes are the wrong length.
    static func decode(_ data: Data) -> Pixmap? {
        let bytes = [UInt8](data)
        let marker = Array("ENDHDR\n".utf8)
        guard let end = (0...(Swift.max(0, bytes.count - marker.count))).first(where: {
            Array(bytes[$0..<($0 + marker.count)]) == marker
        }) else { return nil }
        let header = String(decoding: bytes[0..<end], as: UTF8.self)
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard header.hasPrefix("P7\n"), fields["DEPTH"] == "4", fields["MAXVAL"] == "255",
              let w = fields["WIDTH"].flatMap(Int.init), let h = fields["HEIGHT"].flatMap(Int.init),
              w > 0, h > 0 else { return nil }
        let pixels = Array(bytes[(end + marker.count)...])
        guard pixels.count == w * h * 4 else { return nil }
        var pixmap = Pixmap(width: w, height: h)
        pixmap.data = pixels
        return pixmap
    }

    /// An opaque image showing where `a` and `b` differ: black where equal, red with intensity
    /// the largest channel difference (at least 64, so one-level differences show) elsewhere.
    static func diff(_ a: Pixmap, _ b: Pixmap) -> Pixmap {
        let w = Swift.max(a.width, b.width), h = Swift.max(a.height, b.height)
        var out = Pixmap(width: w, height: h, fill: .black)
        for y in 0..<h {
            for x in 0..<w {
                let p = a.pixel(x, y), q = b.pixel(x, y)
                let d = [p.r, p.g, p.b, p.a].enumerated().map { k, v in
                    abs(Int(v) - Int([q.r, q.g, q.b, q.a][k]))
                }.max() ?? 0
                let sizeMismatch = x >= a.width || y >= a.height || x >= b.width || y >= b.height
                if d > 0 || sizeMismatch { out.data[(y * w + x) * 4] = UInt8(sizeMismatch ? 255 : Swift.max(64, d)) }
            }
        }
        return out
    }
}

/// Compares `pixmap` with the golden `name` (without extension) byte for byte.
func assertGolden(_ pixmap: Pixmap, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = GoldenImage.directory.appendingPathComponent(name + ".pam")
    if GoldenImage.recording {
        do {
            try FileManager.default.createDirectory(at: GoldenImage.directory, withIntermediateDirectories: true)
            try GoldenImage.encode(pixmap).write(to: url, options: .atomic)
        } catch {
            XCTFail("cannot record golden \(url.path): \(error)", file: file, line: line)
        }
        return
    }
    guard let data = try? Data(contentsOf: url) else {
        XCTFail("missing golden \(url.path); record it with WAVE_RECORD_GOLDENS=1", file: file, line: line)
        return
    }
    guard let expected = GoldenImage.decode(data) else {
        XCTFail("golden \(url.path) is not a PAM file this test wrote", file: file, line: line)
        return
    }
    guard expected != pixmap else { return }
    let dir = FileManager.default.temporaryDirectory
        .appendingPathComponent("wave-goldens-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    let written = [("expected", expected), ("actual", pixmap), ("diff", GoldenImage.diff(expected, pixmap))].map {
        dir.appendingPathComponent("\(name).\($0.0).pam")
    }
    do {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try GoldenImage.encode(expected).write(to: written[0])
        try GoldenImage.encode(pixmap).write(to: written[1])
        try GoldenImage.encode(GoldenImage.diff(expected, pixmap)).write(to: written[2])
    } catch {
        XCTFail("golden \(name) differs, and the comparison files could not be written: \(error)", file: file, line: line)
        return
    }
    let changed = (0..<(Swift.min(expected.data.count, pixmap.data.count) / 4)).filter { i in
        expected.data[(4 * i)..<(4 * i + 4)] != pixmap.data[(4 * i)..<(4 * i + 4)]
    }.count
    XCTFail("golden \(name) differs (\(expected.width)x\(expected.height) expected, \(pixmap.width)x\(pixmap.height) "
            + "actual, \(changed) pixels changed); wrote \(written.map(\.path).joined(separator: ", "))",
            file: file, line: line)
}
