import WaveCodecs

/// GIF LZW decompression with strict bounds: throws on invalid codes, on too much
/// data and on too little data; never writes past `pixelCount`.
public enum LZWDecoder {
    /// Decodes a raw code stream (sub-blocks already joined) into exactly `pixelCount`
    /// indices. A missing end-of-information code is accepted once all pixels are decoded.
    public static func decode(_ data: [UInt8], minCodeSize: Int, pixelCount: Int) throws -> [UInt8] {
        try decodeCountingClears(data, minCodeSize: minCodeSize, pixelCount: pixelCount).indices
    }

    /// `decode`, also reporting how many clear codes the stream contained (for tests).
    public static func decodeCountingClears(_ data: [UInt8], minCodeSize: Int,
                                            pixelCount: Int) throws -> (indices: [UInt8], clears: Int, maxCodeSize: Int) {
        guard (1...8).contains(minCodeSize) else {
            throw CodecError("invalid LZW minimum code size \(minCodeSize)")
        }
        let clearCode = 1 << minCodeSize
        let eoiCode = clearCode + 1
        var prefix = [Int16](repeating: -1, count: 4096)
        var suffix = [UInt8](repeating: 0, count: 4096)
        var first = [UInt8](repeating: 0, count: 4096)
        var length = [Int32](repeating: 0, count: 4096)
        for i in 0..<min(clearCode, 4096) {
            suffix[i] = UInt8(truncatingIfNeeded: i)
            first[i] = UInt8(truncatingIfNeeded: i)
            length[i] = 1
        }
        var out = [UInt8](repeating: 0, count: pixelCount)
        var pos = 0
        var codeSize = minCodeSize + 1
        var next = eoiCode + 1
        var prev = -1
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        var byteIndex = 0
        var sawEOI = false
        var clears = 0
        var maxCodeSize = codeSize

        /// Writes the string for `code` at `pos`; returns false if it does not fit.
        func emit(_ code: Int) -> Bool {
            let len = Int(length[code])
            guard len <= pixelCount - pos else { return false }
            var c = code
            var i = pos + len - 1
            while i >= pos {
                out[i] = suffix[c]
                c = Int(prefix[c])
                i -= 1
            }
            pos += len
            return true
        }

        decoding: while true {
            while bitCount < codeSize && byteIndex < data.count {
                bitBuffer |= UInt64(data[byteIndex]) << UInt64(bitCount)
                byteIndex += 1
                bitCount += 8
            }
            if bitCount < codeSize { break decoding }  // data ran out without EOI
            let code = Int(bitBuffer & ((1 << UInt64(codeSize)) - 1))
            bitBuffer >>= UInt64(codeSize)
            bitCount -= codeSize

            if code == clearCode {
                clears += 1
                codeSize = minCodeSize + 1
                next = eoiCode + 1
                prev = -1
                continue
            }
            if code == eoiCode {
                sawEOI = true
                break decoding
            }
            if prev < 0 {
                guard code < clearCode else { throw CodecError("LZW stream starts with undefined code \(code)") }
                guard emit(code) else { throw CodecError("LZW data exceeds the image size") }
                prev = code
                continue
            }
            if code < next {
                guard emit(code) else { throw CodecError("LZW data exceeds the image size") }
                if next < 4096 {
                    prefix[next] = Int16(prev)
                    suffix[next] = first[code]
                    first[next] = first[prev]
                    length[next] = length[prev] + 1
                    next += 1
                }
            } else if code == next && next < 4096 {
                prefix[next] = Int16(prev)
                suffix[next] = first[prev]
                first[next] = first[prev]
                length[next] = length[prev] + 1
                next += 1
                guard emit(code) else { throw CodecError("LZW data exceeds the image size") }
            } else {
                throw CodecError("invalid LZW code \(code) (next free code \(next))")
            }
            if next == (1 << codeSize) && codeSize < 12 {
                codeSize += 1
                maxCodeSize = max(maxCodeSize, codeSize)
            }
            prev = code
        }
        guard pos == pixelCount else {
            throw CodecError("LZW data too short: \(pos) of \(pixelCount) pixels\(sawEOI ? "" : " (truncated)")")
        }
        return (out, clears, maxCodeSize)
    }
}
