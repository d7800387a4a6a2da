import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics

/// A text effect running on one layer instance.
struct ActiveEffect: Equatable, Sendable {
    var kind: EffectKind
    /// Tick at which the effect's local time is 0.
    var begin: Int
    var duration: Int
    var seed: UInt64
}

/// Per-character timing of the text effects. Every character i gets a delay and a
/// duration (in ticks); its progress is p = clamp((t − begin − delay[i]) / duration[i], 0, 1).
enum TextEffects {
    struct Slot: Equatable { var delay: Double; var duration: Double }

    static func schedule(_ kind: EffectKind, count: Int, total: Double, seed: UInt64) -> [Slot] {
        guard count > 0 else { return [] }
        let n = Double(count)
        switch kind {
        case .typewriter, .type:
            // Equal durations d = total / count, delay[i] = i·d.
            let d = total / n
            return (0..<count).map { Slot(delay: Double($0) * d, duration: d) }
        case .shine:
            // A random delay in [0, total/2] and a random duration within what is left.
            var rng = SplitMix64(seed: seed)
            return (0..<count).map { _ in
                let delay = rng.nextUnit() * total / 2
                let left = total - delay
                return Slot(delay: delay, duration: max(1, left * (0.25 + 0.75 * rng.nextUnit())))
            }
        case .fade:
            // delay[i] = i·total/count, duration[i] = total − delay[i].
            return (0..<count).map { i in
                let delay = Double(i) * total / n
                return Slot(delay: delay, duration: total - delay)
            }
        case .wave:
            return Array(repeating: Slot(delay: 0, duration: total), count: count)
        case .scramble, .slide, .bounce:
            // Half the time staggers the starts; each letter takes the other half.
            return (0..<count).map { i in Slot(delay: Double(i) * total / (2 * n), duration: total / 2) }
        }
    }

    /// Whether letter i of `count` has been typed `tau` ticks into a `type` effect of `total`
    /// ticks: tau ≥ (i + 1)·total/count, in integers.
    static func typed(_ i: Int, tau: Int, count: Int, total: Int) -> Bool {
        let (lhs, o1) = tau.multipliedReportingOverflow(by: count)
        let (rhs, o2) = (i + 1).multipliedReportingOverflow(by: total)
        return o1 || o2 ? Double(tau) * Double(count) >= Double(i + 1) * Double(total) : lhs >= rhs
    }

    static func progress(_ tau: Double, _ slot: Slot) -> Double {
        guard slot.duration > 0 else { return tau >= slot.delay ? 1 : 0 }
        return min(1, max(0, (tau - slot.delay) / slot.duration))
    }

    static let scrambleAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789#%&*+=?")

    /// A deterministic pseudo-random character for scrambling letter i at a tick (changing
    /// every three ticks; negative during a `delay`).
    static func scrambleCharacter(seed: UInt64, index: Int, tick: Int) -> Character {
        let step = tick >= 0 ? tick / 3 : -1 - (-1 - tick) / 3   // floor(tick / 3)
        var rng = SplitMix64(seed: seed ^ (UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9) ^ (UInt64(bitPattern: Int64(step)) &* 0xC2B2_AE3D_27D4_EB4F))
        return scrambleAlphabet[Int(rng.next() % UInt64(scrambleAlphabet.count))]
    }
}

