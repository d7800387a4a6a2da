import Foundation
import WaveGraphics
import WaveSinks

/// `wave join`: reads the part files of one render, joins them (`PartJoiner`) and writes
/// the whole file atomically. Parts are found beside the output (`OUT.A-B.part`) unless
/// named. A part that cannot be read is an I/O error (74); parts that do not join — a bad
/// head, another render's part, a gap or an overlap — are a data error (65), reported with
/// the file and line. Nothing is written unless the join succeeds.
public struct JoinJob {
    public var output: String
    public var parts: [String]

    public init(output: String, parts: [String]) {
        self.output = output
        self.parts = parts
    }

    /// The part files of `output` in its directory: `NAME.A-B.part`, in tick order.
    public static func discover(_ output: String) throws -> [String] {
        let folder = PathName.parent(output)
        let dir = folder ?? "."
        let name = PathName.lastComponent(output)
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: dir) } catch {
            throw IOError("cannot list '\(dir)' to find the parts of '\(output)': \(error.localizedDescription)")
        }
        let found = entries.compactMap { entry -> (Int, String)? in
            guard entry.hasPrefix(name + "."), entry.hasSuffix(".part") else { return nil }
            let range = entry.dropFirst(name.count + 1).dropLast(5).split(separator: "-")
            guard range.count == 2, let a = Int(range[0]), Int(range[1]) != nil else { return nil }
            return (a, PathName.joining(folder ?? "", entry))
        }
        guard !found.isEmpty else { throw IOError("no part files '\(name).A-B.part' beside '\(output)': render them with --shard K/N -o \(output)") }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Joins and writes; returns the head of the whole file and the number of parts. A
    /// signal (with `Interrupts` installed) stops it between parts and between chunks of
    /// the output with `Interrupted`: the output is untouched and no temporary file is left.
    public func run() throws -> (header: RenderPartHeader, parts: Int) {
        let names = parts.isEmpty ? try JoinJob.discover(output) : parts
        var read: [PartJoiner.Part] = []
        for name in names {
            try Interrupts.check()
            // Only regular files: a part that is a link to /dev/zero would be read forever.
            do { read.append(PartJoiner.Part(name: name, bytes: try FileBytes.readRegular(name, limit: Int.max - 1))) } catch {
                if error.kind == .notRegular { throw PartError("\(name): not a part: \(error.reason)") }
                throw IOError("cannot read the part '\(name)': \(error.reason)")
            }
        }
        try Interrupts.check()
        let (bytes, header) = try PartJoiner.join(read)
        read.removeAll()
        if let implied = ImageFormat.fromExtension(output), implied != header.format {
            throw PartError("the parts hold \(header.format.info.displayName), but '\(output)' names a \(implied.info.displayName) file")
        }
        if FramesPartSink.holdsFrames(header.format) {
            try encode(bytes, header)
            return (header, names.count)
        }
        let file = try AtomicFile(path: output)
        do {
            let chunk = 4 << 20
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                try Interrupts.check()
                try file.write(Array(bytes[start..<min(start + chunk, bytes.count)]))
            }
            try Interrupts.check()
            try file.commit()
        } catch {
            file.abort()
            throw error
        }
        return (header, names.count)
    }

    /// MP4, WebM and WebP: the parts hold frames; encodes them, in tick order, with the
    /// format's own sink into `output`, as a whole render would.
    func encode(_ payload: [UInt8], _ header: RenderPartHeader) throws {
        let (options, scale) = header.sinkOptions
        let setup = SinkSetup(width: header.width, height: header.height, ticks: header.range, scale: scale,
                              options: options, destination: .file(output))
        let sink = try header.format.info.makeSink(setup)
        do {
            var expected = header.range.lowerBound
            try FramesPartSink.forEachFrame(payload, width: header.width, height: header.height) { tick, background, pixels in
                try Interrupts.check()
                guard tick == expected else { throw PartError("the parts' frames skip from tick \(expected) to \(tick)") }
                expected += 1
                let frame = Frame(tick: tick, width: header.width, height: header.height, background: background, items: [])
                try sink.consume(SinkFrame(frame: frame, pixels: pixels, time: .everyTick(tick)))
            }
            guard expected == header.range.upperBound else { throw PartError("the parts' frames end at tick \(expected), not \(header.range.upperBound)") }
            try Interrupts.check()
            try sink.finish()
        } catch {
            sink.abort()
            throw error
        }
    }
}
