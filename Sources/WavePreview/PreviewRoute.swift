import WaveCompiler
import WaveHTTP

/// What a request to the preview server asks for, read from its path and query alone (no
/// files, no scripts): every request the server answers is one of these cases, and
/// anything else is `.notFound` or `.bad`.
///
///     GET /                                the page
///     GET /scripts                         the scripts (JSON)
///     GET /info?script=S                   size, duration, markers, version, errors (JSON)
///     GET /frame?script=S&tick=N[&v=V]     the frame at tick N (PNG)
///     GET /inspect?script=S&tick=N         the layer tree and property values at N (JSON)
///     GET /plot?script=S&prop=P[&prop=Q]   chosen values over the duration (SVG)
///     GET /file/PATH?script=S              the script or an image it uses
///     GET /events                          the WebSocket of reloads, errors and seeks
public enum PreviewRoute: Equatable, Sendable {
    case page
    case scripts
    case info(script: String)
    case frame(script: String, tick: Int)
    case inspect(script: String, tick: Int)
    case plot(script: String, props: [String])
    case file(script: String, path: String)
    case events
    /// A path the server does not serve.
    case notFound
    /// A known path with a missing or malformed parameter: why.
    case bad(String)

    /// The last tick a request may name, as `wave render --frame` allows (ten hours).
    public static let maxTick = Compiler.maxTicks
    /// Most properties one plot draws.
    public static let maxPlotProps = 8

    /// The route of `method path?query`. `path` is percent-encoded as it came; `query` the
    /// decoded name/value pairs in order.
    public static func parse(method: String, path: String, query: [(name: String, value: String)]) -> PreviewRoute {
        guard method == "GET" || method == "HEAD" else { return .bad("only GET is served") }
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        func script() -> String { value("script") ?? "" }
        func tick() -> Int? {
            guard let t = value("tick"), !t.isEmpty, t.count <= 9, t.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(t), n <= maxTick else { return nil }
            return n
        }
        switch path {
        case "/", "/index.html": return .page
        case "/scripts": return .scripts
        case "/events": return .events
        case "/info": return .info(script: script())
        case "/frame", "/inspect":
            guard let t = tick() else { return .bad("tick must be a whole number from 0 to \(maxTick)") }
            return path == "/frame" ? .frame(script: script(), tick: t) : .inspect(script: script(), tick: t)
        case "/plot":
            let props = query.filter { $0.name == "prop" }.map(\.value).filter { !$0.isEmpty }
            guard !props.isEmpty else { return .bad("name at least one prop to plot") }
            guard props.count <= maxPlotProps else { return .bad("at most \(maxPlotProps) props in one plot") }
            return .plot(script: script(), props: props)
        default:
            let prefix = "/file/"
            guard path.hasPrefix(prefix), path.count > prefix.count else { return .notFound }
            guard let decoded = PercentEncoding.decode(path.dropFirst(prefix.count)) else {
                return .bad("the file name is not valid percent-encoded UTF-8")
            }
            return .file(script: script(), path: decoded)
        }
    }
}
