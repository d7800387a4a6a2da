import WaveGraphics

/// The last few gradient ramps built, so a gradient drawn every frame is sampled once.
///
/// A ramp is a pure function of its stops and opacity, so a hit gives exactly the bytes a
/// rebuild would. Owned by one render at a time (it lives in `RenderCaches`).
final class RampCache {
    static let capacity = 8

    private var entries: [(stops: [GradientStop], opacity: Double, ramp: GradientRamp?)] = []
    private var next = 0

    /// The ramp for `stops` at `opacity` (nil when there are no stops), made on a miss.
    func ramp(_ stops: [GradientStop], opacity: Double, make: () -> GradientRamp?) -> GradientRamp? {
        for e in entries where e.opacity.bitPattern == opacity.bitPattern && e.stops == stops {
            return e.ramp
        }
        let ramp = make()
        let entry = (stops, opacity, ramp)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
        return ramp
    }
}
