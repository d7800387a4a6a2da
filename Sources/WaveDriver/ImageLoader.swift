import Foundation
import WaveCodecs
import WaveSinks
import WaveCompiler
import WaveRuntime
import WaveSyntax

/// Reads and decodes the PNGs that a program's image layers name, relative to the script's
/// folder, into `Program.images`. Every failure is a located diagnostic on the `source`
/// property (a script error, exit 65): a source that is not a constant string, a missing or
/// unreadable file, a file that is not a PNG wave can decode, or images whose decoded bytes
/// together pass `RuntimeLimits.maxImageBytes` (checked from the PNG header, before decoding;
/// a file larger than that limit is not read past it).
///
/// Confined (`ScriptLoader.confinesImageSources`: `WAVE_CONFINE=1`, and always in the
/// language server), a source must resolve, through any symbolic links, to a regular file
/// inside the script's folder; every other source gets the same message, so a script from
/// elsewhere learns nothing about what exists outside that folder.
enum ImageLoader {
    static func load(_ program: inout Program, scriptName: String,
                     limits: RuntimeLimits = RuntimeLimits()) -> [Diagnostic] {
        let folder = PathName.parent(scriptName) ?? ""
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
            let (pixels, problem) = read(source, folder: folder, total: &total, limits: limits, at: range)
            if let problem { diagnostics.append(problem) }
            if let pixels { program.images[source] = pixels }
        }
        return diagnostics
    }

    /// For a script with other errors (no program to load images into): the problems of the
    /// image files its image layers name with a string literal, so that a missing or broken
    /// image is reported with the other errors, not only once they are fixed.
    static func checkLiteralSources(of script: Script, limits: RuntimeLimits = RuntimeLimits()) -> [Diagnostic] {
        let folder = PathName.parent(script.file.name) ?? ""
        var diagnostics: [Diagnostic] = [], seen: Set<String> = [], total = 0
        func visit(_ decl: LayerDecl) {
            if decl.kind.name == "image" {
                for clause in decl.clauses where (Property.named(clause.head.name) ?? Vocabulary.propertySynonym(clause.head.name).flatMap(Property.named)) == .source {
                    guard case .string(let source)? = clause.value?.kind, seen.insert(source).inserted else { continue }
                    let range = clause.range   // where `load` reports it too
                    if let problem = read(source, folder: folder, total: &total, limits: limits, at: range).problem {
                        diagnostics.append(problem)
                    }
                }
            }
            decl.children.forEach(visit)
        }
        for statement in script.statements { if case .layer(let decl) = statement.kind { visit(decl) } }
        return diagnostics
    }

    /// `path` with every link resolved when that is a regular file inside `folder` (the
    /// current folder when empty), else nil.
    static func confined(_ path: String, to folder: String) -> String? {
        func real(_ p: String) -> String? {
            guard let r = realpath(p, nil) else { return nil }
            defer { free(r) }
            return String(cString: r)
        }
        guard let base = real(folder.isEmpty ? "." : folder), let target = real(path),
              target.hasPrefix(base == "/" ? "/" : base + "/") else { return nil }
        var st = stat()
        guard stat(target, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        return target
    }

    /// Reads and decodes `source` (relative to `folder` unless absolute), adding its decoded
    /// bytes to `total`; or the located problem.
    private static func read(_ source: String, folder: String, total: inout Int, limits: RuntimeLimits,
                             at range: SourceRange) -> (pixels: ImagePixels?, problem: Diagnostic?) {
        func problem(_ code: DiagnosticCode, _ message: String) -> (ImagePixels?, Diagnostic?) {
            (nil, .error(code, message, at: range))
        }
        guard !source.isEmpty else { return problem(.badImage, "an empty source names no file: source \"file.png\"") }
        var path = PathName.joining(folder, source)
        if ScriptLoader.confinesImageSources {
            guard let inside = confined(path, to: folder) else {
                return problem(.badImage, "cannot read image '\(source)': with WAVE_CONFINE=1 a source must be a PNG file inside the script's folder")
            }
            path = inside
        }
        // Where it was looked for, when that is not what the script says.
        let looked = path == source ? "" : " (\(path))"
        let bytes: [UInt8]
        // The file is held whole while it is decoded: it too may not pass the images' budget
        // (at least 1 MiB, for the headers of a small budget's small images), and reading
        // stops one byte after it, so an endless stream cannot fill memory.
        let fileLimit = Swift.max(limits.maxImageBytes, 1 << 20)
        // Only a regular file: a FIFO would block, a device never end.
        do { bytes = try FileBytes.readRegular(path, limit: fileLimit) } catch {
            if error.kind == .tooLarge {
                return problem(.imageTooLarge, "image file '\(source)'\(looked) is larger than the \(fileLimit) bytes an image file may have (WAVE_MAX_IMAGE_BYTES)")
            }
            let reason = error.kind == .directory ? "it is a folder, not a PNG file" : error.reason
            return problem(.badImage, "cannot read image '\(source)'\(looked): \(reason)")
        }
        guard bytes.count <= fileLimit else {
            return problem(.imageTooLarge, "image file '\(source)'\(looked) is larger than the \(fileLimit) bytes an image file may have (WAVE_MAX_IMAGE_BYTES)")
        }
        if let (w, h) = headerSize(bytes) {
            let (need, overflow) = w.multipliedReportingOverflow(by: h * 4)
            if overflow || total + need > limits.maxImageBytes {
                return problem(.imageTooLarge, "image '\(source)' is \(w)x\(h): its pixels need \(overflow ? "too many" : "\(need)") bytes, and the images together may use \(limits.maxImageBytes) (WAVE_MAX_IMAGE_BYTES)")
            }
        }
        let isPNG = bytes.starts(with: PNGChunkIO.signature)
        do {
            let image = try PNGDecoder.decode(bytes)
            total += image.width * image.height * 4
            guard total <= limits.maxImageBytes else {
                return problem(.imageTooLarge, "image '\(source)' passes the limit of \(limits.maxImageBytes) decoded bytes for all images (WAVE_MAX_IMAGE_BYTES)")
            }
            return (ImagePixels(width: image.width, height: image.height, rgba: image.rgba), nil)
        } catch let error as CodecError {
            return problem(.badImage, "cannot read image '\(source)': \(error.message)\(isPNG ? "" : " (wave reads PNG only)")")
        } catch {
            return problem(.badImage, "cannot read image '\(source)': \(error)")
        }
    }

    /// Width and height from a PNG's IHDR, if the bytes start like a PNG.
    /// A header whose checksum is wrong gives nil: the decoder then says what is wrong, not
    /// the size a flipped bit made up.
    static func headerSize(_ b: [UInt8]) -> (Int, Int)? {
        guard b.count >= 33, b.starts(with: PNGChunkIO.signature), Array(b[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8) else { return nil }
        let stored = UInt32(b[29]) << 24 | UInt32(b[30]) << 16 | UInt32(b[31]) << 8 | UInt32(b[32])
        var crc = Crc32()
        crc.update(b[12..<29])
        guard crc.value == stored else { return nil }
        func be(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        return (be(16), be(20))
    }
}
