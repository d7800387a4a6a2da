import XCTest
import WaveCompiler
import WaveSyntax
@testable import WavePreview

/// Markers sit where the script says things happen.
final class TimelineMarkersTests: XCTestCase {
    func markers(_ text: String) throws -> [TimelineMarkers.Marker] {
        let file = SourceFile(name: "m.wave", text: text)
        let program = try XCTUnwrap(Compiler.compile(file).0)
        return TimelineMarkers.of(program, in: file, limit: program.scene.durationTicks ?? 300)
    }

    func testAtAfterAndAnimationStarts() throws {
        let m = try markers("""
        scene 100x100 { duration 4s }
        layer a: circle { center (50, 50)  radius 10 }
        animate a.opacity from 0 to 1 over 0.5s delay 0.25s
        at 1s {
          animate a.radius to 20 over 1s then {
            animate a.radius to 10 over 0.5s
          }
        }
        after 0.5s { a.radius = 5 }
        at 10s { a.radius = 1 }
        """)
        XCTAssertEqual(m.map(\.tick), [15, 30, 60, 60, 120])
        XCTAssertEqual(m.map(\.kind), ["animate", "after", "at", "animate", "animate"])
        XCTAssertEqual(m.map(\.line), [3, 9, 4, 5, 6])
    }
}
