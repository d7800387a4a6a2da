/// The closed word sets of the language. Each is an enum: the compiler resolves a word once
/// into its case, and the runtime switches over cases, never comparing strings.

/// `cap`: how open stroke ends are drawn.
public enum StrokeCap: String, CaseIterable, Sendable { case butt, round, square }

/// `join`: how stroke corners are drawn.
public enum StrokeJoin: String, CaseIterable, Sendable { case miter, round, bevel }

/// `fill-rule`: which points a self-crossing path covers.
public enum WindingRule: String, CaseIterable, Sendable { case nonZero = "non-zero", evenOdd = "even-odd" }

/// `blend`: how a layer's pixels combine with what lies beneath it (W3C Compositing and
/// Blending Level 1; `plus-lighter` is Core Animation's plusL).
public enum BlendWord: String, CaseIterable, Sendable {
    case normal, multiply, screen, overlay, darken, lighten
    case colorDodge = "color-dodge", colorBurn = "color-burn", hardLight = "hard-light", softLight = "soft-light"
    case difference, exclusion
    case plusLighter = "plus-lighter"
}

/// `gravity`: how an image layer places its image in its frame (Core Animation's
/// contentsGravity; `top` is the top of the screen).
public enum GravityWord: String, CaseIterable, Sendable {
    case resize, resizeAspect = "resize-aspect", resizeAspectFill = "resize-aspect-fill"
    case center, top, bottom, left, right
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"
}

/// Words `anchor` accepts instead of a point in the layer's unit box.
public enum AnchorWord: String, CaseIterable, Sendable {
    case center, left, right, top, bottom
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    /// The point in the unit box: (0, 0) top-left, (1, 1) bottom-right.
    public var unitPoint: (x: Double, y: Double) {
        switch self {
        case .center: return (0.5, 0.5)
        case .left: return (0, 0.5)
        case .right: return (1, 0.5)
        case .top: return (0.5, 0)
        case .bottom: return (0.5, 1)
        case .topLeft: return (0, 0)
        case .topRight: return (1, 0)
        case .bottomLeft: return (0, 1)
        case .bottomRight: return (1, 1)
        }
    }
}

/// Directions `linear-gradient` accepts instead of an angle.
public enum GradientDirection: String, CaseIterable, Sendable {
    case down, up, left, right
    case downRight = "down-right", downLeft = "down-left", upRight = "up-right", upLeft = "up-left"
}

/// Named timing curves (`ease ease-in-out`); the compiler gives each its control points.
public enum TimingCurveName: String, CaseIterable, Sendable {
    case linear, easeIn = "ease-in", easeOut = "ease-out", easeInOut = "ease-in-out"
    case `default`, ease
    /// easings.net's easeOutBounce: a ball landing, bouncing back below the end, never past it.
    case easeOutBounce = "ease-out-bounce"
}

/// CSS step positions of `steps(n, …)`.
public enum StepPosition: String, CaseIterable, Sendable {
    case jumpStart = "jump-start", jumpEnd = "jump-end", jumpNone = "jump-none", jumpBoth = "jump-both"
}

/// `fill`: what an animation shows outside its active time.
public enum FillMode: String, CaseIterable, Sendable { case none, forwards, backwards, both }

/// `mode`: how keyframe values are interpolated.
public enum KeyframeMode: String, CaseIterable, Sendable { case discrete, linear, cubic, paced }

/// Per-character text effects (see grammar.md §8 "Text effects").
public enum EffectKind: String, CaseIterable, Sendable {
    case typewriter, shine, fade, wave, scramble, slide, bounce
    /// Letters appear in place, one per total/n, as typed (issue 17).
    case type
}

/// `rotate` of an animation along a path: how the moving layer turns (Core Animation's
/// `rotationMode`: nil, `.rotateAuto`, `.rotateAutoReverse`).
public enum MotionRotation: String, CaseIterable, Sendable { case none, auto, autoReverse = "auto-reverse" }

/// Commands of a `path` layer's body.
public enum PathCommand: String, CaseIterable, Sendable {
    case move, line, quad, cubic, arc, circle, ellipse, rect, close

