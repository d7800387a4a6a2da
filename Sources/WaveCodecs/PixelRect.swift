/// An axis-aligned pixel rectangle (origin top-left).
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var description: String { "(\(x),\(y) \(width)x\(height))" }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// Smallest rectangle containing both (an empty rectangle is ignored).
    public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// Bounding box of the pixels that differ between two same-sized RGBA8 frames,
    /// or nil when they are identical.
    static func changed(previous: [UInt8], current: [UInt8], width: Int, height: Int) -> PixelRect? {
        previous.withUnsafeBufferPointer { pb in
            current.withUnsafeBufferPointer { cb in
                pb.withMemoryRebound(to: UInt32.self) { p in
                    cb.withMemoryRebound(to: UInt32.self) { c in
                        changed(p, c, width: width, height: height)
                    }
                }
            }
        }
    }

    /// Whether `count` words from `start` differ. A branch-free OR of XORs, which the
    /// compiler vectorises; rows are short enough that early exit would not pay.
    @inline(__always)
    static func rowsDiffer(_ p: UnsafeBufferPointer<UInt32>, _ c: UnsafeBufferPointer<UInt32>,
                           start: Int, count: Int) -> Bool {
        var acc: UInt32 = 0
        for i in start..<(start + count) { acc |= p[i] ^ c[i] }
        return acc != 0
    }

    static func changed(_ p: UnsafeBufferPointer<UInt32>, _ c: UnsafeBufferPointer<UInt32>,
                        width: Int, height: Int) -> PixelRect? {
        func rowDiffers(_ y: Int) -> Bool {
            rowsDiffer(p, c, start: y * width, count: width)
        }
        var top = 0
        while top < height && !rowDiffers(top) { top += 1 }
        if top == height { return nil }
        var bottom = height - 1
        while bottom > top && !rowDiffers(bottom) { bottom -= 1 }
        var left = width, right = -1
        for y in top...bottom {
            let base = y * width
            var x = 0
            while x < left && p[base + x] == c[base + x] { x += 1 }
            if x < left { left = x }
            x = width - 1
            while x > right && p[base + x] == c[base + x] { x -= 1 }
            if x > right { right = x }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }
}
