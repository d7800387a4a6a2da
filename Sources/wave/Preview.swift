import ArgumentParser
import WaveDriver
import WavePreview

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a browser page that previews a script: a tick-exact scrubber, hot reload and an inspector.",
        discussion: """
        Starts a local web server and prints its URL. The page shows the frame at full \
        resolution (times --scale), the pixels 'wave render --frame N' draws; a timeline to \
        drag over the scene's duration in ticks and seconds, with play, pause, speed, loop, \
        one-tick steps on the arrow keys and markers at the scene's 'at' and 'after' times \
        and where animations start; the layers and their values at the current tick, and a \
        plot of the values you tick over the timeline. Saving the script re-renders the \
        current tick, keeping the playhead; a save with errors keeps the last good frame and \
        shows the errors as 'wave check' prints them. Given a folder, the page lists its \
        scripts and switches between them. Tabs on the same script follow each other's playhead.

        The server listens on 127.0.0.1 only, unless --host names another address. It answers \
        only requests whose Host header is that address or localhost (with the port), and \
        WebSockets from its own page; it serves the scripts and the images they use, nothing \
        else of the folder and nothing outside it. The page loads nothing from the network.

        Ctrl-C stops the server (exit 130). Exit codes: 64 usage, 74 when the script or the \
        port cannot be had. docs/preview.md has more.
        """)

    @Argument(help: "A script, or a folder of scripts.") var target: String
    @Option(parsing: .unconditional, help: "Port to listen on (0: any free port).") var port: Int = 8060
    @Option(help: "Address to listen on: an IP address such as 127.0.0.1 (default), ::1 or 0.0.0.0 (every interface: other machines can see the page).")
    var host: String = "127.0.0.1"
    @Option(parsing: .unconditional, help: "Scale factor for the frames (e.g. 2 for twice the scene size).") var scale: Double = 1
    @Flag(help: "Open the page in the desktop's browser (xdg-open).") var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard scale > 0, scale <= 16, scale.isFinite else { throw ValidationError("--scale must be more than 0 and at most 16") }
    }

    func run() throws {
        var options = PreviewServer.Options(target: target)
        options.port = port
        options.host = host
        options.scale = scale
        options.open = open
        try PreviewServer(options: options).run()
    }
}
