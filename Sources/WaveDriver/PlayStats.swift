import Foundation
import WaveSinks

/// What `wave play --stats` reports: clock ticks played (positions 0 to the last, each
/// restart playing 0 again; none while paused), of which frames drawn (the tick's frame was
/// on screen: drawn, or unchanged from the last, as a held last tick is) and frames skipped
/// (passed over because drawing fell behind), so drawn + skipped = ticks; bytes of escape
/// codes, and per-frame drawing time (render, encode, write) for every frame written,
/// status-row changes included.
public struct PlayStats: Sendable {
    public var ticks = 0
    public var framesDrawn = 0
    public var framesSkipped = 0
    public var bytesWritten = 0
    public var frameMilliseconds: [Double] = []

    public init() {}

    public var meanMilliseconds: Double {
        frameMilliseconds.isEmpty ? 0 : frameMilliseconds.reduce(0, +) / Double(frameMilliseconds.count)
    }

    /// The 95th percentile (nearest rank).
    public var p95Milliseconds: Double {
        let sorted = frameMilliseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((0.95 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    public var summary: String {
        String(format: "ticks %d, frames drawn %d, frames skipped %d, bytes written %d, frame time mean %.2f ms, p95 %.2f ms",
               ticks, framesDrawn, framesSkipped, bytesWritten, meanMilliseconds, p95Milliseconds)
    }
}

/// Monotonic time in nanoseconds.
func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
