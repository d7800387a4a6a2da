/// Bounds-checked cursor over a byte array; every read past the end throws `CodecError`.
/// Package-wide: the test-only decoders in WaveTestSupport read with it too.
package struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }
    package var isAtEnd: Bool { offset >= bytes.count }

    private func need(_ n: Int, _ what: String) throws {
        guard n >= 0, n <= bytes.count - offset else {
            throw CodecError("unexpected end of data while reading \(what)")
        }
    }

    package mutating func u8(_ what: String = "byte") throws -> UInt8 {
        try need(1, what)
        let v = bytes[offset]
        offset += 1
        return v
    }

    package mutating func u16le(_ what: String = "16-bit value") throws -> Int {
        try need(2, what)
        let v = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
        offset += 2
        return v
    }

    package mutating func u32le(_ what: String = "32-bit value") throws -> Int {
        try need(4, what)
        var v = 0
        for k in 0..<4 { v |= Int(bytes[offset + k]) << (8 * k) }
        offset += 4
        return v
    }

    package mutating func f64le(_ what: String = "64-bit float") throws -> Double {
        try need(8, what)
        var bits: UInt64 = 0
        for k in 0..<8 { bits |= UInt64(bytes[offset + k]) << (8 * UInt64(k)) }
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func u16be(_ what: String = "16-bit value") throws -> Int {
        try need(2, what)
        let v = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        offset += 2
        return v
    }

    mutating func u32be(_ what: String = "32-bit value") throws -> UInt32 {
        try need(4, what)
        var v: UInt32 = 0
        for i in 0..<4 { v = v << 8 | UInt32(bytes[offset + i]) }
        offset += 4
        return v
    }

    /// The next `n` bytes as a new, zero-based array.
    package mutating func take(_ n: Int, _ what: String = "data") throws -> [UInt8] {
        try need(n, what)
        let s = Array(bytes[offset..<(offset + n)])
        offset += n
        return s
    }

    mutating func skip(_ n: Int, _ what: String = "data") throws {
        try need(n, what)
        offset += n
    }
}

extension Array where Element == UInt8 {
    mutating func appendBE32(_ v: UInt32) {
        append(UInt8(truncatingIfNeeded: v >> 24))
        append(UInt8(truncatingIfNeeded: v >> 16))
        append(UInt8(truncatingIfNeeded: v >> 8))
        append(UInt8(truncatingIfNeeded: v))
    }

    mutating func appendBE16(_ v: UInt16) {
        append(UInt8(truncatingIfNeeded: v >> 8))
        append(UInt8(truncatingIfNeeded: v))
    }

    mutating func appendLE16(_ v: UInt16) {
        append(UInt8(truncatingIfNeeded: v))
        append(UInt8(truncatingIfNeeded: v >> 8))
    }

    mutating func appendASCII(_ s: String) {
        append(contentsOf: Array(s.utf8))
    }
}

/// Reads a big-endian UInt32 at `i` from a buffer the caller has bounds-checked.
@inline(__always)
package func readBE32(_ b: [UInt8], _ i: Int) -> UInt32 {
    UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
}
