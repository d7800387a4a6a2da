import Foundation
import WaveGraphics

/// Recycles frame buffers: a megabyte-sized pixmap allocated fresh for every frame costs
/// hundreds of page faults, more than rendering a simple frame; a recycled one is filled
/// with the background in place (one pass of stores, no source to read). A pixmap the
/// consumer kept is copied on write, not reused. A pixmap that last showed the very frame
/// asked for (the same background and display list: a scene at rest, the end of a spring,
/// a pause in typing) already holds its pixels and is handed back without drawing.
package final class PixmapPool: @unchecked Sendable {
    /// A pixmap given back: `items` drawn over `background`.
    struct Used {
        var pixmap: Pixmap
        var background: Color
        var items: [DisplayItem]
        var drawn: [PixelBounds]
    }

    private let lock = NSLock()
    private var free: [Used] = []
    private var size = (width: -1, height: -1)
    /// Off (`WAVE_ACCEL`'s `reuse`): every frame is a new pixmap, drawn whole.
    package let reuse: Bool

    package init(reuse: Bool = Accelerator.current.reuse) { self.reuse = reuse }

    /// A pixmap of `frame`'s size holding its background, except in the rectangles `stale`,
    /// which the renderer is to take as background (`Renderer.render(_:into:stale:background:)`).
    /// A recycled one that last showed the same background is stale only where the last frame
    /// drawn on it could have changed pixels (`Frame.drawnRegions`): the rest already is that
    /// background.
    /// `done` when it already shows `frame`.
    private func take(for frame: Frame) -> (pixmap: Pixmap, stale: [PixelBounds], done: Bool) {
        guard reuse else { return (Pixmap(width: frame.width, height: frame.height, fill: frame.background), [], false) }
        lock.lock()
        if size != (frame.width, frame.height) {
            size = (frame.width, frame.height)
            free.removeAll()
        }
        let recycled = free.popLast()
        lock.unlock()
        guard var used = recycled else { return (Pixmap(width: frame.width, height: frame.height, fill: frame.background), [], false) }
        if used.background != frame.background {
            used.pixmap.fill(frame.background)
            return (used.pixmap, [], false)
        }
        if used.items == frame.items { return (used.pixmap, [], true) }
        return (used.pixmap, used.drawn, false)
    }

    /// `frame` rendered on a pixmap from `take`.
    package func render(_ frame: Frame, with renderer: Renderer) -> Pixmap {
        var (pixmap, stale, done) = take(for: frame)
        if !done { renderer.render(frame.items, into: &pixmap, stale: stale, background: frame.background) }
        return pixmap
    }

    /// Takes back a pixmap `frame` was rendered on (and not changed since). Its stale region
    /// next time is where that render reports it drew (`Pixmap.footprint`: a glow's strips),
    /// or else the frame's item rectangles.
    package func give(_ p: Pixmap, drawn frame: Frame) {
        guard reuse else { return }
        let used = Used(pixmap: p, background: frame.background, items: frame.items, drawn: p.footprint ?? frame.drawnRegions)
        lock.lock()
        if free.count < 64, p.width == size.width, p.height == size.height { free.append(used) }
        lock.unlock()
    }
}
