/// Streaming animated GIF89a encoder.
///
/// * Palettes: the first frame's colours become the global colour table — exactly when it
///   has at most 255 colours, otherwise a median-cut palette of 255. For each later frame
///   only the pixels it redraws are considered: at most 255 distinct colours that are all in
///   an exact global table use it; other few-colour frames get an exact local table. Frames
///   with more colours reuse the global table, or else the most recent local median-cut
///   table, while its mean squared error stays within `1.25 * baseline + 4` (baseline: the
///   error that table had on the frame it was built for); otherwise they get a new local
///   median-cut table. One index of every table is reserved as the transparent index.
/// * Transparency: pixels with alpha < 128 are transparent; all others are opaque.
/// * Changed rectangles: each later frame stores only the bounding box of pixels that
///   must be redrawn; unchanged pixels inside it use the transparent index ("leave as
///   is"). Frames are left in place (disposal 1), except that when a frame turns visible
///   pixels transparent, the preceding frame is given disposal 2 (restore to transparent
///   background) and its rectangle is grown to cover those pixels.
/// * Timing: a frame that changes nothing is merged into the previous frame's delay, so
///   the total duration is exact (a 1x1 no-op frame is emitted only if the merged delay
///   would overflow 65535 cs). Hence the file may hold fewer frames than were added.
/// * Streaming: each frame is written as soon as the next one (or `finish`) fixes its
///   disposal and delay; only the previous source frame and that one frame are kept.
/// * Sync frames: a frame added with `sync: true` depends on nothing before it but the
///   first frame (the global table) and the frame just before it: the recent local
///   palette is dropped, the pending frame is written without taking this frame's delay,
///   and when this frame clears pixels the pending frame is widened to the whole canvas
///   (disposal 2) so this frame redraws everything visible. A render part can therefore
///   start encoding at a sync frame (`resume(at:previous:)`) and reach exactly the state
///   a whole render has; `owned` picks which frames' bytes a part writes.
public final class GIFEncoder {
    public let width: Int
    public let height: Int
    private let dither: GIFDither
    private let output: ([UInt8]) throws -> Void
    private let netscapeLoops: Int?
    private var prev: [UInt32]
    private var cur: [UInt32]
    private var pending: GIFFrame?
    private var global = GIFPalette(colors: [], exact: true)
    private var globalTable = ExactColorTable()
    private var globalMapper: PaletteMapper?
    private var baselineMSE = 0.0
    /// The most recent local median-cut palette, reused by later frames while it fits.
    private var recent: (palette: GIFPalette, mapper: PaletteMapper, baselineMSE: Double)?
    private var framesAdded = 0
    /// Image frames written so far: frames that changed nothing are merged into the delay of
    /// the one before, so this can be fewer than the frames added.
    public private(set) var framesWritten = 0
    /// Index of the frame that created `pending` (-1: a frame of an earlier part).
    private var pendingIndex = -1
    private var finished = false
    private var failed = false
    /// Frames whose bytes are written (by the index of the frame that created them); the
    /// header belongs to frame 0. Others are encoded only to reach the same state.
    public var owned: Range<Int> = 0..<Int.max

    /// - Parameters:
    ///   - loopCount: number of times the animation plays, 0 = forever (the same meaning
    ///     as APNG's `num_plays`). Written as NETSCAPE2.0 repeat count `loopCount - 1`; for
    ///     1 the extension is omitted, which is how GIF says "play once". Max 65536.
    ///   - output: receives the file's bytes in order.
    public init(width: Int, height: Int, loopCount: Int = 0, dither: GIFDither = .floydSteinberg,
                output: @escaping ([UInt8]) throws -> Void) throws {
        try ImageLimits.validate(width: width, height: height)
        guard width <= 65535, height <= 65535 else { throw CodecError("GIF dimensions exceed 65535") }
        guard (0...65536).contains(loopCount) else {
            throw CodecError("GIF loopCount must be 0...65536, got \(loopCount)")
        }
        self.width = width
        self.height = height
        self.dither = dither
        self.output = output
        netscapeLoops = loopCount == 0 ? 0 : (loopCount == 1 ? nil : loopCount - 1)
        prev = [UInt32](repeating: 0, count: width * height)
        cur = prev
    }

    /// True while the frame that created the pending (unwritten) frame is `owned`.
    public var ownsPendingFrame: Bool { pending != nil && owned.contains(pendingIndex) }

    /// Number of frames added (or skipped by `resume`).
    public var frameIndex: Int { framesAdded }

    /// Continues as if frames up to `index - 1` had been added, the last of them being
    /// `previous`; the next frame added is frame `index` and must be a sync frame. The
    /// first frame must have been added already (it fixes the global table).
    public func resume(at index: Int, previous rgba: [UInt8]) throws {
        guard framesAdded >= 1, index > framesAdded else {
            throw CodecError("GIF resume needs the first frame and a later index")
        }
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        _ = normalize(rgba)  // `cur` holds the last frame between calls
        pending = keepFrame(delay: 0)
        pendingIndex = -1
        framesAdded = index
        resumed = true
    }
    private var resumed = false

