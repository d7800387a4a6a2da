/// Well-formed scripts from a seed, for differential property tests and fuzz targets that
/// check what a script draws rather than whether it crashes.
///
/// Each script is a small scene of shapes (circles, rectangles, paths with lines, curves
/// and arcs), strokes with caps, joins, dashes and trims, bindings to the clock, to
/// variables and to other layers' properties, animations (eased, repeated, reversed,
/// chained), springs, timers that assign, spawned templates that remove themselves, random
/// numbers from the scene's seed, groups and repeated layers. Every script compiles; the
/// same seed gives the same text. Small canvases and short lives keep each one cheap to run.
public struct ScriptGenerator {
    var random: ScriptMutator

    public init(seed: UInt32) { random = ScriptMutator(seed: seed) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[random.below(choices.count)] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + random.below(range.count) }
    mutating func chance(_ percent: Int) -> Bool { random.below(100) < percent }
    mutating func colour() -> String {
        "#" + (0..<3).map { _ in pick(["00", "33", "66", "99", "cc", "ff", "1d", "e4"]) }.joined() + (chance(20) ? pick(["80", "c0", "40"]) : "")
    }

    /// A script, and the names of its declared layers.
    public mutating func script() -> String {
        let width = int(24...64), height = int(24...64)
        var lines = ["scene \(width)x\(height) { background \(chance(15) ? "none" : colour())  duration \(int(1...3))s  seed \(int(0...99)) }"]
        let variables = (0..<int(0...2)).map { "v\($0)" }
        for v in variables { lines.append("var \(v) = \(int(0...9))") }
        var layers: [(name: String, kind: String)] = []
        for i in 0..<int(1...5) {
            let (text, kind) = layer("l\(i)", width, height, variables, earlier: layers)
            lines.append(text)
            layers.append(("l\(i)", kind))
        }
        if chance(35) {
            let (body, kind) = shapeBody(width, height, variables, earlier: [])
            lines.append("template t0: \(kind) { \(body) }")
            lines.append("every \(pick(["0.25s", "20 ticks", "0.4s"])) { spawn t0 { animate opacity from 1 to 0 over \(pick(["0.3s", "30t", "0.5s"])) then remove } }")
        }
        for _ in 0..<int(0...4) {
            guard !layers.isEmpty else { break }
            let target = pick(layers)
            lines.append(animation(of: target))
        }
        if chance(30), let v = variables.first { lines.append("every \(pick(["tick", "7 ticks", "0.2s"])) { \(v) += 1 }") }
        if chance(20), let target = layers.first {
            lines.append("after \(pick(["0.3s", "12t"])) { \(target.name).opacity = \(pick(["0.5", "1", "0.25"])) }")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    mutating func layer(_ name: String, _ width: Int, _ height: Int, _ variables: [String],
                        earlier: [(name: String, kind: String)]) -> (String, String) {
        if chance(12) {
            // A group of two shapes, turned and scaled as one.
            let (a, ka) = shapeBody(width, height, variables, earlier: earlier)
            let (b, kb) = shapeBody(width, height, variables, earlier: earlier)
            return ("layer \(name): group {\n  layer \(name)a: \(ka) { \(a) }\n  layer \(name)b: \(kb) { \(b) }\n"
                    + "  rotation \(int(-30...30))deg  scale \(pick(["1", "0.8", "1.2"]))\n}", "group")
        }
        if chance(10) {
            return ("layer \(name)[\(int(2...4))]: circle { center (index * \(int(4...9)) + 4, \(int(4...height - 4)))  radius \(int(2...5))  fill \(colour()) }", "repeated")
        }
        let (body, kind) = shapeBody(width, height, variables, earlier: earlier)
        return ("layer \(name): \(kind) { \(body) }", kind)
    }

    /// The body of a shape layer: its geometry, paint, stroke and a few layer properties.
    mutating func shapeBody(_ width: Int, _ height: Int, _ variables: [String],
                            earlier: [(name: String, kind: String)]) -> (String, String) {
        var parts: [String] = []
        let kind = pick(["circle", "rect", "path", "path"])
        switch kind {
        case "circle":
            parts.append("center (\(int(0...width)), \(int(0...height)))")
            parts.append("radius \(number(2...max(3, min(width, height) / 2), variables, earlier: earlier, property: "radius"))")
        case "rect":
            parts.append("frame (\(int(0...width / 2)), \(int(0...height / 2)), \(int(4...width)), \(int(4...height)))")
            if chance(40) { parts.append("corner \(int(0...8))") }
        default:
            parts.append(pathCommands(width, height))
        }
        let stroked = kind == "path" ? chance(85) : chance(45)
        parts.append("fill \(kind == "path" && chance(60) ? "none" : colour())")
        if stroked {
            parts.append("stroke \(colour())  width \(pick(["1", "2", "3.5", "5", "0.5"]))")
            parts.append("cap \(pick(["butt", "round", "square"]))  join \(pick(["miter", "round", "bevel"]))")
            if chance(40) { parts.append("dash [\(int(1...9)), \(int(1...9))\(chance(30) ? ", \(int(1...5)), \(int(1...5))" : "")]") }
            if chance(25) { parts.append("dash-phase \(int(0...12))") }
            if chance(40) { parts.append("stroke-end \(pick(["0.3", "0.75", "1", "0.5 + 0.5 * sin(t * 3)"]))") }
            if chance(30) { parts.append("stroke-start \(pick(["0.1", "0.4", "0"]))") }
        }
        if chance(25) { parts.append("opacity \(pick(["0.5", "0.8", "0.5 + 0.4 * cos(t * 2)"]))") }
        if chance(25) { parts.append("rotation \(pick(["20deg", "t * 90deg", "-45deg"]))") }
        if chance(15) { parts.append("position (\(pick(["random() * 8", "t * 10", "3"])), \(int(-4...4)))") }
        return (parts.joined(separator: "  "), kind)
    }

    mutating func pathCommands(_ width: Int, _ height: Int) -> String {
        func point() -> String { "(\(int(0...width)), \(int(0...height)))" }
        var out = "move \(point())"
        for _ in 0..<int(1...4) {
            switch random.below(5) {
            case 0: out += " quad \(point()) control \(point())"
            case 1: out += " cubic \(point()) control \(point()) \(point())"
            default: out += " line \(point())"
            }
        }
        if chance(35) { out += " close" }
        return out
    }

    /// A number for a property: a constant, or a binding to the clock, a variable or an
    /// earlier circle's radius.
    mutating func number(_ range: ClosedRange<Int>, _ variables: [String], earlier: [(name: String, kind: String)], property: String) -> String {
        let circles = earlier.filter { $0.kind == "circle" }
        switch random.below(6) {
        case 0: return "\(int(range)) + 2 * sin(t * \(int(1...6)))"
        case 1 where !variables.isEmpty: return "\(int(range)) + \(pick(variables)) * 0.5"
        case 2 where !circles.isEmpty: return "\(pick(circles).name).radius * 0.5 + 1"
        case 3: return "\(int(range)) + random() * 3"
        default: return "\(int(range))"
        }
    }

    mutating func animation(of target: (name: String, kind: String)) -> String {
        let property: String, from: String, to: String
        switch (target.kind, random.below(4)) {
        case ("circle", 0): (property, from, to) = ("radius", "\(int(2...6))", "\(int(6...14))")
        case (_, 1): (property, from, to) = ("rotation", "0deg", "\(int(-180...360))deg")
        case (_, 2): (property, from, to) = ("scale", "1", pick(["0.5", "1.5", "2"]))
        default: (property, from, to) = ("opacity", "1", pick(["0", "0.3"]))
        }
        if target.kind == "repeated" { return "animate \(target.name)[0].opacity from 1 to 0.2 over 0.5s" }
        if chance(15) && property == "scale" {
            return "spring \(target.name).scale to \(to) { response \(pick(["0.3s", "0.5s"]))  damping-fraction \(pick(["0.3", "0.7", "1"])) }"
        }
        var text = "animate \(target.name).\(property) from \(from) to \(to) over \(pick(["0.2s", "0.5s", "45t", "1s"]))"
        if chance(40) { text += " ease \(pick(["ease-in", "ease-out", "ease-in-out", "linear", "cubic-bezier(0.3, 1.4, 0.6, 1)", "steps(4)"]))" }
        if chance(25) { text += " delay \(pick(["0.1s", "10t"]))" }
        if chance(30) { text += " autoreverse" }
        if chance(30) { text += " repeat \(pick(["forever", "2", "3"]))" }
        return text
    }
}
