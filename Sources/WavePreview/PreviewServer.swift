import Dispatch
import Foundation
import WaveDriver
import WaveHTTP
import WaveSinks

/// `wave preview`: serves the preview page for a script or a folder of scripts until
/// Ctrl-C (or SIGTERM), watching the scripts for saves.
///
/// The calling thread polls the open scripts' files every `pollInterval` (a save shows
/// within that and one render) and the signal flags; one thread accepts connections and
/// each connection has a thread of its own (`PreviewConnection`; a WebSocket has two), at
/// most `ConnectionTable.maxConnections` of them; frames render on each script's own queue.
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
        let listener: TCPListener
        do { listener = try TCPListener(address: address, port: options.port) } catch {
            Console.error("cannot listen on \(options.host):\(options.port): \(error)")
            throw .io
        }
        let hub = ClientHub()
        let handler = PreviewHandler(library: library, hub: hub)
        handler.hostCheck = HostCheck(boundAddress: address, port: listener.port)
        let table = ConnectionTable()
        Interrupts.install()
        signal(SIGPIPE, SIG_IGN)
        let accepting = DispatchSemaphore(value: 0)
        guard DetachedThread.start({
            PreviewServer.accept(on: listener, table: table, handler: handler, hub: hub)
            accepting.signal()
        }) else {
            Console.error("cannot start the server's thread")
            throw .io
        }
        // Bound to every interface, the page is opened here through loopback.
        let local = address == "0.0.0.0" ? "127.0.0.1" : address == "::" ? "::1" : address
        let shownHost = local.contains(":") ? "[\(local)]" : local
        let url = "http://\(shownHost):\(listener.port)/"
        print("wave preview: serving \(library.names.count == 1 ? library.names[0] : "\(library.names.count) scripts") at \(url) (Ctrl-C stops)")
        fflush(nil)
        if options.open { PreviewServer.openBrowser(url) }
        PreviewServer.watch(library, first: first, hub: hub, until: { Interrupts.isInterrupted })
        // The accept loop sees the flag within a tenth of a second; then the port is let go.
        accepting.wait()
        listener.close()
        hub.closeAll()
        table.shutdownAll()
        throw .signal(Interrupts.signalNumber)
    }

    /// Accepts connections until a signal, each on a thread of its own. Running out of file
    /// descriptors is said once on the terminal and waited out.
    static func accept(on listener: TCPListener, table: ConnectionTable, handler: PreviewHandler, hub: ClientHub) {
        var warned = false
        while let socket = listener.accept(until: { Interrupts.isInterrupted }, outOfDescriptors: {
            if !warned { Console.note("wave preview: out of file descriptors: new connections wait until some close (ulimit -n raises the limit)") }
            warned = true
        }) {
            guard let id = table.open(socket) else { socket.close(drain: 0, linger: .zero); continue }
            let connection = PreviewConnection(socket: socket, id: id, table: table, handler: handler, hub: hub)
            if !DetachedThread.start({ connection.run() }) {
                table.close(id)
                socket.close(drain: 0, linger: .zero)
            }
        }
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
    static func socketAddress(_ host: String, port: Int) throws(Exit) -> String {
        guard (0...65535).contains(port) else { Console.error("--port must be 0 to 65535"); throw .usage }
        if host == "localhost" { return "127.0.0.1" }
        if HostCheck.isIPLiteral(host) && TCPListener.isAddress(host) { return host }
        Console.error("--host '\(Console.visible(host))' is not an IP address: give one, such as 127.0.0.1, ::1 or 0.0.0.0")
        throw .usage
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
