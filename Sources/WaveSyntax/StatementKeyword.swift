/// The words that start a statement or declaration (grammar.md §2, `statement`): each with
/// its form, as the grammar writes it, and what it does, for `:help` and hover.
public enum StatementKeyword: String, CaseIterable, Sendable {
    case scene, layer, template, `let`, `var`, `func`, emit
    case every, at, after, animate, spring, sequence, parallel, effect
    case `if`, `for`, spawn, remove, stop

    /// Starts a declaration, which belongs at the top level of a script.
    public var isDeclaration: Bool {
        switch self {
        case .scene, .layer, .template, .let, .var, .func, .emit: return true
        default: return false
        }
    }

    public var form: String {
        switch self {
        case .scene: return "scene WIDTHxHEIGHT { background …  duration …  seed … }"
        case .layer: return "layer NAME[N]: KIND [below|above L] { property value … }"
        case .template: return "template NAME(param = default, …): KIND { … }"
        case .let: return "let NAME = expr"
        case .var: return "var NAME = expr"
        case .func: return "func NAME(a, b) = expr"
        case .emit: return "emit TEMPLATE { birth-rate …  lifetime … }"
        case .every: return "every tick { … } | every N ticks { … } | every D { … }"
        case .at: return "at T { … }"
        case .after: return "after D { … }"
        case .animate: return "animate L.P [from A] to B over D [ease C] [delay D] [repeat N] [then { … }]"
        case .spring: return "spring L.P to B [stiffness k] [damping c] [mass m] [{ … }] [then { … }]"
        case .sequence: return "sequence [stagger D] [delay D] { animate … }"
        case .parallel: return "parallel [stagger D] [delay D] { animate … }"
        case .effect: return "effect L NAME over D [delay D] [seed N] [stagger D]"
        case .if: return "if cond { … } [else { … }]"
        case .for: return "for i in a..<b { … }"
        case .spawn: return "spawn TEMPLATE[(param = value, …)] [below|above L] [{ … }]"
        case .remove: return "remove [L]"
        case .stop: return "stop"
        }
    }

    public var meaning: String {
        switch self {
        case .scene: return "the scene's size, background, length and random seed; first in the script"
        case .layer: return "declares a layer (N copies with [N]); a group's body holds child layers"
        case .template: return "declares a layer that 'spawn' and 'emit' copy, each copy with its own parameters"
        case .let: return "a name for a value or a binding, re-read at every use"
        case .var: return "a variable: handlers and animations change it"
        case .func: return "a function of its arguments, an expression"
        case .emit: return "a particle emitter spawning copies of a template (Core Animation's CAEmitterCell)"
        case .every: return "runs its block at every tick, or every N ticks or every D, starting now"
        case .at: return "runs its block once, at time T of the scene"
        case .after: return "runs its block once, D after it is installed"
        case .animate: return "animates a property or variable from the current tick"
        case .spring: return "animates with a damped spring, which may overshoot its target"
        case .sequence: return "runs the animations inside one after another"
        case .parallel: return "starts the animations inside together"
        case .effect: return "a text effect on a text layer: typewriter, shine, fade, wave, scramble, slide, bounce"
        case .if: return "runs a block when the condition holds"
        case .for: return "runs a block for each whole number from a up to, not including, b"
        case .spawn: return "makes a copy of a template and runs the block for it"
        case .remove: return "removes a layer, or alone (in a spawn block) the copy itself"
        case .stop: return "stops the clock: nothing changes any more"
        }
    }
}
