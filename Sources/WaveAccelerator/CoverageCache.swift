import WaveGeometry
import WaveGraphics
/// Coverage of masks that come back frame after frame (a mask layer that does not move),
/// kept so a renderer drawing a sequence rasterizes them once.
///
/// A mask's coverage is stored over its items' bounds on the canvas; a group that needs
/// part of it reads a window. Coverage inside a rectangle does not depend on the rectangle
/// (clipping in the scan converter is exact), so a hit gives exactly the bytes a fresh
/// rasterization would. Entries are matched by full equality of the items (the hash only
/// finds candidates). A mask is stored the second time it is seen, so masks that change
/// every frame (a moving wave) cost only a hash. Owned by one render at a time (it lives in
/// `RenderCaches`); entries in use are kept alive by the render that uses them.
final class CoverageCache {
    final class Entry {
        let items: [DisplayItem]
        let hash: Int
        let mask: AlphaMask
        let byteCount: Int

        /// Copies `source` (coverage of `items`) into memory owned by the entry.
        init(items: [DisplayItem], hash: Int, copying source: AlphaMask) {
            self.items = items
            self.hash = hash
            let r = source.rect
            let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: r.width * r.height)
            let starts = UnsafeMutablePointer<Int32>.allocate(capacity: r.height)
            let ends = UnsafeMutablePointer<Int32>.allocate(capacity: r.height)
            for y in 0..<r.height {
                let s = Int(source.starts[y]), e = Int(source.ends[y])
                starts[y] = source.starts[y]
                ends[y] = source.ends[y]
                if s < e { (bytes + y * r.width + s).update(from: source.bytes + y * source.stride + s, count: e - s) }
            }
            mask = AlphaMask(rect: r, bytes: bytes, stride: r.width, starts: starts, ends: ends)
            byteCount = r.width * r.height + 8 * r.height
        }

        deinit {
            mask.bytes.deallocate()
            mask.starts.deallocate()
            mask.ends.deallocate()
        }
    }

    static let capacity = 8
    static let byteLimit = 16 << 20

    private var memo = MemoList<Entry>(capacity: capacity, costLimit: byteLimit, missMemory: capacity) { $0.byteCount }

    /// The stored coverage of `items` over `rect`, if any.
    func entry(for items: [DisplayItem], hash: Int, rect: PixelBounds) -> Entry? {
        memo.find { $0.hash == hash && $0.mask.rect == rect && $0.items == items }
    }

    /// Records a miss; true when the same hash missed recently (the mask repeats: store it).
    func repeatedMiss(hash: Int) -> Bool { memo.repeatedMiss(hash: hash) }

    func store(_ entry: Entry) { memo.insert(entry) }
}

extension DisplayItem {
    /// A cheap 64-bit fingerprint of `items` (every number's bit pattern, mixed), to find
    /// cache candidates; equal items always have equal fingerprints.
    static func fingerprint(of items: [DisplayItem]) -> Int {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x0000_0100_0000_01B3; h ^= h >> 29 }
        @inline(__always) func number(_ d: Double) { mix(d == 0 ? 0 : d.bitPattern) }   // -0 == 0
        @inline(__always) func point(_ p: Point) { number(p.x); number(p.y) }
        func paintPrint(_ paint: Paint) {
            switch paint {
            case .solid(let c): number(c.r); number(c.g); number(c.b); number(c.a)
            case .linearGradient(let a, let b, let stops): point(a); point(b); mix(UInt64(stops.count))
            case .radialGradient(let c, let r, let stops): point(c); number(r); mix(UInt64(stops.count))
            case .image(let image, let t):
                mix(UInt64(image.width)); mix(UInt64(image.height))
                number(t.a); number(t.b); number(t.c); number(t.d); number(t.tx); number(t.ty)
            case .conicGradient(let c, let a, let stops): point(c); number(a); mix(UInt64(stops.count) | 1 << 32)
            case .projected(let inner, let plane, let centre):
                mix(7 as UInt64); plane.h.forEach(number); point(centre); paintPrint(inner)
            }
        }
        func walk(_ items: [DisplayItem]) {
            mix(UInt64(items.count))
            for item in items {
                switch item {
                case .fill(let path, let rule, let paint, let opacity):
                    mix(rule == .evenOdd ? 1 : 2 as UInt64)
                    number(opacity)
                    mix(UInt64(path.elements.count))
                    path.forEachPoint(point)
                    paintPrint(paint)
                case .group(let children, let opacity, let mask):
                    mix(3 as UInt64)
                    number(opacity)
                    walk(children)
                    if let mask { mix(mask.inverted ? 4 : 5 as UInt64); walk(mask.items) }
                case .effect(let children, let fx):
                    mix(6 as UInt64)
                    number(fx.blur)
                    mix(UInt64(BlendMode.allCases.firstIndex(of: fx.blend) ?? 0))
                    if let s = fx.shadow { number(s.dx); number(s.dy); number(s.radius); number(s.color.a); number(s.color.r); number(s.color.g); number(s.color.b) }
                    walk(children)
                }
            }
        }
        walk(items)
        return Int(truncatingIfNeeded: h)
    }
}
