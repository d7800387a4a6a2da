import WaveSyntax

/// Everything the compiler knows between compilations. A file compiles against a fresh
/// environment; the REPL keeps one and compiles each line against it.
public struct Environment: Sendable {
    public var scene = SceneIR()
    public var sceneDeclared = false
    public var globals: [GlobalIR] = []
    public var layers = LayerTable()
    var globalIndex = TrackedTable<String, Int>()
    var lets = TrackedTable<String, LetBinding>()
    var layerIndex: [String: Int] = [:]
    /// Names read somewhere (the value is always true).
    var usedNames = TrackedTable<String, Bool>()
    /// User functions (`func f(x) = …`), inlined where they are called.
    var functions = TrackedTable<String, FunctionDef>()
    /// Most expression steps one statement may take to compile (`WorkLimit`): the runtime's
    /// work limit for one tick, `WAVE_MAX_WORK` from the process's environment by default.
    public var maxWork = WorkLimit.steps()
    /// Most live layers the layers made at the start may come to (`LayerLimit`), each copy
    /// counted: the runtime's limit, `WAVE_MAX_LAYERS` from the process's environment by default.
    public var maxLayers = LayerLimit.count()
    /// `checkLayerCount`'s copies per layer and live layers made at the start, for the
    /// layers compiled so far, under the limit `startLimit`.
    var startCopies: [Int] = []
    var startMade = 0
    var startLimit = 0
    public init() {}

    public var layerNames: [String] { layers.map(\.name) }
    public var variableNames: [String] { Array(globalIndex.keys) + Array(lets.keys) }
    public func layer(named name: String) -> Int? { layerIndex[name] }
    public func global(named name: String) -> Int? { globalIndex[name] }
}

struct FunctionDef: Sendable {
    var params: [Identifier]
    var body: Expr
    var range: SourceRange
}

struct LetBinding: Sendable {
    var expr: IRExpr
    var type: ValueType
    var range: SourceRange
    /// The nodes `expr` writes out where it is read (`IRExpr.stepCount`), counted once,
    /// when the let is declared, and charged at every read (`CompileWork`).
    var steps = 1
}

/// A compiled expression with its static type. `poisoned` marks an expression that already
/// produced an error, so checks further up stay quiet (one error per mistake).
struct Typed {
    var ir: IRExpr
    var type: ValueType
    var poisoned = false
    static func bad(_ type: ValueType = .number(.none)) -> Typed { Typed(ir: .constant(.number(0)), type: type, poisoned: true) }
}

/// Where statements are being compiled: at the top level, in a handler, or in the body of
/// a `spawn` (where bare property names mean the spawned layer's).
struct Context {
    var currentLayer: Int? = nil
    var inHandler = false
    /// In a block that runs after tick 0 or again and again: a timer, a `spawn` block, an
    /// animation's `then` (not a top-level `if` or `for`, which run once, at tick 0).
    var later = false
    /// Statements run once for each copy of this repeated layer (`animate bar.opacity …`):
    /// its name means the copy, and `index` is the copy's index.
    var copyOf: Int? = nil
    /// Loop variables in scope (`for i in …`), each a hidden global slot.
    var locals: [String: Int] = [:]
    /// Inside an inlined user function: its parameters, bound to the compiled arguments,
    /// and the nodes each argument writes out where its parameter is read.
    var params: [String: Typed]? = nil
    var paramSteps: [String: Int] = [:]
}

