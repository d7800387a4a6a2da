import XCTest
import WaveSinks

/// Paths taken apart as POSIX `dirname` and `basename` do, including the one-character
/// names that trap in Foundation's path methods on Linux.
final class PathNameTests: XCTestCase {
    func testParentAndDirectory() {
        let cases: [(String, String?)] = [
            ("g", nil), (".", nil), ("..", nil), ("g/", nil), ("g//", nil), ("ab", nil), ("", nil),
            ("/", "/"), ("//", "/"), ("/g", "/"), ("/g/", "/"), ("a/b", "a"), ("a/b/", "a"),
            ("a//b", "a"), ("./g", "."), ("../g", ".."), ("a/b/c.png", "a/b"), ("/a/b", "/a"),
        ]
        for (path, parent) in cases {
            XCTAssertEqual(PathName.parent(path), parent, "parent of '\(path)'")
            XCTAssertEqual(PathName.directory(of: path), parent ?? ".", "directory of '\(path)'")
        }
    }

    func testLastComponentAndStem() {
        let cases: [(String, String, String)] = [
            ("g", "g", "g"), (".", ".", "."), ("..", "..", ".."), ("g/", "g", "g"), ("/", "/", "/"),
            ("a/b.wave", "b.wave", "b"), ("/x/.hidden", ".hidden", ".hidden"), ("a.tar.gz", "a.tar.gz", "a.tar"),
            ("dir.d/s", "s", "s"), ("s.", "s.", "s"), ("", "", ""),
        ]
        for (path, last, stem) in cases {
            XCTAssertEqual(PathName.lastComponent(path), last, "last component of '\(path)'")
            XCTAssertEqual(PathName.stem(path), stem, "stem of '\(path)'")
        }
    }

    func testJoining() {
        XCTAssertEqual(PathName.joining("g", "x.png"), "g/x.png")
        XCTAssertEqual(PathName.joining("g/", "x.png"), "g/x.png")
        XCTAssertEqual(PathName.joining("/", "x"), "/x")
        XCTAssertEqual(PathName.joining("", "x"), "x")
        XCTAssertEqual(PathName.joining(".", "x"), "./x")
        XCTAssertEqual(PathName.joining("g", "/abs/x"), "/abs/x")
        // Taking a path apart and joining it again names the same file.
        for path in ["a/b", "/g", "a//b/c", "./x", "../y"] {
            let rejoined = PathName.joining(PathName.directory(of: path), PathName.lastComponent(path))
            XCTAssertEqual(rejoined.split(separator: "/"), path.split(separator: "/"), path)
        }
    }
}
