/// PNG decoder for every standard colour type and bit depth (greyscale 1/2/4/8/16, RGB 8/16,
/// palette 1/2/4/8, grey+alpha 8/16, RGBA 8/16), palette and colour-key transparency (tRNS),
/// and Adam7 interlacing.
///
/// Verifies the signature, every chunk CRC, the IHDR fields, the zlib stream (including
/// its Adler-32) and the exact amount of image data. Output is straight-alpha RGBA8: samples
/// of fewer bits are scaled to 0...255 (v · 255 / (2ᵈ − 1)), 16-bit samples are rounded to
/// 8 bits, and a colour key is compared at the image's own depth. For an APNG it returns the
/// default image (the IDAT data).
public enum PNGDecoder {
    /// Package-wide, with `parseHeader` and `decodePixels`: the APNG decoder in
    /// WaveTestSupport decodes each frame's data with them.
    package struct Header: Equatable {
        package let width: Int
        package let height: Int
        package let colorType: UInt8
        /// Bits per sample: 1, 2, 4, 8 or 16 (as the colour type allows).
        package let depth: Int
        package let interlaced: Bool

        package init(width: Int, height: Int, colorType: UInt8, depth: Int = 8, interlaced: Bool = false) {
            self.width = width
            self.height = height
            self.colorType = colorType
            self.depth = depth
            self.interlaced = interlaced
        }

        var channels: Int {
            switch colorType {
            case 0, 3: return 1
            case 4: return 2
            case 2: return 3
            default: return 4
            }
        }

        var bitsPerPixel: Int { channels * depth }
        /// Bytes a filter looks back (at least 1).
        var filterStep: Int { Swift.max(1, bitsPerPixel / 8) }
        func rowBytes(_ w: Int) -> Int { (w * bitsPerPixel + 7) / 8 }
        var rowBytes: Int { rowBytes(width) }

        /// The sub-images the data holds, in order: (x0, y0, dx, dy, width, height) in the
        /// full image; one for a plain image, Adam7's seven passes (empty ones skipped).
        var passes: [(x0: Int, y0: Int, dx: Int, dy: Int, w: Int, h: Int)] {
            guard interlaced else { return [(0, 0, 1, 1, width, height)] }
            let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            return adam7.compactMap { (x0, y0, dx, dy) in
                let w = (width - x0 + dx - 1) / dx, h = (height - y0 + dy - 1) / dy
                return w > 0 && h > 0 ? (x0, y0, dx, dy, w, h) : nil
            }
        }

        /// Size of the scanline data with filter bytes, all passes together.
        var rawSize: Int { passes.reduce(0) { $0 + $1.h * (rowBytes($1.w) + 1) } }
    }

    /// Colour information outside the pixel data: palette (with alpha) and tRNS colour key.
    package struct ColorInfo {
        var palette: [UInt8] = []       // RGBA entries, 4 bytes each
        var colorKey: [Int]? = nil      // grey (1 sample) or RGB (3 samples) that becomes transparent
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
        let depths: [UInt8] = colorType == 0 ? [1, 2, 4, 8, 16] : colorType == 3 ? [1, 2, 4, 8] : [8, 16]
        guard depths.contains(depth) else { throw CodecError("invalid PNG bit depth \(depth) for colour type \(colorType)") }
        guard d[10] == 0 else { throw CodecError("unknown PNG compression method \(d[10])") }
        guard d[11] == 0 else { throw CodecError("unknown PNG filter method \(d[11])") }
        guard d[12] <= 1 else { throw CodecError("invalid interlace method \(d[12])") }
        return Header(width: Int(w), height: Int(h), colorType: colorType, depth: Int(depth), interlaced: d[12] == 1)
    }

    static func applyTransparency(_ d: [UInt8], header: Header, info: inout ColorInfo) throws {
        switch header.colorType {
        case 3:
            guard d.count <= info.palette.count / 4 else { throw CodecError("tRNS longer than palette") }
            for (i, a) in d.enumerated() { info.palette[4 * i + 3] = a }
        case 0:
            guard d.count == 2 else { throw CodecError("invalid tRNS for greyscale") }
            info.colorKey = [Int(d[0]) << 8 | Int(d[1])]
        case 2:
            guard d.count == 6 else { throw CodecError("invalid tRNS for RGB") }
            info.colorKey = [Int(d[0]) << 8 | Int(d[1]), Int(d[2]) << 8 | Int(d[3]), Int(d[4]) << 8 | Int(d[5])]
        default:
            throw CodecError("tRNS not allowed for colour type \(header.colorType)")
        }
    }

