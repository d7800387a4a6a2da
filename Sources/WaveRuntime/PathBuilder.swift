import WaveCompiler
import WaveGeometry
import WaveGraphics

/// Turns a path layer's commands into a Path, evaluating operands each frame so that a
/// command can follow a variable (a spring-driven control point).
enum PathBuilder {
    static func build(_ commands: [PathCommandIR], _ value: (IRExpr) throws -> Value) throws -> Path {
        var path = Path()
        func point(_ e: IRExpr) throws -> Point { let (x, y) = try value(e).point; return Point(x, y) }
        func number(_ e: IRExpr) throws -> Double { try value(e).number }
        var hasCurrent = false
        for c in commands {
            let o = c.operands
            switch c.verb {
            case .move: path.move(to: try point(o[0])); hasCurrent = true
            case .line:
                if hasCurrent { path.line(to: try point(o[0])) } else { path.move(to: try point(o[0])); hasCurrent = true }
            case .quad:
                if !hasCurrent { path.move(to: try point(o[1])); hasCurrent = true }
                path.quad(to: try point(o[0]), control: try point(o[1]))
            case .cubic:
                if !hasCurrent { path.move(to: try point(o[1])); hasCurrent = true }
                path.cubic(to: try point(o[0]), control1: try point(o[1]), control2: try point(o[2]))
            case .arc:
                // The arc sweeps from `from` to `to`: increasing angles run clockwise on
                // screen. `clockwise` forces that direction when `to` is below `from`.
                let a0 = try number(o[2]), a1 = try number(o[3])
                path.addArc(center: try point(o[0]), radius: try number(o[1]), startAngle: a0, endAngle: a1,
                            clockwise: c.clockwise || a1 >= a0)
                hasCurrent = true
            case .circle:
                path.addCircle(center: try point(o[0]), radius: SceneRuntime.nonNegative(try number(o[1])))
                hasCurrent = false
            case .ellipse:
                let ctr = try point(o[0])
                let (rx, ry) = try value(o[1]).point
                path.addEllipse(in: Rect(x: ctr.x - rx, y: ctr.y - ry, width: 2 * rx, height: 2 * ry))
                hasCurrent = false
            case .rect:
                let r = try value(o[0])
                if case .rect(let x, let y, let w, let h) = r {
                    path.addRect(Rect(x: x, y: y, width: w, height: h), cornerRadius: SceneRuntime.nonNegative(try number(o[1])))
                }
                hasCurrent = false
            case .close:
                path.close()
                hasCurrent = false
            }
        }
        return path
    }
}
