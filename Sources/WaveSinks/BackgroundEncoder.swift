import Dispatch
import Foundation
import WaveGeometry
import WaveGraphics

/// Something fed frames in order on one thread and then ended: `FrameEncoder`, or the
/// pipe into an ffmpeg child (`FFmpegEncoder`).
protocol PixmapEncoder: AnyObject {
    func add(_ pixmap: Pixmap) throws
    func finish() throws
}

extension FrameEncoder: PixmapEncoder {}

/// Feeds a `PixmapEncoder` on a serial background queue, so that quantizing, compressing and
/// writing frame n overlaps rasterizing the frames after it.
///
/// At most `inFlight` frames wait at once (the caller blocks beyond that). The first error
/// the sink throws is kept: later frames are skipped and the next `add` or `finish`
/// rethrows it on the caller's thread.
final class BackgroundEncoder: @unchecked Sendable {
    private let sink: any PixmapEncoder
    private let queue = DispatchQueue(label: "wave.encoder")
    private let slots: DispatchSemaphore
    private let lock = NSLock()
    private var failure: Error?
    private var cancelled = false

    init(sink: any PixmapEncoder, inFlight: Int = 8) {
        self.sink = sink
        slots = DispatchSemaphore(value: max(1, inFlight))
    }

    private var firstError: Error? {
        lock.lock(); defer { lock.unlock() }
        return failure
    }

    func add(_ pixmap: Pixmap) throws {
        if let e = firstError { throw e }
        slots.wait()
        queue.async { [self] in
            defer { slots.signal() }
            lock.lock()
            let skip = failure != nil || cancelled
            lock.unlock()
            guard !skip else { return }
            do { try sink.add(pixmap) } catch {
                lock.lock(); failure = failure ?? error; lock.unlock()
            }
        }
    }

    /// Waits for the queued frames; then, unless `stopped`, ends the file.
    func finish(stopped: Bool) throws {
        queue.sync {}
        if let e = firstError { throw e }
        if !stopped { try queue.sync { try sink.finish() } }
    }

    /// Drops the frames not yet encoded and waits for the one in progress.
    func cancel() {
        lock.lock(); cancelled = true; lock.unlock()
        queue.sync {}
    }
}
