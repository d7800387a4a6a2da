/// The one catalogue of diagnostics. Every `Diagnostic` and every runtime error carries one
/// of these codes; code that reacts to a diagnostic matches its code, never its text.
///
/// Invariants: a code is never reused or renumbered once released (retire it instead), and
/// every entry is documented in grammar.md §9 (`GrammarDocTests` checks both ways).
/// Groups: E00xx lexical, E01xx syntax, E02xx names and properties, E03xx types and units,
/// E04xx timing, E07xx runtime, W00xx warnings.
public enum DiagnosticCode: String, CaseIterable, Sendable, Hashable {
    // Lexical
    case unexpectedCharacter = "E0001"
    case badColour = "E0002"
    case badSize = "E0003"
    case numberOutOfRange = "E0004"
    case unknownUnit = "E0005"
    case badEscape = "E0006"
    case unterminatedString = "E0007"
    case invalidEncoding = "E0008"
    case badNumber = "E0009"
    // Syntax
    case expectedToken = "E0101"
    case unclosedBracket = "E0102"
    case unexpectedClose = "E0103"
    case missingValue = "E0104"
    case nestedTooDeeply = "E0105"
    case cannotFormat = "E0106"
    case badGoldenLine = "E0107"
    // Names and properties
    case unknownName = "E0201"
    case unknownProperty = "E0202"
    case unknownLayerKind = "E0203"
    case unknownLayer = "E0204"
    case unknownTemplate = "E0205"
    case unknownFunction = "E0206"
    case unknownEffect = "E0207"
    case unknownSceneProperty = "E0208"
    case propertyNotOnKind = "E0209"
    case duplicateProperty = "E0210"
    case duplicateName = "E0211"
    case unknownWord = "E0212"
    case notAValue = "E0213"
    case misplacedStatement = "E0214"
    case badMask = "E0215"
    case wrongLayerUse = "E0216"
    case tooManyDeclarations = "E0217"
    case unknownOption = "E0218"
    case unknownStatement = "E0219"
    case usedBeforeDeclaration = "E0220"
    case bindingCycle = "E0221"
    // Types and units
    case typeMismatch = "E0301"
    case unitMismatch = "E0302"
    case argumentCount = "E0303"
    case notAnimatable = "E0304"
    case notConstant = "E0305"
    case outOfRange = "E0306"
    case badGradient = "E0307"
    case badAssignment = "E0308"
    case badImage = "E0320"
    case imageTooLarge = "E0321"
    // Timing
    case unknownTimingCurve = "E0401"
    case badDuration = "E0402"
    case incompleteAnimation = "E0403"
    case badKeyframes = "E0404"
    case badCurveArguments = "E0405"
    // Motion along paths and path morphing (issue 17)
    case badPathData = "E0420"
    case morphMismatch = "E0421"
    case badMotion = "E0720"
    // 3D transforms (issue 17)
    case badPerspective = "E0730"
    // Runtime
    case tooManyLayers = "E0701"
    case tooMuchWork = "E0702"
    case tooManyTimers = "E0703"
    case tooManyAnimations = "E0704"
    case tooManyPathElements = "E0705"
    case nonFiniteGeometry = "E0706"
    case badTextSize = "E0707"
    case textLayoutFailed = "E0708"
    case sessionBroken = "E0709"
    case stringTooLong = "E0710"
    case tooMuchText = "E0711"
    case badTimeValue = "E0712"
    case indexOutOfRange = "E0713"
    // Warnings
    case unusedVariable = "W0001"
    case invisibleLayer = "W0002"
    case unspawnedTemplate = "W0003"
    case missingFont = "W0004"
    case substitutedFont = "W0005"
    case plainAngle = "W0006"
    case onceAssignment = "W0007"
    case colorRange = "W0008"
    case valueRange = "W0009"
    case shadowOffsetNumber = "W0010"
    case valueAlone = "W0011"
    case shadowWithoutOpacity = "W0012"
    case widthWithoutStroke = "W0013"
    case removedMask = "W0014"
    case missingGlyph = "W0015"
    case transparentBlack = "W0016"
    case percentLength = "W0017"
    case rightToLeft = "W0018"

    /// The code as printed: `E0202`.
    public var code: String { rawValue }

    /// Whether diagnostics with this code are warnings (the code starts with `W`).
    public var isWarning: Bool { rawValue.hasPrefix("W") }

