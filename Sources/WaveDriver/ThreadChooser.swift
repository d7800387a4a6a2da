/// Decides, batch by batch, whether the frame pipeline rasterizes on all its threads or
/// on the caller's alone, so that a second core that is busy with other work, or frames too
/// small to share, never make a run slower than one thread would.
///
/// It starts on one thread. Trying all threads has a cost: the workers' first batches
/// fault in a dozen fresh frame buffers and fill cold caches, about 6 ms at 640x480
/// (measured: stickman's first three two-thread batches took 491, 58 and 80 µs a frame
/// against 30–40 µs later), a third of a 600-frame run of a 30 µs scene, and every later try
/// of the slower mode costs a batch, more when the second core is busy. So it tries only
/// when the frames left would take `worthTrying` seconds on one thread, judged from the
/// `firstTry`th batch (the first hold the run's own start-up: cold caches, the first frame
/// buffer, and a scene's own costly start: glow-heart blurs a new shadow in each of its
/// first 24 frames, at 5–9 times the cost of a later frame, which made short runs look long
/// enough to try); a shorter run stays on one thread. The first batch on all threads is a
/// warm-up and is not measured; the next one is.
/// From then on it keeps the recent seconds per frame of each mode (an average that halves
/// the weight of older batches; a try's figure is its own batch alone) and uses the faster
/// one, trying the other now and then so that a wrong first choice is soon corrected (a
/// scene's first seconds can cost far more than the rest: glow-heart blurs its shadows in
/// its first beat) and a core that frees up (or fills up) is noticed: after `probeInterval`
/// batches at first, twice as long after each try that confirms the choice (up to
/// `longestProbeInterval`), and back to `probeInterval` when a try changes it. Which mode
/// runs never changes the frames, only when they are ready.
struct ThreadChooser {
    static let worthTrying = 0.25
    static let firstTry = 8
    static let probeInterval = 8
    static let longestProbeInterval = 128

    let threads: Int
    private(set) var perFrame: [Double?] = [nil, nil]   // [one thread, all threads]
    private var warmedUp = false
    /// Seconds per frame of the last batch on one thread, and how many such batches ran.
    private var lastOne = 0.0
    private var oneThreadBatches = 0
    private var interval = ThreadChooser.probeInterval
    private var sinceProbe = 0

    init(threads: Int) { self.threads = max(1, threads) }

    /// The faster mode measured so far (one thread until both are known).
    private var best: Int {
        guard let one = perFrame[0], let many = perFrame[1] else { return 1 }
        return one <= many ? 1 : threads
    }

    /// Threads for the next batch, with `remaining` frames left to render (this batch's included).
    func next(remaining: Int) -> Int {
        guard threads > 1 else { return 1 }
        guard perFrame[1] != nil else {
            // The warm-up, then the first measurement, if the rest of the run is worth it.
            return warmedUp || (oneThreadBatches >= Self.firstTry && lastOne * Double(remaining) >= Self.worthTrying) ? threads : 1
        }
        if sinceProbe >= interval { return best == 1 ? threads : 1 }
        return best
    }

    /// Records that a batch of `frames` frames took `seconds` (wall clock) on `used` threads.
    mutating func record(used: Int, frames: Int, seconds: Double) {
        guard frames > 0, seconds.isFinite, seconds >= 0 else { return }
        let k = used > 1 ? 1 : 0
        if k == 1 && !warmedUp {
            warmedUp = true
            return
        }
        let chosen = best, measured = perFrame[0] != nil && perFrame[1] != nil
        let sample = seconds / Double(frames)
        if k == 1 && perFrame[1] == nil {
            // The first measurement on all threads: compare it with the last batch on one
            // thread, not with an average that still holds the run's start-up; if all
            // threads look faster, one thread is tried again at once, in the same stretch of
            // the scene (the last batch on one thread may have been in a costlier one).
            perFrame[0] = lastOne
            perFrame[1] = sample
            if best == threads { sinceProbe = interval }
            return
        }
        if k == 0 {
            lastOne = sample
            oneThreadBatches += 1
        }
        if measured && used != chosen {
            // A try of the other mode: its figure is this batch alone (the last one may be
            // long stale). Back off while the choice holds.
            perFrame[k] = sample
            interval = best == chosen ? Swift.min(interval * 2, Self.longestProbeInterval) : Self.probeInterval
            sinceProbe = 0
        } else {
            perFrame[k] = perFrame[k].map { ($0 + sample) / 2 } ?? sample
            if measured { sinceProbe += 1 }
        }
    }
}
