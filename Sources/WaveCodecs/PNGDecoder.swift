/// PNG decoder for 8-bit, non-interlaced images of colour types 0, 2, 3, 4 and 6.
///
/// Verifies the signature, every chunk CRC, the IHDR fields, the zlib stream (including
/// its Adler-32) and the exact amount of image data. Output is straight-alpha RGBA8.
/// For an APNG it returns the default image (the IDAT data).
public enum PNGDecoder {
    /// Package-wide, with `parseHeader` and `decodePixels`: the APNG decoder in
    /// WaveTestSupport decodes each frame's data with them.
    package struct Header: Equatable {
        package let width: Int
        package let height: Int
        package let colorType: UInt8

        package init(width: Int, height: Int, colorType: UInt8) {
            self.width = width
            self.height = height
            self.colorType = colorType
        }

        var channels: Int {
            switch colorType {
            case 0, 3: return 1
            case 4: return 2
            case 2: return 3
            default: return 4
            }
        }

        var rowBytes: Int { width * channels }
        /// Size of the unfiltered-with-filter-bytes scanline data.
        var rawSize: Int { height * (rowBytes + 1) }
    }

    /// Colour information outside the pixel data: palette (with alpha) and tRNS colour key.
    package struct ColorInfo {
        var palette: [UInt8] = []       // RGBA entries, 4 bytes each
        var colorKey: [UInt8]? = nil    // grey (1 byte) or RGB (3 bytes) that becomes transparent
        package init() {}
    }

