import Dispatch
import Foundation
import WaveSinks

/// A progress line for long renders: frames done of the total, frames per second and the
/// estimated time left, e.g. `ocean.gif  120/300 frames  241 fps  ETA 0.7s`.
///
/// `.redraw` (a terminal) rewrites one line in place with `\r` and erases it at the end;
/// `.lines` (asked for with `--progress` when not a terminal) writes whole lines, at most
/// one a second. The first update is always shown. Safe to call from several threads.
public final class ProgressMeter: @unchecked Sendable {
    public enum Style: Sendable { case redraw, lines }

    public let label: String
    public let total: Int
    private let style: Style
    private let output: (String) -> Void
    private let start = DispatchTime.now().uptimeNanoseconds
    private let lock = NSLock()
    private var done = 0
    private var lastDraw: UInt64?
    private var drawn = false

    /// - Parameter output: receives the text to write (the caller owns standard error).
    public init(label: String, total: Int, style: Style, output: @escaping (String) -> Void) {
        self.label = label
        self.total = max(0, total)
        self.style = style
        self.output = output
    }

    /// Records that `frames` more frames are done.
    public func advance(by frames: Int = 1) {
        lock.lock(); defer { lock.unlock() }
        done += frames
        let now = DispatchTime.now().uptimeNanoseconds
        let interval: UInt64 = style == .redraw ? 100_000_000 : 1_000_000_000
        if let last = lastDraw, now - last < interval, done < total { return }
        lastDraw = now
        let text = ProgressMeter.text(label: label, done: done, total: total, seconds: Double(now - start) / 1e9)
        drawn = true
        output(style == .redraw ? "\r" + text + "\u{1B}[K" : text + "\n")
    }

    /// Shows that one tick is taking long (a handler running millions of steps): the frame
    /// count so far followed by `note`, at most as often as frames are shown.
    public func busy(_ note: String) {
        lock.lock(); defer { lock.unlock() }
        let now = DispatchTime.now().uptimeNanoseconds
        let interval: UInt64 = style == .redraw ? 100_000_000 : 1_000_000_000
        if let last = lastDraw, now - last < interval { return }
        lastDraw = now
        let text = "\(label)  \(done)/\(total) frames  \(note)"
        drawn = true
        output(style == .redraw ? "\r" + text + "\u{1B}[K" : text + "\n")
    }

    /// Erases the line (`.redraw`), so the summary that follows starts clean.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        if style == .redraw && drawn { output("\r\u{1B}[K") }
        drawn = false
    }

    /// The progress text for `done` of `total` frames after `seconds`.
    public static func text(label: String, done: Int, total: Int, seconds: Double) -> String {
        var s = "\(label)  \(done)/\(total) frames"
        guard seconds > 0, done > 0 else { return s }
        let fps = Double(done) / seconds
        s += "  " + String(format: fps >= 10 ? "%.0f fps" : "%.1f fps", fps)
        let left = Double(max(0, total - done)) / fps
        s += "  ETA " + (left < 60 ? String(format: "%.1fs", left) : "\(Int(left) / 60)m\(String(format: "%02d", Int(left) % 60))s")
        return s
    }
}
