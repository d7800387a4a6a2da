import Foundation
import WaveCodecs

/// The head of a part file: one shard's share of an animation, written by
/// `wave render --shard K/N` or `--ticks A..B` and joined by `wave join`.
///
/// A part file is this text head, an empty line, then the part's payload: the exact bytes
/// the whole render writes for the part's frames (the first part also carries the file's
/// header, the last its trailer; APNG sequence numbers start again from 0 in each part and
/// are renumbered by the join), then an end line holding the payload's length and CRC-32
/// (`wave part end LLLLLLLLLLLLLLLL CCCCCCCC`, hex), written last, so that a part cut short
/// or damaged in transit is refused instead of joined into a broken file. Every field must
/// agree between the parts of one render, except `ticks`, and the parts' ticks must tile
/// `range`:
///
///     wave part 2
///     format gif
///     script 6f1c0a93d2e4b757
///     size 160x90
///     range 0 600
///     ticks 150 300
///     options fps=50 loop=0 dither=floyd-steinberg compression=6
///
public struct RenderPartHeader: Equatable, Sendable {
    public static let magic = "wave part 2"
    /// What starts the end line, after a line feed.
    static let endMark = Array("\nwave part end ".utf8)
    /// The end line's length: the mark, 16 hex digits, a space, 8 hex digits, a line feed.
    static let endLength = endMark.count + 16 + 1 + 8 + 1

