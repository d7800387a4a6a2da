import WaveGeometry
@preconcurrency import CFreeType

/// Converts a FreeType outline into a `Path` in font units, y pointing down.
///
/// FreeType reports conic (quadratic) and cubic segments with on-curve points
/// already made explicit, and ends every contour with a line back to its start;
/// the collector replaces that closing line by `close` when it is a straight
/// edge and adds `close` after a closing curve.
/// Guarantees: every contour starts with `move` and ends with `close`.
final class OutlineCollector {
    private(set) var path = Path()
    private var contourStart: Point?
    private var segmentsInContour = 0

    /// Decomposes `outline`; returns an empty path if FreeType reports an error.
    static func path(of outline: UnsafeMutablePointer<FT_Outline>) -> Path {
        let collector = OutlineCollector()
        var callbacks = FT_Outline_Funcs(
            move_to: { to, user in
                guard let to, let user else { return 1 }
                OutlineCollector.from(user).move(to.pointee)
                return 0
            },
            line_to: { to, user in
                guard let to, let user else { return 1 }
                OutlineCollector.from(user).line(to.pointee)
                return 0
            },
            conic_to: { control, to, user in
                guard let control, let to, let user else { return 1 }
                OutlineCollector.from(user).quad(control.pointee, to.pointee)
                return 0
            },
            cubic_to: { control1, control2, to, user in
                guard let control1, let control2, let to, let user else { return 1 }
                OutlineCollector.from(user).cubic(control1.pointee, control2.pointee, to.pointee)
                return 0
            },
            shift: 0,
            delta: 0)
        let error = withExtendedLifetime(collector) {
            FT_Outline_Decompose(outline, &callbacks, Unmanaged.passUnretained(collector).toOpaque())
        }
        guard error == 0 else { return Path() }
        collector.closeContour()
        return collector.path
    }

    private static func from(_ user: UnsafeMutableRawPointer) -> OutlineCollector {
        Unmanaged<OutlineCollector>.fromOpaque(user).takeUnretainedValue()
    }

    /// Font units, y flipped so that it grows down like the screen.
    private static func point(_ v: FT_Vector) -> Point {
        Point(Double(v.x), Double(-v.y))
    }

    private func move(_ to: FT_Vector) {
        closeContour()
        let p = Self.point(to)
        path.move(to: p)
        contourStart = p
        segmentsInContour = 0
    }

    private func line(_ to: FT_Vector) {
        path.line(to: Self.point(to))
        segmentsInContour += 1
    }

    private func quad(_ control: FT_Vector, _ to: FT_Vector) {
        path.quad(to: Self.point(to), control: Self.point(control))
        segmentsInContour += 1
    }

    private func cubic(_ control1: FT_Vector, _ control2: FT_Vector, _ to: FT_Vector) {
        path.cubic(to: Self.point(to), control1: Self.point(control1), control2: Self.point(control2))
        segmentsInContour += 1
    }

    fileprivate func closeContour() {
        guard let start = contourStart else { return }
        if segmentsInContour > 1, case .line(let end)? = path.elements.last, end == start {
            path.elements.removeLast()
        }
        path.close()
        contourStart = nil
    }
}
