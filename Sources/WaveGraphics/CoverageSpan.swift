import WaveGeometry

/// One span of a swept fill: `count` pixels from (x, y) with coverage `alpha`, surface
/// coordinates. Replaying a fill's spans into any blitter gives the bytes sweeping it again
/// would, because the sweep's output depends on nothing else.
package struct CoverageSpan: Equatable {
    package let y: Int32
    package let x: Int32
    package let count: Int32
    package let alpha: Int32

    package init(y: Int32, x: Int32, count: Int32, alpha: Int32) {
        self.y = y
        self.x = x
        self.count = count
        self.alpha = alpha
    }
}

/// Passes spans on to `inner` and keeps a copy.
struct RecordingSink<Inner: SpanSink>: SpanSink {
    var inner: Inner
    var spans: [CoverageSpan] = []

    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {
        spans.append(CoverageSpan(y: Int32(y), x: Int32(x), count: Int32(count), alpha: Int32(alpha)))
        inner.span(y: y, x: x, count: count, alpha: alpha)
    }
}

/// Takes spans and does nothing with them (under a `RecordingSink`, to learn a fill's spans
/// without drawing it).
struct DiscardingSink: SpanSink {
    @inline(__always)
    mutating func span(y: Int, x: Int, count: Int, alpha: Int) {}
}
