import Foundation

/// SIGINT/SIGTERM arrive here as flags; long loops (renders, the player) poll them between
/// frames and unwind normally, so temporary files are removed and the terminal restored.
public enum Interrupts {
    nonisolated(unsafe) static var flag: sig_atomic_t = 0
    nonisolated(unsafe) static var lastSignal: sig_atomic_t = 0

    /// Installs handlers that only record the signal.
    public static func install() {
        let handler: @convention(c) (Int32) -> Void = { sig in
            Interrupts.flag = 1
            Interrupts.lastSignal = sig
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        signal(SIGHUP, handler)
    }

    public static var isInterrupted: Bool { flag != 0 }
    public static var signalNumber: Int32 { lastSignal }
    public static func reset() { flag = 0 }
}

/// Thrown when a signal stopped the work.
public struct Interrupted: Error, CustomStringConvertible {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var description: String { signal == SIGTERM ? "terminated" : "interrupted" }
}
