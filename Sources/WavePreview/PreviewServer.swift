import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
import WaveDriver
import WaveSinks

/// `wave preview`: serves the preview page for a script or a folder of scripts until
/// Ctrl-C (or SIGTERM), watching the scripts for saves.
///
/// The calling thread polls the open scripts' files every `pollInterval` (a save shows
/// within that and one render) and the signal flags; the server's connections run on
/// Swift's concurrency threads, and frames render on each script's own queue.
public struct PreviewServer {
    public struct Options: Sendable {
        /// A script, or a folder whose *.wave files the page lists.
        public var target: String
        /// An IP address (or `localhost`); 127.0.0.1 unless given.
        public var host = "127.0.0.1"
        /// 0: any free port.
        public var port = 8060
        public var scale = 1.0
        /// Open the page in the desktop's browser (xdg-open).
        public var open = false
        public init(target: String) { self.target = target }
    }

    static let pollInterval: useconds_t = 50_000

    public let options: Options
    public init(options: Options) { self.options = options }

    /// Serves until a signal; throws `Exit`: 130 after Ctrl-C, 143 after SIGTERM, 64 for a
    /// bad --host, 74 when the script or the port cannot be had.
    public func run() throws(Exit) {
        let library: ScriptLibrary
        do { library = try ScriptLibrary(target: options.target, scale: options.scale) } catch {
            Console.error(error.message)
            throw .io
        }
        let address = try PreviewServer.socketAddress(options.host, port: options.port)
        let first = library.script("")   // compiled now: its diagnostics show on the terminal at once
        let hub = ClientHub()
        let handler = PreviewHandler(library: library, hub: hub)
        let log = ConnectionLog()
        let pool = GuardedSocketPool(connections: log)
        handler.socketPool = pool
        let server = HTTPServer(config: .init(address: address, pool: pool, logger: log), handler: handler)
        Interrupts.install()
        let failure = FailureBox()
        let serving = Task {
            do { try await server.run() } catch { failure.set(error) }
        }
        let port = PreviewServer.waitForPort(server, failure: failure)
        guard let port else {
            Console.error("cannot listen on \(options.host):\(options.port): \(failure.message ?? "the server did not start")")
            throw .io
        }
        let bound = options.host == "localhost" ? "127.0.0.1" : options.host
        handler.hostCheck = HostCheck(boundAddress: bound, port: port)
        // Bound to every interface, the page is opened here through loopback.
        let local = bound == "0.0.0.0" ? "127.0.0.1" : bound == "::" ? "::1" : bound
        let shownHost = local.contains(":") ? "[\(local)]" : local
        let url = "http://\(shownHost):\(port)/"
        print("wave preview: serving \(library.names.count == 1 ? library.names[0] : "\(library.names.count) scripts") at \(url) (Ctrl-C stops)")
        fflush(nil)
        if options.open { PreviewServer.openBrowser(url) }
        PreviewServer.watch(library, first: first, hub: hub, until: { Interrupts.isInterrupted || failure.message != nil })
        hub.closeAll()
        let done = DispatchSemaphore(value: 0)
        Task {
            await server.stop(timeout: 1)
            serving.cancel()
            done.signal()
        }
        _ = done.wait(timeout: .now() + 3)
        if let message = failure.message, !Interrupts.isInterrupted {
            Console.error("the server stopped: \(message)")
            throw .io
        }
        throw .signal(Interrupts.signalNumber)
    }

    /// Polls the open scripts for saves until `stop()`, telling the pages of each change.
    /// The terminal shows what the pages show: each new version, and diagnostics when they change.
    static func watch(_ library: ScriptLibrary, first: PreviewScript?, hub: ClientHub, until stop: () -> Bool) {
        var reported: [String: String] = [:]
        func report(_ script: PreviewScript, reloaded: Bool) {
            let info = script.info
            if reloaded && !info.failed { Console.note("\(script.name): version \(info.version)") }
            if info.diagnostics != reported[script.name, default: ""] { StandardError.write(info.diagnostics) }
            reported[script.name] = info.diagnostics
        }
        if let first { report(first, reloaded: false) }
        while !stop() {
            for script in library.openScripts where script.reloadIfChanged() {
                hub.changed(script.name)
                report(script, reloaded: true)
            }
            usleep(pollInterval)
        }
    }

    /// The address to bind: an IPv4 or IPv6 literal, or `localhost` (127.0.0.1).
    static func socketAddress(_ host: String, port: Int) throws(Exit) -> any SocketAddress {
        guard (0...65535).contains(port) else { Console.error("--port must be 0 to 65535"); throw .usage }
        let p = UInt16(port)
        if host == "localhost" { if let a = try? sockaddr_in.inet(ip4: "127.0.0.1", port: p) { return a } }
        if HostCheck.isIPLiteral(host) {
            if host.contains(":") { if let a = try? sockaddr_in6.inet6(ip6: host, port: p) { return a } }
            else if let a = try? sockaddr_in.inet(ip4: host, port: p) { return a }
        }
        Console.error("--host '\(Console.visible(host))' is not an IP address: give one, such as 127.0.0.1, ::1 or 0.0.0.0")
        throw .usage
    }

    /// The port the server listens on once it does, or nil when it failed to start (within
    /// five seconds).
    static func waitForPort(_ server: HTTPServer, failure: FailureBox) -> Int? {
        for _ in 0..<500 {
            if failure.message != nil { return nil }
            let box = FailureBox()
            let done = DispatchSemaphore(value: 0)
            Task {
                switch await server.listeningAddress {
                case .ip4(_, let port)?, .ip6(_, let port)?: box.port = Int(port)
                default: break
                }
                done.signal()
            }
            done.wait()
            if let port = box.port { return port }
            usleep(10_000)
        }
        return nil
    }

    static func openBrowser(_ url: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["xdg-open", url]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { Console.note("could not start a browser (xdg-open): open \(url) yourself") }
    }
}

/// A value shared between the server's task and the calling thread.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var error: String?
    private var _port: Int?
    func set(_ e: Error) {
        var text = "\(e)"
        if case let SocketError.failed(type, _, message) = e { text = "\(type.lowercased()) failed: \(message.lowercased())" }
        lock.lock(); error = text; lock.unlock()
    }
    var message: String? { lock.lock(); defer { lock.unlock() }; return error }
    var port: Int? {
        get { lock.lock(); defer { lock.unlock() }; return _port }
        set { lock.lock(); _port = newValue; lock.unlock() }
    }
}
