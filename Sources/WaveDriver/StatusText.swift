import Foundation

/// How status rows (the player's, the REPL's) write times and speeds, so they agree:
/// `2.95s` (seconds to the hundredth, rounded down so a time never shows before it is
/// reached), `1x`, `2x`, `0.75x`, `1/64x`.
public enum StatusText {
    /// Scene time of `tick` in seconds, to the hundredth.
    public static func time(ofTick tick: Int) -> String {
        let hundredths = tick >= 0 ? tick * 100 / 60 : -((-tick * 100 + 59) / 60)
        let sign = hundredths < 0 ? "-" : ""
        let a = abs(hundredths)
        return sign + String(a / 100) + "." + (a % 100 < 10 ? "0" : "") + String(a % 100) + "s"
    }

    /// A playback speed: whole numbers plain, halvings as fractions, others to three
    /// significant digits.
    public static func speed(_ x: Double) -> String {
        guard x.isFinite, x > 0 else { return "\(x)x" }
        if x == x.rounded() { return "\(Int(x))x" }
        let inverse = 1 / x
        if x < 1, inverse == inverse.rounded(), inverse <= 1024 { return "1/\(Int(inverse))x" }
        var s = String(format: "%.3g", x)
        if s.contains("."), !s.contains("e") { while s.hasSuffix("0") { s.removeLast() } }
        return s + "x"
    }
}
