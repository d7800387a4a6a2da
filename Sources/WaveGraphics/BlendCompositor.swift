import WaveGeometry
/// Composites a layer onto a target with a blend mode (W3C Compositing and Blending Level 1,
/// §5 and §10), on premultiplied 8-bit colour, in Double per pixel (IEEE-exact operations
/// only, so the bytes are the same everywhere).
///
/// For the separable modes: with αs, αb the alphas, cs, cb the premultiplied components and
/// Cs = cs / αs, Cb = cb / αb the straight ones,
///     co = cs · (1 − αb) + cb · (1 − αs) + αs · αb · B(Cb, Cs),   αo = αs + αb · (1 − αs),
/// each rounded to 8 bits. plus-lighter is min(1, s + b) per premultiplied component,
/// alpha included. A transparent source pixel leaves the target as it is.
enum BlendCompositor {
    /// The blend function B(Cb, Cs) of a separable mode (`normal` gives Cs).
    @inline(__always)
    static func function(_ mode: BlendMode, _ cb: Double, _ cs: Double) -> Double {
        switch mode {
        case .normal, .plusLighter: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return hardLight(cs: cb, cb: cs)
        case .darken: return Swift.min(cb, cs)
        case .lighten: return Swift.max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return Swift.min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - Swift.min(1, (1 - cb) / cs)
        case .hardLight: return hardLight(cs: cs, cb: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        case .difference: return Swift.abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        }
    }

    @inline(__always)
    private static func hardLight(cs: Double, cb: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : { let s = 2 * cs - 1; return cb + s - cb * s }()
    }

    /// One premultiplied pixel `src` blended onto `dst` with `mode`.
    static func blend(_ src: UInt32, _ dst: UInt32, _ mode: BlendMode) -> UInt32 {
        if src == 0 { return dst }
        if mode == .normal { return Compositor.over(src, dst) }
        if mode == .plusLighter {
            var out: UInt32 = 0
            for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                out |= Swift.min(255, (src >> shift) & 255 + (dst >> shift) & 255) << shift
            }
            return out
        }
        let sa = Double(src >> 24) / 255, da = Double(dst >> 24) / 255
        let ao = sa + da - sa * da
        let a8 = UInt32((ao * 255).rounded())
        var out = a8 << 24
        for shift in stride(from: 0 as UInt32, to: 24, by: 8) {
            let s = Double((src >> shift) & 255) / 255, d = Double((dst >> shift) & 255) / 255
            var co = s * (1 - da) + d * (1 - sa)
            if da > 0 { co += sa * da * function(mode, d / da, s / sa) }
            let c8 = Swift.min(a8, UInt32(Swift.max(0, (co * 255).rounded())))
            out |= c8 << shift
        }
        return out
    }

    /// Composites `layer` onto `target` (the layer must lie inside the target) with `mode`.
    static func composite(_ layer: Surface, mode: BlendMode, onto target: Surface) {
        let dx = layer.originX - target.originX, dy = layer.originY - target.originY
        for y in 0..<layer.height {
            let srcRow = y * layer.stride
            let dstRow = (y + dy) * target.stride + dx
            for x in 0..<layer.width {
                let s = layer.load(srcRow + x)
                if s == 0 { continue }
                target.store(dstRow + x, blend(s, target.load(dstRow + x), mode))
            }
        }
    }
}
