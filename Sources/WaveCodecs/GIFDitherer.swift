/// Dithering modes for the GIF encoder.
public enum GIFDither: Sendable, Equatable {
    /// Nearest palette colour.
    case none
    /// Serpentine Floyd–Steinberg error diffusion (within the changed rectangle).
    case floydSteinberg
    /// 8x8 Bayer ordered dithering anchored to canvas coordinates, so static areas stay
    /// stable from frame to frame.
    case ordered
}

/// Maps the pixels of a frame rectangle to palette indices.
///
/// `pixels` is the whole canvas as 0xAARRGGBB words (0 = transparent) with row stride
/// `stride`; `mask` has one byte per rectangle pixel, non-zero for pixels to draw. Pixels
/// not drawn get `transparent` (GIF: "leave the canvas as it is").
enum GIFDitherer {
    static let bayer8: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Exact mapping through a table that holds every drawn colour.
    static func mapExact(pixels: UnsafeBufferPointer<UInt32>, stride: Int, rect: PixelRect,
                         mask: [UInt8], table: ExactColorTable, transparent: UInt8) throws -> [UInt8] {
        let w = rect.width, h = rect.height
        var missing = false
        let out = table.withTables { keys, values in
            [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
                mask.withUnsafeBufferPointer { mask in
                    for y in 0..<h {
                        let src = (rect.y + y) * stride + rect.x
                        for x in 0..<w {
                            let o = y * w + x
                            if mask[o] == 0 {
                                out[o] = transparent
                                continue
                            }
                            let idx = ExactColorTable.lookup(pixels[src + x], keys: keys, values: values)
                            if idx < 0 { missing = true }
                            out[o] = UInt8(truncatingIfNeeded: max(idx, 0))
                        }
                    }
                }
                count = w * h
            }
        }
        if missing { throw CodecError("internal error: colour missing from exact palette") }
        return out
    }

    /// Nearest-colour mapping with optional dithering.
    static func mapApprox(pixels: UnsafeBufferPointer<UInt32>, stride: Int, rect: PixelRect,
                          mask: [UInt8], mapper: PaletteMapper, dither: GIFDither,
                          transparent: UInt8) -> [UInt8] {
        let w = rect.width, h = rect.height
        let lut = mapper.table
        let palette = mapper.palette
        switch dither {
        case .none, .ordered:
            let ordered = dither == .ordered
            return [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
                mask.withUnsafeBufferPointer { mask in
                    bayer8.withUnsafeBufferPointer { bayer in
                        for y in 0..<h {
                            let src = (rect.y + y) * stride + rect.x
                            let by = ((rect.y + y) & 7) * 8
                            for x in 0..<w {
                                let o = y * w + x
                                if mask[o] == 0 {
                                    out[o] = transparent
                                    continue
                                }
                                let p = pixels[src + x]
                                var r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                                if ordered {
                                    let t = ((2 * bayer[by + ((rect.x + x) & 7)] - 63) * 16) / 64
                                    r = min(255, max(0, r + t))
                                    g = min(255, max(0, g + t))
                                    b = min(255, max(0, b + t))
                                }
                                out[o] = UInt8(truncatingIfNeeded: mapper.lookup(lut, r: r, g: g, b: b))
                            }
                        }
                    }
                }
                count = w * h
            }
        case .floydSteinberg:
            return floydSteinberg(pixels: pixels, stride: stride, rect: rect, mask: mask,
                                  mapper: mapper, lut: lut, palette: palette, transparent: transparent)
        }
    }

    private static func floydSteinberg(pixels: UnsafeBufferPointer<UInt32>, stride: Int, rect: PixelRect,
                                       mask: [UInt8], mapper: PaletteMapper, lut: UnsafeMutablePointer<UInt16>,
                                       palette: [UInt32], transparent: UInt8) -> [UInt8] {
        let w = rect.width, h = rect.height
        // Errors in 1/16 units, three channels, one guard column on each side.
        var rowA = [Int32](repeating: 0, count: (w + 2) * 3)
        var rowB = [Int32](repeating: 0, count: (w + 2) * 3)
        return [UInt8](unsafeUninitializedCapacity: w * h) { out, count in
            mask.withUnsafeBufferPointer { mask in
                palette.withUnsafeBufferPointer { pal in
                    rowA.withUnsafeMutableBufferPointer { a in
                        rowB.withUnsafeMutableBufferPointer { b in
                            var cur = a, next = b
                            for y in 0..<h {
                                let src = (rect.y + y) * stride + rect.x
                                let forward = y & 1 == 0
                                let dir = forward ? 1 : -1
                                var x = forward ? 0 : w - 1
                                for _ in 0..<w {
                                    let o = y * w + x
                                    let e = (x + 1) * 3
                                    if mask[o] == 0 {
                                        out[o] = transparent
                                        cur[e] = 0; cur[e + 1] = 0; cur[e + 2] = 0
                                        x += dir
                                        continue
                                    }
                                    let p = pixels[src + x]
                                    let r = min(255, max(0, Int((p >> 16) & 0xFF) + Int((cur[e] + 8) >> 4)))
                                    let g = min(255, max(0, Int((p >> 8) & 0xFF) + Int((cur[e + 1] + 8) >> 4)))
                                    let bl = min(255, max(0, Int(p & 0xFF) + Int((cur[e + 2] + 8) >> 4)))
                                    cur[e] = 0; cur[e + 1] = 0; cur[e + 2] = 0
                                    let idx = mapper.lookup(lut, r: r, g: g, b: bl)
                                    out[o] = UInt8(truncatingIfNeeded: idx)
                                    let q = pal[idx]
                                    let er = Int32(r - Int((q >> 16) & 0xFF))
                                    let eg = Int32(g - Int((q >> 8) & 0xFF))
                                    let eb = Int32(bl - Int(q & 0xFF))
                                    let ahead = e + dir * 3, behind = e - dir * 3
                                    cur[ahead] += er * 7; cur[ahead + 1] += eg * 7; cur[ahead + 2] += eb * 7
                                    next[behind] += er * 3; next[behind + 1] += eg * 3; next[behind + 2] += eb * 3
                                    next[e] += er * 5; next[e + 1] += eg * 5; next[e + 2] += eb * 5
                                    next[ahead] += er; next[ahead + 1] += eg; next[ahead + 2] += eb
                                    x += dir
                                }
                                // Row done: the next row becomes current; clear the old one.
                                swap(&cur, &next)
                                for i in 0..<next.count { next[i] = 0 }
                            }
                        }
                    }
                }
            }
            count = w * h
        }
    }
}