    /// The stable kebab-case name and a one-line meaning, as grammar.md §9 lists them.
    public var entry: (name: String, meaning: String) {
        switch self {
        case .unexpectedCharacter: return ("unexpected-character", "a character that starts no token")
        case .badColour: return ("bad-colour", "a `#` colour without 3, 4, 6 or 8 hex digits")
        case .badSize: return ("bad-size", "a size literal that is not WIDTHxHEIGHT, or whose numbers do not fit an integer (a scene size out of range is E0306)")
        case .numberOutOfRange: return ("number-out-of-range", "a number literal too large to represent")
        case .unknownUnit: return ("unknown-unit", "a unit other than s, ms, t, deg, rad, %, px")
        case .badEscape: return ("bad-escape", "an unknown or malformed escape in a string")
        case .unterminatedString: return ("unterminated-string", "a string without its closing quote on the line")
        case .invalidEncoding: return ("invalid-encoding", "a script that is not valid UTF-8")
        case .badNumber: return ("bad-number", "a number literal with a second decimal point, such as 1.5.3")
        case .expectedToken: return ("expected-token", "a token other than the one the grammar needs here")
        case .unclosedBracket: return ("unclosed-bracket", "a `{`, `(` or `[` that is never closed")
        case .unexpectedClose: return ("unexpected-close", "a `}` with no open block")
        case .missingValue: return ("missing-value", "a property or label written without its value")
        case .nestedTooDeeply: return ("nested-too-deeply", "expressions, blocks, layers or masks nested (or chained) past the limit")
        case .cannotFormat: return ("cannot-format", "`wave fmt` cannot lay the script out without changing it")
        case .badGoldenLine: return ("bad-golden-line", "a `# golden:` comment whose ticks cannot be read (`wave test`)")
        case .unknownName: return ("unknown-name", "a name that is no variable, layer, property or built-in")
        case .unknownProperty: return ("unknown-property", "a property no layer kind has")
        case .unknownLayerKind: return ("unknown-layer-kind", "a layer kind that does not exist")
        case .unknownLayer: return ("unknown-layer", "a layer name that is not declared")
        case .unknownTemplate: return ("unknown-template", "a template name that is not declared")
        case .unknownFunction: return ("unknown-function", "a call to a function that does not exist")
        case .unknownEffect: return ("unknown-effect", "a text effect that does not exist")
        case .unknownSceneProperty: return ("unknown-scene-property", "a scene header property that does not exist")
        case .propertyNotOnKind: return ("property-not-on-kind", "a property that this layer kind does not have")
        case .duplicateProperty: return ("duplicate-property", "a property set twice in one layer, or an option given twice")
        case .duplicateName: return ("duplicate-name", "a name declared twice, or a keyword or built-in used as a name")
        case .unknownWord: return ("unknown-word", "a word outside the property's or label's closed set")
        case .notAValue: return ("not-a-value", "a layer, function or property name used as a value")
        case .misplacedStatement: return ("misplaced-statement", "a statement where it cannot stand (declaration in a block, scene not first)")
        case .badMask: return ("bad-mask", "a mask that is not a layer, masks itself or forms a cycle")
        case .wrongLayerUse: return ("wrong-layer-use", "a layer used as a template, group or text layer when it is not one")
        case .tooManyDeclarations: return ("too-many-declarations", "more layers or variables than the limit")
        case .unknownOption: return ("unknown-option", "a label or block key that the statement or block does not take")
        case .unknownStatement: return ("unknown-statement", "a word that starts no statement: a misspelt keyword, or a feature wave does not have")
        case .usedBeforeDeclaration: return ("used-before-declaration", "a variable used above the line that declares it")
        case .bindingCycle: return ("binding-cycle", "a bound property that reads itself, directly or round a loop of bindings")
        case .typeMismatch: return ("type-mismatch", "a value of the wrong type")
        case .unitMismatch: return ("unit-mismatch", "values whose units cannot combine")
        case .argumentCount: return ("argument-count", "a call with the wrong number of arguments")
        case .notAnimatable: return ("not-animatable", "an animation of a bool, string or word")
        case .notConstant: return ("not-constant", "a value that must be constant but is not")
        case .outOfRange: return ("out-of-range", "a number outside the range allowed for it")
        case .badGradient: return ("bad-gradient", "a gradient with bad stops, direction or centre")
        case .badAssignment: return ("bad-assignment", "an assignment to something that cannot be assigned, or a value on its own inside a block (`every tick { x == 1 }`), where it can only be a mistaken assignment")
        case .badImage: return ("bad-image", "an image layer's source that is not a constant string, is missing, or is not a PNG wave can read")
        case .imageTooLarge: return ("image-too-large", "images whose decoded bytes exceed the limit (WAVE_MAX_IMAGE_BYTES)")
        case .unknownTimingCurve: return ("unknown-timing-curve", "a timing curve that does not exist")
        case .badDuration: return ("bad-duration", "a duration that is not a time, not finite, too short or too long")
        case .incompleteAnimation: return ("incomplete-animation", "an animation without values or duration")
        case .badKeyframes: return ("bad-keyframes", "`values`, `times`, `mode` or `eases` that do not fit together")
        case .badCurveArguments: return ("bad-curve-arguments", "bad arguments to `cubic-bezier` or `steps`")
        case .badPathData: return ("bad-path-data", "path data in a string (`along \"M 0 0 L 10 0\"`) that cannot be read")
        case .morphMismatch: return ("morph-mismatch", "a path morph between paths of different structure")
        case .badPerspective: return ("bad-perspective", "a perspective distance that becomes negative (runtime; a negative one written in the script is E0306)")
        case .badMotion: return ("bad-motion", "a motion path or morph that does not fit when it starts: no outline, key times that do not match its segments, paths of different structure (runtime)")
        case .tooManyLayers: return ("too-many-layers", "more live layers than the limit (runtime)")
        case .tooMuchWork: return ("too-much-work", "more steps in one tick than the limit (runtime)")
        case .tooManyTimers: return ("too-many-timers", "more installed timers than the limit (runtime)")
        case .tooManyAnimations: return ("too-many-animations", "more running animations than the limit (runtime)")
        case .stringTooLong: return ("string-too-long", "a string longer than the limit (runtime)")
        case .tooMuchText: return ("too-much-text", "a text layer with more characters than the limit (runtime)")
        case .indexOutOfRange: return ("index-out-of-range", "a list index outside the list (runtime)")
        case .badTimeValue: return ("bad-time-value", "a duration, delay, period or repeat count computed while running that is not finite, negative where it cannot be, or too long (runtime)")
        case .tooManyPathElements: return ("too-many-path-elements", "a layer's geometry with more elements than the limit (runtime)")
        case .nonFiniteGeometry: return ("non-finite-geometry", "geometry that is NaN or infinite (runtime)")
        case .badTextSize: return ("bad-text-size", "a text size that is not positive or too large (runtime; a constant one written in the script is E0306)")
        case .textLayoutFailed: return ("text-layout-failed", "text that cannot be laid out with its font (runtime)")
        case .sessionBroken: return ("session-broken", "a REPL session that no longer compiles (runtime)")
        case .unusedVariable: return ("unused-variable", "a variable that is never read")
        case .invisibleLayer: return ("invisible-layer", "a layer that can never be seen")
        case .unspawnedTemplate: return ("unspawned-template", "a template that is never spawned")
        case .missingFont: return ("missing-font", "no font can be loaded for a text layer")
        case .substitutedFont: return ("substituted-font", "a text layer's font family is not installed; another is used")
        case .plainAngle: return ("plain-angle", "a whole number of 10 or more given as an angle without a unit: radians, likely meant as degrees")
        case .colorRange: return ("color-range", "a constant argument of rgb, rgba or hsl outside its range, clamped")
        case .shadowOffsetNumber: return ("shadow-offset-number", "a number alone as `shadow-offset`: it is (n, n), diagonal; a shadow straight down is (0, n)")
        case .valueAlone: return ("value-alone", "a value on its own at the top level of a script (`1s`, `x == 1`): it does nothing there (the REPL prints one); a colour alone (`#fade`) is taken for a comment missing its space after `#`")
        case .widthWithoutStroke: return ("width-without-stroke", "`width` (wave's short name for `stroke-width`) on a rect or ellipse that draws no stroke, and nothing gives it one: a box's width goes in `frame`")
        case .percentLength: return ("percent-length", "a percentage written as a place or size (`frame (0, 0, 100%, 5)`, `corner 50%`): it is the plain number (1, 0.5 pixels), not a share of a box as in CSS")
        case .transparentBlack: return ("transparent-black", "`transparent` next to an opaque colour in a gradient or a colour animation: it is transparent black, so the colour darkens on the way (write the colour at alpha 0)")
        case .rightToLeft: return ("right-to-left", "a text layer's constant text has right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko): wave lays text out left to right, one character after another, without reordering or joining letters")
        case .missingGlyph: return ("missing-glyph", "a text layer's constant text has characters that neither its font nor any installed fallback face has a glyph for: they draw as the font's empty box")
        case .removedMask: return ("removed-mask", "`remove` of a layer used as a mask: the layers it masks show nothing from then on")
        case .shadowWithoutOpacity: return ("shadow-without-opacity", "a layer sets its shadow's colour, radius or offset but its `shadow-opacity` is 0 (the default, as in Core Animation) and nothing changes it: no shadow is drawn")
        case .valueRange: return ("value-range", "a constant property value outside the property's range (an opacity of 1.5, a negative radius): it counts as the nearest value inside; also a constant `wavelength 0`, which draws no wave")
        case .onceAssignment: return ("once-assignment", "a top-level assignment to a layer property from something that changes: it runs once, at tick 0")
        }
    }

    /// The kebab-case name: `unknown-property`.
    public var name: String { entry.name }
}
