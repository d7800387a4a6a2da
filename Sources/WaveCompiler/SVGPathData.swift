import Foundation
import WaveSyntax

/// Reads SVG path data ("M 10 80 C 40 10, 65 10, 95 80 Z", SVG 1.1 §8.3) into path
/// commands with constant operands, for paths written inline (`along "M 0 0 L 100 0"`).
///
/// Supported: M m L l H h V v C c S s Q q T t A a Z z, with implicit repeats of a command's
/// arguments (after M they are lines), numbers with signs, decimals and exponents,
/// separated by white space and commas; an arc's two flags may be written without
/// separators (`a5 5 0 014 4`), as SVG allows. An elliptical arc becomes cubic Béziers, one
/// per quarter turn or less, through its centre form (SVG 1.1 Implementation notes F.6.5,
/// with the radii scaled up when they cannot reach, F.6.6).
enum SVGPathData {
    struct Failure: Error, Equatable {
        var message: String
        /// Offset in the path data (in characters) where reading stopped.
        var offset: Int
    }

    static func parse(_ text: String, range: SourceRange) -> Result<[PathCommandIR], Failure> {
        let chars = Array(text)
        var i = 0
        var commands: [PathCommandIR] = []
        var current = (0.0, 0.0), start = (0.0, 0.0)
        var lastControl: (Double, Double)? = nil
        var lastVerb: Character = " "

        func skipSeparators() { while i < chars.count, chars[i] == " " || chars[i] == "," || chars[i].isNewline || chars[i] == "\t" { i += 1 } }
        func number() throws -> Double {
            skipSeparators()
            let begin = i
            if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
            var digits = 0
            while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 }
            if i < chars.count, chars[i] == "." { i += 1; while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1; digits += 1 } }
            if digits > 0, i < chars.count, chars[i] == "e" || chars[i] == "E" {
                var j = i + 1
                if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                if j < chars.count, chars[j].isASCII, chars[j].isNumber {
                    i = j
                    while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                }
            }
            guard digits > 0, let v = Double(String(chars[begin..<i])), v.isFinite else {
                throw Failure(message: "expected a number", offset: begin)
            }
            return v
        }
        /// An arc flag: one `0` or `1`, which may stand right against what follows.
        func flag() throws -> Bool {
            skipSeparators()
            guard i < chars.count, chars[i] == "0" || chars[i] == "1" else { throw Failure(message: "expected an arc flag, 0 or 1", offset: i) }
            i += 1
            return chars[i - 1] == "1"
        }
        func startsNumber() -> Bool {
            skipSeparators()
            guard i < chars.count else { return false }
            return chars[i].isASCII && (chars[i].isNumber || chars[i] == "-" || chars[i] == "+" || chars[i] == ".")
        }
        func pt(_ p: (Double, Double)) -> IRExpr { .constant(.point(p.0, p.1)) }
        func emit(_ verb: PathCommand, _ operands: [IRExpr]) {
            commands.append(PathCommandIR(verb: verb, operands: operands, clockwise: false, range: range))
        }

        do {
            skipSeparators()
            // Path data starts with a moveto (SVG 1.1 §8.3.2), so it never depends on a point
            // before it: `m` first is absolute.
            guard i < chars.count, chars[i] == "M" || chars[i] == "m" else {
                return .failure(Failure(message: i < chars.count ? "path data starts with a moveto, M or m" : "the path data is empty", offset: i))
            }
            while i < chars.count {
                var verb = chars[i]
                if startsNumber() {
                    // Implicit repetition of the previous command (a move repeats as lines).
                    guard lastVerb != " ", lastVerb != "Z", lastVerb != "z" else {
                        throw Failure(message: "expected a command letter (M, L, C, Q, Z …)", offset: i)
                    }
                    verb = lastVerb == "M" ? "L" : lastVerb == "m" ? "l" : lastVerb
                } else {
                    i += 1
                }
                let relative = verb.isLowercase
                func point() throws -> (Double, Double) {
                    let x = try number(), y = try number()
                    return relative ? (current.0 + x, current.1 + y) : (x, y)
                }
                var control: (Double, Double)? = nil
                switch verb.uppercased() {
                case "M":
                    current = try point(); start = current
                    emit(.move, [pt(current)])
                case "L":
                    current = try point()
                    emit(.line, [pt(current)])
                case "H":
                    let x = try number()
                    current = (relative ? current.0 + x : x, current.1)
                    emit(.line, [pt(current)])
                case "V":
                    let y = try number()
                    current = (current.0, relative ? current.1 + y : y)
                    emit(.line, [pt(current)])
                case "C", "S":
                    let c1: (Double, Double)
                    if verb.uppercased() == "C" { c1 = try point() }
                    else if let lc = lastControl, "CcSs".contains(lastVerb) { c1 = (2 * current.0 - lc.0, 2 * current.1 - lc.1) }
                    else { c1 = current }
                    let c2 = try point(), end = try point()
                    emit(.cubic, [pt(end), pt(c1), pt(c2)])
                    current = end; control = c2
                case "Q", "T":
                    let c: (Double, Double)
                    if verb.uppercased() == "Q" { c = try point() }
                    else if let lc = lastControl, "QqTt".contains(lastVerb) { c = (2 * current.0 - lc.0, 2 * current.1 - lc.1) }
                    else { c = current }
                    let end = try point()
                    emit(.quad, [pt(end), pt(c)])
                    current = end; control = c
                case "Z":
                    emit(.close, [])
                    current = start
                case "A":
                    let rx = try number(), ry = try number(), rotation = try number()
                    let large = try flag(), sweep = try flag()
                    let end = try point()
                    for c in arc(from: current, to: end, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep) {
                        emit(.cubic, [pt(c.end), pt(c.c1), pt(c.c2)])
                    }
                    current = end
                default:
                    throw Failure(message: "unknown path command '\(verb)'", offset: i - 1)
                }
                lastControl = control
                lastVerb = verb
                skipSeparators()
            }
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "cannot read the path data", offset: i))
        }
        guard !commands.isEmpty else { return .failure(Failure(message: "the path data is empty", offset: 0)) }
        return .success(commands)
    }

    /// An SVG elliptical arc from `p1` to `p2` as cubic Béziers (end point, first and second
    /// control point), SVG 1.1 F.6.5–F.6.6: none when the ends coincide, a straight cubic
    /// when a radius is 0, the radii scaled up uniformly when they are too small to reach.
    static func arc(from p1: (Double, Double), to p2: (Double, Double), rx: Double, ry: Double, degrees: Double,
                    large: Bool, sweep: Bool) -> [(end: (Double, Double), c1: (Double, Double), c2: (Double, Double))] {
        if p1 == p2 { return [] }
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0, rx.isFinite, ry.isFinite else { return [(p2, p1, p2)] }
        let phi = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p1.0 - p2.0) / 2, dy = (p1.1 - p2.1) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (large != sweep ? 1.0 : -1.0) * (den > 0 ? Swift.max(0, num / den).squareRoot() : 0)
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p1.0 + p2.0) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p1.1 + p2.1) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let ux = (x1 - cxp) / rx, uy = (y1 - cyp) / ry, vx = (-x1 - cxp) / rx, vy = (-y1 - cyp) / ry
        let theta = angle(1, 0, ux, uy)
        var delta = angle(ux, uy, vx, vy)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        guard delta.isFinite, delta != 0 else { return [(p2, p1, p2)] }
        // A point of the unit circle at angle a, through the ellipse's radii and rotation.
        func map(_ u: Double, _ v: Double) -> (Double, Double) {
            (cx + rx * cosPhi * u - ry * sinPhi * v, cy + rx * sinPhi * u + ry * cosPhi * v)
        }
        let n = Swift.max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))   // a quarter turn or less each
        let step = delta / Double(n), k = 4.0 / 3.0 * tan(step / 4)
        var out: [(end: (Double, Double), c1: (Double, Double), c2: (Double, Double))] = []
        var a = theta
        for j in 0..<n {
            let b = a + step
            let c1 = map(cos(a) - k * sin(a), sin(a) + k * cos(a))
            let c2 = map(cos(b) + k * sin(b), sin(b) - k * cos(b))
            out.append((j == n - 1 ? p2 : map(cos(b), sin(b)), c1, c2))
            a = b
        }
        return out
    }
}
