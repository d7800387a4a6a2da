import Foundation
import WaveExport

/// `index.html` for a directory of renders: one card per script with its output (shown
/// when a browser can: PNG, APNG, GIF; linked otherwise), name, size, duration and any
/// error. The page is one self-contained file: no stylesheet, script or font is fetched;
/// images are the files beside it. Each image reports whether it loaded
/// (`data-state="loaded"` or `"broken"`), so a test in a headless browser can check them.
public struct Gallery {
    public struct Entry {
        public var script: String
        /// The output's file name inside the directory (nil when nothing was written).
        public var file: String?
        public var width: Int
        public var height: Int
        /// Ticks the output covers (1 for a still).
        public var ticks: Int
        public var renderSeconds: Double
        public var error: String?

        public init(script: String, file: String?, width: Int = 0, height: Int = 0, ticks: Int = 0,
                    renderSeconds: Double = 0, error: String? = nil) {
            self.script = script
            self.file = file
            self.width = width
            self.height = height
            self.ticks = ticks
            self.renderSeconds = renderSeconds
            self.error = error
        }
    }

    public var title: String
    public var entries: [Entry]

    public init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }

    public func html() -> String {
        var s = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(XML.escaped(title))</title>
        <style>
        body { font-family: sans-serif; margin: 24px; background: #f4f4f4; color: #222 }
        .grid { display: flex; flex-wrap: wrap; gap: 16px }
        .card { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 10px; width: 300px }
        .card img { max-width: 100%; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px }
        .card.failed { border-color: #c00 }
        .error { color: #c00; white-space: pre-wrap; font-family: monospace }
        .meta { color: #555; font-size: 13px }
        </style></head>
        <body>
        <h1>\(XML.escaped(title))</h1>
        <p class="meta">\(entries.count) script\(entries.count == 1 ? "" : "s"), \(entries.filter { $0.error != nil }.count) failed.</p>
        <div class="grid">

        """
        for e in entries {
            s += "<div class=\"card\(e.error == nil ? "" : " failed")\">\n<h2>\(XML.escaped(e.script))</h2>\n"
            if let file = e.file, e.error == nil {
                let lower = file.lowercased()
                if lower.hasSuffix(".png") || lower.hasSuffix(".apng") || lower.hasSuffix(".gif") {
                    s += "<img src=\"\(XML.escaped(Gallery.url(file)))\" alt=\"\(XML.escaped(e.script))\" width=\"\(e.width)\" height=\"\(e.height)\" data-state=\"loading\" onload=\"this.dataset.state='loaded'\" onerror=\"this.dataset.state='broken'\">\n"
                }
                s += "<p class=\"meta\"><a href=\"\(XML.escaped(Gallery.url(file)))\">\(XML.escaped(file))</a></p>\n"
            }
            if e.error == nil {
                let duration = e.ticks <= 1 ? "one frame" : "\(Gallery.seconds(e.ticks)) s (\(e.ticks) ticks)"
                s += "<p class=\"meta\">\(e.width)×\(e.height), \(duration), rendered in \(String(format: "%.2f", e.renderSeconds)) s</p>\n"
            }
            if let error = e.error { s += "<p class=\"error\">\(XML.escaped(error))</p>\n" }
            s += "</div>\n"
        }
        return s + "</div>\n</body></html>\n"
    }

    static func seconds(_ ticks: Int) -> String {
        ticks % 60 == 0 ? "\(ticks / 60)" : String(format: "%.2f", Double(ticks) / 60)
    }


    /// A file's path (relative to the page, or absolute) as the URL of a `src` or `href`:
    /// every byte but letters, digits, `-._~` and `/` percent-encoded, and a relative path
    /// prefixed `./`, so no file name can become a scheme (`javascript:`), a query, a
    /// fragment or an escape from the folder (`%2e%2e`), and every name loads.
    static func url(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "" : "./"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
