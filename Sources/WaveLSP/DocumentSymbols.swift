import WaveSyntax

/// `textDocument/documentSymbol`: the scene, variables, layers (children inside their
/// groups), templates and timers, as a tree.
enum DocumentSymbols {
    /// LSP `SymbolKind` values.
    enum Kind: Int { case module = 2, namespace = 3, `class` = 5, function = 12, variable = 13, constant = 14, object = 19, event = 24 }

    static func tree(_ analysis: Analysis, _ mapper: PositionMapper) -> [JSON] {
        analysis.script.statements.compactMap { statement($0, analysis.file, mapper) }
    }

    static func symbol(_ name: String, _ detail: String, _ kind: Kind, range: SourceRange, selection: SourceRange,
                       _ mapper: PositionMapper, children: [JSON] = []) -> JSON {
        var o: JSON = ["name": name, "detail": detail, "kind": kind.rawValue,
                       "range": mapper.range(range), "selectionRange": mapper.range(selection)]
        if !children.isEmpty { o["children"] = children }
        return o
    }

    static func statement(_ s: Stmt, _ file: SourceFile, _ mapper: PositionMapper) -> JSON? {
        switch s.kind {
        case .scene:
            return symbol("scene", file.text(of: s.range).split(separator: "\n").first.map(String.init) ?? "", .module,
                          range: s.range, selection: s.range, mapper)
        case .variable(let isMutable, let name, _):
            return symbol(name.name, isMutable ? "var" : "let", isMutable ? .variable : .constant,
                          range: s.range, selection: name.range, mapper)
        case .layer(let decl):
            return layer(decl, mapper)
        case .function(let name, let params, _):
            return symbol(name.name, "func(\(params.map(\.name).joined(separator: ", ")))", .function,
                          range: s.range, selection: name.range, mapper)
        case .timer(let t):
            let head = t.time.map { " " + file.text(of: $0.range) } ?? " tick"
            return symbol("\(t.kind.rawValue)\(head)", "timer", .event, range: s.range, selection: s.range, mapper)
        default:
            return nil
        }
    }

    static func layer(_ decl: LayerDecl, _ mapper: PositionMapper) -> JSON {
        let kind: Kind = decl.isTemplate ? .class : decl.kind.name == "group" ? .namespace : .object
        return symbol(decl.name.name, "\(decl.isTemplate ? "template" : "layer"): \(decl.kind.name)", kind,
                      range: decl.range, selection: decl.name.range, mapper,
                      children: decl.children.map { layer($0, mapper) })
    }
}
