import WaveCompiler
import WaveGeometry
import WaveGraphics

extension SceneRuntime {
    /// The display item of an image layer: its image placed in `frame` by `gravity`, clipped
    /// to the frame, sampled through the layer's transform; nil when it shows nothing (an
    /// empty frame, or a source the loader did not decode).
    func imageItem(_ inst: LayerInstance, transform: Transform) -> DisplayItem? {
        guard case .string(let source) = inst.present(.source), let image = rasterImages[source] else { return nil }
        // A frame of negative size is the same rectangle with its edges ordered (a rect
        // layer's frame draws so too), as CGRect's standardized form.
        let given = rect(inst.present(.frame))
        let frame = Rect(x: given.minX, y: given.minY, width: given.maxX - given.minX, height: given.maxY - given.minY)
        let placed = SceneRuntime.place(width: Double(image.width), height: Double(image.height), in: frame,
                                        gravity: inst.present(.gravity).gravity)
        let x0 = max(frame.minX, placed.minX), y0 = max(frame.minY, placed.minY)
        let x1 = min(frame.maxX, placed.maxX), y1 = min(frame.maxY, placed.maxY)
        guard x1 > x0, y1 > y0, placed.width > 0, placed.height > 0 else { return nil }
        let toLayer = Transform.scale(placed.width / Double(image.width), placed.height / Double(image.height))
            .concatenating(.translation(placed.x, placed.y))
        guard let toImage = toLayer.concatenating(transform).inverted else { return nil }
        var path = Path()
        path.addRect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        return .fill(path: path.transformed(by: transform), rule: .nonZero, paint: .image(image, toImage: toImage), opacity: 1)
    }

    /// Where an image of `width` × `height` (one image pixel per scene unit) lands in `frame`,
    /// as CALayer's contentsGravity places contents in bounds: `resize` stretches it to the
    /// frame, `resize-aspect` fits it whole, `resize-aspect-fill` covers the frame (centred,
    /// aspect kept); the others keep its size and pin it to that side or corner (`top` is the
    /// top of the screen).
    static func place(width: Double, height: Double, in frame: Rect, gravity: GravityWord) -> Rect {
        func centred(_ s: Double) -> Rect {
            Rect(x: frame.x + (frame.width - width * s) / 2, y: frame.y + (frame.height - height * s) / 2,
                 width: width * s, height: height * s)
        }
        let sx = frame.width / width, sy = frame.height / height
        let (ax, ay): (Double, Double)
        switch gravity {
        case .resize: return frame
        case .resizeAspect: return centred(min(sx, sy))
        case .resizeAspectFill: return centred(max(sx, sy))
        case .center: (ax, ay) = (0.5, 0.5)
        case .top: (ax, ay) = (0.5, 0)
        case .bottom: (ax, ay) = (0.5, 1)
        case .left: (ax, ay) = (0, 0.5)
        case .right: (ax, ay) = (1, 0.5)
        case .topLeft: (ax, ay) = (0, 0)
        case .topRight: (ax, ay) = (1, 0)
        case .bottomLeft: (ax, ay) = (0, 1)
        case .bottomRight: (ax, ay) = (1, 1)
        }
        return Rect(x: frame.x + (frame.width - width) * ax, y: frame.y + (frame.height - height) * ay, width: width, height: height)
    }
}
