import Foundation
import XCTest
@testable import WaveREPL

/// Tab after `:load`, `:watch`, `:save`, `:render` and `:log` completes file names.
final class FileCompletionTests: XCTestCase {
    func testNamesInTheFolderTheTextPointsIntoWithFoldersEndingInASlash() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wave-complete-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: true)
        for name in ["hot.wave", "home.png", ".hidden.wave", "scenes/sonar.wave", "scenes/spinner.wave"] {
            FileManager.default.createFile(atPath: dir + "/" + name, contents: Data())
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(ReplController.fileCandidates(for: dir + "/ho"), [dir + "/home.png", dir + "/hot.wave"])
        XCTAssertEqual(ReplController.fileCandidates(for: dir + "/sc"), [dir + "/scenes/"])
        XCTAssertEqual(ReplController.fileCandidates(for: dir + "/scenes/s"), [dir + "/scenes/sonar.wave", dir + "/scenes/spinner.wave"])
        XCTAssertEqual(ReplController.fileCandidates(for: dir + "/."), [dir + "/.hidden.wave"], "hidden names only when asked for")
        XCTAssertEqual(ReplController.fileCandidates(for: dir + "/nothing/x"), [])
        XCTAssertTrue(ReplController.fileCommands.isSuperset(of: [":load", ":watch", ":save", ":render"]))
    }
}