    /// How the command is written (grammar.md's table of path commands).
    public var form: String {
        switch self {
        case .move: return "move (x, y)"
        case .line: return "line (x, y)"
        case .quad: return "quad (x, y) control (cx, cy)"
        case .cubic: return "cubic (x, y) control (c1x, c1y) (c2x, c2y)"
        case .arc: return "arc (cx, cy) radius r from a0 to a1 [clockwise]"
        case .circle: return "circle (cx, cy) radius r"
        case .ellipse: return "ellipse (cx, cy) radius (rx, ry)"
        case .rect: return "rect (x, y, w, h) [corner r]"
        case .close: return "close"
        }
    }

    /// `d "M 0 0 L 10 10"` in a path layer: SVG path data, read into these commands.
    public static let dataClause = "d"

    /// Other tools' names for the commands (Core Graphics, UIBezierPath, canvas, SVG's
    /// words): reported with wave's name and read as that command.
    public static let synonyms: [String: String] = [
        "moveTo": "move", "move-to": "move", "lineTo": "line", "line-to": "line", "addLine": "line",
        "curveTo": "cubic", "curve-to": "cubic", "curve": "cubic", "bezierCurveTo": "cubic", "addCurve": "cubic",
        "cubicTo": "cubic", "quadTo": "quad", "quadCurveTo": "quad", "quadraticCurveTo": "quad", "addQuadCurve": "quad",
        "addArc": "arc", "closePath": "close", "closeSubpath": "close", "close-path": "close",
    ]
}

/// Where the vocabulary's word lists meet: the label tables the parser reads and the sets
/// derived from every table (the lexer's hyphenated words, the parser's clause heads).
public enum Vocabulary {
    /// Labels that may follow `animate` targets, with how many values each takes (from the
    /// clause table, `ClauseOwner.animate`).
    public static let animateLabels: [String: Int] = ClauseOwner.animate.arities
    /// Words people bring from Core Animation, CSS and SwiftUI for an option that wave names
    /// otherwise: an unknown option among these is reported with wave's word and read as it.
    public static let optionSynonyms: [String: ClauseLabel] = [
        "after": .delay, "wait": .delay, "in": .over, "for": .over, "timing": .ease, "easing": .ease,
        "curve": .ease, "loop": .repeat, "loops": .repeat, "repeats": .repeat, "alternate": .autoreverse,
        "yoyo": .autoreverse, "reverse": .autoreverse, "autoreverses": .autoreverse,
        // Core Animation's property names (CABasicAnimation, CAKeyframeAnimation, CAMediaTiming).
        "timingFunction": .ease, "beginTime": .delay, "repeatCount": .repeat, "repeatDuration": .repeatFor,
        "fillMode": .fill, "keyTimes": .times, "timingFunctions": .eases, "calculationMode": .mode,
        "fromValue": .from, "toValue": .to, "byValue": .by, "iterations": .repeat, "rotationMode": .rotate,
        "dampingRatio": .dampingFraction,
        // UIKit's spring animation and CAReplicatorLayer.
        "usingSpringWithDamping": .dampingFraction, "initialSpringVelocity": .velocity, "instanceDelay": .delay,
        // CSS's animation and transition properties.
        "timing-function": .ease, "animation-timing-function": .ease, "transition-timing-function": .ease,
        "animation-delay": .delay, "transition-delay": .delay, "begin-time": .delay,
        "animation-duration": .over, "transition-duration": .over,
        "animation-iteration-count": .repeat, "iteration-count": .repeat, "repeat-count": .repeat,
        "animation-fill-mode": .fill, "fill-mode": .fill, "key-times": .times,
    ]
    /// Core Animation's (`kCAMediaTimingFunctionEaseInEaseOut`) and SwiftUI's (`.easeInOut`)
    /// names for wave's timing curves: reported with wave's name and read as that curve.
    public static let timingCurveSynonyms: [String: TimingCurveName] = [
        "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut, "easeInEaseOut": .easeInOut,
        "ease_in": .easeIn, "ease_out": .easeOut, "ease_in_out": .easeInOut, "easein": .easeIn,
        "easeout": .easeOut, "easeinout": .easeInOut, "easeInEaseOutCurve": .easeInOut, "easeDefault": .default,
        "easeOutBounce": .easeOutBounce, "ease_out_bounce": .easeOutBounce, "bounceOut": .easeOutBounce, "bounce": .easeOutBounce,
    ]
    /// The named curves of easings.net (as CSS libraries, Lottie presets and animation kits
    /// name them) with their cubic-bezier control points, keyed by the name lowercased
    /// without '-' and '_' (`easeOutBack`, `ease-out-back`, `ease_out_back`).
    public static let namedBezierCurves: [String: (Double, Double, Double, Double)] = [
        "easeinsine": (0.12, 0, 0.39, 0), "easeoutsine": (0.61, 1, 0.88, 1), "easeinoutsine": (0.37, 0, 0.63, 1),
        "easeinquad": (0.11, 0, 0.5, 0), "easeoutquad": (0.5, 1, 0.89, 1), "easeinoutquad": (0.45, 0, 0.55, 1),
        "easeincubic": (0.32, 0, 0.67, 0), "easeoutcubic": (0.33, 1, 0.68, 1), "easeinoutcubic": (0.65, 0, 0.35, 1),
        "easeinquart": (0.5, 0, 0.75, 0), "easeoutquart": (0.25, 1, 0.5, 1), "easeinoutquart": (0.76, 0, 0.24, 1),
        "easeinquint": (0.64, 0, 0.78, 0), "easeoutquint": (0.22, 1, 0.36, 1), "easeinoutquint": (0.83, 0, 0.17, 1),
        "easeinexpo": (0.7, 0, 0.84, 0), "easeoutexpo": (0.16, 1, 0.3, 1), "easeinoutexpo": (0.87, 0, 0.13, 1),
        "easeincirc": (0.55, 0, 1, 0.45), "easeoutcirc": (0, 0.55, 0.45, 1), "easeinoutcirc": (0.85, 0, 0.15, 1),
        "easeinback": (0.36, 0, 0.66, -0.56), "easeoutback": (0.34, 1.56, 0.64, 1), "easeinoutback": (0.68, -0.6, 0.32, 1.6),
    ]

