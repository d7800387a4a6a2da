import Foundation
import WaveCompiler
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
    public var maxLayers = LayerLimit.defaultCount
    /// Expression and statement steps in one tick (runaway handlers); the compiler holds
    /// each statement it compiles to the same limit (`WorkLimit`).
    public var maxWorkPerTick = WorkLimit.defaultSteps
    /// Installed timers at once.
    public var maxTimers = 10_000
    /// Running animations at once.
    public var maxAnimations = 100_000
    /// Points in one layer's geometry after building (huge paths).
    public var maxPathElements = 1_000_000
    /// UTF-8 bytes in one string built while running (`s = s + s` every tick).
    public var maxStringBytes = 1_000_000
    /// Characters one text layer draws (each costs glyph outlines and coverage).
    public var maxTextCharacters = 10_000
    /// Decoded bytes (width · height · 4) of all the images a script's image layers load
    /// (checked when the script is loaded: a located compile error).
    public var maxImageBytes = 64 << 20

    /// Each limit's variable, and the largest value it may be raised to (beyond that a
    /// runaway script would hang or exhaust memory before the limit could stop it).
    nonisolated(unsafe) public static let variables: [(name: String, limit: WritableKeyPath<RuntimeLimits, Int>, maximum: Int)] = [
        (LayerLimit.variable, \.maxLayers, LayerLimit.maximum),
        (WorkLimit.variable, \.maxWorkPerTick, WorkLimit.maximum),
        ("WAVE_MAX_TIMERS", \.maxTimers, 1_000_000),
        ("WAVE_MAX_ANIMATIONS", \.maxAnimations, 10_000_000),
        ("WAVE_MAX_PATH_ELEMENTS", \.maxPathElements, 100_000_000),
        ("WAVE_MAX_STRING", \.maxStringBytes, 100_000_000),
        ("WAVE_MAX_TEXT", \.maxTextCharacters, 200_000),
        ("WAVE_MAX_IMAGE_BYTES", \.maxImageBytes, 1 << 30),
    ]

    /// The defaults, each changed by its environment variable (`variables`) when that is a
    /// whole number from 1 to the variable's maximum. Other values are ignored here and
    /// reported by `problems(in:)`, which the commands check first.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        for v in RuntimeLimits.variables {
            if let s = environment[v.name], let n = Int(s), (1...v.maximum).contains(n) { self[keyPath: v.limit] = n }
        }
    }

    /// One message for each limit variable that is set to a value it cannot honour.
    public static func problems(in environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        variables.compactMap { v in
            guard let s = environment[v.name] else { return nil }
            if let n = Int(s), (1...v.maximum).contains(n) { return nil }
            return "\(v.name)='\(s)' is not a limit: give a whole number from 1 to \(v.maximum)"
        }
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