extension SceneRuntime {
    /// Display items for a text layer under an effect, in device space.
    func effectItems(_ inst: LayerInstance, _ effect: ActiveEffect, run: GlyphRun, spacing: Double, bounds: Rect,
                     transform: Transform, fill: Paint?, stroke: Paint?) throws -> [DisplayItem] {
        let tau = Double(tick - effect.begin)
        let slots = TextEffects.schedule(effect.kind, count: run.characters.count, total: Double(effect.duration), seed: effect.seed)
        let lineHeight = run.lineHeight > 0 ? run.lineHeight : run.ascent + run.descent
        var items: [DisplayItem] = []

        let shown = SceneRuntime.visibleCount(inst, of: run.characters.count)
        func glyph(_ i: Int) -> Path { i < shown ? run.glyphPaths[i].transformed(by: .translation(spacing * Double(i), 0)) : Path() }
        func emit(_ path: Path, _ glyphTransform: Transform, alpha: Double, fillOverride: Paint? = nil) {
            guard alpha > 0, !path.isEmpty else { return }
            let t = glyphTransform.concatenating(transform)
            if let paint = fillOverride ?? fill {
                items.append(.fill(path: path.transformed(by: t), rule: .nonZero, paint: paint, opacity: alpha))
            }
            if let stroke, let (outline, factor) = strokeOutline(inst, path, t) {
                items.append(.fill(path: outline, rule: .nonZero, paint: stroke, opacity: alpha * factor))
            }
        }

        switch effect.kind {
        case .wave:
            return try waveFill(inst, effect, run: run, spacing: spacing, bounds: bounds, transform: transform, fill: fill, tau: tau)
        case .typewriter:
            // Each letter rises from one line-height below its baseline; the line box clips it.
            for i in run.characters.indices {
                let p = TextEffects.progress(tau, slots[i])
                emit(glyph(i), .translation(0, (1 - p) * lineHeight), alpha: tau >= slots[i].delay ? 1 : 0)
            }
            var box = Path()
            box.addRect(bounds)
            return items.isEmpty ? [] : [.group(items: items, opacity: 1, mask: Mask(items: [.fill(path: box.transformed(by: transform), rule: .nonZero, paint: .solid(.black), opacity: 1)]))]
        case .type:
            // Letter i appears in place at the end of its slot, (i + 1)·total/n: compared in
            // whole ticks, so a letter never misses its tick by rounding.
            for i in run.characters.indices where TextEffects.typed(i, tau: tick - effect.begin, count: run.characters.count, total: effect.duration) {
                emit(glyph(i), .identity, alpha: 1)
            }
        case .shine, .fade:
            for i in run.characters.indices { emit(glyph(i), .identity, alpha: TextEffects.progress(tau, slots[i])) }
        case .slide:
            for i in run.characters.indices {
                let p = TextEffects.progress(tau, slots[i])
                let e = Timing.apply(.cubicBezier(0, 0, 0.58, 1), p)
                emit(glyph(i), .translation(-(1 - e) * lineHeight, 0), alpha: e)
            }
        case .bounce:
            let spring = Spring(SpringParameters(mass: 1, stiffness: 300, damping: 12))
            for i in run.characters.indices {
                let elapsed = (tau - slots[i].delay) / 60
                guard elapsed >= 0 else { continue }
                let s = spring.progress(elapsed)
                let cx = run.origins[i].x + spacing * Double(i) + run.advances[i] / 2
                let g = Transform.translation(-cx, 0).concatenating(.scale(s, s)).concatenating(.translation(cx, 0))
                emit(glyph(i), g, alpha: 1)
            }
        case .scramble:
            guard case .string(let font) = inst.present(.font) else { break }
            let size = inst.present(.size).number
            for i in run.characters.indices {
                let p = TextEffects.progress(tau, slots[i])
                if i >= shown { continue }
                if p >= 1 || run.characters[i] == " " {
                    emit(glyph(i), .identity, alpha: 1)
                    continue
                }
                let c = TextEffects.scrambleCharacter(seed: effect.seed, index: i, tick: tau.clampedInt(.towardZero))
                let other = try FontLibrary.shared.layout(String(c), font: FontDescriptor.parse(font), size: size)
                guard let path = other.glyphPaths.first else { continue }
                let origin = run.origins[i]
                // The stand-in keeps to its letter's slot: one wider than the letter (a W for
                // an i) is narrowed to fit and centred, so it never covers its neighbours.
                let slot = run.advances[i], width = other.advances.first ?? slot
                let squeeze = width > slot && width > 0 ? slot / width : 1
                let x = origin.x + spacing * Double(i) + (slot - width * squeeze) / 2
                let place = Transform.scale(squeeze, 1).concatenating(.translation(x, origin.y))
                emit(path.transformed(by: place), .identity, alpha: tau >= slots[i].delay ? 1 : 0.35)
            }
        }
        return items
    }

    /// The text filled by a rising sine wave, as in the progress ball: the level rises from
    /// the bottom of the line box to above its top over the duration, the phase moves by
    /// 0.1 per tick, and a zoom on the amplitude swings between 1.0 and 1.2 in steps of 0.02.
    func waveFill(_ inst: LayerInstance, _ effect: ActiveEffect, run: GlyphRun, spacing: Double, bounds: Rect,
                  transform: Transform, fill: Paint?, tau: Double) throws -> [DisplayItem] {
        guard let fill, tau >= 0 else { return [] }
        let p = min(1, tau / Double(effect.duration))
        let steps = tau.clampedInt(.towardZero)
        let cycle = steps % 20
        let zoom = 1.0 + 0.02 * Double(cycle <= 10 ? cycle : 20 - cycle)
        let amplitude = zoom * max(1, run.lineHeight * 0.06)
        let top = bounds.minY - amplitude * 1.5, bottom = bounds.maxY
        let level = bottom + (top - bottom) * p
        let phase = 0.1 * tau
        var wave = Path()
        let x0 = bounds.minX, x1 = bounds.maxX
        let k = 2 * Double.pi / max(1, bounds.width / 1.5)
        var x = x0
        wave.move(to: Point(x0, level + amplitude * sin(k * x0 + phase)))
        while x < x1 {
            x = min(x1, x + 1)
            wave.line(to: Point(x, level + amplitude * sin(k * x + phase)))
        }
        wave.line(to: Point(x1, bottom + amplitude))
        wave.line(to: Point(x0, bottom + amplitude))
        wave.close()
        var glyphs = Path()
        let shown = SceneRuntime.visibleCount(inst, of: run.characters.count)
        for (i, g) in run.glyphPaths.prefix(shown).enumerated() { glyphs.append(g.transformed(by: .translation(spacing * Double(i), 0))) }
        let mask = Mask(items: [.fill(path: glyphs.transformed(by: transform), rule: .nonZero, paint: .solid(.black), opacity: 1)])
        return [.group(items: [.fill(path: wave.transformed(by: transform), rule: .nonZero, paint: fill, opacity: 1)], opacity: 1, mask: mask)]
    }
}