    /// Writes the pending frame if it is owned, without a trailer: the end of a part
    /// whose last frames run to the end of the animation but whose trailer another part writes.
    public func flushPending() throws {
        if let last = pending { try emit(last.serialize(), from: pendingIndex) }
        pending = nil
    }

    /// Writes `bytes` when frame `index` is owned; `frame`: they are an image frame (not the
    /// header, which the first frame's owner writes too).
    private func emit(_ bytes: [UInt8], from index: Int, frame: Bool = true) throws {
        guard owned.contains(index) else { return }
        try emit(bytes)
        if frame { framesWritten += 1 }
    }

    private func emit(_ bytes: [UInt8]) throws {
        do {
            try output(bytes)
        } catch {
            failed = true
            throw error
        }
    }

    /// Adds a frame shown for `delayCentiseconds` hundredths of a second; `sync` makes it
    /// a sync frame (see the type's notes).
    public func addFrame(rgba: [UInt8], delayCentiseconds: UInt16, sync: Bool = false) throws {
        guard !finished else { throw CodecError("GIF encoder already finished") }
        guard !failed else { throw CodecError("GIF encoder failed earlier") }
        guard !resumed || sync else { throw CodecError("the first GIF frame after resume must be a sync frame") }
        resumed = false
        try ImageLimits.validate(width: width, height: height, rgbaCount: rgba.count)
        swap(&prev, &cur)
        let hasTransparent = normalize(rgba)
        let delay = Int(delayCentiseconds)
        let index = framesAdded
        defer { framesAdded += 1 }
        if framesAdded == 0 {
            let full = PixelRect(x: 0, y: 0, width: width, height: height)
            pending = try buildFrame(rect: full, cleared: full, delay: delay, first: true)
            pendingIndex = 0
            return
        }
        guard var last = pending else { throw CodecError("internal error: no pending GIF frame") }
        if sync { recent = nil }
        var cleared = PixelRect(x: 0, y: 0, width: 0, height: 0)
        if hasTransparent, let clearBox = boundingBox(cleared: cleared, clearing: true) {
            last.extend(to: sync ? PixelRect(x: 0, y: 0, width: width, height: height) : last.rect.union(clearBox))
            last.disposal = 2
            cleared = last.rect
        }
        guard let drawBox = boundingBox(cleared: cleared, clearing: false) else {
            if !sync && cleared.isEmpty && last.delay + delay <= 65535 {
                last.delay += delay
                pending = last
            } else {
                try emit(last.serialize(), from: pendingIndex)
                pending = keepFrame(delay: delay)
                pendingIndex = index
            }
            return
        }
        try emit(last.serialize(), from: pendingIndex)
        pending = try buildFrame(rect: drawBox, cleared: cleared, delay: delay, first: false)
        pendingIndex = index
    }

    /// Writes the last frame and the trailer. Throws if no frame was added.
    public func finish() throws {
        guard !finished else { throw CodecError("GIF encoder already finished") }
        guard !failed else { throw CodecError("GIF encoder failed earlier") }
        guard let last = pending else { throw CodecError("GIF needs at least one frame") }
        try emit(last.serialize(), from: pendingIndex)
        try emit([0x3B])
        pending = nil
        finished = true
    }

    /// Converts RGBA to 0xFFRRGGBB words in `cur` (0 for alpha < 128); returns whether
    /// any pixel is transparent.
    private func normalize(_ rgba: [UInt8]) -> Bool {
        var anyTransparent: UInt32 = 0
        rgba.withUnsafeBufferPointer { src in
            cur.withUnsafeMutableBufferPointer { dst in
                for i in 0..<dst.count {
                    let s = 4 * i
                    // All ones when alpha >= 128, else zero (branch-free, so it vectorises).
                    let keep = 0 &- UInt32(src[s + 3] >> 7)
                    dst[i] = (0xFF00_0000 | UInt32(src[s]) << 16 | UInt32(src[s + 1]) << 8 | UInt32(src[s + 2])) & keep
                    anyTransparent |= ~keep
                }
            }
        }
        return anyTransparent != 0
    }

