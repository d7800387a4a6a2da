import WaveCodecs
import WaveGraphics

/// One shard of an MP4, WebM or WebP render: the part's frames themselves, for `wave join`
/// to encode once into the file a whole render writes. Those encoders carry state from
/// frame to frame (a video's GOPs, WebP's frame differences), so unlike APNG and GIF their
/// bytes cannot be cut at a tick and spliced; encoding the same frames in the same order
/// gives the whole render's file (WebP byte for byte; a video frame for frame).
///
/// The payload after the part head (`RenderPartHeader`) is one record a tick, in order:
/// the tick (4 bytes, little-endian), the length of the pixels (4 bytes), the scene's
/// background at that tick (r, g, b, a as four IEEE doubles, little-endian: the video sinks
/// pad odd sizes with it and choose WebM's alpha by it), then the frame's premultiplied
/// RGBA bytes (`Pixmap.data`) as a zlib stream.
public final class FramesPartSink: FrameSink {
    public let request: FrameRequest
    public let schedule: [TimedTick]
    private let output: RenderOutput
    private let width: Int, height: Int
    private var count = 0
    private var crc = Crc32()

    /// The formats whose shards are frames.
    public static func holdsFrames(_ format: ImageFormat) -> Bool { format == .mp4 || format == .webm || format == .webp }

    public init(setup: SinkSetup, part: RenderPartHeader) throws {
        output = try RenderOutput(setup.destination)
        width = setup.width
        height = setup.height
        request = FrameRequest(input: .pixels, scale: setup.scale)
        schedule = part.ticks.map(TimedTick.everyTick)
        try output.write(part.bytes)
    }

    public func consume(_ frame: SinkFrame) throws {
        guard let pixels = frame.pixels, pixels.width == width, pixels.height == height else {
            throw CodecError("a frames part needs \(width)x\(height) pixels")
        }
        let packed = try Deflate.compress(pixels.data, level: 1)
        var record: [UInt8] = []
        for v in [UInt32(frame.time.tick), UInt32(packed.count)] { record += withUnsafeBytes(of: v.littleEndian, Array.init) }
        let bg = frame.frame.background
        for v in [bg.r, bg.g, bg.b, bg.a] { record += withUnsafeBytes(of: v.bitPattern.littleEndian, Array.init) }
        record += packed
        count += record.count
        crc.update(record[...])
        try output.write(record)
    }

    public func finish() throws {
        do {
            try output.write(RenderPartHeader.endLine(length: count, crc: crc.value))
            try output.commit()
        } catch {
            abort()
            throw error
        }
    }

    public func abort() { output.abort() }

    /// Hands each frame of a payload (parts joined in order) to `body`, one at a time, each
    /// checked to be `width` × `height`.
    public static func forEachFrame(_ payload: [UInt8], width: Int, height: Int,
                                    _ body: (_ tick: Int, _ background: Color, _ pixels: Pixmap) throws -> Void) throws {
        var reader = ByteReader(payload)
        while !reader.isAtEnd {
            let tick: Int, length: Int, background: Color, packed: [UInt8]
            do {
                tick = try reader.u32le("a frame's tick")
                length = try reader.u32le("a frame's length")
                background = Color(r: try reader.f64le(), g: try reader.f64le(), b: try reader.f64le(), a: try reader.f64le())
                packed = try reader.take(length, "a frame's pixels")
            } catch {
                throw PartError("a frame record is cut short")
            }
            let bytes: [UInt8]
            do { bytes = try Inflate.inflate(packed, maxOutput: width * height * 4) } catch {
                throw PartError("the frame of tick \(tick) cannot be read: \(error)")
            }
            guard bytes.count == width * height * 4 else { throw PartError("the frame of tick \(tick) is not \(width)x\(height)") }
            var pixmap = Pixmap(width: width, height: height)
            pixmap.data = bytes
            try body(tick, background, pixmap)
        }
    }
}
