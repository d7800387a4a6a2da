import CZlib

/// zlib decompression with a hard output limit.
public enum Inflate {
    /// Decompresses one complete zlib stream.
    ///
    /// Throws `CodecError` if the stream is corrupt (bad header, bad deflate data, bad
    /// Adler-32), truncated, or would produce more than `maxOutput` bytes. Bytes after the
    /// end of the zlib stream are ignored.
    public static func inflate(_ zlibStream: [UInt8], maxOutput: Int) throws -> [UInt8] {
        guard maxOutput >= 0 else { throw CodecError("maxOutput must not be negative") }
        guard !zlibStream.isEmpty else { throw CodecError("empty zlib stream") }
        // One byte of headroom detects "more output than allowed".
        let limit = min(maxOutput, 1 << 40) + 1
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard czlib_inflateInit(stream) == Z_OK else { throw CodecError("zlib inflateInit failed") }
        defer { inflateEnd(stream) }

        var capacity = min(limit, max(4096, zlibStream.count * 4))
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var produced = 0

        try zlibStream.withUnsafeBufferPointer { input in
            guard let inBase = input.baseAddress else { return }
            var consumed = 0
            while true {
                if produced == capacity {
                    if capacity >= limit {
                        throw CodecError("zlib stream inflates to more than \(maxOutput) bytes")
                    }
                    let newCapacity = min(limit, capacity * 2)
                    let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
                    bigger.update(from: buffer, count: produced)
                    buffer.deallocate()
                    buffer = bigger
                    capacity = newCapacity
                }
                let inChunk = min(input.count - consumed, Int(UInt32.max))
                let outChunk = min(capacity - produced, Int(UInt32.max))
                stream.pointee.next_in = UnsafeMutablePointer(mutating: inBase + consumed)
                stream.pointee.avail_in = uInt(inChunk)
                stream.pointee.next_out = buffer + produced
                stream.pointee.avail_out = uInt(outChunk)
                let rc = CZlib.inflate(stream, Z_NO_FLUSH)
                consumed += inChunk - Int(stream.pointee.avail_in)
                produced += outChunk - Int(stream.pointee.avail_out)
                stream.pointee.next_in = nil
                stream.pointee.next_out = nil
                switch rc {
                case Z_STREAM_END:
                    if produced > maxOutput {
                        throw CodecError("zlib stream inflates to more than \(maxOutput) bytes")
                    }
                    return
                case Z_OK:
                    continue
                case Z_BUF_ERROR:
                    if consumed >= input.count {
                        throw CodecError("truncated zlib stream")
                    }
                    guard produced == capacity else {
                        throw CodecError("zlib inflate made no progress")
                    }
                    continue  // output buffer full; grow and retry
                case Z_NEED_DICT:
                    throw CodecError("zlib stream requires a preset dictionary")
                case Z_DATA_ERROR:
                    let msg = stream.pointee.msg.map { String(cString: $0) } ?? "data error"
                    throw CodecError("corrupt zlib stream: \(msg)")
                case Z_MEM_ERROR:
                    throw CodecError("zlib out of memory")
                default:
                    throw CodecError("zlib inflate failed (\(rc))")
                }
            }
        }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: produced))
    }
}