/// Lowers a parsed script to the timeline IR: resolves names, checks types and units,
/// and reports unknown names with did-you-mean.
public struct Compiler {
    public internal(set) var environment: Environment
    var diagnostics: [Diagnostic] = []
    let file: SourceFile
    var newGlobals: [GlobalIR] = []
    var firstNewLayer: Int
    /// Layer properties some statement writes ("index.property"), and spawned templates:
    /// what may make an invisible-looking layer visible later.
    var writtenProperties: Set<String> = []
    var spawnedTemplates: Set<Int> = []
    /// Variables that change while the scene runs: assigned in a timer or handler, or
    /// animated. And the top-level assignments to layer properties (run once, at tick 0),
    /// for the once-assignment warning.
    var changingGlobals: Set<Int> = []
    var onceAssignments: [(target: Expr, value: IRExpr, range: SourceRange)] = []
    /// Layers whose outline an animation reads (`along L`, a morph to L) or that an
    /// expression measures (`path-length(L)`, `text-width(L)`, `text-bounds(L)`): not drawn
    /// for themselves perhaps (a hidden text layer kept for measuring), but not pointless either.
    var geometrySources: Set<Int> = []
    /// Top-level variables not declared yet, with where they will be: a use before the
    /// declaration says so instead of "unknown name".
    var laterVariables: [String: SourceRange] = [:]
    /// Whether a top-level value on its own is printed (REPL input) rather than warned about.
    var printsValues = false
    /// Where each layer's `below NAME`/`above NAME` is written, by layer index.
    var placementRanges: [Int: SourceRange] = [:]
    /// Declared layers named by `remove`, with where (a removed mask gets W0014).
    var removals: [(layer: Int, range: SourceRange)] = []
    /// Sum of the heights of the function bodies being inlined: recursion stops at the
    /// nesting limit (`Parser.maxDepth`).
    var inlineHeight = 0
    /// Whether the calls being inlined have already reported going past the nesting limit.
    var inlineOverflowReported = false
    /// Unknown names already reported (each is reported once).
    var reportedNames: Set<String> = []
    /// Start offsets of the parser's errors, sorted: a statement holding one is not compiled
    /// further, so nothing is reported that depends on a part that already failed.
    var parseErrorStarts: [Int] = []
    /// The work of the statement being compiled (`CompileWork`).
    var work: CompileWork

    /// Most layers (declared plus templates) and globals a script may declare.
    public static let maxDeclarations = 100_000

    public init(file: SourceFile, environment: Environment = Environment()) {
        self.file = file
        self.environment = environment
        self.environment.startTracking()
        self.firstNewLayer = environment.layers.count
        self.work = CompileWork(limit: environment.maxWork)
    }

    /// Parses and compiles a whole file.
    public static func compile(_ file: SourceFile) -> (Program?, [Diagnostic]) {
        let (program, diagnostics, _) = compileKeepingEnvironment(file)
        return (program, diagnostics)
    }

    /// Compiles a file and returns the environment too, so that expressions (`wave trace`
    /// properties, REPL input) can later be compiled against its names.
    /// `printsValues`: a value on its own is printed (the REPL), not warned about (W0011).
    /// An environment given up by its caller (see `Environment.mark()`) is extended in
    /// place: what the file adds costs what it adds, however much the environment holds.
    public static func compileKeepingEnvironment(_ file: SourceFile, environment: consuming Environment = Environment(),
                                                 printsValues: Bool = false) -> (Program?, [Diagnostic], Environment) {
        let script = Parser.parse(file)
        var compiler = Compiler(file: file, environment: consume environment)
        compiler.printsValues = printsValues
        let program = compiler.compile(script)
        let all = script.diagnostics + compiler.diagnostics
        return (all.hasErrors ? nil : program, all.sorted { $0.range.start < $1.range.start }, compiler.environment)
    }

    /// Compiles one expression (`surface.level`, `x * 21`) against an environment.
    public static func compileExpression(_ file: SourceFile, environment: Environment) -> (IRExpr, ValueType)? {
        var parser = Parser(file: file)
        let e = parser.parseExpression()
        guard parser.diagnostics.isEmpty, parser.current.isEOF else { return nil }
        var compiler = Compiler(file: file, environment: environment)
        let t = compiler.expression(e, Context())
        guard !t.poisoned, compiler.diagnostics.isEmpty else { return nil }
        return (t.ir, t.type)
    }

