/// The labels of clauses and statements: the one table the parser, the compiler, completion,
/// hover, the TextMate grammar and grammar.md's rules are read from, as `Property` is for
/// layer properties.
///
/// A label is the word before a value in `animate x to 1 over 1s`, `spring x to 1 { mass 2 }`,
/// `effect t fade over 1s`, `sequence stagger 0.1s { … }`, `replicate 12 rotate 30deg`,
/// `mask m inverted` and `arc (0, 0) radius 5 from 0 to 90deg`. The compiler asks for one by
/// its case (`a.arg(.delay)`), so a misspelt label does not compile.
///
/// Invariants (checked by tests): grammar.md's `anim_arg`, `spring_arg` and `group` rules and
/// the `effect` and `replicate` forms name exactly the labels of their owner, each label's
/// value words are the quoted words its alternative gives.

/// What a label follows: a statement, or the head of a clause in a body.
public enum ClauseOwner: Hashable, Sendable {
    case animate, spring, effect
    /// `sequence` and `parallel`.
    case group
    /// `replicate N …` in a group's body.
    case replicate
    /// `mask LAYER [inverted]` in a layer's body.
    case mask
    /// A command of a path layer's body (`quad (x, y) control (cx, cy)`).
    case path(PathCommand)

    public static let allCases: [ClauseOwner] = [.animate, .spring, .effect, .group, .replicate, .mask]
        + PathCommand.allCases.map { .path($0) }

    /// The word that starts the statement or clause (`animate`, `mask`, `quad`).
    public var word: String {
        switch self {
        case .animate: return "animate"
        case .spring: return "spring"
        case .effect: return "effect"
        case .group: return "sequence"
        case .replicate: return Vocabulary.replicateClause
        case .mask: return Vocabulary.maskClause
        case .path(let c): return c.rawValue
        }
    }

    /// The labels this owner takes, in grammar.md's order, with how many values each takes.
    public var labels: [(label: ClauseLabel, values: Int)] {
        switch self {
        case .animate:
            return [(.from, 1), (.to, 1), (.by, 1), (.over, 1), (.duration, 1), (.ease, 1), (.delay, 1), (.begin, 1),
                    (.repeat, 1), (.repeatFor, 1), (.autoreverse, 0), (.fill, 1), (.values, 1), (.times, 1), (.mode, 1),
                    (.eases, 1), (.along, 1), (.rotate, 1), (.stagger, 1)]
        case .spring:
            return [(.to, 1), (.from, 1), (.by, 1), (.mass, 1), (.stiffness, 1), (.damping, 1), (.velocity, 1),
                    (.initialVelocity, 1), (.response, 1), (.duration, 1), (.over, 1), (.bounce, 1), (.dampingFraction, 1),
                    (.delay, 1), (.fill, 1)]
        case .effect:
            return [(.over, 1), (.duration, 1), (.delay, 1), (.seed, 1), (.stagger, 1)]
        case .group:
            return [(.stagger, 1), (.delay, 1), (.repeat, 1)]
        case .replicate:
            return [(.translate, 1), (.rotate, 1), (.scale, 1), (.about, 1), (.delay, 1),
                    (.redOffset, 1), (.greenOffset, 1), (.blueOffset, 1), (.alphaOffset, 1)]
        case .mask:
            return [(.inverted, 0)]
        case .path(let command):
            switch command {
            case .quad: return [(.control, 1)]
            case .cubic: return [(.control, 2)]
            case .arc: return [(.radius, 1), (.from, 1), (.to, 1), (.clockwise, 0)]
            case .circle, .ellipse: return [(.radius, 1)]
            case .rect: return [(.corner, 1)]
            case .move, .line, .close: return []
            }
        }
    }

    /// Labels the parser reads for this owner although the language has no such option, so
    /// the compiler can say what to write instead (a group's `repeat`), or that grammar.md
    /// leaves out as another name of a documented one (an effect's `duration`, as `over`).
    public var undocumented: Set<ClauseLabel> {
        switch self {
        case .group: return [.repeat]
        case .effect: return [.duration]
        default: return []
        }
    }

    /// The labels and their value counts by spelling, as the parser looks words up.
    public var arities: [String: Int] { ClauseOwner.arities[self] ?? [:] }

    private static let arities: [ClauseOwner: [String: Int]] = Dictionary(uniqueKeysWithValues: allCases.map { owner in
        (owner, Dictionary(uniqueKeysWithValues: owner.labels.map { ($0.label.rawValue, $0.values) }))
    })

    /// How many values `label` takes here, or nil when this owner has no such label.
    public func arity(_ label: ClauseLabel) -> Int? { arities[label.rawValue] }

