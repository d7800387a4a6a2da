/// Still-image PNG encoder (8-bit, non-interlaced).
public enum PNGEncoder {
    /// Largest data size of one IDAT/fdAT chunk written by the encoders.
    static let maxChunkData = 1 << 16

    /// Encodes straight-alpha RGBA8 pixels.
    ///
    /// Writes colour type 2 (RGB) when every alpha is 255, otherwise colour type 6 (RGBA).
    /// The rows are filtered adaptively or not at all, whichever compresses smaller
    /// (`ScanlineCompressor`); `compression` (0...9) is zlib's level. Output is deterministic.
    public static func encode(width: Int, height: Int, rgba: [UInt8], compression: Int = 6) throws -> [UInt8] {
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        let compressor = try ScanlineCompressor(level: compression)
        let opaque = isOpaque(rgba)
        let channels = opaque ? 3 : 4
        let zdata = try rgba.withUnsafeBufferPointer { px in
            try compressor.compress(px, stride: width, x0: 0, y0: 0, w: width, h: height, channels: channels)
        }
        var out = PNGChunkIO.signature
        out.reserveCapacity(zdata.count + 64 + 12 * (zdata.count / maxChunkData))
        out += PNGChunkIO.chunk("IHDR", PNGChunkIO.ihdr(width: width, height: height, colorType: opaque ? 2 : 6))
        for piece in split(zdata, maxPiece: maxChunkData) {
            out += PNGChunkIO.chunk("IDAT", piece)
        }
        out += PNGChunkIO.chunk("IEND", [])
        return out
    }

    /// True when every alpha byte is 255.
    static func isOpaque(_ rgba: [UInt8]) -> Bool {
        rgba.withUnsafeBufferPointer { p in
            var i = 3
            var acc: UInt8 = 0xFF
            while i < p.count {
                acc &= p[i]
                i += 4
            }
            return acc == 0xFF
        }
    }

    /// Splits `data` into pieces of at most `maxPiece` bytes (one empty piece for empty data).
    static func split(_ data: [UInt8], maxPiece: Int) -> [[UInt8]] {
        if data.count <= maxPiece { return [data] }
        var pieces: [[UInt8]] = []
        var start = 0
        while start < data.count {
            let end = min(data.count, start + maxPiece)
            pieces.append(Array(data[start..<end]))
            start = end
        }
        return pieces
    }
}
