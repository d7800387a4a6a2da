import WaveCodecs

/// A dotLottie archive: a zip of `manifest.json` and `animations/NAME.json`, its entries
/// stored (uncompressed) with their CRC-32, which every zip reader accepts.
public enum DotLottie {
    public static func archive(_ json: String, name: String) throws -> [UInt8] {
        let id = name.isEmpty ? "animation" : name
        let manifest = JSON.object([
            ("version", .string("1")), ("generator", .string("wave")), ("author", .string("wave")),
            ("animations", .array([.object([("id", .string(id)), ("speed", .number(1)), ("loop", .bool(true)),
                                             ("direction", .number(1)), ("playMode", .string("normal"))])])),
        ]).text
        return StoredZip.archive([("manifest.json", Array(manifest.utf8)), ("animations/\(id).json", Array(json.utf8))])
    }
}

/// A zip archive of stored entries (method 0), no data descriptors, no zip64.
enum StoredZip {
    static func archive(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [], central: [UInt8] = []
        func u16(_ x: Int, _ b: inout [UInt8]) { b += [UInt8(x & 0xFF), UInt8((x >> 8) & 0xFF)] }
        func u32(_ x: UInt32, _ b: inout [UInt8]) { b += [UInt8(x & 0xFF), UInt8((x >> 8) & 0xFF), UInt8((x >> 16) & 0xFF), UInt8(x >> 24)] }
        let date = (2024 - 1980) << 9 | 1 << 5 | 1   // 2024-01-01: fixed, so the bytes are reproducible
        for (name, bytes) in files {
            let offset = UInt32(out.count)
            let crc = Crc32.checksum(bytes), n = Array(name.utf8)
            u32(0x0403_4B50, &out); u16(20, &out); u16(0, &out); u16(0, &out); u16(0, &out); u16(date, &out)
            u32(crc, &out); u32(UInt32(bytes.count), &out); u32(UInt32(bytes.count), &out); u16(n.count, &out); u16(0, &out)
            out += n + bytes
            u32(0x0201_4B50, &central); u16(20, &central); u16(20, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u16(date, &central); u32(crc, &central); u32(UInt32(bytes.count), &central); u32(UInt32(bytes.count), &central)
            u16(n.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central); u32(0, &central)
            u32(offset, &central); central += n
        }
        let cdOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, &out); u16(0, &out); u16(0, &out); u16(files.count, &out); u16(files.count, &out)
        u32(UInt32(central.count), &out); u32(cdOffset, &out); u16(0, &out)
        return out
    }
}
