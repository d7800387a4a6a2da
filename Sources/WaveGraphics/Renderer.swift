import WaveGeometry
import Foundation

/// Renders display lists to pixmaps.
///
/// Output is premultiplied RGBA8; blending is premultiplied source-over in integer
/// arithmetic; coverage is exact-area anti-aliasing (see `ScanConverter`). Rendering is
/// deterministic: from the display list on, only IEEE-exact operations (+, −, ×, ÷, √,
/// rounding) and integer maths are used, so the same items give the same bytes on every
/// machine. (Path builders that take angles — `addArc`, `Transform.rotation`, round joins and
/// caps in `stroked` — call the platform's sin/cos, which are reproducible on a given libm.)
///
/// One render runs on the calling thread. A renderer (and its copies) may be used from several
/// threads at once: each render borrows its own scratch buffers from a shared pool and gives
/// them back, so steady rendering allocates only the output pixmaps.
///
/// `Renderer()` is the reference alone. A renderer with an accelerator (WaveAccelerator's
/// `Accelerator.current.renderer()`) asks it first through `RenderAccelerator`, the one
/// seam, and gives the same bytes.
public struct Renderer: Sendable {
    /// Curve flattening tolerance in device pixels (NaN or ≤ 0 means 0.1).
    public var tolerance: Double = 0.1
    /// Asked before work it may have done already or may shortcut; shared by the copies of
    /// this renderer (its shadows serve every thread). Nil: the reference alone.
    package let accelerator: (any RenderAccelerator)?
    private let scratch = ScratchPool()

    public init(tolerance: Double = 0.1) {
        self.tolerance = tolerance
        accelerator = nil
    }

    package init(tolerance: Double = 0.1, accelerator: (any RenderAccelerator)?) {
        self.tolerance = tolerance
        self.accelerator = accelerator
    }

    /// Whether an accelerator is asked first (for tests and `wave bench`).
    public var isAccelerated: Bool { accelerator != nil }

    /// A new `width` × `height` pixmap filled with `background`, with `items` drawn on top.
    public func render(_ items: [DisplayItem], width: Int, height: Int, background: Color) -> Pixmap {
        var pixmap = Pixmap(width: width, height: height, fill: background)
        render(items, into: &pixmap)
        return pixmap
    }

    /// Draws `items` over the existing pixels of `pixmap`. Does nothing for an empty pixmap or
    /// one whose `data` does not hold exactly width · height · 4 bytes.
    public func render(_ items: [DisplayItem], into pixmap: inout Pixmap) {
        render(items, into: &pixmap, stale: [], background: .clear)
    }

    /// Draws `items` over `pixmap` whose pixels inside the rectangles `stale` are to be taken
    /// as `background` (a recycled frame buffer: the last frame's drawn rectangles). Gives
    /// the bytes of filling them with `background` first and then drawing, which is what the
    /// reference does. The accelerator is asked first (`RenderAccelerator.drawFrame`); when
    /// it draws the frame, `pixmap.footprint` is where the drawing can have changed pixels.
    public func render(_ items: [DisplayItem], into pixmap: inout Pixmap, stale: [PixelBounds], background: Color) {
        let width = pixmap.width, height = pixmap.height
        guard width > 0, height > 0, pixmap.data.count == width * height * 4 else { return }
        let buffers = scratch.take()
        defer { scratch.give(buffers) }
        if let accelerator, buffers.memo == nil { buffers.memo = accelerator.makeMemo() }
        var rasterizer = Rasterizer(tolerance: tolerance, canvas: PixelBounds(x0: 0, y0: 0, x1: width, y1: height),
                                    scratch: buffers, accelerator: accelerator)
        swap(&rasterizer.scan, &buffers.scan)
        defer { swap(&rasterizer.scan, &buffers.scan) }
        var footprint: [PixelBounds]?
        pixmap.data.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let surface = Surface(base: base, width: width, height: height, originX: 0, originY: 0)
            let staleRects = stale.compactMap { let r = $0.intersection(surface.rect); return r.isEmpty ? nil : r }
            let color = background.premultipliedPacked()
            if let accelerator {
                footprint = accelerator.drawFrame(items, on: surface, stale: staleRects, background: color, by: &rasterizer)
                if footprint != nil { return }
            }
            // The definition: stale pixels are the background, then the items go on top.
            for r in staleRects { surface.fill(r, color) }
            rasterizer.draw(items, on: surface)
        }
        pixmap.footprint = footprint
    }
}

/// The buffers one render works in: the scan converter's cell arrays, the arena for layers
/// and masks, and the accelerator's memos when the renderer has one.
/// Owned by one render at a time.
final class RasterScratch {
    var scan = ScanConverter()
    let arena = ScratchArena()
    var memo: (any RenderMemo)?
}

/// Scratch buffers shared by the copies of one `Renderer` across threads: a render takes one
/// (or makes a new one) and gives it back. Scratch never affects output bytes (buffers are
/// written before they are read; remembered ramps, spans and coverage equal rebuilt ones), so which set
/// a render gets does not matter. Idle sets holding more than 64 MiB are dropped instead of
/// kept (after a huge frame).
typealias ScratchPool = ObjectPool<RasterScratch>

extension ObjectPool where Object == RasterScratch {
    convenience init() {
        self.init(make: { RasterScratch() }, keep: { $0.arena.capacity <= 64 << 20 })
    }
}

private let objectPoolLimit = Swift.max(4, ProcessInfo.processInfo.activeProcessorCount)

/// Objects lent to one user at a time across threads, for state whose contents never
/// change a result (scratch buffers, memos): `take` gives an idle one or makes a new one,
/// `give` returns it. At most `limit` idle objects are kept (one per concurrent user is
/// enough), and only those `keep` accepts.
public final class ObjectPool<Object: AnyObject>: @unchecked Sendable {
    /// Asked of the system once: `activeProcessorCount` reads cgroup files, tens of
    /// thousands of instructions and several system calls, too dear for every frame.
    public static var limit: Int { objectPoolLimit }
    private let make: @Sendable () -> Object
    private let keep: @Sendable (Object) -> Bool
    private let lock = NSLock()
    private var idle: [Object] = []   // guarded by `lock`

    public init(make: @escaping @Sendable () -> Object, keep: @escaping @Sendable (Object) -> Bool = { _ in true }) {
        self.make = make
        self.keep = keep
    }

    public func take() -> Object {
        lock.lock()
        let object = idle.popLast()
        lock.unlock()
        return object ?? make()
    }

    public func give(_ object: Object) {
        guard keep(object) else { return }
        lock.lock()
        defer { lock.unlock() }
        if idle.count < Self.limit { idle.append(object) }
    }
}