    /// The end line for a payload of `length` bytes with CRC-32 `crc`.
    public static func endLine(length: Int, crc: UInt32) -> [UInt8] {
        func hex(_ v: UInt64, _ digits: Int) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: max(0, digits - s.count)) + s
        }
        return endMark + Array("\(hex(UInt64(length), 16)) \(hex(UInt64(crc), 8))\n".utf8)
    }

    public var format: ImageFormat
    /// Fingerprint of the script's source (`fingerprint(of:)`).
    public var script: String
    public var width: Int
    public var height: Int
    /// The ticks of the whole render, end exclusive.
    public var range: Range<Int>
    /// The ticks this part covers, end exclusive; inside `range`.
    public var ticks: Range<Int>
    /// The encoder settings, as `options(_:)` spells them.
    public var options: String

    public init(format: ImageFormat, script: String, width: Int, height: Int, range: Range<Int>,
                ticks: Range<Int>, options: String) {
        self.format = format
        self.script = script
        self.width = width
        self.height = height
        self.range = range
        self.ticks = ticks
        self.options = options
    }

    /// A 64-bit FNV-1a hash of `bytes`, in hex: parts of different scripts do not join.
    public static func fingerprint(of bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The settings that change a format's bytes, as one line.
    public static func options(_ o: ImageSinkOptions, format: ImageFormat, scale: Double) -> String {
        var parts: [String] = []
        let info = format.info.options
        if info.contains(.fps) { parts.append("fps=\(o.gifRate.rawValue)") }
        if info.contains(.loop) { parts.append("loop=\(o.loopCount)") }
        if info.contains(.dither) { parts.append("dither=\(o.dither)") }
        if info.contains(.compression) { parts.append("compression=\(o.compression)") }
        if info.contains(.crf) { parts.append("crf=\(o.crf.map(String.init) ?? "default")") }
        if info.contains(.lossy) { parts.append("lossy=\(o.lossyQuality.map(String.init) ?? "none")") }
        if info.contains(.cells) {
            parts.append("cells=\(o.cellMode.rawValue) color=\(o.colorMode.rawValue) text=\(o.textCells ? "cells" : "pixels") grid=\(o.cellColumns)x\(o.cellRows)")
        }
        parts.append("scale=\(scale)")
        return parts.joined(separator: " ")
    }

    /// The encoder settings `options` spells (`loop`, `crf`, `lossy`, `compression`), for a
    /// join that encodes the frames itself (`FramesPartSink`); the scale.
    public var sinkOptions: (options: ImageSinkOptions, scale: Double) {
        var o = ImageSinkOptions()
        var scale = 1.0
        for field in options.split(separator: " ") {
            let kv = field.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2 else { continue }
            switch kv[0] {
            case "loop": o.loopCount = Int(kv[1]) ?? 0
            case "crf": o.crf = Int(kv[1])
            case "lossy": o.lossyQuality = Int(kv[1])
            case "compression": o.compression = Int(kv[1]) ?? 6
            case "scale": scale = Double(kv[1]) ?? 1
            default: break
            }
        }
        return (o, scale)
    }

    /// The head as bytes, ending with the empty line.
    public var bytes: [UInt8] {
        let text = """
        \(Self.magic)
        format \(format.rawValue)
        script \(script)
        size \(width)x\(height)
        range \(range.lowerBound) \(range.upperBound)
        ticks \(ticks.lowerBound) \(ticks.upperBound)
        options \(options)


        """
        return Array(text.utf8)
    }

    /// Reads a part file: its head, and where its payload lies once the end line has
    /// vouched for it (length and CRC-32). Errors about the head name its line.
    public static func read(_ data: [UInt8]) throws -> (header: RenderPartHeader, payload: Range<Int>) {
        let (header, start) = try parse(data)
        let cut = PartError("the part is cut short or damaged (its end line is missing): render this shard again")
        guard data.count - start >= endLength else { throw cut }
        let end = data.count - endLength
        guard Array(data[end..<(end + endMark.count)]) == endMark, data[data.count - 1] == 0x0A else { throw cut }
        let fields = String(decoding: data[(end + endMark.count)..<(data.count - 1)], as: UTF8.self).split(separator: " ")
        guard fields.count == 2, let length = Int(fields[0], radix: 16), let crc = UInt32(fields[1], radix: 16) else { throw cut }
        guard length == end - start else {
            throw PartError("the part holds \(end - start) bytes of frames where its end line says \(length): render this shard again")
        }
        var check = Crc32()
        check.update(data[start..<end])
        guard check.value == crc else { throw PartError("the part's frames do not match their checksum (damaged): render this shard again") }
        return (header, start..<end)
    }

    /// Reads the head of a part file; returns it and where the payload starts. Errors name
    /// the line.
    public static func parse(_ data: [UInt8]) throws -> (header: RenderPartHeader, payloadStart: Int) {
        var lines: [String] = []
        var start = 0, i = 0
        while i < data.count && i < 4096 {
            if data[i] == 0x0A {
                let line = String(decoding: data[start..<i], as: UTF8.self)
                start = i + 1
                if line.isEmpty { break }
                lines.append(line)
            }
            i += 1
        }
        guard lines.first == magic else {
            if lines.first == "wave part 1" {
                throw PartError(line: 1, "a part from an older wave, without the end line that vouches for its frames: render it again")
            }
            throw PartError(line: 1, "not a wave part file (expected '\(magic)' on the first line)")
        }
        guard i < data.count, data[i] == 0x0A else { throw PartError(line: lines.count + 1, "the head does not end with an empty line") }
        let fields = ["format", "script", "size", "range", "ticks", "options"]
        guard lines.count == fields.count + 1 else {
            throw PartError(line: min(lines.count, fields.count) + 2, "expected the fields \(fields.joined(separator: ", ")), one a line")
        }
        func field(_ n: Int) throws -> String {
            let line = lines[n + 1], name = fields[n]
            guard line.hasPrefix(name + " ") else { throw PartError(line: n + 2, "expected '\(name) …', found '\(line)'") }
            return String(line.dropFirst(name.count + 1))
        }
        func range(_ n: Int) throws -> Range<Int> {
            let v = try field(n).split(separator: " ").map { Int($0) }
            guard v.count == 2, let a = v[0], let b = v[1], a >= 0, a <= b else {
                throw PartError(line: n + 2, "expected '\(fields[n]) START END' with 0 ≤ START ≤ END")
            }
            return a..<b
        }
        guard let format = ImageFormat(rawValue: try field(0)), format.isAnimated else {
            throw PartError(line: 2, "expected the format apng, gif, y4m, webp, mp4, webm or cast")
        }
        let size = try field(2).split(separator: "x").map { Int($0) }
        guard size.count == 2, let w = size[0], let h = size[1], w > 0, h > 0 else {
            throw PartError(line: 4, "expected 'size WxH'")
        }
        let header = RenderPartHeader(format: format, script: try field(1), width: w, height: h,
                                      range: try range(3), ticks: try range(4), options: try field(5))
        guard header.range.contains(header.ticks.lowerBound), header.ticks.upperBound <= header.range.upperBound else {
            throw PartError(line: 6, "ticks \(header.ticks.lowerBound)..\(header.ticks.upperBound) are outside the range")
        }
        return (header, i + 1)
    }
}

/// A part file that cannot be read or does not fit the others; `line` is 0 when the
/// problem is not on one line of the head.
public struct PartError: Error, CustomStringConvertible {
    public let line: Int
    public let message: String
    public init(line: Int = 0, _ message: String) {
        self.line = line
        self.message = message
    }
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
