/// One PNG chunk: its four-letter type and its data (length and CRC are implied).
public struct PNGChunk: Equatable, Sendable {
    public let type: String
    public let data: [UInt8]

    public init(type: String, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// Critical chunks have an upper-case first letter.
    public var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }
}

/// Serialising and parsing of the PNG chunk layer (signature, length, type, data, CRC).
public enum PNGChunkIO {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// PNG forbids chunk lengths above 2^31 - 1.
    static let maxChunkLength = 0x7FFF_FFFF

    /// Bytes of one complete chunk: length, type, data, CRC-32 of type and data.
    /// `type` is one of this module's four-letter literals.
    static func chunk(_ type: StaticString, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = type.withUTF8Buffer { Array($0) }
        var out = [UInt8]()
        out.reserveCapacity(data.count + 12)
        out.appendBE32(UInt32(data.count))
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: data)
        var crc = Crc32()
        crc.update(typeBytes)
        crc.update(data)
        out.appendBE32(crc.value)
        return out
    }

    /// Splits a PNG (or APNG) file into chunks, verifying the signature, every length
    /// and every CRC. Stops after IEND (trailing bytes are ignored); throws if IEND is
    /// missing, so truncated files are rejected.
    public static func parse(_ bytes: [UInt8]) throws -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw CodecError("not a PNG file (bad signature)")
        }
        var reader = ByteReader(bytes, offset: 8)
        var chunks: [PNGChunk] = []
        while true {
            if reader.isAtEnd { throw CodecError("PNG ended without an IEND chunk") }
            let length = Int(try reader.u32be("chunk length"))
            guard length <= maxChunkLength else { throw CodecError("PNG chunk length \(length) too large") }
            let typeBytes = Array(try reader.take(4, "chunk type"))
            for b in typeBytes where !((b >= 65 && b <= 90) || (b >= 97 && b <= 122)) {
                throw CodecError("invalid PNG chunk type bytes \(typeBytes)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let data = try reader.take(length, "\(type) chunk data")
            let stored = try reader.u32be("\(type) chunk CRC")
            var crc = Crc32()
            crc.update(typeBytes)
            crc.update(data)
            guard crc.value == stored else {
                throw CodecError("CRC mismatch in \(type) chunk")
            }
            chunks.append(PNGChunk(type: type, data: data))
            if type == "IEND" { return chunks }
        }
    }

    /// IHDR data for an 8-bit, non-interlaced image.
    static func ihdr(width: Int, height: Int, colorType: UInt8) -> [UInt8] {
        var d = [UInt8]()
        d.appendBE32(UInt32(width))
        d.appendBE32(UInt32(height))
        d.append(contentsOf: [8, colorType, 0, 0, 0])
        return d
    }
}