    /// Why `file` is not an expression of `environment` (what `compileExpression` refuses):
    /// the first diagnostic's message, with its did-you-mean.
    public static func expressionProblem(_ file: SourceFile, environment: Environment) -> String? {
        var parser = Parser(file: file)
        let e = parser.parseExpression()
        if let d = parser.diagnostics.first { return d.message }
        if !parser.current.isEOF { return "unexpected \(parser.current.describe) after the expression" }
        var compiler = Compiler(file: file, environment: environment)
        _ = compiler.expression(e, Context())
        return compiler.diagnostics.first?.message
    }

    /// Compiles parsed statements against the environment; returns the increment (new
    /// globals and layers, statements to run now). Diagnostics accumulate in `diagnostics`.
    public mutating func compile(_ script: Script) -> Program {
        var statements: [IRStmt] = []
        // Where each parse error is, and where its notes point (an unclosed '(' is reported
        // where ')' was expected, past the clause that holds the '(').
        parseErrorStarts = script.diagnostics.filter { $0.severity == .error && !$0.readAsMeant }.flatMap { [$0.range.start] + $0.notes.map(\.range.start) }.sorted()
        for stmt in script.statements {
            if case .variable(_, let name, _) = stmt.kind, laterVariables[name.name] == nil,
               environment.globalIndex[name.name] == nil, environment.lets[name.name] == nil {
                laterVariables[name.name] = name.range
            }
        }
        declareLayers(script.statements)
        declareFunctions(script.statements)
        for (i, stmt) in script.statements.enumerated() {
            resetWork()
            if case .variable(_, let name, _) = stmt.kind { laterVariables[name.name] = nil }
            if case .scene = stmt.kind, i > 0 || firstNewLayer > 0 || !environment.globals.isEmpty {
                if let first = script.statements[..<i].first(where: { if case .scene = $0.kind { return true } else { return false } }) {
                    let (line, column) = file.location(of: first.range.start)
                    error(.misplacedStatement, "a script has one scene header, and it is at \(line):\(column); merge this one into it",
                          stmt.range, notes: [.init("the scene header", first.range)])
                } else {
                    error(.misplacedStatement, "the scene header must come first: 'width' and 'height' are read from it", stmt.range)
                }
                continue
            }
            switch stmt.kind {
            case .scene(let size, let clauses): compileScene(size: size, clauses: clauses, range: stmt.range)
            case .variable(let isMutable, let name, let value): declareVariable(isMutable: isMutable, name: name, value: value)
            case .layer(let decl): compileLayerDecl(decl, parent: nil)
            case .function: break   // declared above; compiled where it is called
            default:
                if let s = compileStatement(stmt, Context()) { statements.append(contentsOf: s) }
            }
        }
        finishLayers()
        warnUnused(script, afterErrors: !parseErrorStarts.isEmpty || diagnostics.hasErrors)
        warnInvisibleLayers(afterErrors: !parseErrorStarts.isEmpty || diagnostics.hasErrors)
        if firstNewLayer == 0 { warnOnceAssignments() }
        let newLayers = Array(environment.layers[firstNewLayer...])
        var program = Program(scene: environment.scene, globals: newGlobals, layers: newLayers, statements: statements)
        program.updatedLayers = environment.layers.changed(before: firstNewLayer)
        return program
    }

    public var allDiagnostics: [Diagnostic] { diagnostics }

    /// Names whose declaration was refused (`var log`, `layer t`, a layer of an unknown
    /// kind): their uses are not reported again as unknown layers or misused functions.
    var rejectedNames: Set<String> = []

