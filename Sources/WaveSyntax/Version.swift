/// The release of the language and its tools, reported by `wave --version` and by the
/// language server's `serverInfo`.
public enum WaveVersion {
    public static let string = "0.11.0"
}
