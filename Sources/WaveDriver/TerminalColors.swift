import Foundation
import WaveSinks

/// How many colours the terminal shows, from the environment and terminfo: NO_COLOR (set,
/// not empty) and TERM=dumb give none; COLORTERM=truecolor or 24bit gives 24-bit colour;
/// then terminfo through `tput`: the `RGB` or `Tc` capability, or `colors` of 2^24, give
/// 24-bit colour, 256 or more the 256-colour palette, 16 the ANSI colours, 8 the basic eight
/// (no bright 90–97 codes; with COLORTERM set, the 256-colour palette), fewer none.
/// A terminal terminfo does not know falls back to its name (`ColorMode.detect`, with
/// `-direct` and the terminals known to take 24-bit colour added). `--color` overrides all.
public enum TerminalColors {
    /// A terminfo query: a capability of a terminal type, as `tput -T TERM NAME` answers it
    /// (a number, "yes" for a boolean that is set, nil when unknown or unset).
    public typealias Query = (_ term: String, _ capability: String) -> String?

    public static func detect(environment env: [String: String], terminfo: Query = Tput.query) -> ColorMode {
        if let noColor = env["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = env["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorterm = (env["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if !term.isEmpty, let colors = terminfo(term, "colors").flatMap(Int.init) {
            if terminfo(term, "RGB") == "yes" || terminfo(term, "Tc") == "yes" || colors >= 1 << 24 { return .truecolor }
            if colors >= 256 { return .palette256 }
            if colors >= 8, !colorterm.isEmpty { return .palette256 }
            if colors >= 16 { return .ansi16 }
            if colors >= 8 { return .ansi8 }
            return .none
        }
        let directFamilies = ["-direct", "xterm-kitty", "alacritty", "wezterm", "foot", "xterm-ghostty", "contour"]
        if directFamilies.contains(where: { term.hasSuffix($0) || term.hasPrefix($0) }) { return .truecolor }
        return ColorMode.detect(environment: env)
    }
}

/// Asks terminfo through `tput`.
public enum Tput {
    public static func query(_ term: String, _ capability: String) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tput", "-T", term, capability]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch p.terminationStatus {
        case 0: return text.isEmpty ? "yes" : text
        default: return nil
        }
    }
}
