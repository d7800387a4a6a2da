import Foundation
import WaveCompiler
import WaveGeometry
import WaveGraphics

extension SceneRuntime {
    /// Builds the frame for the current tick from presentation values, optionally scaled
    /// (the frame's size is the scene's size times `scale`, rounded, at least 1 px).
    /// `declaringStrokes`: also list the strokes of shape layers as declared
    /// (`Frame.strokes`), for exporters.
    public func frame(scale: Double = 1, declaringStrokes: Bool = false) throws -> Frame {
        var items: [DisplayItem] = []
        var strokes: [DeclaredStroke]? = declaringStrokes ? [] : nil
        let root: Transform = scale == 1 ? .identity : .scale(scale, scale)
        for id in order {
            guard let inst = instances[id], !program.layers[inst.decl].usedAsMask else { continue }
            items += try build(id, parent: Transform3D(root), root: root, strokes: &strokes)
        }
        let bg = scene.background
        let w = max(1, Int((Double(scene.width) * scale).rounded()))
        let h = max(1, Int((Double(scene.height) * scale).rounded()))
        var frame = Frame(tick: tick, width: w, height: h, background: Color(r: bg.r, g: bg.g, b: bg.b, a: bg.a), items: items)
        frame.strokes = strokes ?? []
        return frame
    }