    /// `namedBezierCurves`' key for a written name.
    public static func curveKey(_ name: String) -> String {
        name.lowercased().filter { $0 != "-" && $0 != "_" }
    }

    /// Other tools' names for a word a property takes: canvas's `lighter` and Core Animation's
    /// `plusL` are plus-lighter; Core Image's filter names (`multiplyBlendMode`,
    /// `colorDodgeBlendMode`) lose the suffix and are hyphenated; the British `colour-dodge` is
    /// `color-dodge`. Nil unless the result is one of `words`.
    public static func wordSynonym(_ w: String, among words: [String]) -> String? {
        let table = ["lighter": "plus-lighter", "plusL": "plus-lighter", "plus-l": "plus-lighter", "add": "plus-lighter"]
        var candidates = [table[w]].compactMap { $0 }
        if let place = positionWord(w.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map(String.init)) {
            candidates.append(place)
        }
        var base = w.hasSuffix("BlendMode") ? String(w.dropLast("BlendMode".count)) : w
        base = base.replacing("colour", with: "color").replacing("Colour", with: "Color")
        candidates += [base, hyphenated(base)].compactMap { $0 }
        return candidates.first { $0 != w && words.contains($0) }
    }

    /// wave's word for a position written with other tools' words: `bottom-center`,
    /// `center-bottom` and `bottom center` are `bottom`; `middle` and `centre` are
    /// `center`; `left-top` is `top-left`. Nil unless every part is a position word.
    public static func positionWord(_ parts: [String]) -> String? {
        let middle: Set<String> = ["center", "centre", "middle", "mid"]
        let lowered = parts.map { $0.lowercased() }
        guard !lowered.isEmpty, lowered.allSatisfy({ middle.contains($0) || ["top", "bottom", "left", "right"].contains($0) }) else { return nil }
        let vertical = lowered.filter { $0 == "top" || $0 == "bottom" }, horizontal = lowered.filter { $0 == "left" || $0 == "right" }
        guard vertical.count <= 1, horizontal.count <= 1 else { return nil }
        let word = (vertical + horizontal).joined(separator: "-")
        return word.isEmpty ? "center" : word
    }

