import WaveGeometry
import Foundation

/// The device-space stroke outlines of recent frames, one per slot (a layer), so a layer
/// whose path, stroke style and transform have not changed is not stroked again.
///
/// A hit needs the slot's last path, style, tolerance and transform to be equal to the
/// new ones, so any change to any of them rebuilds exactly that layer's outline, and the
/// outline returned is the one `stroked(_:tolerance:)` then `transformed(by:)` would give.
/// Safe to share between copies of a runtime on different threads (one lock).
public final class StrokeCache: @unchecked Sendable {
    private struct Entry {
        let path: Path
        let style: StrokeStyle
        let tolerance: Double
        let transform: Transform
        let outline: Path
    }

    /// Slots past this are dropped all at once (layers come and go).
    static let slotLimit = 4096

    /// False: every call strokes afresh (the default when `WAVE_ACCEL` turns the caches off).
    public let enabled: Bool
    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]   // guarded by `lock`

    public init(enabled: Bool = Accelerator.current.caches) { self.enabled = enabled }

    /// `path` stroked with `style` to `tolerance` (path units), then mapped by `transform`.
    public func outline(slot: Int, path: Path, style: StrokeStyle, tolerance: Double, transform: Transform) -> Path {
        guard enabled else { return path.stroked(style, tolerance: tolerance).transformed(by: transform) }
        lock.lock()
        let old = entries[slot]
        lock.unlock()
        if let old, old.tolerance == tolerance, old.transform == transform, old.style == style, old.path == path {
            return old.outline
        }
        let outline = path.stroked(style, tolerance: tolerance).transformed(by: transform)
        lock.lock()
        if entries.count >= Self.slotLimit { entries.removeAll() }
        entries[slot] = Entry(path: path, style: style, tolerance: tolerance, transform: transform, outline: outline)
        lock.unlock()
        return outline
    }
}
