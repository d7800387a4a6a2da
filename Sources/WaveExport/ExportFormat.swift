/// The vector formats `wave render` exports to, chosen by the output's extension.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Animated SVG (SMIL), or a still SVG of one tick.
    case svg
    /// Lottie JSON (Bodymovin 5), 60 fps.
    case lottie
    /// dotLottie: a zip holding manifest.json and animations/NAME.json.
    case dotLottie = "dotlottie"

    /// The format a file name implies (`.svg`, `.json`, `.lottie`), or nil.
    public static func fromExtension(_ path: String) -> ExportFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "svg": return .svg
        case "json": return .lottie
        case "lottie": return .dotLottie
        default: return nil
        }
    }

    /// The file extension: svg, json, lottie.
    public var fileExtension: String {
        switch self {
        case .svg: return "svg"
        case .lottie: return "json"
        case .dotLottie: return "lottie"
        }
    }

    /// Name shown in messages.
    public var displayName: String {
        switch self {
        case .svg: return "SVG"
        case .lottie: return "Lottie"
        case .dotLottie: return "dotLottie"
        }
    }
}
