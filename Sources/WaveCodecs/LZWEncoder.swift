/// GIF-flavoured LZW compression: LSB-first codes, variable code size from
/// `minCodeSize + 1` up to 12 bits, a clear code at the start and whenever the code
/// table fills, and an end-of-information code at the end.
enum LZWEncoder {
    private static let tableBits = 13
    private static let tableSize = 1 << tableBits  // open-addressing slots (load <= 0.5)

    /// Compresses palette indices (each < 2^minCodeSize) into a raw LZW code stream
    /// (not yet split into sub-blocks). `minCodeSize` must be 2...8.
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, minCodeSize: Int) -> [UInt8] {
        let clearCode = 1 << minCodeSize
        let eoiCode = clearCode + 1
        var out = [UInt8]()
        out.reserveCapacity(indices.count / 2 + 16)
        var bitBuffer: UInt64 = 0
        var bitCount = 0
        @inline(__always) func put(_ code: Int, _ size: Int) {
            bitBuffer |= UInt64(code) << UInt64(bitCount)
            bitCount += size
            while bitCount >= 8 {
                out.append(UInt8(truncatingIfNeeded: bitBuffer))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        // Each slot packs the key (prefix << 8 | byte, 20 bits) above the code (12 bits).
        // Codes in the table are > EOI, so 0 means empty. 32 KiB: probes stay in L1 cache.
        var table = [UInt32](repeating: 0, count: tableSize)
        var codeSize = minCodeSize + 1
        var next = eoiCode + 1
        put(clearCode, codeSize)
        guard indices.count > 0 else {
            put(eoiCode, codeSize)
            if bitCount > 0 { out.append(UInt8(truncatingIfNeeded: bitBuffer)) }
            return out
        }
        table.withUnsafeMutableBufferPointer { table in
            let mask = tableSize - 1
            var prefix = Int(indices[0])
            for i in 1..<indices.count {
                let c = Int(indices[i])
                let key = UInt32(truncatingIfNeeded: prefix << 8 | c)
                var slot = Int((key &* 0x9E37_79B1) >> UInt32(32 - tableBits))
                var found = false
                while true {
                    let entry = table[slot]
                    if entry == 0 { break }
                    if entry >> 12 == key {
                        prefix = Int(entry & 0xFFF)
                        found = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if found { continue }
                put(prefix, codeSize)
                if next < 4096 {
                    table[slot] = key << 12 | UInt32(next)
                    next += 1
                    if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                } else {
                    put(clearCode, codeSize)
                    for s in 0..<tableSize { table[s] = 0 }
                    codeSize = minCodeSize + 1
                    next = eoiCode + 1
                }
                prefix = c
            }
            put(prefix, codeSize)
        }
        // The decoder adds one more table entry after reading the last code, which can
        // widen the code that follows it.
        if next == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
        put(eoiCode, codeSize)
        if bitCount > 0 { out.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        return out
    }

    static func encode(_ indices: [UInt8], minCodeSize: Int) -> [UInt8] {
        indices.withUnsafeBufferPointer { encode($0, minCodeSize: minCodeSize) }
    }

    /// Appends `data` as GIF sub-blocks (each a length byte 1...255 plus data) and the
    /// zero-length block terminator.
    static func appendSubBlocks(_ data: [UInt8], to out: inout [UInt8]) {
        var start = 0
        out.reserveCapacity(out.count + data.count + data.count / 255 + 2)
        while start < data.count {
            let n = min(255, data.count - start)
            out.append(UInt8(n))
            out.append(contentsOf: data[start..<(start + n)])
            start += n
        }
        out.append(0)
    }
}
