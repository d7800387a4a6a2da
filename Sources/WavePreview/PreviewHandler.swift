import Foundation
import WaveHTTP
import WaveSinks

/// Answers the preview server's requests: checks the Host (and a WebSocket's Origin), reads
/// the route, and hands the work to the script it names.
///
/// Refusals: 421 for a Host that is not the server's own (DNS rebinding), 403 for a
/// WebSocket from another origin and for a file the script does not use or that lies
/// outside the folder, 404 for an unknown path or script, 400 for a malformed request. A
/// 101 answer upgrades the connection to the page's WebSocket (`PreviewSocketSession`).
public final class PreviewHandler: @unchecked Sendable {
    let library: ScriptLibrary
    let hub: ClientHub
    let page: String
    private let lock = NSLock()
    private var check: HostCheck?

    public init(library: ScriptLibrary, hub: ClientHub, page: String = PreviewPage.html) {
        self.library = library
        self.hub = hub
        self.page = page
    }

    /// Set once the server listens (its port is known then); until then every request is refused.
    public var hostCheck: HostCheck? {
        get { lock.lock(); defer { lock.unlock() }; return check }
        set { lock.lock(); check = newValue; lock.unlock() }
    }

    /// The answer to one request.
    public func answer(_ request: HTTPRequestHead) -> HTTPResponse {
        let host = request.host
        guard let check = hostCheck, check.allows(host: host) else {
            return PreviewHandler.text(.misdirectedRequest,
                                       "refused: the Host header '\(host ?? "")' is not this server's address\n")
        }
        guard let query = PercentEncoding.queryItems(request.query) else {
            return PreviewHandler.text(.badRequest, "the query is not valid percent-encoded UTF-8\n")
        }
        let route = PreviewRoute.parse(method: request.method, path: request.path, query: query)
        switch route {
        case .page:
            return PreviewHandler.response(.ok, type: "text/html; charset=utf-8", Array(page.utf8))
        case .scripts:
            return PreviewHandler.json(library.names)
        case .events:
            guard check.allows(origin: request.field("Origin"), host: host) else {
                return PreviewHandler.text(.forbidden, "refused: a WebSocket from another origin\n")
            }
            return WebSocketHandshake.response(to: request)
        case .notFound:
            return PreviewHandler.text(.notFound, "not found\n")
        case .bad(let why):
            return PreviewHandler.text(.badRequest, why + "\n")
        case .info(let name), .frame(let name, _), .inspect(let name, _), .plot(let name, _), .file(let name, _):
            guard let script = library.script(name) else { return PreviewHandler.text(.notFound, "no script '\(name)' here\n") }
            return answer(route, for: script)
        }
    }

    /// The answer to a route about one script.
    func answer(_ route: PreviewRoute, for script: PreviewScript) -> HTTPResponse {
        do {
            switch route {
            case .info:
                return PreviewHandler.json(script.info)
            case .frame(_, let tick):
                let (version, png) = try script.frame(at: tick)
                var r = PreviewHandler.response(.ok, type: "image/png", png)
                r.fields += [HTTPField("X-Wave-Version", String(version)), HTTPField("X-Wave-Tick", String(tick))]
                return r
            case .inspect(_, let tick):
                return PreviewHandler.json(try script.inspect(at: tick))
            case .plot(_, let props):
                return PreviewHandler.response(.ok, type: "image/svg+xml", Array(try script.plot(props).utf8))
            case .file(_, let path):
                guard let real = library.servedFile(path, of: script) else {
                    return PreviewHandler.text(.forbidden, "refused: '\(path)' is not a file this script uses inside its folder\n")
                }
                guard let data = FileManager.default.contents(atPath: real) else { return PreviewHandler.text(.notFound, "cannot read '\(path)'\n") }
                let type = real.hasSuffix(".png") ? "image/png" : "text/plain; charset=utf-8"
                return PreviewHandler.response(.ok, type: type, Array(data))
            default:
                return PreviewHandler.text(.notFound, "not found\n")
            }
        } catch let e as PreviewScript.FrameError {
            return PreviewHandler.text(e.noVersion ? .serviceUnavailable : .unprocessableContent, e.message)
        } catch {
            return PreviewHandler.text(.internalServerError, "\(error)\n")
        }
    }

    /// Every answer carries these: nothing cached (frames change with each save), no type
    /// sniffing, and no framing or fetching by other sites' pages.
    static func response(_ status: HTTPStatus, type: String, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status, fields: [
            HTTPField("Content-Type", type),
            HTTPField("Cache-Control", "no-store"),
            HTTPField("X-Content-Type-Options", "nosniff"),
            HTTPField("Content-Security-Policy", "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' blob: data:; connect-src 'self'; frame-ancestors 'none'"),
            HTTPField("Cross-Origin-Resource-Policy", "same-origin"),
        ], body: body)
    }

    static func text(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        response(status, type: "text/plain; charset=utf-8", Array(message.utf8))
    }

    static func json<T: Encodable>(_ value: T) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { return text(.internalServerError, "cannot encode the answer\n") }
        return response(.ok, type: "application/json", Array(data))
    }
}