    /// Records a declaration refused for taking a reserved name (not a user's duplicate:
    /// the first declaration of that one stands, and its uses are checked as usual).
    mutating func rejectReserved(_ name: String) {
        guard environment.layerIndex[name] == nil, environment.globalIndex[name] == nil, environment.lets[name] == nil,
              environment.functions[name] == nil else { return }
        rejectedNames.insert(name)
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, _ range: SourceRange, notes: [Diagnostic.Note] = [],
                        help: String? = nil, fix: Diagnostic.FixIt? = nil) {
        if [.unknownLayer, .notAValue, .unknownName].contains(code), !rejectedNames.isEmpty, rejectedNames.contains(file.text(of: range)) {
            return   // a use of a name whose declaration was refused: that error is the one
        }
        diagnostics.append(withFix(Diagnostic.error(code, message, at: range, notes: notes), help: help, fix: fix))
    }

    mutating func warning(_ code: DiagnosticCode, _ message: String, _ range: SourceRange, help: String? = nil, fix: Diagnostic.FixIt? = nil) {
        diagnostics.append(withFix(Diagnostic.warning(code, message, at: range), help: help, fix: fix))
    }

    /// `d` with `help`, or for a fix without one "replace 'old' with 'new'".
    private func withFix(_ d: Diagnostic, help: String?, fix: Diagnostic.FixIt?) -> Diagnostic {
        var help = help
        if help == nil, let fix { help = "replace '\(file.text(of: fix.range))' with '\(fix.replacement)'" }
        return d.with(help: help, fix: fix)
    }

    /// "did you mean" tail for a message; when nothing is close and the valid words are few,
    /// "; expected one of: …"; else "".
    func didYouMean(_ name: String, _ candidates: [String]) -> String {
        guard suggests else { return "" }
        return Suggestion.tail(for: name, among: candidates, listIfShort: true)
    }

    /// Diagnostics after which errors come without a did-you-mean or its fix: finding the
    /// nearest word is the dearest part of an error, and a megabyte of mistakes (hundreds of
    /// thousands of errors, which no one reads past the first) would take seconds.
    static let suggestionLimit = 1_000

    /// Whether errors still get suggestions (`suggestionLimit`).
    var suggests: Bool { diagnostics.count < Compiler.suggestionLimit }

    /// The edit a did-you-mean stands for: `range` (the misspelt word) replaced by the
    /// suggestion; nil when nothing is suggested.
    func fixIt(_ name: String, _ candidates: [String], _ range: SourceRange) -> Diagnostic.FixIt? {
        guard suggests else { return nil }
        return suggestion(for: name, among: candidates).map { Diagnostic.FixIt(range, $0) }
    }

    /// Reports `word` (at `range`), another tool's name for wave's `meant`, with the fix that
    /// renames it: "unknown WHAT 'word'PLACE; wave calls it 'meant'" (`Parser.calledOtherwise`).
    mutating func calledOtherwise(_ code: DiagnosticCode, _ what: String, _ word: String, _ range: SourceRange, place: String = "",
                                  meant: String) {
        error(code, "unknown \(what) '\(word)'\(place); wave calls it '\(meant)'", range, fix: .init(range, meant))
    }

    // MARK: - Scene header

