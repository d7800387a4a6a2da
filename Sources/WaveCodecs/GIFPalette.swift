/// A GIF colour table: up to 255 opaque colours plus one reserved transparent index
/// (`colors.count`), padded with black to a power-of-two size.
struct GIFPalette: Equatable {
    /// 0xRRGGBB values, at most 255.
    let colors: [UInt32]
    /// True when the palette holds every colour of the pixels it was built for exactly.
    let exact: Bool

    init(colors: [UInt32], exact: Bool) {
        self.colors = Array(colors.prefix(255))
        self.exact = exact
    }

    var transparentIndex: Int { colors.count }

    /// log2 of the table size (1...8); the table holds the colours plus the transparent slot.
    var tableBits: Int {
        var bits = 1
        while (1 << bits) < colors.count + 1 { bits += 1 }
        return bits
    }

    /// LZW minimum code size for images using this table.
    var minCodeSize: Int { max(2, tableBits) }

    /// The colour table bytes (3 per entry, `1 << tableBits` entries).
    func tableBytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 3 * (1 << tableBits))
        for (i, c) in colors.enumerated() {
            out[3 * i] = UInt8(truncatingIfNeeded: c >> 16)
            out[3 * i + 1] = UInt8(truncatingIfNeeded: c >> 8)
            out[3 * i + 2] = UInt8(truncatingIfNeeded: c)
        }
        return out
    }
}

/// Fixed-capacity open-addressing set of up to 255 distinct RGB colours, mapping each
/// to an index. Used to detect "few colours" frames, which then get an exact palette.
struct ExactColorTable {
    static let maxColors = 255
    private static let bits = 10
    private static let capacity = 1 << bits
    /// Stored as `rgb | 0x1000000` so that 0 means "empty".
    private var keys = [UInt32](repeating: 0, count: capacity)
    private var values = [UInt8](repeating: 0, count: capacity)
    private(set) var colors: [UInt32] = []

    var count: Int { colors.count }

    @inline(__always)
    private static func slot(_ key: UInt32) -> Int {
        Int((key &* 0x9E37_79B1) >> UInt32(32 - bits))
    }

    /// Adds the colours of `pixels` (0xAARRGGBB with any alpha; alpha is ignored).
    /// Returns false (leaving the table partially filled) once there are more than 255.
    mutating func insert(contentsOf pixels: [UInt32]) -> Bool {
        var last: UInt32 = 0xFFFF_FFFF
        var ok = true
        keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                for p in pixels {
                    let key = (p & 0xFF_FFFF) | 0x100_0000
                    if key == last { continue }
                    last = key
                    var s = ExactColorTable.slot(key)
                    while true {
                        let k = keys[s]
                        if k == key { break }
                        if k == 0 {
                            if colors.count >= ExactColorTable.maxColors {
                                ok = false
                                return
                            }
                            keys[s] = key
                            values[s] = UInt8(colors.count)
                            colors.append(key & 0xFF_FFFF)
                            break
                        }
                        s = (s + 1) & (ExactColorTable.capacity - 1)
                    }
                }
            }
        }
        return ok
    }

    /// Builds a table whose indices follow `palette` order.
    init(palette: [UInt32]) {
        for c in palette.prefix(ExactColorTable.maxColors) { _ = insert(contentsOf: [c]) }
    }

    init() {}

    /// Index of an RGB colour, or nil when absent.
    func index(of rgb: UInt32) -> Int? {
        let key = (rgb & 0xFF_FFFF) | 0x100_0000
        var s = ExactColorTable.slot(key)
        while true {
            let k = keys[s]
            if k == key { return Int(values[s]) }
            if k == 0 { return nil }
            s = (s + 1) & (ExactColorTable.capacity - 1)
        }
    }

    /// Calls `body` with raw key/value tables for a hot loop; see `lookup`.
    func withTables<T>(_ body: (UnsafeBufferPointer<UInt32>, UnsafeBufferPointer<UInt8>) -> T) -> T {
        keys.withUnsafeBufferPointer { k in values.withUnsafeBufferPointer { v in body(k, v) } }
    }

    /// Hot-loop lookup on the tables from `withTables`; returns -1 when absent.
    @inline(__always)
    static func lookup(_ rgb: UInt32, keys: UnsafeBufferPointer<UInt32>, values: UnsafeBufferPointer<UInt8>) -> Int {
        let key = (rgb & 0xFF_FFFF) | 0x100_0000
        var s = slot(key)
        while true {
            let k = keys[s]
            if k == key { return Int(values[s]) }
            if k == 0 { return -1 }
            s = (s + 1) & (capacity - 1)
        }
    }
}
