import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics

/// A running motion along a path, fixed when its animation starts (as Core Animation fixes a
/// keyframe animation's `path`): one measured path per target, in that target's parent space.
struct MotionState: Sendable {
    var measures: [PathMeasure]
    /// Each target's rotation when the animation started; `rotate auto` adds the tangent angle.
    var baseRotations: [Double]
    /// Key time of every segment boundary: `times` as written, or an equal share per segment.
    var keyTimes: [Double]
    var rotation: MotionRotation
    var paced: Bool
    /// The path each measure was made from (a saved state keeps these and measures again).
    var paths: [Path] = []

    /// The segment and parameter at eased progress `p` (clamped to the path's ends).
    /// Paced: p is the fraction of the path's length. Linear: segment i runs from key time i
    /// to key time i + 1, at constant speed within it.
    func location(_ measure: PathMeasure, _ p: Double) -> (segment: Int, t: Double)? {
        guard measure.segmentCount > 0 else { return nil }
        let q = p.isNaN ? 0 : min(1, max(0, p))
        if paced { return measure.location(atDistance: q * measure.totalLength) }
        let last = measure.segmentCount - 1
        var i = 0
        while i < last && q >= keyTimes[i + 1] { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        let f = span > 0 ? min(1, max(0, (q - keyTimes[i]) / span)) : 1
        return (i, measure.parameter(in: i, atDistance: f * measure.length(ofSegment: i)))
    }

    /// The position and angle of target k at eased progress `p`: the point on the path, and
    /// the tangent's angle (plus a half turn for `auto-reverse`).
    func pose(_ k: Int, _ p: Double) -> (point: Point, angle: Double)? {
        let measure = measures[k]
        guard let (i, t) = location(measure, p) else { return nil }
        var pose = measure.pose(segment: i, t: t)
        if rotation == .autoReverse { pose.angle += Double.pi }
        return pose
    }
}

extension SceneRuntime {
    /// Measures the path an `along` animation follows, for each target in its parent's
    /// space; checks the key times against the path's segments.
    mutating func startMotion(_ m: MotionIR, _ a: AnimationIR, targets: [ResolvedTarget]) throws -> MotionState {
        var scenePath: Path
        var name = "the inline path"
        switch m.source {
        case .layer(let index):
            name = "'\(program.layers[index].name)'"
            guard index < declaredInstance.count, let id = declaredInstance[index], let inst = instances[id] else {
                throw RuntimeError(.badMotion, "the layer \(name) that 'along' follows has been removed", a.range, tick: tick)
            }
            let geometry = try localGeometry(inst)
            scenePath = (geometry.path ?? Path()).transformed(by: localTransform(inst, bounds: geometry.bounds).concatenating(ancestorTransform(id)))
        case .inline(let commands):
            scenePath = try PathBuilder.build(commands) { e in
                if case .constant(let v) = e { return v }
                return .number(0)   // inline path data compiles to constants only
            }
        }
        var measures: [PathMeasure] = []
        var paths: [Path] = []
        var rotations: [Double] = []
        for target in targets {
            guard case .layer(let id, _, _) = target else { continue }
            var path = scenePath
            if case .layer = m.source, let toParent = ancestorTransform(id).inverted { path = path.transformed(by: toParent) }
            measures.append(PathMeasure(path))
            paths.append(path)
            rotations.append(instances[id]?.present(.rotation).number ?? 0)
        }
        let segments = measures.first?.segmentCount ?? 0
        guard segments > 0 else {
            throw RuntimeError(.badMotion, "\(name) has no outline to move along", a.range, tick: tick)
        }
        var keyTimes = m.keyTimes
        if keyTimes.isEmpty {
            keyTimes = (0...segments).map { Double($0) / Double(segments) }
        } else if keyTimes.count != segments + 1 {
            throw RuntimeError(.badMotion, "'times' has \(keyTimes.count) key times, but \(name) has \(segments) segment\(segments == 1 ? "" : "s"), so it needs \(segments + 1)",
                               a.range, tick: tick)
        }
        return MotionState(measures: measures, baseRotations: rotations, keyTimes: keyTimes, rotation: m.rotation, paced: m.paced, paths: paths)
    }

    /// Writes each target's position on the path at eased progress `p`, and with `rotate`
    /// its rotation: the rotation it had at the start plus the tangent's angle.
    mutating func writeMotion(_ a: ActiveAnimation, _ motion: MotionState, _ p: Double, final: Bool) {
        for (k, target) in a.targets.enumerated() where k < motion.measures.count {
            guard case .layer(let id, _, _) = target, let pose = motion.pose(k, p) else { continue }
            put(target, .point(pose.point.x, pose.point.y), commit: final)
            if motion.rotation != .none {
                put(.layer(id, .rotation, component: nil), .number(motion.baseRotations[k] + pose.angle), commit: final)
            }
        }
    }
}
