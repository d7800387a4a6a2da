import WaveCodecs

/// Joins the part files of one render into the file the whole render writes, byte for
/// byte: checks that the parts agree and tile the range, concatenates their payloads in
/// tick order and, for APNG, renumbers the fcTL/fdAT sequence numbers (each part counts
/// from 0) and recomputes those chunks' CRCs.
public struct PartJoiner {
    /// One part: its name (for messages) and its bytes.
    public struct Part {
        public var name: String
        public var bytes: [UInt8]
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// The joined file and the head the parts share (its `ticks` is the whole range).
    public static func join(_ parts: [Part]) throws -> (bytes: [UInt8], header: RenderPartHeader) {
        guard !parts.isEmpty else { throw PartError("no parts to join") }
        var read: [(part: Part, header: RenderPartHeader, payload: Range<Int>)] = []
        for p in parts {
            do {
                let (h, payload) = try RenderPartHeader.read(p.bytes)
                read.append((p, h, payload))
            } catch let e as PartError {
                throw PartError("\(p.name): \(e)")
            }
        }
        read.sort { $0.header.ticks.lowerBound < $1.header.ticks.lowerBound }
        let first = read[0]
        for r in read.dropFirst() {
            var mine = r.header
            mine.ticks = first.header.ticks
            guard mine == first.header else {
                let what = mine.format != first.header.format ? "format" : mine.script != first.header.script ? "script"
                    : mine.width != first.header.width || mine.height != first.header.height ? "size"
                    : mine.range != first.header.range ? "range" : "options"
                throw PartError("\(r.part.name): its \(what) differs from \(first.part.name)'s: parts of different renders do not join")
            }
        }
        var expected = first.header.range.lowerBound
        for r in read {
            let t = r.header.ticks
            if t.lowerBound > expected { throw PartError("no part covers ticks \(expected)..\(t.lowerBound) (before \(r.part.name))") }
            if t.lowerBound < expected { throw PartError("\(r.part.name) covers ticks \(t.lowerBound)..\(t.upperBound), which overlap the part before it (up to \(expected))") }
            expected = t.upperBound
        }
        if expected < first.header.range.upperBound {
            throw PartError("no part covers ticks \(expected)..\(first.header.range.upperBound) (after \(read[read.count - 1].part.name))")
        }
        var out: [UInt8] = []
        out.reserveCapacity(read.reduce(0) { $0 + $1.payload.count })
        var sequence: UInt32 = 0
        for r in read {
            let payload = r.part.bytes[r.payload]
            if first.header.format == .apng {
                try renumberAPNG(payload, first: r.header.ticks.lowerBound == r.header.range.lowerBound,
                                 sequence: &sequence, into: &out, name: r.part.name)
            } else {
                out += payload
            }
        }
        var whole = first.header
        whole.ticks = whole.range
        return (out, whole)
    }

    /// Copies the PNG chunks of an APNG part, giving fcTL and fdAT the next sequence numbers.
    static func renumberAPNG(_ payload: ArraySlice<UInt8>, first: Bool, sequence: inout UInt32,
                             into out: inout [UInt8], name: String) throws {
        var i = payload.startIndex
        if first {
            guard payload.count >= 8, Array(payload[i..<(i + 8)]) == PNGChunkIO.signature else {
                throw PartError("\(name): the first APNG part does not start with the PNG signature")
            }
            out += payload[i..<(i + 8)]
            i += 8
        }
        while i < payload.endIndex {
            guard payload.endIndex - i >= 12 else { throw PartError("\(name): a PNG chunk is cut short at byte \(i - payload.startIndex)") }
            let length = Int(payload[i]) << 24 | Int(payload[i + 1]) << 16 | Int(payload[i + 2]) << 8 | Int(payload[i + 3])
            let end = i + 12 + length
            guard length <= 0x7FFF_FFFF, end <= payload.endIndex else {
                throw PartError("\(name): a PNG chunk is cut short at byte \(i - payload.startIndex)")
            }
            let type = String(decoding: payload[(i + 4)..<(i + 8)], as: UTF8.self)
            if (type == "fcTL" || type == "fdAT") && length >= 4 {
                var chunk = Array(payload[i..<end])
                chunk[8] = UInt8(sequence >> 24); chunk[9] = UInt8(sequence >> 16 & 0xFF)
                chunk[10] = UInt8(sequence >> 8 & 0xFF); chunk[11] = UInt8(sequence & 0xFF)
                sequence += 1
                var crc = Crc32()
                crc.update(chunk[4..<(chunk.count - 4)])
                let c = crc.value
                chunk[chunk.count - 4] = UInt8(c >> 24); chunk[chunk.count - 3] = UInt8(c >> 16 & 0xFF)
                chunk[chunk.count - 2] = UInt8(c >> 8 & 0xFF); chunk[chunk.count - 1] = UInt8(c & 0xFF)
                out += chunk
            } else {
                out += payload[i..<end]
            }
            i = end
        }
    }
}
