import CZlib

/// A reusable zlib compressor (zlib format: 2-byte header, deflate data, Adler-32).
///
/// Keeping one `Deflater` per encoder and calling `deflateReset` between images avoids
/// re-allocating zlib's ~256 KiB of internal state per frame.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>
    let level: Int

    /// `filtered`: zlib's Z_FILTERED strategy, which suits PNG-filtered image rows
    /// (slightly smaller output at the same speed); otherwise Z_DEFAULT_STRATEGY.
    init(level: Int, filtered: Bool = false) throws {
        guard (0...9).contains(level) else {
            throw CodecError("compression level must be 0...9, got \(level)")
        }
        self.level = level
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let rc = czlib_deflateInit2(stream, Int32(level), 15, 8, filtered ? Z_FILTERED : Z_DEFAULT_STRATEGY)
        guard rc == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw CodecError("zlib deflateInit2 failed (\(rc))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `input` into one complete zlib stream.
    func compress(_ input: UnsafeBufferPointer<UInt8>) throws -> [UInt8] {
        guard input.count <= Int(UInt32.max / 2) else {
            throw CodecError("deflate input too large (\(input.count) bytes)")
        }
        guard deflateReset(stream) == Z_OK else { throw CodecError("zlib deflateReset failed") }
        let bound = Int(deflateBound(stream, uLong(input.count))) + 16
        var dummy: UInt8 = 0
        return try withUnsafeMutablePointer(to: &dummy) { dummyPtr in
            try [UInt8](unsafeUninitializedCapacity: bound) { out, count in
                let s = stream
                s.pointee.next_in = input.baseAddress.map { UnsafeMutablePointer(mutating: $0) } ?? dummyPtr
                s.pointee.avail_in = uInt(input.count)
                s.pointee.next_out = out.baseAddress
                s.pointee.avail_out = uInt(bound)
                let rc = deflate(s, Z_FINISH)
                let produced = bound - Int(s.pointee.avail_out)
                s.pointee.next_in = nil
                s.pointee.next_out = nil
                guard rc == Z_STREAM_END else {
                    count = 0
                    throw CodecError("zlib deflate failed (\(rc))")
                }
                count = produced
            }
        }
    }

    func compress(_ input: [UInt8]) throws -> [UInt8] {
        try input.withUnsafeBufferPointer { try compress($0) }
    }
}

/// One-shot zlib compression.
public enum Deflate {
    /// Compresses `data` into a zlib stream at `level` 0...9 (deterministic for a given zlib).
    public static func compress(_ data: [UInt8], level: Int = 6) throws -> [UInt8] {
        try Deflater(level: level).compress(data)
    }
}
