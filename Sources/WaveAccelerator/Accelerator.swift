import WaveGraphics
import CPixelKernels
import Foundation

/// The accelerator's switches. The reference renderer (WaveGraphics) defines every pixel;
/// each part named here is a way of getting the same bytes with less work, and each can be
/// turned off; with all of them off there is no accelerator at all and the reference alone
/// renders (`WAVE_ACCEL=off`). CI renders every golden both ways. `make()` gives the object
/// a `Renderer` asks through its one seam (`RenderAccelerator`).
///
/// - `caches`: fill spans (`SpanCache`), mask coverage (`CoverageCache`), gradient ramps
///   (`RampCache`), blurred shadows (`ShadowCache`) and stroke outlines (`StrokeCache`, the
///   runtime's), kept from earlier frames and replayed.
/// - `reuse`: frame buffers recycled from earlier frames (`PixmapPool`): only the stale
///   region of the last frame is repainted, written as the drawing reaches it
///   (`ActiveAccelerator+Stale`), and an unchanged frame is not drawn again.
/// - `effects`: an effect on one fill drawn straight onto the target instead of on a layer
///   composited after.
/// - `sparse-shadows`: a wide shadow kept only where it is non-zero and not hidden under
///   its layer (`coarseShadow`), instead of blurring the layer's whole rectangle; with
///   `effects`, made from its fill's spans without drawing its layer.
/// - `kernels`: the AVX-512 pixel kernels (CPixelKernels), where the processor has them,
///   instead of their portable forms. Below the seam: the reference's loops call the
///   kernels, which pick their form at run time; this part only sets that choice, once.
public struct Accelerator: Sendable, Equatable, CustomStringConvertible {
    public var caches = true
    public var reuse = true
    public var effects = true
    public var sparseShadows = true
    public var kernels = true

    public static let on = Accelerator()
    public static let off = Accelerator(caches: false, reuse: false, effects: false, sparseShadows: false, kernels: false)
    nonisolated(unsafe) public static let parts: [(name: String, flag: WritableKeyPath<Accelerator, Bool>)] = [
        ("caches", \.caches), ("reuse", \.reuse), ("effects", \.effects), ("sparse-shadows", \.sparseShadows), ("kernels", \.kernels),
    ]

    public init(caches: Bool = true, reuse: Bool = true, effects: Bool = true, sparseShadows: Bool = true, kernels: Bool = true) {
        self.caches = caches
        self.reuse = reuse
        self.effects = effects
        self.sparseShadows = sparseShadows
        self.kernels = kernels
    }

    /// `on` (every part), `off` (none), or parts to leave out, comma-separated:
    /// `no-caches,no-reuse`. Nil for anything else.
    public init?(setting text: String) {
        let words = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if words == ["on"] { self = .on; return }
        if words == ["off"] { self = .off; return }
        guard !words.isEmpty else { return nil }
        var a = Accelerator.on
        for word in words {
            guard word.hasPrefix("no-"),
                  let part = Accelerator.parts.first(where: { $0.name == word.dropFirst(3) }) else { return nil }
            a[keyPath: part.flag] = false
        }
        self = a
    }

    /// What `WAVE_ACCEL` says, read once (every part when it is unset or not understood;
    /// `problem(in:)` reports the latter, and the commands check it first).
    public static let current: Accelerator = {
        let a = ProcessInfo.processInfo.environment["WAVE_ACCEL"].flatMap(Accelerator.init(setting:)) ?? .on
        if !a.kernels { _ = wave_kernels_use(0) }
        return a
    }()

    /// What a renderer asks first (see `RenderAccelerator`), or nil when no part that
    /// works through the renderer is on: then the reference alone renders. The `kernels`
    /// part is a process-wide switch in CPixelKernels, set when `current` is first read.
    package func make() -> (any RenderAccelerator)? {
        guard caches || effects || sparseShadows else { return nil }
        return ActiveAccelerator(self)
    }

    /// A renderer asking this accelerator first (`make()`): the one to build frames with.
    public func renderer(tolerance: Double = 0.1) -> Renderer {
        Renderer(tolerance: tolerance, accelerator: make())
    }

    /// A message when `WAVE_ACCEL` is set to something it cannot mean.
    public static func problem(in environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let s = environment["WAVE_ACCEL"], Accelerator(setting: s) == nil else { return nil }
        return "WAVE_ACCEL='\(s)' is not a setting: give on, off, or parts to leave out such as no-caches,no-reuse (parts: "
            + parts.map(\.name).joined(separator: ", ") + ")"
    }

    public var description: String {
        if self == .on { return "on" }
        if self == .off { return "off" }
        return Accelerator.parts.filter { !self[keyPath: $0.flag] }.map { "no-" + $0.name }.joined(separator: ",")
    }
}
