import Foundation
import WaveSyntax

/// An error while running a scene: it names the script range that caused it.
/// The command line maps it to exit code 70.
public struct RuntimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An `E07xx` entry of the diagnostic catalogue.
    public var code: DiagnosticCode
    public var message: String
    public var range: SourceRange
    public var tick: Int
    public init(_ code: DiagnosticCode, _ message: String, _ range: SourceRange, tick: Int) {
        self.code = code; self.message = message; self.range = range; self.tick = tick
    }
    public var description: String { "[\(code.code)] at tick \(tick): \(message)" }
    public var diagnostic: Diagnostic { .error(code, "\(message) (at tick \(tick))", at: range) }
}

/// Bounds that keep a runaway script from hanging or exhausting memory. Each one ends the
/// run with a located runtime error rather than a trap.
public struct RuntimeLimits: Sendable {
    /// Live layers at once (spawn storms).
    public var maxLayers = 10_000
    /// Expression and statement steps in one tick (runaway handlers).
    public var maxWorkPerTick = 2_000_000
    /// Installed timers at once.
    public var maxTimers = 10_000
    /// Running animations at once.
    public var maxAnimations = 100_000
    /// Points in one layer's geometry after building (huge paths).
    public var maxPathElements = 1_000_000

    /// The defaults, each raised (or lowered) by an environment variable when set to a
    /// positive whole number: WAVE_MAX_LAYERS, WAVE_MAX_WORK, WAVE_MAX_TIMERS,
    /// WAVE_MAX_ANIMATIONS, WAVE_MAX_PATH_ELEMENTS.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func read(_ name: String, _ value: inout Int) {
            if let s = environment[name], let n = Int(s), n > 0 { value = n }
        }
        read("WAVE_MAX_LAYERS", &maxLayers)
        read("WAVE_MAX_WORK", &maxWorkPerTick)
        read("WAVE_MAX_TIMERS", &maxTimers)
        read("WAVE_MAX_ANIMATIONS", &maxAnimations)
        read("WAVE_MAX_PATH_ELEMENTS", &maxPathElements)
    }
}

/// A small, fast, seedable generator (SplitMix64): `random()` is reproducible per scene seed.
public struct SplitMix64: Sendable, Equatable {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1), 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
