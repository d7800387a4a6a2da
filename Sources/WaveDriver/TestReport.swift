import Foundation
import WaveExport

/// `index.html` beside the failure images of `wave test`: for each failed frame, the
/// expected, actual and diff images side by side, and a box that blinks between expected
/// and actual (a CSS animation switched on by a checkbox: no script, nothing fetched).
/// Each image reports whether it loaded (`data-state`), for tests in a headless browser.
public struct TestReport {
    public struct Failure {
        public var script: String
        public var tick: Int
        /// What went wrong, in one line.
        public var summary: String
        /// Image paths relative to the report: expected (nil when the golden is missing or
        /// unreadable), actual, diff (nil when the sizes differ).
        public var expected: String?
        public var actual: String
        public var diff: String?

        public init(script: String, tick: Int, summary: String, expected: String?, actual: String, diff: String?) {
            self.script = script
            self.tick = tick
            self.summary = summary
            self.expected = expected
            self.actual = actual
            self.diff = diff
        }
    }

    public var failures: [Failure]

    public init(failures: [Failure]) { self.failures = failures }

    /// The failures among `outcomes` of `script`, with paths made relative to `root` (the
    /// failures directory the report is written into).
    public static func failures(script: String, _ outcomes: [GoldenCheck.Outcome], root: String) -> [Failure] {
        func rel(_ p: String) -> String { p.hasPrefix(root + "/") ? String(p.dropFirst(root.count + 1)) : p }
        return outcomes.compactMap { o in
            guard let problem = o.problem else { return nil }
            switch o {
            case .passed, .recorded: return nil
            case let .missing(t, _, actual), let .unreadable(t, _, _, actual):
                return Failure(script: script, tick: t, summary: problem, expected: nil, actual: rel(actual), diff: nil)
            case let .mismatch(t, _, files):
                return Failure(script: script, tick: t, summary: problem, expected: files.first.map(rel), actual: rel(files[1]),
                               diff: files.count > 2 ? rel(files[2]) : nil)
            }
        }
    }

    public func html() -> String {
        var s = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>wave test: \(failures.count) failed</title>
        <style>
        body { font-family: sans-serif; margin: 24px; color: #222 }
        .row { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; margin-bottom: 28px }
        figure { margin: 0 } figcaption { font-size: 13px; color: #555 }
        img { width: 256px; height: auto; image-rendering: pixelated; border: 1px solid #aaa; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px }
        .blink { position: relative; display: block }
        .blink img.over { position: absolute; left: 0; top: 0; opacity: 0 }
        input.toggle:checked ~ .blink img.over { animation: blink 1s steps(1) infinite }
        @keyframes blink { 0% { opacity: 0 } 50% { opacity: 1 } }
        </style></head>
        <body>
        <h1>wave test: \(failures.count) frame\(failures.count == 1 ? "" : "s") failed</h1>

        """
        for (i, f) in failures.enumerated() {
            s += "<h2>\(XML.escaped(f.script)), tick \(f.tick)</h2>\n<p>\(XML.escaped(f.summary))</p>\n<div class=\"row\">\n"
            if let e = f.expected { s += figure(e, "expected (golden)") }
            s += figure(f.actual, "actual (this run)")
            if let d = f.diff { s += figure(d, "diff: how far they differ, pale yellow (just past the tolerance) to red (224 and up); the strip below is the scale, marks at 64, 128, 192") }
            if let e = f.expected {
                s += """
                <figure><input type="checkbox" class="toggle" id="blink\(i)" checked><label for="blink\(i)"> blink</label>
                <div class="blink">\(img(e, "expected"))\(img(f.actual, "actual", over: true))</div>
                <figcaption>expected ⇄ actual every 0.5 s</figcaption></figure>

                """
            }
            s += "</div>\n"
        }
        return s + "</body></html>\n"
    }

    private func figure(_ src: String, _ caption: String) -> String {
        "<figure>\(img(src, caption))<figcaption>\(XML.escaped(caption))</figcaption></figure>\n"
    }

    private func img(_ src: String, _ alt: String, over: Bool = false) -> String {
        "<img\(over ? " class=\"over\"" : "") src=\"\(XML.escaped(Gallery.url(src)))\" alt=\"\(XML.escaped(alt))\" data-state=\"loading\" onload=\"this.dataset.state='loaded'\" onerror=\"this.dataset.state='broken'\">"
    }

}

extension GoldenCheck.Outcome {
    /// The tick checked.
    public var tick: Int {
        switch self {
        case .passed(let t, _), .recorded(let t, _), .missing(let t, _, _), .mismatch(let t, _, _), .unreadable(let t, _, _, _): return t
        }
    }

    /// What went wrong, in one line; nil when the frame passed or was recorded.
    public var problem: String? {
        switch self {
        case .passed, .recorded: return nil
        case let .missing(_, golden, _): return "no golden \(golden)"
        case let .unreadable(_, golden, reason, _): return "cannot read golden \(golden): \(reason)"
        case let .mismatch(_, c, _):
            return c.sizesMatch ? "\(c.differingPixels) pixel\(c.differingPixels == 1 ? "" : "s") differ by up to \(c.maxDifference) (tolerance \(c.tolerance))"
                                : "the frame's size differs from the golden's"
        }
    }

    /// The images written for a failed frame: expected, actual, diff (those there are).
    public var files: [String] {
        switch self {
        case .passed: return []
        case .recorded(_, let path): return [path]
        case let .missing(_, _, actual), let .unreadable(_, _, _, actual): return [actual]
        case let .mismatch(_, _, files): return files
        }
    }
}
