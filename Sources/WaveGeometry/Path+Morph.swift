/// Point-by-point interpolation of two paths of one structure (a path morph).
extension Path {
    /// Whether both paths have the same elements in the same order (move, line, quad,
    /// cubic, close), so that their points correspond one to one.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path whose every point is a + (b − a)·f of the corresponding points; f outside
    /// 0...1 extrapolates (a spring's overshoot). Nil when the structures differ.
    public static func interpolating(_ a: Path, _ b: Path, _ f: Double) -> Path? {
        guard a.hasSameStructure(as: b) else { return nil }
        func m(_ p: Point, _ q: Point) -> Point { Point(p.x + (q.x - p.x) * f, p.y + (q.y - p.y) * f) }
        return Path(zip(a.elements, b.elements).map { pair in
            switch pair {
            case (.move(let p), .move(let q)): return .move(m(p, q))
            case (.line(let p), .line(let q)): return .line(m(p, q))
            case (.quad(let c, let p), .quad(let d, let q)): return .quad(m(c, d), m(p, q))
            case (.cubic(let c1, let c2, let p), .cubic(let d1, let d2, let q)): return .cubic(m(c1, d1), m(c2, d2), m(p, q))
            default: return .close
            }
        })
    }

    /// A short description of the elements, for error messages: "move, line, line, close".
    public var structureDescription: String {
        let names = elements.map { e -> String in
            switch e {
            case .move: return "move"
            case .line: return "line"
            case .quad: return "quad"
            case .cubic: return "cubic"
            case .close: return "close"
            }
        }
        return names.count > 8 ? names.prefix(8).joined(separator: ", ") + ", … (\(names.count) elements)" : names.joined(separator: ", ")
    }
}