    /// `clearing`: box of pixels that were visible and are now transparent.
    /// Otherwise: box of pixels to draw — visible now and either changed or inside `cleared`.
    private func boundingBox(cleared: PixelRect, clearing: Bool) -> PixelRect? {
        let w = width
        var minX = w, maxX = -1, minY = -1, maxY = -1
        prev.withUnsafeBufferPointer { p in
            cur.withUnsafeBufferPointer { c in
                for y in 0..<height {
                    let base = y * w
                    let rowCleared = !clearing && y >= cleared.y && y < cleared.maxY
                    if !rowCleared && !PixelRect.rowsDiffer(p, c, start: base, count: w) { continue }
                    var rowHit = false
                    for x in 0..<w {
                        let a = p[base + x], b = c[base + x]
                        let hit: Bool
                        if clearing {
                            hit = a != 0 && b == 0
                        } else {
                            hit = b != 0 && (a != b || (rowCleared && x >= cleared.x && x < cleared.maxX))
                        }
                        if hit {
                            rowHit = true
                            if x < minX { minX = x }
                            if x > maxX { maxX = x }
                        }
                    }
                    if rowHit {
                        if minY < 0 { minY = y }
                        maxY = y
                    }
                }
            }
        }
        guard minY >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Largest mean squared error at which a palette whose own colours quantised with
    /// `baseline` error is still good enough for another frame.
    static func acceptable(_ baseline: Double) -> Double {
        1.25 * baseline + 4
    }

    /// A 1x1 frame that changes nothing (used to carry a delay).
    private func keepFrame(delay: Int) -> GIFFrame {
        GIFFrame(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [UInt8(global.transparentIndex)],
                 localPalette: nil, transparentIndex: global.transparentIndex,
                 minCodeSize: global.minCodeSize, delay: delay)
    }

    /// Quantises the pixels of `rect` that must be drawn into a frame.
    private func buildFrame(rect: PixelRect, cleared: PixelRect, delay: Int, first: Bool) throws -> GIFFrame {
        // Mask of pixels to draw and their colours.
        var mask = [UInt8](repeating: 0, count: rect.area)
        var colors: [UInt32] = []
        colors.reserveCapacity(rect.area)
        prev.withUnsafeBufferPointer { p in
            cur.withUnsafeBufferPointer { c in
                for y in 0..<rect.height {
                    let base = (rect.y + y) * width + rect.x
                    let inClearedRows = y + rect.y >= cleared.y && y + rect.y < cleared.maxY
                    for x in 0..<rect.width {
                        let v = c[base + x]
                        guard v != 0 else { continue }
                        let inCleared = inClearedRows && x + rect.x >= cleared.x && x + rect.x < cleared.maxX
                        if first || inCleared || p[base + x] != v {
                            mask[y * rect.width + x] = 1
                            colors.append(v)
                        }
                    }
                }
            }
        }
        var table = ExactColorTable()
        let few = table.insert(contentsOf: colors)
        var palette: GIFPalette
        var exactTable: ExactColorTable? = nil
        var mapper: PaletteMapper? = nil
        var local = true
        if few {
            if !first && global.exact && table.colors.allSatisfy({ globalTable.index(of: $0) != nil }) {
                palette = global
                exactTable = globalTable
                local = false
            } else {
                palette = GIFPalette(colors: table.colors.sorted(), exact: true)
                exactTable = ExactColorTable(palette: palette.colors)
            }
        } else {
            let hist = GIFQuantizer.histogram(colors)
            var reused: GIFPalette? = nil
            if !first {
                let globalMap = globalMapper ?? PaletteMapper(palette: global.colors)
                globalMapper = globalMap
                if GIFQuantizer.meanSquaredError(hist, mapper: globalMap) <= GIFEncoder.acceptable(baselineMSE) {
                    local = false
                    mapper = globalMap
                } else if let r = recent,
                          GIFQuantizer.meanSquaredError(hist, mapper: r.mapper) <= GIFEncoder.acceptable(r.baselineMSE) {
                    mapper = r.mapper
                    reused = r.palette
                }
            }
            if local && reused == nil {
                let colorsOut = GIFQuantizer.medianCut(hist, maxColors: ExactColorTable.maxColors)
                let m = PaletteMapper(palette: colorsOut)
                mapper = m
                let mse = GIFQuantizer.meanSquaredError(hist, mapper: m)
                if first {
                    baselineMSE = mse
                } else {
                    recent = (GIFPalette(colors: colorsOut, exact: false), m, mse)
                }
            }
            palette = !local ? global : (reused ?? GIFPalette(colors: mapper?.palette ?? [], exact: false))
        }
        if first {
            global = palette
            if let t = exactTable { globalTable = t }
            globalMapper = mapper
            local = false
            try emit(GIFFrame.header(width: width, height: height, global: global, netscapeLoops: netscapeLoops), from: 0, frame: false)
        }
        let transparent = UInt8(palette.transparentIndex)
        let indices: [UInt8] = try cur.withUnsafeBufferPointer { c in
            if let t = exactTable {
                return try GIFDitherer.mapExact(pixels: c, stride: width, rect: rect, mask: mask,
                                                table: t, transparent: transparent)
            }
            guard let m = mapper else { throw CodecError("internal error: no palette mapper") }
            return GIFDitherer.mapApprox(pixels: c, stride: width, rect: rect, mask: mask,
                                         mapper: m, dither: dither, transparent: transparent)
        }
        return GIFFrame(rect: rect, indices: indices, localPalette: local ? palette : nil,
                        transparentIndex: palette.transparentIndex, minCodeSize: palette.minCodeSize,
                        delay: delay)
    }
}
