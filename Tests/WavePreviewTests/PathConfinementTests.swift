import Foundation
import XCTest
import WaveCodecs
@testable import WavePreview

/// Files are served from inside the folder only, whatever the path says.
final class PathConfinementTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "wave-confine-\(UUID().uuidString)"
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder + "/inside/img", withIntermediateDirectories: true)
        try Data("scene 10x10 {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/inside/a.wave"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/inside/img/b.png"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder + "/secret.txt"))
        try fm.createSymbolicLink(atPath: folder + "/inside/out.txt", withDestinationPath: folder + "/secret.txt")
        try fm.createSymbolicLink(atPath: folder + "/inside/up", withDestinationPath: folder)
        try fm.createSymbolicLink(atPath: folder + "/inside/same.png", withDestinationPath: "img/b.png")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testFilesInsideResolveToTheirRealPaths() throws {
        let c = try XCTUnwrap(PathConfinement(folder: folder + "/inside"))
        XCTAssertEqual(c.resolve("a.wave"), c.root + "/a.wave")
        XCTAssertEqual(c.resolve("img/b.png"), c.root + "/img/b.png")
        XCTAssertEqual(c.resolve("same.png"), c.root + "/img/b.png", "a link that stays inside is followed")
    }

    func testPathsLeadingOutOrMalformedAreRefused() throws {
        let c = try XCTUnwrap(PathConfinement(folder: folder + "/inside"))
        for path in ["../secret.txt", "img/../../secret.txt", "/etc/passwd", folder + "/secret.txt", "out.txt",
                     "up/secret.txt", "", ".", "./a.wave", "img//b.png", "img/", "a.wave\0.png", "img\\b.png",
                     "img", "missing.wave"] {
            XCTAssertNil(c.resolve(path), path)
        }
    }

    func testAFolderThatDoesNotExistHasNoConfinement() {
        XCTAssertNil(PathConfinement(folder: folder + "/nowhere"))
    }

    func testOnlyTheScriptAndTheImagesItUsesAreServed() throws {
        let png = try PNGEncoder.encode(width: 1, height: 1, rgba: [255, 0, 0, 255])
        try Data(png).write(to: URL(fileURLWithPath: folder + "/inside/img/b.png"))
        try Data("scene 10x10 {}\nlayer p: image { source \"img/b.png\" }\n".utf8).write(to: URL(fileURLWithPath: folder + "/inside/a.wave"))
        try Data("scene 10x10 {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/inside/other.wave"))
        let library = try ScriptLibrary(target: folder + "/inside/a.wave", scale: 1)
        let script = try XCTUnwrap(library.script(""))
        XCTAssertEqual(library.servedFile("a.wave", of: script), library.confinement.root + "/a.wave")
        XCTAssertEqual(library.servedFile("img/b.png", of: script), library.confinement.root + "/img/b.png", "an image it draws")
        XCTAssertNil(library.servedFile("other.wave", of: script), "a script beside it that it does not use")
        XCTAssertNil(library.servedFile("../secret.txt", of: script))
        XCTAssertNil(library.script("other.wave"), "one script given: the others are not listed")
    }
}
