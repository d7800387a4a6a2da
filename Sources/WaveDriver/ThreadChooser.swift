/// Decides, batch by batch, whether the frame pipeline rasterizes on all its threads or
/// on the caller's alone, so that a second core that is busy with other work never makes
/// a run slower than one thread would.
///
/// It keeps the recent seconds per frame of each mode (an average that halves the weight
/// of older batches) and uses the faster one; every `probeInterval` batches it tries the
/// other mode once, so a core that frees up (or fills up) is noticed. The first batches
/// measure both modes. Which mode runs never changes the frames, only when they are ready.
struct ThreadChooser {
    static let probeInterval = 16

    let threads: Int
    private(set) var perFrame: [Double?] = [nil, nil]   // [one thread, all threads]
    private var batches = 0

    init(threads: Int) { self.threads = max(1, threads) }

    /// Threads for the next batch.
    func next() -> Int {
        guard threads > 1 else { return 1 }
        guard let one = perFrame[0] else { return batches == 0 ? threads : 1 }
        guard let many = perFrame[1] else { return threads }
        let best = one <= many ? 1 : threads
        if batches % Self.probeInterval == Self.probeInterval - 1 { return best == 1 ? threads : 1 }
        return best
    }

    /// Records that a batch of `frames` frames took `seconds` (wall clock) on `used` threads.
    mutating func record(used: Int, frames: Int, seconds: Double) {
        batches += 1
        guard frames > 0, seconds.isFinite, seconds >= 0 else { return }
        let k = used > 1 ? 1 : 0
        let sample = seconds / Double(frames)
        perFrame[k] = perFrame[k].map { ($0 + sample) / 2 } ?? sample
    }
}