    mutating func compileScene(size: Expr?, clauses: [Clause], range: SourceRange) {
        if environment.sceneDeclared {
            error(.misplacedStatement, "the scene is declared twice", range)
            return
        }
        environment.sceneDeclared = true
        var scene = environment.scene
        if let size, case .tuple(let parts) = size.kind, parts.count == 2 {
            setSceneSize(parts[0], parts[1], range: size.range, into: &scene)
        }
        for clause in clauses {
            guard let value = clause.value else { continue }
            guard let property = SceneProperty(rawValue: clause.head.name) else {
                let names = SceneProperty.allCases.map(\.rawValue)
                if ["fps", "framerate", "frame-rate", "frameRate", "rate"].contains(clause.head.name) {
                    error(.unknownSceneProperty, "unknown scene property '\(clause.head.name)': a scene runs at 60 ticks a second; "
                          + "a GIF's frame rate is chosen when rendering ('wave render --fps')", clause.head.range)
                    continue
                }
                error(.unknownSceneProperty, "unknown scene property '\(clause.head.name)'\(didYouMean(clause.head.name, names))", clause.head.range, fix: fixIt(clause.head.name, names, clause.head.range))
                continue
            }
            switch property {
            case .size:
                if case .tuple(let parts) = value.kind, parts.count == 2 {
                    setSceneSize(parts[0], parts[1], range: value.range, into: &scene)
                } else {
                    error(.typeMismatch, "scene size must be WIDTHxHEIGHT or (width, height)", value.range)
                }
            case .background:
                if case .name("none") = value.kind {
                    scene.background = RGBA(0, 0, 0, 0)
                    continue
                }
                let t = coerce(expression(value, Context()), to: .paint, words: ["none"], range: value.range)
                if case .constant(.paint(let p)) = t.ir {
                    switch p {
                    case .color(let c): scene.background = c
                    case .none: scene.background = RGBA(0, 0, 0, 0)
                    default: error(.typeMismatch, "the scene background must be a colour", value.range)
                    }
                } else if !t.poisoned {
                    error(.typeMismatch, "the scene background must be a constant colour", value.range)
                }
            case .duration:
                if let ticks = constantTicks(value, what: "scene duration", inSeconds: true) { scene.durationTicks = max(1, ticks) }
            case .seed:
                if let n = constantNumber(value, what: "seed") {
                    if n != n.rounded() || n < 0 || n > 9e15 {
                        // `seed 1.5`, `seed -3`: not silently another seed.
                        error(.outOfRange, "the seed is a whole number from 0 to 9000000000000000, found \(Token.formatNumber(n))", value.range)
                    } else {
                        scene.seed = UInt64(n)
                    }
                }
            }
        }
        environment.scene = scene
    }

    /// Largest canvas side accepted, in pixels.
    public static let maxCanvasSide = 8192

    private mutating func setSceneSize(_ w: Expr, _ h: Expr, range: SourceRange, into scene: inout SceneIR) {
        guard let wv = constantNumber(w, what: "scene width"), let hv = constantNumber(h, what: "scene height") else { return }
        let limit = Double(Compiler.maxCanvasSide)
        guard wv >= 1, hv >= 1, wv <= limit, hv <= limit else {
            error(.outOfRange, "scene size \(Value.format(wv))x\(Value.format(hv)) is out of range: each side must be 1 to \(Compiler.maxCanvasSide) px", range)
            return
        }
        scene.width = Int(wv.rounded())
        scene.height = Int(hv.rounded())
    }

    // MARK: - Variables

    mutating func declareVariable(isMutable: Bool, name: Identifier, value: Expr) {
        if let problem = nameProblem(name.name) {
            error(.duplicateName, problem, name.range)
            rejectReserved(name.name)
            return
        }
        let typed = expression(value, Context())
        var isMutable = isMutable
        if isMutable, case .constant(.list(let vs)) = typed.ir, let first = vs.first, first.isColorOrString {
            error(.typeMismatch, "a list of colours or strings is a constant: declare it with 'let'", value.range,
                  help: "write 'let \(name.name) = …'")
            isMutable = false   // read as the let it has to be: its uses report nothing more
        }
        if isMutable {
            let slot = environment.globals.count
            let g = GlobalIR(name: name.name, isMutable: true, type: typed.type, initial: typed.ir, range: name.range)
            environment.globals.append(g)
            newGlobals.append(g)
            environment.globalIndex[name.name] = slot
            environment.lets[name.name] = nil
        } else {
            // A let of the clock alone is read through the runtime's per-tick cache.
            let ir = !typed.ir.isConstant && !typed.poisoned && IRExpr.dependsOnClockAlone(typed.ir)
                ? IRExpr.tickCached(name: name.name, typed.ir) : typed.ir
            environment.lets[name.name] = LetBinding(expr: ir, type: typed.type, range: name.range,
                                                     steps: typed.poisoned ? 1 : ir.stepCount(limit: work.limit))
            environment.globalIndex[name.name] = nil
        }
    }

