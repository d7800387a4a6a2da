/// Colour quantisation for GIF: a 5-5-5 bit histogram (32,768 bins holding exact colour
/// sums, so bin centroids are precise), median cut splitting the box with the largest
/// squared error along its widest-variance channel at the pixel-weighted median, then
/// one k-means refinement pass.
enum GIFQuantizer {
    /// Histogram entries: one per occupied bin.
    struct Histogram {
        var r: [Int] = [], g: [Int] = [], b: [Int] = []   // centroid components
        var count: [Int] = []
        var bin: [Int] = []                                // 5-5-5 bin number (tie-breaker)
        var totalPixels: Int { count.reduce(0, +) }
    }

    /// Builds a histogram of the RGB part of `pixels` (0xAARRGGBB).
    static func histogram(_ pixels: [UInt32]) -> Histogram {
        var counts = [Int32](repeating: 0, count: 32_768)
        var sums = [Int](repeating: 0, count: 32_768 * 3)
        var touched: [Int] = []
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                for p in pixels {
                    let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                    let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                    if counts[bin] == 0 { touched.append(bin) }
                    counts[bin] += 1
                    sums[3 * bin] += r
                    sums[3 * bin + 1] += g
                    sums[3 * bin + 2] += b
                }
            }
        }
        touched.sort()
        var h = Histogram()
        for bin in touched {
            let n = Int(counts[bin])
            h.r.append((sums[3 * bin] + n / 2) / n)
            h.g.append((sums[3 * bin + 1] + n / 2) / n)
            h.b.append((sums[3 * bin + 2] + n / 2) / n)
            h.count.append(n)
            h.bin.append(bin)
        }
        return h
    }

    /// 0xRRGGBB from components 0...255.
    static func pack(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: (r << 16) | (g << 8) | b)
    }

    private struct Box {
        var lo: Int, hi: Int        // range in the permutation array
        var error: Double           // weighted squared error around the mean
        var channel: Int            // channel with the largest weighted variance
    }

    /// A palette of at most `maxColors` colours (0xRRGGBB) for the histogram.
    static func medianCut(_ h: Histogram, maxColors: Int) -> [UInt32] {
        let n = h.count.count
        guard n > 0, maxColors > 0 else { return [] }
        if n <= maxColors {
            return (0..<n).map { pack(h.r[$0], h.g[$0], h.b[$0]) }
        }
        var perm = Array(0..<n)
        func channelValue(_ e: Int, _ c: Int) -> Int { c == 0 ? h.r[e] : (c == 1 ? h.g[e] : h.b[e]) }
        func makeBox(_ lo: Int, _ hi: Int) -> Box {
            var w = 0.0
            var s = [0.0, 0.0, 0.0], s2 = [0.0, 0.0, 0.0]
            for k in lo..<hi {
                let e = perm[k]
                let c = Double(h.count[e])
                w += c
                for ch in 0..<3 {
                    let v = Double(channelValue(e, ch))
                    s[ch] += c * v
                    s2[ch] += c * v * v
                }
            }
            var variances = [0.0, 0.0, 0.0]
            for ch in 0..<3 { variances[ch] = max(0, s2[ch] - s[ch] * s[ch] / w) }
            // Perceptual weights: green matters most, blue least.
            let weighted = [variances[0] * 0.30, variances[1] * 0.59, variances[2] * 0.11]
            var channel = 0
            if weighted[1] > weighted[channel] { channel = 1 }
            if weighted[2] > weighted[channel] { channel = 2 }
            let error = hi - lo > 1 ? weighted[0] + weighted[1] + weighted[2] : 0
            return Box(lo: lo, hi: hi, error: error, channel: channel)
        }
        var boxes = [makeBox(0, n)]
        while boxes.count < maxColors {
            var pick = -1
            var bestError = 0.0
            for (i, box) in boxes.enumerated() where box.error > bestError {
                bestError = box.error
                pick = i
            }
            if pick < 0 { break }
            let box = boxes[pick]
            let ch = box.channel
            perm[box.lo..<box.hi].sort { a, b in
                let va = channelValue(a, ch), vb = channelValue(b, ch)
                return va != vb ? va < vb : h.bin[a] < h.bin[b]
            }
            var total = 0
            for k in box.lo..<box.hi { total += h.count[perm[k]] }
            var acc = 0
            var mid = box.lo + 1
            for k in box.lo..<(box.hi - 1) {
                acc += h.count[perm[k]]
                mid = k + 1
                if 2 * acc >= total { break }
            }
            boxes[pick] = makeBox(box.lo, mid)
            boxes.append(makeBox(mid, box.hi))
        }
        var palette: [UInt32] = []
        for box in boxes {
            var w = 0, sr = 0, sg = 0, sb = 0
            for k in box.lo..<box.hi {
                let e = perm[k], c = h.count[e]
                w += c
                sr += c * h.r[e]
                sg += c * h.g[e]
                sb += c * h.b[e]
            }
            palette.append(pack((sr + w / 2) / w, (sg + w / 2) / w, (sb + w / 2) / w))
        }
        return refine(palette, h)
    }

    /// One k-means step: move each colour to the centroid of the entries nearest to it.
    static func refine(_ palette: [UInt32], _ h: Histogram) -> [UInt32] {
        let mapper = PaletteMapper(palette: palette)
        var sums = [Int](repeating: 0, count: palette.count * 4)
        for e in 0..<h.count.count {
            let i = mapper.nearest(r: h.r[e], g: h.g[e], b: h.b[e])
            let c = h.count[e]
            sums[4 * i] += c * h.r[e]
            sums[4 * i + 1] += c * h.g[e]
            sums[4 * i + 2] += c * h.b[e]
            sums[4 * i + 3] += c
        }
        var out: [UInt32] = []
        var seen = Set<UInt32>()
        for i in 0..<palette.count {
            let w = sums[4 * i + 3]
            let color = w == 0 ? palette[i]
                : pack((sums[4 * i] + w / 2) / w, (sums[4 * i + 1] + w / 2) / w, (sums[4 * i + 2] + w / 2) / w)
            if seen.insert(color).inserted { out.append(color) }
        }
        return out
    }

    /// Pixel-weighted mean squared RGB error of mapping the histogram's centroids
    /// through `mapper`.
    static func meanSquaredError(_ h: Histogram, mapper: PaletteMapper) -> Double {
        guard !mapper.palette.isEmpty else { return .infinity }
        let lut = mapper.table
        var total = 0, pixels = 0
        for e in 0..<h.count.count {
            let i = mapper.lookup(lut, r: h.r[e], g: h.g[e], b: h.b[e])
            let p = mapper.palette[i]
            let dr = Int((p >> 16) & 0xFF) - h.r[e]
            let dg = Int((p >> 8) & 0xFF) - h.g[e]
            let db = Int(p & 0xFF) - h.b[e]
            total += h.count[e] * (dr * dr + dg * dg + db * db)
            pixels += h.count[e]
        }
        return pixels == 0 ? 0 : Double(total) / Double(pixels)
    }
}