    /// Display items of one layer (and its children) under `parent`'s transform; `root` maps
    /// scene coordinates to the device (masks are placed with it). `tint` multiplies the
    /// colours drawn (a replicator's colour offsets); its alpha multiplies this layer's
    /// opacity only, as a group's opacity already reaches its children. `strokes`, when not
    /// nil, collects the declared strokes (`DeclaredStroke`) of the fills built.
    func build(_ id: Int, parent: Transform3D, root: Transform, tint: Tint = .none, strokes: inout [DeclaredStroke]?) throws -> [DisplayItem] {
        guard let inst = instances[id] else { return [] }
        let decl = program.layers[inst.decl]
        guard inst.present(.visible).bool else { return [] }
        try checkFinite(inst)
        let opacity = min(1, max(0, inst.present(.opacity).number)) * tint.a
        guard opacity > 0 else { return [] }
        let colours = Tint(r: tint.r, g: tint.g, b: tint.b, a: 1)

        let geometry = try localGeometry(inst)
        let world = localTransform3D(inst, bounds: geometry.bounds).concatenating(parent)
        var plane = world.plane
        if !inst.present(.doubleSided).bool && plane.determinant < 0 { return [] }   // its back faces the viewer
        // With perspective on this layer's plane, its items are built in the layer's own
        // space, uniformly scaled by the most the projection magnifies it (so strokes are
        // outlined there and foreshorten, and curves are flattened finely enough where it
        // is nearest), then projected below.
        let projected = plane.affine == nil
        var transform = plane.affine ?? .identity
        if projected && inst.kind != .group {
            let b = geometry.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
            let s = plane.magnification(near: [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY),
                                               Point(b.minX, b.maxY), Point(b.x + b.width / 2, b.y + b.height / 2)])
            transform = .scale(s, s)
            plane = plane.after(.scale(1 / s, 1 / s))
        }
        let (filter, blend) = layerEffects(inst, root: root)
        var content: [DisplayItem] = []
        var needsGroup = false
        if inst.kind == .group {
            for c in inst.children {
                guard let child = instances[c], !program.layers[child.decl].usedAsMask else { continue }
                if let r = decl.replicator, let k = child.copyIndex {
                    content += try build(c, parent: Transform3D(r.instanceTransform(k)).concatenating(world), root: root, tint: colours.times(r.tint(k)), strokes: &strokes)
                } else {
                    content += try build(c, parent: world, root: root, tint: colours, strokes: &strokes)
                }
            }
            needsGroup = opacity < 1
        } else if inst.kind == .text, let effect = effects[id], let bounds = geometry.bounds, let (run, spacing, _) = try textRun(inst) {
            let fill = colours.apply(paint(inst.present(.fill), bounds: bounds, transform: transform))
            let stroke = colours.apply(paint(inst.present(.stroke), bounds: bounds, transform: transform))
            content = try effectItems(inst, effect, run: run, spacing: spacing, bounds: bounds, transform: transform, fill: fill, stroke: stroke)
            needsGroup = opacity < 1
        } else if inst.kind == .image {
            if let item = imageItem(inst, transform: transform) { content = [item] }
            needsGroup = opacity < 1 && filter != nil
            if opacity < 1 && filter == nil, case .fill(let p, let r, let pt, _)? = content.first {
                content[0] = .fill(path: p, rule: r, paint: pt, opacity: opacity)
            }
        } else if let path = geometry.path {
            let fill = colours.apply(paint(inst.present(.fill), bounds: geometry.bounds, transform: transform))
            let stroke = colours.apply(paint(inst.present(.stroke), bounds: geometry.bounds, transform: transform))
            let rule: FillRule
            switch inst.present(.fillRule).windingRule {
            case .nonZero: rule = .nonZero
            case .evenOdd: rule = .evenOdd
            }
            if let fill {
                content.append(.fill(path: path.transformed(by: transform), rule: rule, paint: fill, opacity: 1))
            }
            if let stroke, let (outline, factor) = strokeOutline(inst, path, transform, cached: true) {
                content.append(.fill(path: outline, rule: .nonZero, paint: stroke, opacity: factor))
                if strokes != nil, !projected, factor == 1, let declared = declaredStroke(inst, path, transform, outline: outline) {
                    strokes?.append(declared)
                }
            }
            needsGroup = opacity < 1 && content.count > 1
            if opacity < 1 && content.count == 1 && filter == nil, case .fill(let p, let r, let pt, let o) = content[0] {
                content[0] = .fill(path: p, rule: r, paint: pt, opacity: o * opacity)
            }
        }
        if projected && inst.kind != .group {
            let b = geometry.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
            content = project(content, plane, centre: transform.apply(Point(b.x + b.width / 2, b.y + b.height / 2)))
        }
        guard !content.isEmpty else { return [] }
        if let filter {
            content = [.effect(items: content, effects: filter)]
            needsGroup = opacity < 1
        }
        var mask: Mask? = nil
        if let m = decl.mask, m < declaredInstance.count, let maskID = declaredInstance[m] {
            let maskItems = try build(maskID, parent: ancestorTransform3D(maskID).concatenating(Transform3D(root)), root: root, strokes: &strokes)
            mask = Mask(items: maskItems, inverted: decl.maskInverted)
        } else if decl.mask != nil && !decl.maskInverted {
            return []   // the mask layer is gone: nothing shows through it
        }
        if mask != nil || needsGroup {
            content = [.group(items: content, opacity: needsGroup ? opacity : 1, mask: mask)]
        }
        // `isolate true`: the children's blend modes stop at the group (CSS's isolation).
        if inst.kind == .group, inst.present(.isolate).bool, DisplayItem.blendsThrough(content) {
            content = [.effect(items: content, effects: LayerEffects())]
        }
        if let blend { content = [.effect(items: content, effects: LayerEffects(blend: blend))] }
        return content
    }

    /// The layer's blur and shadow (nil when it has neither: no blur, shadow opacity 0), and
    /// its blend mode (nil for normal). Radii and the offset are in scene units, scaled to the
    /// device by `root` only: the layer's own transform and its parents' do not turn or
    /// stretch them. Radii above 100 device pixels count as 100 (a bound on the work).
    func layerEffects(_ inst: LayerInstance, root: Transform) -> (LayerEffects?, BlendMode?) {
        let scale = root.maxScale
        func radius(_ p: Property) -> Double {
            let r = inst.present(p).number * scale
            return r > 0 && r.isFinite ? min(r, 100) : 0
        }
        let blur = radius(.blur)
        var shadow: Shadow? = nil
        let shadowOpacity = inst.present(.shadowOpacity).number
        if shadowOpacity > 0, case .color(let c) = inst.present(.shadowColor) {
            let (dx, dy) = inst.present(.shadowOffset).point
            let color = Color(r: c.r, g: c.g, b: c.b, a: c.a * min(1, shadowOpacity))
            if (color.a * 255).rounded() >= 1, (dx * scale).isFinite, (dy * scale).isFinite {
                shadow = Shadow(color: color, dx: dx * scale, dy: dy * scale, radius: radius(.shadowRadius))
            }
        }
        let word = inst.present(.blend).blend
        let blend = word == .normal ? nil : BlendMode(rawValue: word.rawValue)
        let filter = blur > 0 || shadow != nil ? LayerEffects(blur: blur, shadow: shadow) : nil
        return (filter, blend)
    }

    /// A NaN or infinite opacity, position, scale, rotation or anchor is a runtime error
    /// naming the layer and the property, never a layer silently hidden or misplaced.
    func checkFinite(_ inst: LayerInstance) throws {
        for p in SceneRuntime.placementProperties {
            // Whether the property applies to the kind is asked only of a non-finite value.
            guard !SceneRuntime.isFinite(inst.present(p)), p.applies(to: inst.kind) else { continue }
            let decl = program.layers[inst.decl]
            throw RuntimeError(.nonFiniteGeometry, "layer '\(decl.name)' has \(p.rawValue) \(inst.present(p)), which is not a finite number",
                               decl.range, tick: tick)
        }
        let d = inst.present(.perspective).number
        guard d >= 0 else {
            let decl = program.layers[inst.decl]
            throw RuntimeError(.badPerspective, "layer '\(decl.name)' has perspective \(Value.format(d)); the eye's distance must be positive, or 0 for none",
                               decl.range, tick: tick)
        }
    }

    /// The properties `checkFinite` checks.
    static let placementProperties: [Property] = [.opacity, .position, .scale, .rotation, .anchor, .rotationX, .rotationY,
                                                  .translationZ, .perspective]

    /// A layer's parents, nearest first, each with its bounds.
    func ancestors(_ id: Int) -> [(LayerInstance, Rect?)] {
        var out: [(LayerInstance, Rect?)] = []
        var cur = instances[id]?.parent
        while let p = cur, let inst = instances[p] {
            out.append((inst, (try? localGeometry(inst))?.bounds))
            cur = inst.parent
        }
        return out
    }

    /// The flat transform of a layer's parents (where text is measured and motion paths
    /// are placed).
    func ancestorTransform(_ id: Int) -> Transform {
        ancestors(id).reduce(.identity) { $0.concatenating(localTransform($1.0, bounds: $1.1)) }
    }

    /// The transform of a layer's parents with their 3D properties and perspectives: where a
    /// mask layer is drawn.
    func ancestorTransform3D(_ id: Int) -> Transform3D {
        ancestors(id).reduce(.identity) { $0.concatenating(localTransform3D($1.0, bounds: $1.1)) }
    }

    /// Position, then scale and rotation about the anchor (a point in the unit box of the
    /// layer's bounds). Text is placed with its anchor at `position`; shapes drawn in scene
    /// coordinates move by `position`.
    func localTransform(_ inst: LayerInstance, bounds: Rect?) -> Transform {
        let (px, py) = inst.present(.position).point
        let (sx, sy) = inst.present(.scale).point
        let r = inst.present(.rotation).number
        let isText = inst.kind == .text
        if sx == 1 && sy == 1 && r == 0 && !isText { return .translation(px, py) }
        let (ax, ay) = inst.present(.anchor).point
        let b = bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let apx = b.x + ax * b.width, apy = b.y + ay * b.height
        var t = Transform.translation(-apx, -apy)
        if sx != 1 || sy != 1 { t = t.concatenating(.scale(sx, sy)) }
        if r != 0 { t = t.concatenating(.rotation(r)) }
        return t.concatenating(isText ? .translation(px, py) : .translation(apx + px, apy + py))
    }

    /// `localTransform` with the 3D properties: position (and `translation-z`), then the
    /// perspective, then rotation about z, y and x, then scale, all about the anchor. The
    /// perspective is centred on the anchor and, composed here, applies to the children too
    /// (Core Animation's sublayerTransform with m34 = −1/d).
    func localTransform3D(_ inst: LayerInstance, bounds: Rect?) -> Transform3D {
        let flat = localTransform(inst, bounds: bounds)
        let rx = inst.present(.rotationX).number, ry = inst.present(.rotationY).number
        let tz = inst.present(.translationZ).number, d = inst.present(.perspective).number
        guard rx != 0 || ry != 0 || tz != 0 || d != 0 else { return Transform3D(flat) }
        let (sx, sy) = inst.present(.scale).point
        let (ax, ay) = inst.present(.anchor).point
        let b = bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let apx = b.x + ax * b.width, apy = b.y + ay * b.height
        // Where the anchor lands: what `localTransform` maps it to.
        let placed = flat.apply(Point(apx, apy))
        let t = Transform3D.translation(-apx, -apy, 0)
            .concatenating(Transform3D(.scale(sx, sy)))
            .concatenating(.rotationX(rx))
            .concatenating(.rotationY(ry))
            .concatenating(Transform3D(.rotation(inst.present(.rotation).number)))
            .concatenating(.translation(0, 0, tz))
            .concatenating(.perspective(d))
        return t.concatenating(.translation(placed.x, placed.y, 0))
    }

    /// Projects a layer's items, built in its own (uniformly scaled) space, through its
    /// plane's homography: paths exactly (flattened within 0.1 px where the projection
    /// magnifies most, clipped at the eye), gradients through the projection per pixel
    /// (`Paint.projected`, which keeps `centre` for writers that take the tangent there).
    func project(_ items: [DisplayItem], _ plane: Homography, centre: Point) -> [DisplayItem] {
        items.compactMap { item in
            switch item {
            case .fill(let path, let rule, let paint, let opacity):
                let out = plane.project(fill: path, tolerance: 0.1)
                guard !out.isEmpty else { return nil }
                let seen: Paint
                switch paint {
                case .solid: seen = paint
                default: seen = .projected(paint, plane: plane, centre: centre)
                }
                return .fill(path: out, rule: rule, paint: seen, opacity: opacity)
            case .group(let inner, let opacity, let mask):
                let out = project(inner, plane, centre: centre)
                return out.isEmpty ? nil : .group(items: out, opacity: opacity, mask: mask)
            case .effect(let inner, let effects):
                // The blur and shadow are applied after projecting, in screen space.
                let out = project(inner, plane, centre: centre)
                return out.isEmpty ? nil : .effect(items: out, effects: effects)
            }
        }
    }

    /// The layer's path and bounds in its own coordinates. `model`: from the model values
    /// only, as if no animation ran (what a group's bounds are measured from).
    ///
    /// A group's bounds, the unit box its anchor is placed in, are the union of its
    /// children's model bounds after each child's own transform and, for a replicator's
    /// copies, the copy's instance transform: running animations do not move a group's
    /// pivot (Core Animation's sublayers never resize their parent), and a replicated ring
    /// turns about the ring.
    func localGeometry(_ inst: LayerInstance, model: Bool = false) throws -> (path: Path?, bounds: Rect?) {
        if model, inst.isGeometryAnimated { return try localGeometry(inst.modelOnly, model: true) }
        var path = Path()
        switch inst.kind {
        case .circle:
            let (cx, cy) = inst.present(.center).point
            path.addCircle(center: Point(cx, cy), radius: SceneRuntime.nonNegative(inst.present(.radius).number))
        case .ellipse:
            path.addEllipse(in: rect(inst.present(.frame)))
        case .image:
            path.addRect(rect(inst.present(.frame)))
        case .rect:
            path.addRect(rect(inst.present(.frame)), cornerRadius: SceneRuntime.nonNegative(inst.present(.corner).number))
        case .line:
            let (x0, y0) = inst.present(.from).point, (x1, y1) = inst.present(.to).point
            path.move(to: Point(x0, y0))
            path.line(to: Point(x1, y1))
        case .polygon:
            guard case .list(let pts) = inst.present(.points) else { break }
            path.addPolygon(pts.map { Point($0.point.0, $0.point.1) }, closed: true)
        case .path:
            if let morphed = (model ? nil : morphOverlay[inst.id]) ?? morphModel[inst.id] { path = morphed; break }
            path = try PathBuilder.build(program.layers[inst.decl].pathCommands) { try evalConst($0, inst.id) }
        case .wave:
            path = waveArea(inst)
        case .text:
            return try textGeometry(inst)
        case .group:
            var bounds: Rect? = nil
            let replicator = program.layers[inst.decl].replicator
            for c in inst.children {
                guard let child = instances[c]?.modelOnly, !program.layers[child.decl].usedAsMask,
                      let b = try localGeometry(child, model: true).bounds else { continue }
                var placed = localTransform(child, bounds: b)
                if let replicator, let k = child.copyIndex { placed = placed.concatenating(replicator.instanceTransform(k)) }
                var lo = placed.apply(Point(b.minX, b.minY)), hi = lo
                for corner in [Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY)] {
                    let q = placed.apply(corner)
                    lo = Point(Swift.min(lo.x, q.x), Swift.min(lo.y, q.y))
                    hi = Point(Swift.max(hi.x, q.x), Swift.max(hi.y, q.y))
                }
                let mb = Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
                bounds = bounds.map { $0.union(mb) } ?? mb
            }
            return (nil, bounds)
        }
        guard path.elements.count <= limits.maxPathElements else {
            throw RuntimeError(.tooManyPathElements, "layer '\(program.layers[inst.decl].name)' has too many path elements (\(path.elements.count); the limit is \(limits.maxPathElements))",
                               program.layers[inst.decl].range, tick: tick)
        }
        guard SceneRuntime.isFinite(path) else {
            throw RuntimeError(.nonFiniteGeometry, "layer '\(program.layers[inst.decl].name)' has geometry that is not a finite number (NaN or infinity)",
                               program.layers[inst.decl].range, tick: tick)
        }
        return (path, path.bounds)
    }

    /// Clamps negatives to 0 but keeps NaN and -infinity, so the finiteness check below
    /// still sees them.
    static func nonNegative(_ v: Double) -> Double { v < 0 && v.isFinite ? 0 : v }

    static func isFinite(_ path: Path) -> Bool {
        for e in path.elements {
            switch e {
            case .move(let p), .line(let p): if !p.x.isFinite || !p.y.isFinite { return false }
            case .quad(let a, let b): if !(a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite) { return false }
            case .cubic(let a, let b, let c):
                if !(a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite && c.x.isFinite && c.y.isFinite) { return false }
            case .close: break
            }
        }
        return true
    }

    /// Evaluates a path operand without mutating state (bindings are pure but for random,
    /// which path operands cannot call after creation).
    func evalConst(_ e: IRExpr, _ id: Int) throws -> Value {
        var copy = self
        copy.work = 0
        return try copy.eval(e, ExecContext(current: id))
    }

    func rect(_ v: Value) -> Rect {
        if case .rect(let x, let y, let w, let h) = v { return Rect(x: x, y: y, width: w, height: h) }
        return Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The closed area under y = level + A·sin(2π·x/λ + φ), from the surface down to
    /// `bottom`, sampled every pixel across `extent` (their defaults, the scene's width and
    /// height, come from the vocabulary table).
    func waveArea(_ inst: LayerInstance) -> Path {
        let a = inst.present(.amplitude).number
        let lambda = inst.present(.wavelength).number
        let phase = inst.present(.phase).number
        let level = inst.present(.level).number
        var (x0, x1) = inst.present(.extent).point
        let bottom = inst.present(.bottom).number
        if x1 < x0 { swap(&x0, &x1) }
        var path = Path()
        guard x1 > x0, (x1 - x0) < 1e6 else { return path }
        let k = lambda != 0 ? 2 * Double.pi / lambda : 0
        let steps = (x1 - x0).clampedInt(.up)
        for i in 0...steps {
            let x = min(x1, x0 + Double(i))
            let y = level + a * Foundation.sin(k * x + phase)
            if i == 0 { path.move(to: Point(x, y)) } else { path.line(to: Point(x, y)) }
        }
        path.line(to: Point(x1, bottom))
        path.line(to: Point(x0, bottom))
        path.close()
        return path
    }

    func textGeometry(_ inst: LayerInstance) throws -> (path: Path?, bounds: Rect?) {
        guard let (run, spacing, bounds) = try textRun(inst) else { return (nil, nil) }
        let shown = SceneRuntime.visibleCount(inst, of: run.characters.count)
        var path = run.combinedPath
        if spacing != 0 || shown < run.characters.count {
            path = Path()
            for (i, g) in run.glyphPaths.prefix(shown).enumerated() { path.append(g.transformed(by: .translation(spacing * Double(i), 0))) }
        }
        return (path, bounds)
    }

    /// The laid-out text of a text layer, its letter spacing, and its line box (baseline at
    /// y = 0, from −ascent to +descent).
    func textRun(_ inst: LayerInstance) throws -> (GlyphRun, Double, Rect)? {
        guard case .string(let text) = inst.present(.text) else { return nil }
        // Counted in UTF-8 bytes first: cheap, and never fewer than the characters.
        if text.utf8.count > limits.maxTextCharacters, text.count > limits.maxTextCharacters {
            throw RuntimeError(.tooMuchText, "layer '\(program.layers[inst.decl].name)' draws \(text.count) characters; the limit is \(limits.maxTextCharacters) (WAVE_MAX_TEXT)",
                               program.layers[inst.decl].range, tick: tick)
        }
        guard case .string(let font) = inst.present(.font) else { return nil }
        let size = inst.present(.size).number
        guard size.isFinite, size > 0, size < Property.textSizeLimit else {
            throw RuntimeError(.badTextSize, "text size must be a positive number below \(Value.format(Property.textSizeLimit)), found \(Value.format(size))",
                               program.layers[inst.decl].range, tick: tick)
        }
        let run: GlyphRun
        do { run = try FontLibrary.shared.layout(text, font: FontDescriptor.parse(font), size: size) } catch {
            throw RuntimeError(.textLayoutFailed, "cannot lay out text: \(error)", program.layers[inst.decl].range, tick: tick)
        }
        let spacing = inst.present(.spacing).number
        let width = run.width + spacing * Double(max(0, run.characters.count - 1))
        return (run, spacing, Rect(x: 0, y: -run.ascent, width: width, height: run.ascent + run.descent))
    }

    /// Converts a paint value to device space: gradient points are in the layer's unit box;
    /// an angled gradient's line is laid out in the layer's own space (see `angledLine`); a
    /// conic gradient's start ray turns with the layer (its sweep stays circular on screen).
    func paint(_ v: Value, bounds: Rect?, transform: Transform) -> Paint? {
        let p: PaintValue
        switch v {
        case .paint(let pv): p = pv
        case .color(let c): p = .color(c)
        default: return nil
        }
        func color(_ c: RGBA) -> Color { Color(r: c.r, g: c.g, b: c.b, a: c.a) }
        let b = bounds ?? Rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height))
        func unit(_ u: (Double, Double)) -> Point { transform.apply(Point(b.x + u.0 * b.width, b.y + u.1 * b.height)) }
        switch p {
        case .none: return nil
        case .color(let c): return c.a > 0 ? .solid(color(c)) : nil
        case .linear(let s, let e, let stops):
            return .linearGradient(start: unit(s), end: unit(e), stops: SceneRuntime.stops(stops).map { GradientStop($0.0, color($0.1)) })
        case .angled(let radians, let stops):
            let (s, e) = SceneRuntime.angledLine(radians, in: b)
            return .linearGradient(start: transform.apply(s), end: transform.apply(e),
                                   stops: SceneRuntime.stops(stops).map { GradientStop($0.0, color($0.1)) })
        case .radial(let c, let r, let stops):
            let radius = r * max(b.width, b.height) * transform.maxScale
            return .radialGradient(center: unit(c), radius: radius, stops: SceneRuntime.stops(stops).map { GradientStop($0.0, color($0.1)) })
        case .conic(let c, let angle, let stops):
            // The start ray, turned by the transform: its direction on screen is the start.
            let tip = transform.apply(Point(sin(angle), -cos(angle))), origin = transform.apply(Point(0, 0))
            return .conicGradient(center: unit(c), angle: atan2(tip.x - origin.x, origin.y - tip.y), stops: SceneRuntime.stops(stops).map { GradientStop($0.0, color($0.1)) })
        }
    }

    /// The gradient line of CSS `linear-gradient(<angle>)` over `box` (CSS Images Level 3,
    /// linear gradient syntax): through the box's centre, pointing along θ (0 up, clockwise
    /// on screen), with length |w·sin θ| + |h·cos θ|, so the lines perpendicular to it
    /// through the start and end pass through two opposite corners of the box.
    static func angledLine(_ radians: Double, in box: Rect) -> (start: Point, end: Point) {
        let dx = sin(radians), dy = -cos(radians)
        let half = (abs(box.width * dx) + abs(box.height * dy)) / 2
        let cx = box.x + box.width / 2, cy = box.y + box.height / 2
        return (Point(cx - dx * half, cy - dy * half), Point(cx + dx * half, cy + dy * half))
    }

    /// Stop locations resolved (`GradientStopValue.resolved`), with their colours.
    static func stops(_ stops: [GradientStopValue]) -> [(Double, RGBA)] {
        GradientStopValue.resolved(stops).map { ($0.location ?? 0, $0.color) }
    }

    /// The layer's stroke style as its properties state it, in its own units.
    func strokeStyle(_ inst: LayerInstance) -> StrokeStyle {
        var style = StrokeStyle(width: inst.present(.strokeWidth).number)
        switch inst.present(.cap).cap { case .butt: style.cap = .butt; case .round: style.cap = .round; case .square: style.cap = .square }
        switch inst.present(.join).join { case .miter: style.join = .miter; case .round: style.join = .round; case .bevel: style.join = .bevel }
        style.miterLimit = inst.present(.miterLimit).number
        if case .list(let d) = inst.present(.dash) { style.dashes = d.map(\.number) }
        style.dashPhase = inst.present(.dashPhase).number
        style.trimStart = inst.present(.strokeStart).number
        style.trimEnd = inst.present(.strokeEnd).number
        return style
    }

    /// The stroke of `path` as declared, in device space, when `transform` is a similarity
    /// (then the device outline is the declared stroke of the device path); nil otherwise.
    func declaredStroke(_ inst: LayerInstance, _ path: Path, _ transform: Transform, outline: Path) -> DeclaredStroke? {
        let sx = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let sy = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        guard sx > 0, abs(sx - sy) <= 1e-9 * sx, abs(transform.a * transform.c + transform.b * transform.d) <= 1e-9 * sx * sx else { return nil }
        var style = strokeStyle(inst)
        style.width *= sx
        style.dashes = style.dashes.map { $0 * sx }
        style.dashPhase *= sx
        return DeclaredStroke(outline: outline, path: path.transformed(by: transform), style: style)
    }

    /// The stroke as a fill outline in device space, and an opacity factor for hairlines;
    /// nil when nothing is stroked.
    /// `cached`: reuse the layer's outline from an earlier frame when path, style and
    /// transform are all unchanged (`strokeCache`, one slot per layer instance).
    func strokeOutline(_ inst: LayerInstance, _ path: Path, _ transform: Transform, cached: Bool = false) -> (Path, Double)? {
        let width = inst.present(.strokeWidth).number
        guard width > 0, width.isFinite else { return nil }
        var style = strokeStyle(inst)
        let scale = max(transform.maxScale, 1e-9)
        var factor = 1.0
        if width * scale < 1 {
            let (hair, f) = StrokeStyle.hairline(StrokeStyle(width: width * scale, cap: style.cap, join: style.join,
                                                             miterLimit: style.miterLimit, dashes: style.dashes.map { $0 * scale },
                                                             dashPhase: style.dashPhase * scale))
            style = StrokeStyle(width: hair.width / scale, cap: hair.cap, join: hair.join, miterLimit: hair.miterLimit,
                                dashes: hair.dashes.map { $0 / scale }, dashPhase: hair.dashPhase / scale)
            factor = f
        }
        style.trimStart = inst.present(.strokeStart).number
        style.trimEnd = inst.present(.strokeEnd).number
        let outline = cached ? strokeCache.outline(slot: inst.id, path: path, style: style, tolerance: 0.1 / scale, transform: transform)
                             : path.stroked(style, tolerance: 0.1 / scale).transformed(by: transform)
        return outline.isEmpty ? nil : (outline, factor)   // trimmed away: no item
    }
}
