import XCTest
@testable import WavePreview

/// Requests are read into routes before anything touches a script or a file.
final class PreviewRouteTests: XCTestCase {
    func route(_ path: String, _ query: [(String, String)] = [], method: String = "GET") -> PreviewRoute {
        PreviewRoute.parse(method: method, path: path, query: query.map { (name: $0.0, value: $0.1) })
    }

    func testEachPathIsItsRoute() {
        XCTAssertEqual(route("/"), .page)
        XCTAssertEqual(route("/scripts"), .scripts)
        XCTAssertEqual(route("/events"), .events)
        XCTAssertEqual(route("/info", [("script", "a.wave")]), .info(script: "a.wave"))
        XCTAssertEqual(route("/frame", [("script", "a.wave"), ("tick", "37")]), .frame(script: "a.wave", tick: 37))
        XCTAssertEqual(route("/frame", [("tick", "0")]), .frame(script: "", tick: 0))
        XCTAssertEqual(route("/inspect", [("tick", "\(PreviewRoute.maxTick)")]), .inspect(script: "", tick: PreviewRoute.maxTick))
        XCTAssertEqual(route("/plot", [("prop", "ball.center"), ("prop", "level")]), .plot(script: "", props: ["ball.center", "level"]))
        XCTAssertEqual(route("/file/img/a%20b.png", [("script", "s.wave")]), .file(script: "s.wave", path: "img/a b.png"))
        XCTAssertEqual(route("/file/%2e%2e%2fsecret"), .file(script: "", path: "../secret"), "decoded here, refused by PathConfinement")
    }

    func testBadParametersAreBadRequests() {
        for tick in ["", "-1", "+3", "1.5", "0x10", "\(PreviewRoute.maxTick + 1)", "99999999999999999999", "٣"] {
            guard case .bad = route("/frame", [("tick", tick)]) else { return XCTFail("tick '\(tick)'") }
        }
        guard case .bad = route("/frame") else { return XCTFail("no tick") }
        guard case .bad = route("/plot") else { return XCTFail("no prop") }
        guard case .bad = route("/plot", (0...8).map { ("prop", "p\($0)") }) else { return XCTFail("nine props") }
        guard case .bad = route("/file/%zz") else { return XCTFail("bad escape") }
        guard case .bad = route("/file/%ff") else { return XCTFail("not UTF-8") }
        guard case .bad = route("/", method: "POST") else { return XCTFail("POST") }
    }

    func testOtherPathsAreNotFound() {
        for path in ["/etc/passwd", "/file/", "/framex", "/Frame", "//", "/index.htm"] {
            XCTAssertEqual(route(path, [("tick", "1")]), .notFound, path)
        }
    }
}