    public func takes(_ label: ClauseLabel) -> Bool { arity(label) != nil }

    /// The owner whose labels follow `word`'s statement (`sequence`, `parallel`: `.group`).
    public init?(statement word: String) {
        switch word {
        case "animate": self = .animate
        case "spring": self = .spring
        case "effect": self = .effect
        case "sequence", "parallel": self = .group
        default: return nil
        }
    }
}

/// Every label of a clause or statement. The raw value is its spelling.
public enum ClauseLabel: String, CaseIterable, Sendable, Hashable {
    // `animate` (grammar.md's anim_arg), most shared with `spring`.
    case from, to, by, over, duration, ease, delay, begin
    case `repeat`, repeatFor = "repeat-for", autoreverse, fill, values, times, mode, eases, stagger
    // Motion along a path (grammar.md §8, "Motion along a path").
    case along, rotate
    // `spring` (spring_arg).
    case mass, stiffness, damping, velocity, initialVelocity = "initial-velocity", response, bounce
    case dampingFraction = "damping-fraction"
    // `effect`.
    case seed
    // `replicate` (CAReplicatorLayer's parameters).
    case translate, scale, about
    case redOffset = "red-offset", greenOffset = "green-offset", blueOffset = "blue-offset", alphaOffset = "alpha-offset"
    // `mask LAYER inverted`.
    case inverted
    // Path commands.
    case control, radius, corner, clockwise

    /// Labels read as keywords (completion offers them among statement words, and the
    /// TextMate grammar colours them as keywords): the ones of a plain `animate` line.
    public static let keywords: [ClauseLabel] = [.from, .to, .over, .ease, .repeat, .autoreverse]