    /// Names people bring from Core Animation (`cornerRadius`, `lineWidth`), CSS and SVG
    /// (`border-radius`, `stroke-dasharray`) and Lottie for a layer property that wave names
    /// otherwise: reported with wave's name and read as that property. (A camelCase name whose
    /// hyphenated form is wave's, `shadowRadius` or `strokeEnd`, is found without this table:
    /// `Vocabulary.propertySynonym`.)
    public static let propertySynonyms: [String: String] = [
        "cornerRadius": "corner", "border-radius": "corner", "borderRadius": "corner", "corner-radius": "corner",
        "lineWidth": "stroke-width", "line-width": "stroke-width", "borderWidth": "stroke-width", "border-width": "stroke-width",
        "border": "stroke-width",
        "strokeColor": "stroke", "stroke-color": "stroke", "borderColor": "stroke", "border-color": "stroke",
        "fillColor": "fill", "fill-color": "fill", "backgroundColor": "fill", "background-color": "fill",
        "background": "fill", "color": "fill",
        "lineCap": "cap", "line-cap": "cap", "stroke-linecap": "cap", "lineJoin": "join", "line-join": "join",
        "stroke-linejoin": "join", "stroke-miterlimit": "miter-limit",
        "lineDashPattern": "dash", "stroke-dasharray": "dash", "dashPattern": "dash", "dash-pattern": "dash",
        "lineDashPhase": "dash-phase", "stroke-dashoffset": "dash-phase",
        "anchorPoint": "anchor", "anchor-point": "anchor", "transform-origin": "anchor",
        "alpha": "opacity", "rotate": "rotation", "angle": "rotation",
        "fontSize": "size", "font-size": "size", "fontFamily": "font", "font-family": "font", "fontName": "font",
        "letterSpacing": "spacing", "letter-spacing": "spacing", "string": "text",
        "contentsGravity": "gravity", "contents-gravity": "gravity", "contents": "source", "src": "source",
        "compositingFilter": "blend", "mix-blend-mode": "blend", "blendMode": "blend", "blend-mode": "blend",
        "zPosition": "translation-z", "isolation": "isolate",
    ]

    /// Layer kinds other tools have (Core Animation's layer classes, SVG and CSS shapes) that
    /// wave writes otherwise: what an unknown kind among these is said to be written as, when
    /// no wave kind is spelled close to it.
    public static let layerKindHints: [String: String] = {
        let emitter = "particles come from an emitter block at the top level: 'emit TEMPLATE { birth-rate 20  lifetime 1s … }' (grammar.md, Emitters)"
        let replicator = "a replicator is a group whose body says 'replicate N …', such as 'layer ring: group { replicate 12 rotate 30deg about (60, 60) … }'"
        let gradient = "a gradient is a fill: 'layer bg: rect { frame (0, 0, 320, 240)  fill linear-gradient(down, #fff, #000) }'"
        let shape = "a shape of any outline is a 'path' (move, line, cubic, arc … or d \"SVG path data\"); circle, ellipse, rect, line and polygon are the simple ones"
        let text = "text is drawn by a 'text' layer: 'layer title: text \"Hello\" { size 24  position (20, 40) }'"
        let plain = "a layer that only holds others is a 'group'; a filled box is a 'rect'"
        let mask = "a mask is any layer named by 'mask L' in the masked layer's body"
        return [
            "emitter": emitter, "emitterLayer": emitter, "emitter-layer": emitter, "CAEmitterLayer": emitter,
            "particles": emitter, "particle": emitter, "CAEmitterCell": emitter,
            "replicator": replicator, "replicatorLayer": replicator, "CAReplicatorLayer": replicator, "repeater": replicator,
            "gradient": gradient, "gradientLayer": gradient, "CAGradientLayer": gradient,
            "shape": shape, "shapeLayer": shape, "CAShapeLayer": shape, "polyline": shape, "arc": shape, "bezier": shape,
            "curve": shape, "star": shape, "triangle": shape,
            "label": text, "textLayer": text, "CATextLayer": text, "string": text,
            "layer": plain, "CALayer": plain, "view": plain, "UIView": plain, "div": plain, "box": plain,
            "mask": mask, "clip": mask,
        ]
    }()

    /// The property wave calls what `name` names in another tool: `propertySynonyms`, or the
    /// hyphenated form of a camelCase name (`shadowRadius` → `shadow-radius`) when that is a
    /// property or an alias.
    public static func propertySynonym(_ name: String) -> String? {
        if let p = propertySynonyms[name] { return p }
        return hyphenated(name).flatMap { Property.named($0) == nil ? nil : $0 }
    }

