import WaveGeometry
/// A mask: its items are rendered (with their paints and opacities, groups and nested masks
/// included) into their own offscreen layer, and that layer's alpha scales the masked group.
/// `inverted` uses 1 − alpha, so an inverted mask leaves everything outside its items visible.
public struct Mask: Equatable, Sendable {
    public var items: [DisplayItem]
    public var inverted: Bool

    public init(items: [DisplayItem], inverted: Bool = false) {
        self.items = items
        self.inverted = inverted
    }
}