    /// Inflates and unfilters `zdata` (every pass) and expands it to RGBA8.
    package static func decodePixels(header: Header, zdata: [UInt8], info: ColorInfo = ColorInfo()) throws -> [UInt8] {
        var raw = try Inflate.inflate(zdata, maxOutput: header.rawSize)
        guard raw.count == header.rawSize else {
            throw CodecError("PNG image data too short: \(raw.count) of \(header.rawSize) bytes")
        }
        let w = header.width, h = header.height, depth = header.depth, ch = header.channels
        let palette = info.palette, key = info.colorKey
        let paletteCount = palette.count / 4
        let maxSample = (1 << depth) - 1
        var badIndex = false
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        var start = 0
        for pass in header.passes {
            let rowBytes = header.rowBytes(pass.w)
            let zero = [UInt8](repeating: 0, count: rowBytes)
            try raw.withUnsafeMutableBufferPointer { buf in
                try zero.withUnsafeBufferPointer { zeroRow in
                    for y in 0..<pass.h {
                        let rowStart = start + y * (rowBytes + 1)
                        let row = UnsafeMutableBufferPointer(rebasing: buf[(rowStart + 1)..<(rowStart + 1 + rowBytes)])
                        let prev = y == 0 ? zeroRow : UnsafeBufferPointer(rebasing: buf[(rowStart - rowBytes)..<rowStart])
                        try PNGFilter.unfilter(buf[rowStart], row: row, previous: prev, bpp: header.filterStep)
                    }
                }
            }
            raw.withUnsafeBufferPointer { src in
                for y in 0..<pass.h {
                    let row = start + y * (rowBytes + 1) + 1
                    /// Sample `i` of the row at the image's depth.
                    func sample(_ i: Int) -> Int {
                        switch depth {
                        case 8: return Int(src[row + i])
                        case 16: return Int(src[row + 2 * i]) << 8 | Int(src[row + 2 * i + 1])
                        default:
                            let bit = i * depth
                            return Int(src[row + bit >> 3] >> UInt8(8 - depth - bit & 7)) & maxSample
                        }
                    }
                    /// A sample scaled to 8 bits.
                    func eight(_ v: Int) -> UInt8 {
                        UInt8(depth == 8 ? v : depth == 16 ? (v * 255 + 32767) / 65535 : v * 255 / maxSample)
                    }
                    for x in 0..<pass.w {
                        let s = x * ch
                        var px: (UInt8, UInt8, UInt8, UInt8)
                        switch header.colorType {
                        case 0:
                            let v = sample(s), g = eight(v)
                            px = (g, g, g, key?[0] == v ? 0 : 255)
                        case 2:
                            let r = sample(s), g = sample(s + 1), b = sample(s + 2)
                            let keyed = key.map { $0[0] == r && $0[1] == g && $0[2] == b } ?? false
                            px = (eight(r), eight(g), eight(b), keyed ? 0 : 255)
                        case 3:
                            let idx = sample(s)
                            if idx < paletteCount {
                                px = (palette[4 * idx], palette[4 * idx + 1], palette[4 * idx + 2], palette[4 * idx + 3])
                            } else {
                                badIndex = true
                                px = (0, 0, 0, 0)
                            }
                        case 4:
                            let g = eight(sample(s))
                            px = (g, g, g, eight(sample(s + 1)))
                        default:
                            px = (eight(sample(s)), eight(sample(s + 1)), eight(sample(s + 2)), eight(sample(s + 3)))
                        }
                        let o = ((pass.y0 + y * pass.dy) * w + pass.x0 + x * pass.dx) * 4
                        rgba[o] = px.0; rgba[o + 1] = px.1; rgba[o + 2] = px.2; rgba[o + 3] = px.3
                    }
                }
            }
            start += pass.h * (rowBytes + 1)
        }
        if badIndex { throw CodecError("palette index out of range") }
        return rgba
    }
}
