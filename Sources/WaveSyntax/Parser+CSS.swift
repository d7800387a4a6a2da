/// CSS written where wave has its own words: one error naming them, with the edit when the
/// CSS reads, and the whole of it consumed (no cascade of errors inside it).
extension Parser {
    /// CSS properties that take several values in a row, which no wave property is called.
    static let cssShorthands: Set<String> = ["box-shadow", "text-shadow", "drop-shadow", "animation", "transition", "margin", "padding", "outline", "inset"]

    /// CSS's `transform: scale(1.2) rotate(45deg)` in a layer body: one error naming wave's
    /// properties for each function, with the fix when every one has a property of its own
    /// (`scale`, `rotate`); the functions are read and dropped.
    mutating func parseCSSTransform(_ head: Identifier, colon: Int) -> Clause? {
        if colon == 1 { advance() }
        var calls: [(name: String, args: [Expr])] = []
        var end = head.range
        while !current.newlineBefore, current.identifier != nil, peek().isPunct("(") {
            let call = parseExpression()
            end = end.to(call.range)
            if case .call(let name, let args) = call.kind { calls.append((name.name, args)) }
        }
        let span = head.range.to(end)
        let written = calls.compactMap { name, args -> String? in
            let text = args.map { file.text(of: $0.range) }
            switch (name, text.count) {
            case ("scale", 1): return "scale \(text[0])"
            case ("scale", 2): return "scale (\(text[0]), \(text[1]))"
            case ("rotate", 1), ("rotateZ", 1): return "rotation \(text[0])"
            default: return nil
            }
        }
        var message = "CSS's transform is several properties in wave: scale, rotation, position (where the layer is, not a move from it), "
            + "anchor (transform-origin), rotation-x, rotation-y, translation-z, perspective"
        // CSS applies the list right to left: `scale(2, 1) rotate(30deg)` scales the rotated
        // box, a shear wave's own order (scale, then rotation) cannot give in one layer.
        let uneven = calls.firstIndex { $0.name == "scale" && $0.args.count == 2 && file.text(of: $0.args[0].range) != file.text(of: $0.args[1].range) }
        let shears = uneven.map { i in calls[(i + 1)...].contains { $0.name == "rotate" || $0.name == "rotateZ" } } ?? false
        if shears {
            message += "; a scale of two factors before a rotate skews the rotated box, which one layer cannot: put the rotation on a "
                + "layer inside a group that scales"
        }
        if !shears, !written.isEmpty, written.count == calls.count {
            let fix = written.joined(separator: "  ")
            error(.unknownProperty, message, at: span, help: "write '\(fix)'", fix: .init(span, fix))
        } else {
            error(.unknownProperty, message, at: span)
        }
        return nil
    }

    /// CSS's `filter: drop-shadow(2px 2px 4px black)` (offsets, an optional blur and an
    /// optional colour, space-separated): one error naming wave's shadow properties, with
    /// the edit when every argument reads (wave's radius is twice CSS's blur, a σ). The
    /// whole call is consumed.
    mutating func parseCSSDropShadow(_ head: Identifier, colon: Int) -> Clause? {
        for _ in 0..<(colon + 3) { advance() }   // ':', 'drop', '-', 'shadow'
        let opener = current.range
        advance()
        var lengths: [Double] = [], colors: [Expr] = [], unread = false
        while !isPunct(")"), !isPunct("}"), !current.isEOF {
            let before = index
            let e = parseUnary()
            switch e.kind {
            case .number(let n, let unit) where unit == nil || unit == .pixels: lengths.append(n)
            case .unary("-", let inner):
                if case .number(let n, let unit) = inner.kind, unit == nil || unit == .pixels { lengths.append(-n) } else { unread = true }
            case .name, .color, .call: colors.append(e)
            default: unread = true
            }
            if isPunct(",") { unread = true; advance() }
            if index == before { advance() }
        }
        var end = opener
        if isPunct(")") { end = current.range; advance() }
        let span = head.range.to(end)
        guard !unread, (2...3).contains(lengths.count), colors.count <= 1 else {
            error(.unknownProperty, "CSS's drop-shadow is wave's shadow properties: 'shadow-offset (x, y)', 'shadow-radius' (twice CSS's blur), "
                  + "'shadow-color' and 'shadow-opacity 1'", at: span)
            return nil
        }
        let f = Token.formatNumber
        var fix = "shadow-offset (\(f(lengths[0])), \(f(lengths[1])))  shadow-radius \(f(2 * (lengths.count == 3 ? lengths[2] : 0)))"
        if let c = colors.first { fix += "  shadow-color \(file.text(of: c.range))" }
        fix += "  shadow-opacity 1"
        error(.unknownProperty, "CSS's drop-shadow is wave's shadow properties, whose radius is twice CSS's blur: '\(fix)'", at: span,
              help: "replace with '\(fix)'", fix: .init(span, fix))
        return nil
    }
}