    /// The hyphenated form of a camelCase name (`birthRate` → `birth-rate`), or nil for a
    /// name that is not camelCase.
    public static func hyphenated(_ name: String) -> String? {
        guard name.contains(where: \.isUppercase), name.first?.isLowercase == true else { return nil }
        var out = ""
        for c in name {
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
        return out
    }

    /// Words people write for `repeat forever`; reported with `forever` and read as it.
    public static let foreverSynonyms: Set<String> = ["infinite", "infinity", "always", "indefinitely"]
    /// Labels of a spring, inline or in its `{ … }` block.
    public static let springLabels: [String: Int] = ClauseOwner.spring.arities
    public static let effectLabels: [String: Int] = ClauseOwner.effect.arities
    public static let groupLabels: [String: Int] = ClauseOwner.group.arities

    /// The clause of a group body that makes it a replicator: `replicate N label value …`.
    public static let replicateClause = "replicate"
    /// Labels of `replicate`, on its line (Core Animation's CAReplicatorLayer parameters).
    public static let replicateLabels: [String: Int] = ClauseOwner.replicate.arities

    /// Keys of an `emit` block: CAEmitterCell's parameters (and the emitter's shape,
    /// position and size from CAEmitterLayer), one clause each (grammar.md §7, "Emitters").
    public static let emitterKeys: [String] = [
        "birth-rate", "lifetime", "lifetime-range", "velocity", "velocity-range",
        "longitude", "emission-range", "spin", "spin-range", "x-acceleration", "y-acceleration",
        "scale", "scale-range", "scale-speed", "alpha-speed", "color", "red-range", "green-range",
        "blue-range", "alpha-range", "shape", "position", "size", "begin", "duration",
    ]
    /// CAEmitterCell and CAEmitterLayer names that are not simply wave's key in camelCase.
    public static let emitterKeySynonyms: [String: String] = [
        "emissionLongitude": "longitude", "emitterShape": "shape", "emitterPosition": "position", "emitterSize": "size",
        "beginTime": "begin", "colour": "color",
    ]
    /// Words `shape` of an `emit` block accepts (CAEmitterLayer's emitterShape).
    public static let emitterShapes: [String] = ["point", "line", "rectangle", "circle"]

    /// Calls with a hyphenated or special name, compiled apart from the built-ins.
    public static let specialFunctions = ["linear-gradient", "radial-gradient", "conic-gradient"]
        + EasingFunction.allCases.map(\.rawValue) + ["path-length"] + textFunctions
    /// Functions of text layers (`TextMeasure`) and strings.
    public static let textFunctions = TextMeasure.allCases.map(\.rawValue) + ["char-count"]

    /// The clause of a layer body that is not a property: `mask LAYER [inverted]`.
    public static let maskClause = "mask"

    /// Heads that start a clause in a layer body or the scene header: property names and
    /// aliases, `mask`, and scene properties.
    public static let clauseHeads: Set<String> = Set(
        Property.allCases.flatMap { [$0.rawValue] + $0.spec.aliases } + [maskClause, replicateClause] + SceneProperty.allCases.map(\.rawValue))

    /// Every word of the vocabulary: properties, kinds, closed word sets, labels and
    /// special function names.
    public static let words: Set<String> = {
        var w = Set(clauseHeads)
        w.formUnion(LayerKind.allCases.map(\.rawValue))
        w.formUnion(Property.allCases.flatMap(\.spec.words))
        w.formUnion(GradientDirection.allCases.map(\.rawValue))
        w.formUnion(TimingCurveName.allCases.map(\.rawValue))
        w.formUnion(StepPosition.allCases.map(\.rawValue))
        w.formUnion(FillMode.allCases.map(\.rawValue))
        w.formUnion(KeyframeMode.allCases.map(\.rawValue))
        w.formUnion(EffectKind.allCases.map(\.rawValue))
        w.formUnion(PathCommand.allCases.map(\.rawValue))
        w.formUnion(MotionRotation.allCases.map(\.rawValue))
        for labels in [animateLabels, springLabels, effectLabels, groupLabels, replicateLabels] { w.formUnion(labels.keys) }
        w.formUnion(specialFunctions)
        w.formUnion(emitterKeys)
        w.formUnion(emitterShapes)
        return w
    }()

    /// Words that contain hyphens. The lexer joins `ease-in-out` into one identifier only
    /// when the joined word is one of these, so `width-x` stays a subtraction.
    public static let hyphenatedWords: Set<String> = words.filter { $0.contains("-") }
}