    public static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        let chunks = try PNGChunkIO.parse(bytes)
        guard let first = chunks.first, first.type == "IHDR" else {
            throw CodecError("PNG does not start with IHDR")
        }
        let header = try parseHeader(first.data)
        var info = ColorInfo()
        var idat: [UInt8] = []
        var sawIDAT = false
        var idatEnded = false
        var sawPLTE = false
        for chunk in chunks.dropFirst() {
            switch chunk.type {
            case "IHDR":
                throw CodecError("duplicate IHDR chunk")
            case "PLTE":
                guard !sawIDAT else { throw CodecError("PLTE after IDAT") }
                guard !sawPLTE else { throw CodecError("duplicate PLTE chunk") }
                sawPLTE = true
                let n = chunk.data.count / 3
                guard chunk.data.count % 3 == 0, n >= 1, n <= 256 else {
                    throw CodecError("invalid PLTE length \(chunk.data.count)")
                }
                if header.colorType == 3 {
                    info.palette = []
                    for i in 0..<n {
                        info.palette += [chunk.data[3 * i], chunk.data[3 * i + 1], chunk.data[3 * i + 2], 255]
                    }
                }
            case "tRNS":
                guard !sawIDAT else { throw CodecError("tRNS after IDAT") }
                try applyTransparency(chunk.data, header: header, info: &info)
            case "IDAT":
                guard !idatEnded else { throw CodecError("IDAT chunks are not consecutive") }
                sawIDAT = true
                idat += chunk.data
            case "IEND":
                break
            default:
                if sawIDAT { idatEnded = true }
                if chunk.isCritical { throw CodecError("unknown critical chunk \(chunk.type)") }
            }
        }
        guard sawIDAT else { throw CodecError("PNG has no IDAT chunk") }
        if header.colorType == 3 && info.palette.isEmpty {
            throw CodecError("palette image without PLTE")
        }
        let rgba = try decodePixels(header: header, zdata: idat, info: info)
        return DecodedImage(width: header.width, height: header.height, rgba: rgba)
    }

    package static func parseHeader(_ d: [UInt8]) throws -> Header {
        guard d.count == 13 else { throw CodecError("IHDR must be 13 bytes, got \(d.count)") }
        let w = readBE32(d, 0)
        let h = readBE32(d, 4)
        guard w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else { throw CodecError("invalid PNG dimensions") }
        try ImageLimits.validate(width: Int(w), height: Int(h))
        let depth = d[8], colorType = d[9]
        guard [0, 2, 3, 4, 6].contains(colorType) else {
            throw CodecError("invalid PNG colour type \(colorType)")
        }
        guard depth == 8 else { throw CodecError("unsupported PNG bit depth \(depth) (only 8 is supported)") }
        guard d[10] == 0 else { throw CodecError("unknown PNG compression method \(d[10])") }
        guard d[11] == 0 else { throw CodecError("unknown PNG filter method \(d[11])") }
        guard d[12] == 0 else {
            throw CodecError(d[12] == 1 ? "interlaced PNG is not supported" : "invalid interlace method \(d[12])")
        }
        return Header(width: Int(w), height: Int(h), colorType: colorType)
    }

    static func applyTransparency(_ d: [UInt8], header: Header, info: inout ColorInfo) throws {
        switch header.colorType {
        case 3:
            guard d.count <= info.palette.count / 4 else { throw CodecError("tRNS longer than palette") }
            for (i, a) in d.enumerated() { info.palette[4 * i + 3] = a }
        case 0:
            guard d.count == 2, d[0] == 0 else { throw CodecError("invalid tRNS for greyscale") }
            info.colorKey = [d[1]]
        case 2:
            guard d.count == 6, d[0] == 0, d[2] == 0, d[4] == 0 else { throw CodecError("invalid tRNS for RGB") }
            info.colorKey = [d[1], d[3], d[5]]
        default:
            throw CodecError("tRNS not allowed for colour type \(header.colorType)")
        }
    }

    /// Inflates and unfilters `zdata` and expands it to RGBA8.
    package static func decodePixels(header: Header, zdata: [UInt8], info: ColorInfo = ColorInfo()) throws -> [UInt8] {
        var raw = try Inflate.inflate(zdata, maxOutput: header.rawSize)
        guard raw.count == header.rawSize else {
            throw CodecError("PNG image data too short: \(raw.count) of \(header.rawSize) bytes")
        }
        let w = header.width, h = header.height, ch = header.channels
        let rowBytes = header.rowBytes
        let zero = [UInt8](repeating: 0, count: rowBytes)
        try raw.withUnsafeMutableBufferPointer { buf in
            try zero.withUnsafeBufferPointer { zeroRow in
                for y in 0..<h {
                    let start = y * (rowBytes + 1)
                    let row = UnsafeMutableBufferPointer(rebasing: buf[(start + 1)..<(start + 1 + rowBytes)])
                    let prev = y == 0 ? zeroRow
                        : UnsafeBufferPointer(rebasing: buf[(start - rowBytes)..<start])
                    try PNGFilter.unfilter(buf[start], row: row, previous: prev, bpp: ch)
                }
            }
        }
        let palette = info.palette
        let key = info.colorKey
        let paletteCount = palette.count / 4
        var badIndex = false
        let rgba = [UInt8](unsafeUninitializedCapacity: w * h * 4) { out, count in
            raw.withUnsafeBufferPointer { src in
                var o = 0
                for y in 0..<h {
                    var s = y * (rowBytes + 1) + 1
                    for _ in 0..<w {
                        var r: UInt8, g: UInt8, b: UInt8, a: UInt8
                        switch header.colorType {
                        case 0:
                            r = src[s]; g = r; b = r; a = (key.map { $0[0] == r } ?? false) ? 0 : 255
                        case 2:
                            r = src[s]; g = src[s + 1]; b = src[s + 2]
                            a = (key.map { $0[0] == r && $0[1] == g && $0[2] == b } ?? false) ? 0 : 255
                        case 3:
                            let idx = Int(src[s])
                            if idx < paletteCount {
                                r = palette[4 * idx]; g = palette[4 * idx + 1]
                                b = palette[4 * idx + 2]; a = palette[4 * idx + 3]
                            } else {
                                badIndex = true
                                r = 0; g = 0; b = 0; a = 0
                            }
                        case 4:
                            r = src[s]; g = r; b = r; a = src[s + 1]
                        default:
                            r = src[s]; g = src[s + 1]; b = src[s + 2]; a = src[s + 3]
                        }
                        out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                        o += 4
                        s += ch
                    }
                }
            }
            count = w * h * 4
        }
        if badIndex { throw CodecError("palette index out of range") }
        return rgba
    }
}
