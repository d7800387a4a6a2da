import Foundation
import WaveCodecs
import WaveCompiler
import WaveRuntime
import WaveSyntax

/// Reads and decodes the PNGs that a program's image layers name, relative to the script's
/// folder, into `Program.images`. Every failure is a located diagnostic on the `source`
/// property (a script error, exit 65): a source that is not a constant string, a missing or
/// unreadable file, a file that is not a PNG wave can decode, or images whose decoded bytes
/// together pass `RuntimeLimits.maxImageBytes` (checked from the PNG header, before decoding).
enum ImageLoader {
    static func load(_ program: inout Program, scriptName: String,
                     limits: RuntimeLimits = RuntimeLimits()) -> [Diagnostic] {
        let folder = (scriptName as NSString).deletingLastPathComponent
        var diagnostics: [Diagnostic] = []
        var total = 0
        for layer in program.layers where layer.kind == .image {
            let range = layer.propertyRanges[.source] ?? layer.range
            guard let expr = layer.properties[.source] else {
                diagnostics.append(.error(.badImage, "image layer '\(layer.name)' needs a source: source \"file.png\"", at: range))
                continue
            }
            guard case .constant(.string(let source)) = expr else {
                diagnostics.append(.error(.badImage, "an image layer's source must be a constant string (the file is read when the script is loaded)", at: range))
                continue
            }
            if program.images[source] != nil { continue }
            let path = source.hasPrefix("/") || folder.isEmpty ? source : (folder as NSString).appendingPathComponent(source)
            guard let data = FileManager.default.contents(atPath: path) else {
                let exists = FileManager.default.fileExists(atPath: path)
                diagnostics.append(.error(.badImage, "cannot read image '\(source)' (\(path)): \(exists ? "not readable" : "no such file")", at: range))
                continue
            }
            let bytes = [UInt8](data)
            if let (w, h) = headerSize(bytes) {
                let (need, overflow) = w.multipliedReportingOverflow(by: h * 4)
                if overflow || total + need > limits.maxImageBytes {
                    diagnostics.append(.error(.imageTooLarge, "image '\(source)' is \(w)x\(h): its pixels need \(overflow ? "too many" : "\(need)") bytes, and the images together may use \(limits.maxImageBytes) (WAVE_MAX_IMAGE_BYTES)", at: range))
                    continue
                }
            }
            do {
                let image = try PNGDecoder.decode(bytes)
                total += image.width * image.height * 4
                guard total <= limits.maxImageBytes else {
                    diagnostics.append(.error(.imageTooLarge, "image '\(source)' passes the limit of \(limits.maxImageBytes) decoded bytes for all images (WAVE_MAX_IMAGE_BYTES)", at: range))
                    continue
                }
                program.images[source] = ImagePixels(width: image.width, height: image.height, rgba: image.rgba)
            } catch let error as CodecError {
                diagnostics.append(.error(.badImage, "cannot read image '\(source)': \(error.message) (wave reads PNG only)", at: range))
            } catch {
                diagnostics.append(.error(.badImage, "cannot read image '\(source)': \(error)", at: range))
            }
        }
        return diagnostics
    }

    /// Width and height from a PNG's IHDR, if the bytes start like a PNG.
    static func headerSize(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 24, Array(b[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10], Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be(16), be(20))
    }
}
