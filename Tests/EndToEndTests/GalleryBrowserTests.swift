import Foundation
import XCTest
import WaveCodecs

/// `wave render --out-dir D` writes D/index.html, a gallery checked in a real headless
/// browser (Debian's chromium, skipped with a message when it is missing; .ci/run installs
/// it): every image loads, the animations play, and the page asks nothing of the network.
final class GalleryBrowserTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try temporaryDirectory() }
    /// Renders two good scripts and a broken one as `format` into `dir/out`.
    func renderGallery(format: String) throws -> (page: String, path: String) {
        let a = try RenderFixtures.script(RenderFixtures.movingDot, name: "moving.wave", in: dir).path
        let b = try RenderFixtures.script(RenderFixtures.transparentDot, name: "clear.wave", in: dir).path
        let c = try RenderFixtures.script("scene 40x40 {}\nlayer x: circle { radius oops }\n", name: "broken.wave", in: dir).path
        let out = dir.appendingPathComponent("out").path
        let r = try WaveBinary.run(["render", a, b, c, "--out-dir", out, "--format", format, "--to", "1s", "-q"])
        XCTAssertEqual(r.status, 65, r.stderr)
        let path = out + "/index.html"
        return (try String(contentsOfFile: path, encoding: .utf8), path)
    }

    func testTheGalleryNamesEveryRenderWithItsSizeDurationAndError() throws {
        let (page, _) = try renderGallery(format: "gif")
        XCTAssertTrue(page.contains("<h2>moving.wave</h2>"), page)
        XCTAssertTrue(page.contains("<img src=\"./moving.gif\""), page)
        XCTAssertTrue(page.contains("64×48, 1 s (60 ticks)"), page)
        XCTAssertTrue(page.contains("<h2>broken.wave</h2>\n<p class=\"error\">script error: run 'wave check"), page)
        XCTAssertTrue(page.contains("3 scripts, 1 failed."), page)
        XCTAssertFalse(page.contains("http:") || page.contains("https:") || page.contains("//"), "nothing from the network")
    }

    func chromium() throws -> String {
        let which = try WaveBinary.runProcess("/bin/sh", ["-c", "command -v chromium || command -v chromium-browser"])
        guard which.status == 0 else { throw XCTSkip("chromium is not installed (apt-get install chromium; .ci/run installs it)") }
        return which.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Chromium with no network at all: every host name fails to resolve.
    func browse(_ browser: String, _ args: [String]) throws -> Run {
        try WaveBinary.runProcess("/usr/bin/timeout", ["120", browser, "--headless", "--no-sandbox", "--disable-gpu",
                                                       "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND",
                                                       "--user-data-dir=" + dir.appendingPathComponent("profile").path] + args)
    }

    func testEveryImageLoadsInHeadlessChromium() throws {
        let browser = try chromium()
        for format in ["gif", "apng"] {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent("out"))
            let (_, path) = try renderGallery(format: format)
            let r = try browse(browser, ["--virtual-time-budget=3000", "--dump-dom", "file://" + path])
            XCTAssertEqual(r.status, 0, r.stderr)
            let states = r.stdout.components(separatedBy: "data-state=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            XCTAssertEqual(states, ["loaded", "loaded"], "\(format): both renders load, the broken script has no image")
        }
    }

    /// Names that are URLs of their own (a scheme, a fragment, a query, an escaped dot, a
    /// backslash, leading space): each is percent-encoded in the page, no link runs script,
    /// and every image loads in the browser.
    func testHostileNamesAreLinkedAsFilesAndLoad() throws {
        let names = ["javascript:alert(1)", "a#b", "q?x=1", "%2e%2e", "back\\slash", " lead", "e&amp;", "ünï"]
        let scripts = try names.map { try RenderFixtures.script(RenderFixtures.movingDot, name: $0 + ".wave", in: dir).path }
        let out = dir.appendingPathComponent("out").path
        let r = try WaveBinary.run(["render"] + scripts + ["--out-dir", out, "--format", "gif", "--to", "0.2s", "-q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        XCTAssertTrue(page.contains("href=\"./javascript%3Aalert%281%29.gif\""), page)
        XCTAssertFalse(page.contains("href=\"javascript:") || page.contains("src=\"javascript:"), page)
        for attribute in ["src=\"", "href=\""] {
            let urls = page.components(separatedBy: attribute).dropFirst().map { String($0.prefix { $0 != "\"" }) }
            XCTAssertEqual(urls.count, names.count, attribute)
            for url in urls { XCTAssertTrue(url.hasPrefix("./") && !url.contains("#") && !url.contains("?") && !url.contains(" "), url) }
        }
        let browser = try chromium()
        let shown = try browse(browser, ["--virtual-time-budget=3000", "--dump-dom", "file://" + out + "/index.html"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let states = shown.stdout.components(separatedBy: "data-state=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(states, Array(repeating: "loaded", count: names.count), "every hostile name's image loads")
    }

    /// Headless Chromium does not tie an animated image's frames to its virtual time: two
    /// screenshots taken at different budgets show the same frame about one time in four
    /// (seen by hand: eight pairs at 100 and 700 ms showed five different frames in all).
    /// So up to six screenshots are taken, and the animation plays if any differs from the
    /// first; a still page gives six equal screenshots every time.
    func testTheAnimationsPlay() throws {
        let browser = try chromium()
        let (_, path) = try renderGallery(format: "apng")
        func screenshot(_ budget: Int) throws -> DecodedImage {
            let shot = dir.appendingPathComponent("shot\(budget).png").path
            let r = try browse(browser, ["--window-size=800,600", "--virtual-time-budget=\(budget)", "--screenshot=" + shot, "file://" + path])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try PNGDecoder.decode(RenderFixtures.bytes(URL(fileURLWithPath: shot)))
        }
        let first = try screenshot(100)
        var most = 0
        for budget in [700, 400, 1000, 250, 850] where most <= 50 {
            let shot = try screenshot(budget)
            XCTAssertEqual(first.width, shot.width)
            // The page is still but for the animations: pixels change only where the dots move.
            let changed = stride(from: 0, to: min(first.rgba.count, shot.rgba.count), by: 4)
                .filter { first.rgba[$0..<$0 + 3] != shot.rgba[$0..<$0 + 3] }.count
            most = max(most, changed)
        }
        XCTAssertGreaterThan(most, 50, "pixels change as the animations play")
    }

    /// A failed golden: the report shows expected, actual and diff, and the blink box.
    func failingTest() throws -> (page: String, path: String) {
        let script = try RenderFixtures.script("# golden: 0 30t\n" + RenderFixtures.movingDot, name: "dot.wave", in: dir).path
        let goldens = dir.appendingPathComponent("goldens").path, failures = dir.appendingPathComponent("fail").path
        let rec = try WaveBinary.run(["test", script, "--record", "--goldens", goldens])
        XCTAssertEqual(rec.status, 0, rec.stderr)
        try ("# golden: 0 30t\n" + RenderFixtures.movingDot.replacingOccurrences(of: "#d62828", with: "#2828d6"))
            .write(toFile: script, atomically: true, encoding: .utf8)
        let r = try WaveBinary.run(["test", script, "--goldens", goldens, "--failures", failures])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("report: \(failures)/index.html"), r.stdout)
        return (try String(contentsOfFile: failures + "/index.html", encoding: .utf8), failures + "/index.html")
    }

    func testTheTestReportShowsExpectedActualAndDiffAndLoadsInChromium() throws {
        let (page, path) = try failingTest()
        for tick in ["0000", "0030"] {
            for kind in ["expected", "actual", "diff"] { XCTAssertTrue(page.contains("src=\"./dot/\(tick)-\(kind).png\""), "\(tick) \(kind)") }
        }
        XCTAssertTrue(page.contains("class=\"blink\""))
        XCTAssertFalse(page.contains("http:") || page.contains("https:") || page.contains("src=\"/"), "nothing from the network")
        let browser = try chromium()
        let r = try browse(browser, ["--virtual-time-budget=3000", "--dump-dom", "file://" + path])
        let states = r.stdout.components(separatedBy: "data-state=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(states, Array(repeating: "loaded", count: 10), "3 figures and 2 blink images per failed tick")
    }
}