    /// Why a name cannot be declared, or nil.
    func nameProblem(_ name: String) -> String? {
        if Parser.statementKeywords.contains(name) || (["true", "false", "else"] + [StatementWord.then, .tick, .ticks].map(\.rawValue)).contains(name) {
            return "'\(name)' is a keyword and cannot name a variable"
        }
        if Ambient(rawValue: name) != nil || name == "pi" {
            return "'\(name)' is a built-in name and cannot be redeclared"
        }
        if Builtin(rawValue: name) != nil { return "'\(name)' is a built-in function and cannot name a variable" }
        if environment.layerIndex[name] != nil { return "'\(name)' is already a layer name" }
        if environment.functions[name] != nil { return "'\(name)' is already a function name" }
        if environment.globalIndex[name] != nil || environment.lets[name] != nil {
            return "'\(name)' is already declared"
        }
        return nil
    }

    /// Whether the parser reported an error inside `range`.
    func holdsParseError(_ range: SourceRange) -> Bool {
        var lo = 0, hi = parseErrorStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if parseErrorStarts[mid] < range.start { lo = mid + 1 } else { hi = mid }
        }
        return lo < parseErrorStarts.count && parseErrorStarts[lo] < max(range.end, range.start + 1)
    }

    /// How many times each word appears in the script (after errors, a failed statement's uses).
    func mentionCounts() -> [String: Int] {
        var mentions: [String: Int] = [:]
        for t in Lexer.tokenize(file) { if let w = t.identifier { mentions[w, default: 0] += 1 } }
        return mentions
    }

    /// Warns about variables never read. After errors, a use may sit in a statement that
    /// failed to compile, so a variable whose name appears anywhere else in the source
    /// counts as used.
    mutating func warnUnused(_ script: Script, afterErrors: Bool) {
        let mentions = afterErrors ? mentionCounts() : [:]
        // A variable whose own declaration failed is not warned about: the error says enough.
        let errorStarts = (parseErrorStarts + diagnostics.filter { $0.severity == .error }.map(\.range.start)).sorted()
        func holdsError(_ r: SourceRange) -> Bool {
            var lo = 0, hi = errorStarts.count
            while lo < hi { let mid = (lo + hi) / 2; if errorStarts[mid] < r.start { lo = mid + 1 } else { hi = mid } }
            return lo < errorStarts.count && errorStarts[lo] <= r.end
        }
        for stmt in script.statements {
            guard case .variable(_, let name, _) = stmt.kind else { continue }
            if afterErrors, mentions[name.name, default: 0] > 1 || holdsError(stmt.range) { continue }
            if environment.usedNames[name.name] == nil {
                warning(.unusedVariable, "variable '\(name.name)' is never used", name.range)
            }
        }
    }

    /// Warns about layers nothing can ever show: opacity 0 or `visible false` that no
    /// statement changes, shapes with neither fill nor stroke, templates never spawned.
    /// `afterErrors`: a template's spawn may sit in a statement that failed to compile
    /// (`spwan dot`, `spawn dott`), so "never spawned" is not said then, nor anything about a
    /// layer named again in the script.
    mutating func warnInvisibleLayers(afterErrors: Bool) {
        // After errors, a statement that would change a layer may be one that failed: a layer
        // named again anywhere is not said to be unchanged.
        let mentions = afterErrors ? mentionCounts() : [:]
        for i in firstNewLayer..<environment.layers.count {
            let l = environment.layers[i]
            if l.usedAsMask || geometrySources.contains(i) { continue }
            if afterErrors, mentions[l.name, default: 0] > 1 { continue }
            // After an error in its body (a bad fill colour) the layer is not what was meant.
            if holdsParseError(l.range) || diagnostics.contains(where: { $0.severity == .error && l.range.start <= $0.range.start && $0.range.start < l.range.end }) {
                continue
            }
            func constant(_ p: Property) -> Value? {
                if writtenProperties.contains("\(i).\(p.rawValue)") { return nil }
                guard let e = l.properties[p] else { return p.defaultValue(for: l.kind, in: environment.scene) }
                if case .constant(let v) = e { return v }
                return nil
            }
            let name = "\(l.isTemplate ? "template" : "layer") '\(l.name)'"
            if l.isTemplate && l.parent == nil && !spawnedTemplates.contains(i) {
                if !afterErrors { warning(.unspawnedTemplate, "\(name) is never spawned", l.range) }
            } else if let o = constant(.opacity), o.number <= 0 {
                warning(.invisibleLayer, "\(name) can never be seen: its opacity is 0 and nothing changes it", l.range)
            } else if constant(.visible) == .bool(false) {
                warning(.invisibleLayer, "\(name) can never be seen: it is not visible and nothing changes that", l.range)
            } else if l.kind != .group, constant(.fill) == .paint(.none), constant(.stroke) == .paint(.none) {
                warning(.invisibleLayer, "\(name) can never be seen: it has no fill and no stroke", l.range)
            }
            // CSS's trap: `width 30` on a box is wave's stroke width, not the box's.
            if [.rect, .ellipse].contains(l.kind), let range = l.propertyRanges[.strokeWidth],
               file.text(of: range).hasPrefix("width"), constant(.stroke) == .paint(.none) {
                warning(.widthWithoutStroke, "'width' is the stroke's width ('stroke-width'), and \(name) draws no stroke: "
                        + "a \(l.kind.rawValue)'s size is part of 'frame (x, y, width, height)'", range)
            }
            // Core Animation's trap: shadowRadius and shadowOffset set, shadowOpacity left 0.
            if let set = [Property.shadowRadius, .shadowOffset, .shadowColor].first(where: { l.properties[$0] != nil }),
               let o = constant(.shadowOpacity), o.number <= 0 {
                warning(.shadowWithoutOpacity, "\(name) sets \(set.rawValue), but its shadow-opacity is 0 and nothing changes it: no shadow is drawn",
                        l.propertyRanges[set] ?? l.range,
                        help: "give it 'shadow-opacity' above 0 (0 is the default, as in Core Animation)")
            }
        }
    }

    // MARK: - Constants

    mutating func constantNumber(_ e: Expr, what: String) -> Double? {
        let t = expression(e, Context())
        if t.poisoned { return nil }
        guard case .constant(let v) = t.ir, case .number(let n) = v, n.isFinite else {
            error(.notConstant, "\(what) must be a constant number", e.range)
            return nil
        }
        return n
    }

    /// A constant duration in whole ticks (`2s`, `500ms`, `90t`).
    mutating func constantTicks(_ e: Expr, what: String, inSeconds: Bool = false) -> Int? {
        let t = expression(e, Context())
        if t.poisoned { return nil }
        guard case .number(let dim) = t.type, dim == .time else {
            badDuration(e, t, what: what, inSeconds: inSeconds)
            return nil
        }
        guard case .constant(.number(let seconds)) = t.ir else {
            error(.notConstant, "\(what) must be a constant duration", e.range)
            return nil
        }
        return Compiler.ticks(seconds, range: e.range, what: what, diagnostics: &diagnostics)
    }

    /// Longest duration accepted anywhere, in ticks (10 hours).
    public static let maxTicks = 60 * 60 * 60 * 10

    static func ticks(_ seconds: Double, range: SourceRange, what: String, diagnostics: inout [Diagnostic]) -> Int? {
        guard seconds.isFinite, seconds >= 0 else {
            diagnostics.append(.error(.badDuration, "\(what) must be a finite duration of zero or more", at: range))
            return nil
        }
        let t = (seconds * 60).rounded()
        guard t <= Double(maxTicks) else {
            diagnostics.append(.error(.badDuration, "\(what) is too long: at most \(maxTicks / 3600) minutes", at: range))
            return nil
        }
        return Int(t)
    }
}