    /// The words the value of this label may be, as grammar.md's rule quotes them
    /// (`repeat forever`, `rotate auto`); empty where the value is an expression or a word
    /// set grammar.md names by a symbol (`fill FILLMODE`).
    public func valueWords(in owner: ClauseOwner) -> [String] {
        switch (owner, self) {
        case (.animate, .repeat): return [StatementWord.forever.rawValue]
        case (.animate, .rotate): return MotionRotation.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// What the label means after `owner`: the hover text of the language server and the
    /// documentation of its completion items. A spring's label that means what it means
    /// for `animate` (`from`, `delay`, `fill`) has that meaning.
    public func meaning(in owner: ClauseOwner) -> String? {
        guard owner.takes(self) else { return nil }
        switch owner {
        case .animate: return animationMeaning
        case .spring: return springMeaning ?? animationMeaning
        case .effect, .group: return animationMeaning
        case .replicate: return replicatorMeaning
        case .mask: return "the layer shows where the mask is transparent, not where it is opaque"
        case .path: return pathMeaning
        }
    }

    private var animationMeaning: String? {
        switch self {
        case .from: return "the start value (default: the current value)"
        case .to: return "the end value"
        case .by: return "the end relative to the start (to = from + by)"
        case .over: return "the duration of one pass (2s, 500ms, 90t)"
        case .duration: return "the duration of one pass, as 'over'"
        case .begin: return "how long after the statement runs it starts, as 'delay'"
        case .autoreverse: return "each pass runs forwards then backwards"
        case .repeatFor: return "repeats for this long in all"
        case .stagger: return "each copy or target starts this much after the one before"
        case .eases: return "one timing curve per keyframe segment"
        case .along: return "moves the position along a layer's outline or SVG path data"
        case .fill: return "fill mode, what shows outside the active time (none, forwards, backwards, both; default forwards)"
        case .rotate: return "along a motion path, how the layer turns (none, auto, auto-reverse)"
        case .mode: return "how keyframe values are joined (discrete, linear, cubic, paced)"
        case .repeat: return "how many times it plays (a number, or forever)"
        case .delay: return "how long after the statement runs it starts"
        case .ease: return "the timing curve"
        case .values: return "keyframe values"
        case .times: return "keyframe times, fractions of the duration"
        case .seed: return "seeds the random delays and characters of shine and scramble"
        default: return nil
        }
    }

    private var springMeaning: String? {
        switch self {
        case .mass: return "the mass m (Core Animation's; default 1)"
        case .stiffness: return "the spring constant k (default 100)"
        case .damping: return "the damping coefficient c (Core Animation's, not UIKit's ratio; default 10)"
        case .velocity: return "the initial velocity, in whole distances a second (default 0)"
        case .initialVelocity: return "the initial velocity, as 'velocity'"
        case .response: return "SwiftUI's response: the period of the undamped spring, in seconds"
        case .duration: return "the response, as 'response'"
        case .dampingFraction: return "the damping ratio ζ (UIKit's usingSpringWithDamping; 1 is critically damped)"
        case .bounce: return "SwiftUI's bounce: ζ = 1 − bounce"
        case .over: return "how long the animation lasts, cutting the spring short"
        case .to: return "the value the spring settles at"
        default: return nil
        }
    }

    private var replicatorMeaning: String? {
        switch self {
        case .translate: return "how far each copy moves from the one before (instanceTransform's translation)"
        case .rotate: return "how far each copy turns from the one before, about 'about'"
        case .scale: return "how much each copy scales from the one before, about 'about'"
        case .about: return "the point the copies turn and scale about (default: the scene's centre)"
        case .delay: return "how much later each copy's animations and timers start (instanceDelay)"
        case .redOffset: return "copy k's red is multiplied by 1 + k·offset (instanceRedOffset)"
        case .greenOffset: return "copy k's green is multiplied by 1 + k·offset (instanceGreenOffset)"
        case .blueOffset: return "copy k's blue is multiplied by 1 + k·offset (instanceBlueOffset)"
        case .alphaOffset: return "copy k's opacity is multiplied by 1 + k·offset (instanceAlphaOffset)"
        default: return nil
        }
    }

    private var pathMeaning: String? {
        switch self {
        case .control: return "the control point(s) of the curve"
        case .radius: return "the radius (a point for an ellipse's two radii)"
        case .from: return "the start angle of the arc (0deg points right)"
        case .to: return "the end angle of the arc"
        case .clockwise: return "sweeps clockwise even when the end angle is below the start"
        case .corner: return "the corner radius of the rectangle"
        default: return nil
        }
    }
}

/// Words of statements that are neither statement keywords nor labels of a table above but
/// read as keywords: what follows an animation, a layer's placement, a timer's unit, the
/// endless repeat.
public enum StatementWord: String, CaseIterable, Sendable {
    /// `animate … then { … }`: what runs when the animation ends.
    case then
    /// `spring … reached { … }`: what runs when the spring first reaches its target.
    case reached
    /// `layer a: circle below b`, `spawn t above b`.
    case below, above
    /// `every tick { … }`, `every 3 ticks { … }`.
    case tick, ticks
    /// `repeat forever`.
    case forever

    /// The grammar.md EBNF rule that quotes the word.
    public var grammarRule: String {
        switch self {
        case .then: return "then"
        case .reached: return "reached"
        case .below, .above: return "placement"
        case .tick, .ticks: return "timer"
        case .forever: return "anim_arg"
        }
    }

    public var meaning: String {
        switch self {
        case .then: return "what runs when the animation ends: a block or one statement"
        case .reached: return "what runs when a spring first reaches its target (within 0.001 of it, or past it), before it settles: a block or one statement"
        case .below: return "places the layer just below another"
        case .above: return "places the layer just above another"
        case .tick: return "one tick (1/60 s): 'every tick { … }'"
        case .ticks: return "counts the timer's period in ticks: 'every 3 ticks { … }'"
        case .forever: return "repeats without end: 'repeat forever'"
        }
    }
}

/// Timing curves written as calls after `ease` (grammar.md §8, "Timing curves").
public enum EasingFunction: String, CaseIterable, Sendable {
    case cubicBezier = "cubic-bezier", steps

    /// How the call is written.
    public var form: String {
        switch self {
        case .cubicBezier: return "cubic-bezier(x1, y1, x2, y2)"
        case .steps: return "steps(n[, " + StepPosition.allCases.map(\.rawValue).joined(separator: "|") + "])"
        }
    }

    public var meaning: String {
        switch self {
        case .cubicBezier: return "CSS's cubic Bézier curve through (0, 0), (x1, y1), (x2, y2), (1, 1)"
        case .steps: return "CSS's step function: n equal jumps, where the position says"
        }
    }
}

extension TimingCurveName {
    /// Core Animation's control points (CSS's for `ease`); nil for `linear`.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return nil
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .default, .ease: return (0.25, 0.1, 0.25, 1)
        case .easeOutBounce: return nil
        }
    }

    public var meaning: String {
        switch self {
        case .linear: return "constant speed"
        case .easeIn: return "starts slowly"
        case .easeOut: return "ends slowly"
        case .easeInOut: return "starts and ends slowly"
        case .default: return "Core Animation's default curve"
        case .ease: return "CSS's default curve"
        case .easeOutBounce: return "a ball landing: reaches the end and bounces back three times, each a quarter as high as the one before, never past it (easings.net's easeOutBounce)"
        }
    }
}
