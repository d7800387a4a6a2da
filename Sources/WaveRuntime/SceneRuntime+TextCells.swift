import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics

extension SceneRuntime {
    /// The frame at `scale` with small text layers taken out, and those layers as
    /// characters. A text layer is taken out when its device line height is at most
    /// `maxLineHeight`, it has no mask and it is not itself used as a mask; larger or masked
    /// text stays in the frame as outlines (masks stay exact), and so does text seen in
    /// perspective (its plane is no affine map of the screen); text whose back faces the
    /// viewer with `double-sided false` is not drawn at all, as in the frame.
    public func frameWithTextCells(scale: Double, maxLineHeight: Double) throws -> (frame: Frame, runs: [TextCellRun]) {
        var runs: [TextCellRun] = []
        var hidden: [Int] = []
        let root: Transform = scale == 1 ? .identity : .scale(scale, scale)
        func visit(_ id: Int, parent: Transform3D, opacity: Double) throws {
            guard let inst = instances[id], inst.present(.visible).bool else { return }
            let decl = program.layers[inst.decl]
            guard !decl.usedAsMask else { return }
            let alpha = opacity * min(1, max(0, inst.present(.opacity).number))
            guard alpha > 0 else { return }
            if inst.kind == .group {
                let bounds = try localGeometry(inst).bounds
                let world = localTransform3D(inst, bounds: bounds).concatenating(parent)
                if !inst.present(.doubleSided).bool && world.plane.determinant < 0 { return }
                for c in inst.children { try visit(c, parent: world, opacity: alpha) }
                return
            }
            guard inst.kind == .text, decl.mask == nil, let (run, spacing, box) = try textRun(inst) else { return }
            let world = localTransform3D(inst, bounds: box).concatenating(parent)
            if !inst.present(.doubleSided).bool && world.plane.determinant < 0 { return }
            guard let transform = world.plane.affine else { return }
            let height = box.height * transform.maxScale
            guard height <= maxLineHeight else { return }
            runs.append(textCellRun(inst, run: run, spacing: spacing, box: box, transform: transform, opacity: alpha))
            hidden.append(id)
        }
        for id in order { try visit(id, parent: Transform3D(root), opacity: 1) }
        var copy = self
        for id in hidden { copy.instances[id]?.overlay[Property.visible.ordinal] = .bool(false) }
        return (try copy.frame(scale: scale), runs)
    }

    func textCellRun(_ inst: LayerInstance, run: GlyphRun, spacing: Double, box: Rect, transform: Transform, opacity: Double) -> TextCellRun {
        let base = SceneRuntime.representativeColor(inst.present(.fill)) ?? SceneRuntime.representativeColor(inst.present(.stroke))
            ?? RGBA(0, 0, 0, 0)
        let effect = effects[inst.id]
        let tau = effect.map { Double(tick - $0.begin) } ?? 0
        let slots = effect.map { TextEffects.schedule($0.kind, count: run.characters.count, total: Double($0.duration), seed: $0.seed) } ?? []
        let middle = box.minY + box.height / 2
        let shown = SceneRuntime.visibleCount(inst, of: run.characters.count)
        var glyphs: [TextCellGlyph] = []
        for (i, original) in run.characters.enumerated() {
            let cx = run.origins[i].x + spacing * Double(i) + run.advances[i] / 2
            var character = original
            var visibility = 1.0
            if let effect {
                (character, visibility) = effectCell(effect, index: i, character: original, slot: slots[i], tau: tau,
                                                     x: cx, box: box, run: run)
            }
            if i >= shown { visibility = 0 }
            let p = transform.apply(Point(cx, middle))
            let a = base.a * opacity * visibility
            glyphs.append(TextCellGlyph(character: character, x: p.x, y: p.y, color: Color(r: base.r, g: base.g, b: base.b, a: a)))
        }
        let centre = transform.apply(Point(box.minX + box.width / 2, middle))
        let ax = inst.present(.anchor).point.0
        let alignment = ax.isFinite ? min(1, max(0, ax)) : 0.5
        let anchor = transform.apply(Point(box.minX + alignment * box.width, middle))
        return TextCellRun(layer: program.layers[inst.decl].name, glyphs: glyphs, centerX: centre.x, centerY: centre.y,
                           lineHeight: box.height * transform.maxScale, alignment: alignment, anchorX: anchor.x)
    }

    /// The character and visibility (0–1) of letter `index` under a text effect, following
    /// what the outline effects do, with letters kept whole: typewriter shows a letter once
    /// it has risen half way, wave once the water has passed the middle of the line.
    func effectCell(_ effect: ActiveEffect, index i: Int, character: Character, slot: TextEffects.Slot, tau: Double,
                    x: Double, box: Rect, run: GlyphRun) -> (Character, Double) {
        let p = TextEffects.progress(tau, slot)
        switch effect.kind {
        case .typewriter:
            return (character, tau >= slot.delay && p >= 0.5 ? 1 : 0)
        case .type:
            return (character, TextEffects.typed(i, tau: tick - effect.begin, count: run.characters.count, total: effect.duration) ? 1 : 0)
        case .shine, .fade:
            return (character, p)
        case .slide:
            return (character, Timing.apply(.cubicBezier(0, 0, 0.58, 1), p))
        case .bounce:
            let elapsed = (tau - slot.delay) / 60
            guard elapsed >= 0 else { return (character, 0) }
            let s = Spring(SpringParameters(mass: 1, stiffness: 300, damping: 12)).progress(elapsed)
            return (character, min(1, max(0, s)))
        case .scramble:
            if p >= 1 { return (character, 1) }
            let c = TextEffects.scrambleCharacter(seed: effect.seed, index: i, tick: tau.clampedInt(.towardZero))
            return (c, tau >= slot.delay ? 1 : 0.35)
        case .wave:
            guard tau >= 0 else { return (character, 0) }
            let progress = min(1, tau / Double(effect.duration))
            let amplitude = max(1, run.lineHeight * 0.06)
            let top = box.minY - amplitude * 1.5, bottom = box.maxY
            let k = 2 * Double.pi / max(1, box.width / 1.5)
            let level = bottom + (top - bottom) * progress + amplitude * Foundation.sin(k * x + 0.1 * tau)
            return (character, level <= box.minY + box.height / 2 ? 1 : 0)
        }
    }

    /// A single colour for a paint: the colour itself, or a gradient's middle stop.
    static func representativeColor(_ v: Value) -> RGBA? {
        switch v {
        case .color(let c): return c.a > 0 ? c : nil
        case .paint(.color(let c)): return c.a > 0 ? c : nil
        case .paint(.linear(_, _, let stops)), .paint(.angled(_, let stops)), .paint(.radial(_, _, let stops)),
             .paint(.conic(_, _, let stops)):
            return stops.isEmpty ? nil : stops[stops.count / 2].color
        default: return nil
        }
    }
}
