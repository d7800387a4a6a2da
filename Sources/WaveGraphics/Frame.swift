import WaveGeometry
/// A resolved display list for one tick: device-space paths with paints and opacities,
/// ready for the rasterizer or a sink. Built by the runtime, consumed by sinks: the one value
/// where the language half and the graphics half meet.
public struct Frame: Sendable, Equatable {
    public var tick: Int
    public var width: Int
    public var height: Int
    public var background: Color
    public var items: [DisplayItem]
    /// The strokes of `items` as declared (`DeclaredStroke`), when the frame was built with
    /// them asked for; empty otherwise. Rendering ignores them.
    public var strokes: [DeclaredStroke] = []

    public init(tick: Int, width: Int, height: Int, background: Color, items: [DisplayItem]) {
        self.tick = tick
        self.width = width
        self.height = height
        self.background = background
        self.items = items
    }
}

extension Frame {
    /// The most rectangles `drawnRegions` lists before it gives their union instead.
    public static let drawnRegionLimit = 32

    /// The pixels rendering `items` over a background can change, within the frame: one
    /// rectangle for each item that draws (their union when there are more than
    /// `drawnRegionLimit`), conservative, from the same bounds groups and effects size their
    /// layers by. Outside them a rendered frame is its background, so a pixmap reused for
    /// the next frame needs only these refilled (`FramePipeline`'s pixmap pool).
    public var drawnRegions: [PixelBounds] {
        let frame = PixelBounds(x0: 0, y0: 0, x1: width, y1: height)
        var boxes: [PixelBounds] = []
        for item in items {
            let r = item.pixelBounds.intersection(frame)
            if !r.isEmpty { boxes.append(r) }
        }
        if boxes.count > Frame.drawnRegionLimit { boxes = [boxes.reduce(PixelBounds.empty) { $0.union($1) }] }
        return boxes
    }
}

/// One character of a text layer as a character-cell sink would draw it: the character
/// shown at this tick, where its centre falls in device space, and its colour with the
/// opacity it has now (layer and group opacity times its text effect's visibility).
public struct TextCellGlyph: Equatable, Sendable {
    public var character: Character
    public var x: Double
    public var y: Double
    public var color: Color

    public init(character: Character, x: Double, y: Double, color: Color) {
        self.character = character
        self.x = x
        self.y = y
        self.color = color
    }
}

/// The characters of one text layer, in order, spaces included (so a sink can keep word
/// gaps); a character not showing at this tick has alpha 0.
public struct TextCellRun: Equatable, Sendable {
    public var layer: String
    public var glyphs: [TextCellGlyph]
    /// Device-space centre of the layer's line box.
    public var centerX: Double
    public var centerY: Double
    /// Device-space height of the line box (ascent + descent, scaled).
    public var lineHeight: Double
    /// Where along the line the layer's anchor sits (0 left, 0.5 centre, 1 right), and its
    /// device x: a sink that lays characters out on its own grid keeps that point fixed, so
    /// left-anchored text grows to the right and right-anchored text to the left.
    public var alignment: Double
    public var anchorX: Double

    public init(layer: String, glyphs: [TextCellGlyph], centerX: Double, centerY: Double, lineHeight: Double,
                alignment: Double = 0.5, anchorX: Double? = nil) {
        self.layer = layer
        self.glyphs = glyphs
        self.centerX = centerX
        self.centerY = centerY
        self.lineHeight = lineHeight
        self.alignment = alignment
        self.anchorX = anchorX ?? centerX
    }
}

extension DisplayItem {
    /// Path elements the item holds, masks and nested groups included: what its display
    /// list costs in memory (about 56 bytes an element), for bounding frames in flight.
    public var pathElementCount: Int {
        var count = 0
        var stack = [self]
        while let item = stack.popLast() {   // iterative: nesting depth costs no stack
            switch item {
            case .fill(let path, _, _, _): count += path.elements.count
            case .group(let items, _, let mask):
                stack += items
                if let mask { stack += mask.items }
            case .effect(let items, _):
                stack += items
            }
        }
        return count
    }
}

