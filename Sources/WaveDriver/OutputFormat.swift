import WaveExport
import WaveSinks

/// What `--format` names: an image or video format (`png`, `gif`, `mp4` …) or an export,
/// by its extension (`svg`, `json` for Lottie, `lottie` for dotLottie).
public enum OutputFormat: Sendable, Equatable {
    case image(ImageFormat)
    case export(ExportFormat)

    public init?(name: String) {
        if let f = ImageFormat(rawValue: name) { self = .image(f); return }
        guard let e = ExportFormat.fromExtension("x." + name) else { return nil }
        self = .export(e)
    }

    /// Every name, images first.
    public static var names: [String] { ImageFormat.allCases.map(\.rawValue) + ExportFormat.allCases.map(\.fileExtension) }

    public var isExport: Bool { if case .export = self { return true } else { return false } }
}

extension RenderRequest {
    /// Sets --format.
    public mutating func setFormat(_ f: OutputFormat) {
        switch f {
        case .image(let i): format = i; exportFlag = nil
        case .export(let e): exportFlag = e; format = nil
        }
    }
}
