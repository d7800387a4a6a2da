import Foundation
import WaveRuntime
import WaveSinks

/// Signals arrive here as flags; long loops (renders, the player) poll them between frames
/// and unwind normally, so temporary files are removed and the terminal restored.
public enum Interrupts {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0
    nonisolated(unsafe) static var lastSignal: sig_atomic_t = 0
    nonisolated(unsafe) static var resized: sig_atomic_t = 0
    nonisolated(unsafe) static var suspended: sig_atomic_t = 0

    /// Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\, which would
    /// otherwise dump a crash report over the screen) that only record the signal.
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { sig in
            Interrupts.flag = 1
            Interrupts.lastSignal = sig
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        signal(SIGHUP, handler)
        signal(SIGQUIT, handler)
        AtomicFile.whileWaiting = { try Interrupts.check() }
        SceneRuntime.heartbeat = { tick, work in
            if Interrupts.isInterrupted { throw Interrupted(signal: Interrupts.signalNumber) }
            if work > 0 { Interrupts.busyTick?(tick, work) }
        }
    }

    /// Told about a tick whose handlers have run more than a million steps so far (the
    /// render command shows it in its progress line).
    nonisolated(unsafe) public static var busyTick: (@Sendable (_ tick: Int, _ work: Int) -> Void)?

    /// Also records SIGWINCH (the terminal was resized) and SIGTSTP (Ctrl-Z), for the
    /// interactive player.
    public static func installTerminalSignals() {
        signal(SIGWINCH, { _ in Interrupts.resized = 1 })
        signal(SIGTSTP, { _ in Interrupts.suspended = 1 })
    }

    /// Puts SIGTSTP back to its default, so the process can stop itself.
    public static func defaultSuspend() { signal(SIGTSTP, SIG_DFL) }

    public static var isInterrupted: Bool { flag != 0 }
    public static var signalNumber: Int32 { lastSignal }
    /// Throws `Interrupted` when a signal asked the command to stop.
    public static func check() throws {
        if isInterrupted { throw Interrupted(signal: signalNumber) }
    }
    public static func reset() { flag = 0 }

    /// True once after each SIGWINCH.
    public static func takeResize() -> Bool {
        guard resized != 0 else { return false }
        resized = 0
        return true
    }

    /// True once after each SIGTSTP.
    public static func takeSuspend() -> Bool {
        guard suspended != 0 else { return false }
        suspended = 0
        return true
    }
}

/// Thrown when a signal stopped the work.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var description: String { signal == SIGTERM ? "terminated" : "interrupted" }
}
