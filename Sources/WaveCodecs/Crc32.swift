/// CRC-32 (ISO 3309 / ITU-T V.42, polynomial 0xEDB88320 reflected), as used by PNG chunks.
public struct Crc32: Sendable {
    /// Eight 256-entry tables for slicing-by-8.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 256 * 8)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[n] = c
        }
        for n in 0..<256 {
            var c = t[n]
            for k in 1..<8 {
                c = t[Int(c & 0xFF)] ^ (c >> 8)
                t[k * 256 + n] = c
            }
        }
        return t
    }()

    private var state: UInt32 = 0xFFFF_FFFF

    public init() {}

    /// The CRC of everything fed so far.
    public var value: UInt32 { ~state }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let n = buffer.count
        var c = state
        Crc32.tables.withUnsafeBufferPointer { t in
            var i = 0
            while i + 8 <= n {
                let lo = c ^ (UInt32(p[i]) | UInt32(p[i + 1]) << 8 | UInt32(p[i + 2]) << 16 | UInt32(p[i + 3]) << 24)
                let hi = UInt32(p[i + 4]) | UInt32(p[i + 5]) << 8 | UInt32(p[i + 6]) << 16 | UInt32(p[i + 7]) << 24
                c = t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(p[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
        }
        state = c
    }

    /// CRC-32 of a whole byte array.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc = Crc32()
        crc.update(bytes)
        return crc.value
    }
}
