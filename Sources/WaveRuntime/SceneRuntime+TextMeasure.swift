import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics
import WaveSyntax

extension SceneRuntime {
    /// How many of a text layer's `count` characters show: `visible-chars` rounded down
    /// (a value within 1e-9 below a whole number counts as it, so `t / 0.08` never loses a
    /// character to rounding), clamped to 0...count; a negative value or NaN shows them all.
    static func visibleCount(_ inst: LayerInstance, of count: Int) -> Int {
        let v = inst.present(.visibleChars).number
        guard v >= 0 else { return count }
        return min(count, (v + 1e-9).clampedInt(.down, limit: count))
    }

    /// The value a property keeps when `v` is written to it: `visible-chars` is discrete, a
    /// whole count (rounded down as `visibleCount` does; negative stays "all"), so an
    /// animation or binding of it steps from one character to the next.
    static func stored(_ v: Value, _ p: Property) -> Value {
        guard p == .visibleChars, case .number(let n) = v, n >= 0 else { return v }
        return .number(Foundation.floor(n + 1e-9))
    }

    /// The `TextMeasure`s (`text-width(L[, n])`, `ink-bounds(L[, from[, count]])` …), from
    /// the same layout the rasterizer draws, so they follow L's text, font and size.
    mutating func measure(_ m: TextMeasure, _ ref: LayerRef, _ args: [IRExpr], _ ctx: ExecContext) throws -> Value {
        let extra = try args.map { try eval($0, ctx).number }
        guard let id = resolve(ref, ctx), let inst = instances[id], let (run, spacing, box) = try textRun(inst) else {
            return m.isRect ? .rect(0, 0, 0, 0) : .number(0)
        }
        let count = run.characters.count
        // Layer space (baseline y = 0, pen from x = 0) to the scene; `text-width` needs none.
        let t = m == .textWidth ? .identity : localTransform(inst, bounds: box).concatenating(ancestorTransform(id))
        /// The scene length of a vertical stretch of `h` layer pixels.
        func upright(_ h: Double) -> Double {
            let a = t.apply(Point(0, 0)), b = t.apply(Point(0, -h))
            return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        switch m {
        case .textWidth:
            // A negative n is the whole text, as a negative `visible-chars` shows it all, so
            // `text-width(L, L.visible-chars)` follows a caret whether or not L is typing.
            let n = extra.first.map { $0.isNaN ? 0 : $0 < 0 ? count : $0.clampedInt(.down, limit: count) } ?? count
            guard n > 0 else { return .number(0) }
            let k = min(n, count) - 1
            return .number(run.origins[k].x + run.advances[k] + spacing * Double(k))
        case .textBounds:
            let corners = [Point(box.minX, box.minY), Point(box.maxX, box.minY), Point(box.minX, box.maxY), Point(box.maxX, box.maxY)].map(t.apply)
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return .rect(x0, y0, (xs.max() ?? 0) - x0, (ys.max() ?? 0) - y0)
        case .inkBounds:
            // As `substring(s, from, count)`: both rounded down and clamped to the text.
            func whole(_ v: Double) -> Int { v.isNaN || v < 0 ? 0 : v.clampedInt(.down, limit: count) }
            let from = extra.first.map(whole) ?? 0
            let n = extra.count > 1 ? whole(extra[1]) : count
            let r = run.inkBounds(from..<(from + min(n, count - min(from, count))), spacing: spacing, transform: t)
            return .rect(r.x, r.y, r.width, r.height)
        case .baseline:
            return .number(t.apply(Point(0, 0)).y)
        case .capHeight:
            return .number(upright(run.capHeight))
        case .xHeight:
            return .number(upright(run.xHeight))
        }
    }
}
