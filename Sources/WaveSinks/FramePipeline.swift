import Dispatch
import Foundation
import WaveCompiler
import WaveGraphics
import WaveRuntime

/// Renders a run of ticks to pixels on several threads while the runtime steps ahead,
/// delivering the pixmaps strictly in tick order.
///
/// The caller's thread steps the scene and builds display lists for the next batch while
/// worker threads rasterize the previous batch; the consumer runs on the caller's thread.
/// Rendering is deterministic, so the bytes are the same for any thread count.
public struct FramePipeline {
    public var threads: Int
    public var scale: Double
    public var renderer = Renderer()
    let pool = PixmapPool()

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount, scale: Double = 1) {
        self.threads = max(1, threads)
        self.scale = scale
    }

    /// Renders `ticks` (ascending) of `runtime`, which must not be past the first tick.
    /// `consume` gets each tick's pixmap in order; throwing from it stops the run.
    public func run(_ runtime: inout SceneRuntime, ticks: [Int], shouldStop: () -> Bool = { false },
                    consume: (Int, Pixmap) throws -> Void) throws {
        guard !ticks.isEmpty else { return }
        let batch = threads == 1 ? 1 : threads * 6
        var frames = try buildFrames(&runtime, ticks[0..<min(batch, ticks.count)])
        var start = 0
        let queue = DispatchQueue.global(qos: .userInitiated)
        while start < ticks.count {
            if shouldStop() { return }
            let current = frames
            let results = PixmapSlots(count: current.count)
            let counter = WorkCounter(limit: current.count)
            let renderer = self.renderer
            let pool = self.pool
            let work: @Sendable () -> Void = {
                // Workers take the next unrendered frame, so uneven frames balance out.
                while let i = counter.next() {
                    let f = current[i]
                    var pixmap = pool.take(width: f.width, height: f.height, background: f.background)
                    renderer.render(f.items, into: &pixmap)
                    results.set(i, pixmap)
                }
            }
            let group = DispatchGroup()
            for _ in 0..<(threads - 1) { queue.async(group: group, execute: work) }
            // Step ahead while the workers rasterize, then help them finish this batch.
            let nextStart = start + current.count
            if nextStart < ticks.count {
                frames = try buildFrames(&runtime, ticks[nextStart..<min(nextStart + batch, ticks.count)])
            }
            work()
            group.wait()
            for i in 0..<current.count {
                let pixmap = results.take(i)
                try consume(ticks[start + i], pixmap)
                pool.give(pixmap)
            }
            start = nextStart
        }
    }

    func buildFrames(_ runtime: inout SceneRuntime, _ ticks: ArraySlice<Int>) throws -> [Frame] {
        var out: [Frame] = []
        out.reserveCapacity(ticks.count)
        for t in ticks {
            while runtime.tick < t && !runtime.isStopped { try runtime.step() }
            out.append(try runtime.frame(scale: scale))
        }
        return out
    }
}

/// Recycles frame buffers: a megabyte-sized pixmap allocated fresh for every frame costs
/// hundreds of page faults, more than rendering a simple frame; a recycled one is refilled
/// with the background instead. A pixmap the consumer kept is copied on write, not reused.
final class PixmapPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [Pixmap] = []
    private var blank: Pixmap?
    private var blankColor: Color?

    func take(width: Int, height: Int, background: Color) -> Pixmap {
        lock.lock()
        if blank?.width != width || blank?.height != height || blankColor != background {
            blank = Pixmap(width: width, height: height, fill: background)
            blankColor = background
            free.removeAll()
        }
        let template = blank ?? Pixmap(width: width, height: height, fill: background)
        let recycled = free.popLast()
        lock.unlock()
        guard var pixmap = recycled else { return template }
        pixmap.data.withUnsafeMutableBytes { dst in
            template.data.withUnsafeBytes { src in dst.copyMemory(from: src) }
        }
        return pixmap
    }

    func give(_ p: Pixmap) {
        lock.lock()
        if free.count < 64, p.width == blank?.width, p.height == blank?.height { free.append(p) }
        lock.unlock()
    }
}

/// Hands out frame indices to workers, each exactly once.
final class WorkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private let limit: Int
    init(limit: Int) { self.limit = limit }
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}

/// Results written by workers at distinct indices, then read by one thread after the
/// workers have finished (the DispatchGroup wait orders the accesses).
final class PixmapSlots: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Pixmap?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    func set(_ i: Int, _ p: Pixmap) { storage[i] = p }
    func take(_ i: Int) -> Pixmap { storage[i] ?? Pixmap(width: 0, height: 0) }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}
