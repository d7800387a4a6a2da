/// Counts the steps of work a parse or a format takes: every token the parser reads, and
/// every item, line and piece the formatter visits. Tests hold these counts to a bound
/// proportional to the input (`ParseWorkTests`), so a scan that repeats over the whole script
/// — quadratic work, a hang on a large hostile input — fails a test instead of a deadline.
public final class WorkMeter {
    public internal(set) var steps = 0
    public init() {}
    @inline(__always) func count(_ n: Int = 1) { steps &+= n }
}

/// The parser's tokens: an array whose every read is counted on a `WorkMeter`, with the
/// look-ups recovery needs answered without scanning the script.
///
/// Guarantees: tokens are in source order with distinct start offsets (every token but the
/// last, `.eof`, takes at least one byte), and the last is `.eof`.
struct TokenList: RandomAccessCollection, MutableCollection {
    /// One reference, so that the parser (whose frames the nesting limit multiplies on the
    /// stack of a debug build) stays its size.
    private final class Storage {
        var tokens: [Token]
        let meter: WorkMeter
        /// For each token index i, the lowest brace balance (`{` +1, `}` −1) of any run of
        /// tokens starting at i: below zero when a `}` after i closes a block opened before i.
        let lowestBalanceFrom: [Int32]
        /// For each token index i, where `Parser.synchronize()` started at i stops: the first
        /// token from i on that is a `}` or a line-starting statement keyword outside every
        /// block opened from i on, else the `.eof`. Computed from the tokens as lexed.
        let syncPointFrom: [Int32]
        /// What each token was to recovery as lexed, and the indices (ascending) of the tokens
        /// set since to something recovery treats otherwise: `syncPointFrom` is not used
        /// across those.
        let lexedRole: [Role]
        var changedRoles: [Int] = []

        enum Role: UInt8 { case open, close, statement, other }

        static func role(of token: Token, at i: Int) -> Role {
            if token.isPunct("{") { return .open }
            if token.isPunct("}") { return .close }
            if Parser.isStrong(token, at: i) { return .statement }
            return .other
        }

        init(_ tokens: [Token], meter: WorkMeter) {
            self.tokens = tokens
            self.meter = meter
            let n = tokens.count
            let roles = tokens.indices.map { Storage.role(of: tokens[$0], at: $0) }
            self.lexedRole = roles
            var lowest = [Int32](repeating: 0, count: n)
            var next: Int32 = 0
            for i in roles.indices.reversed() {
                let v: Int32 = roles[i] == .open ? 1 : roles[i] == .close ? -1 : 0
                next = i == n - 1 ? v : v + Swift.min(0, next)
                lowest[i] = next
            }
            self.lowestBalanceFrom = lowest
            // The '}' that closes each '{' (-1 when none does), then the stops from the end:
            // a '{' skips to after its '}' (to the end when it is never closed).
            var closer = [Int32](repeating: -1, count: n), open: [Int] = []
            for i in roles.indices {
                if roles[i] == .open { open.append(i) } else if roles[i] == .close, let o = open.popLast() { closer[o] = Int32(i) }
            }
            var sync = [Int32](repeating: Int32(n - 1), count: n)
            for i in stride(from: n - 2, through: 0, by: -1) {
                switch roles[i] {
                case .close, .statement: sync[i] = Int32(i)
                case .open: sync[i] = closer[i] >= 0 ? sync[Int(closer[i]) + 1] : Int32(n - 1)
                case .other: sync[i] = sync[i + 1]
                }
            }
            self.syncPointFrom = sync
            meter.count(3 * n)
        }
    }
    private let storage: Storage

    init(_ tokens: [Token], meter: WorkMeter) { storage = Storage(tokens, meter: meter) }

    var meter: WorkMeter { storage.meter }
    var startIndex: Int { 0 }
    var endIndex: Int { storage.tokens.count }

    /// Setting a token changes it for every copy of the list (the parser has one).
    subscript(i: Int) -> Token {
        get { storage.meter.count(); return storage.tokens[i] }
        nonmutating set {
            storage.tokens[i] = newValue
            let changed = Storage.role(of: newValue, at: i) != storage.lexedRole[i]
            let at = firstChangedRole(atOrAfter: i)
            let listed = at < storage.changedRoles.count && storage.changedRoles[at] == i
            if changed, !listed { storage.changedRoles.insert(i, at: at) }
            if !changed, listed { storage.changedRoles.remove(at: at) }
        }
    }

    /// Where `Parser.synchronize()` started at token `i` stops, without scanning; nil when a
    /// token on the way was set to one recovery treats otherwise than the one lexed (the
    /// caller then scans).
    func syncPoint(from i: Int) -> Int? {
        storage.meter.count()
        let stop = Int(storage.syncPointFrom[i])
        let at = firstChangedRole(atOrAfter: i)
        return at < storage.changedRoles.count && storage.changedRoles[at] <= stop ? nil : stop
    }

    /// Whether a `}` at or after token `i` closes a block opened before `i` (braces balanced
    /// in between).
    func closesOpenBlock(from i: Int) -> Bool {
        storage.meter.count()
        return i < storage.lowestBalanceFrom.count && storage.lowestBalanceFrom[i] < 0
    }

    /// The index of the token that starts at `offset`, if one does (binary search).
    func index(startingAt offset: Int) -> Int? {
        let i = firstIndex(startingAtOrAfter: offset)
        return i < count && storage.tokens[i].range.start == offset ? i : nil
    }

    /// The first token starting at or after `offset` (`count` when none does).
    func firstIndex(startingAtOrAfter offset: Int) -> Int {
        partitionPoint(storage.tokens.count) { storage.meter.count(); return storage.tokens[$0].range.start >= offset }
    }

    /// Where token index `i` is, or would go, in `changedRoles`.
    private func firstChangedRole(atOrAfter i: Int) -> Int {
        partitionPoint(storage.changedRoles.count) { storage.changedRoles[$0] >= i }
    }

    /// The first token on the line of token `i`: the nearest token at or before it that
    /// follows a line break, or the first token. (A token never holds a line break, so that
    /// is the first token starting at or after the line's start.)
    func lineHead(of i: Int, in file: SourceFile) -> Int {
        let line = file.location(of: storage.tokens[i].range.start).line
        return Swift.min(i, firstIndex(startingAtOrAfter: file.base + file.lineStarts[line - 1]))
    }
}

/// The first of `0..<count` where `isAbove` holds, for a predicate that is false and then
/// true along the range (binary search).
private func partitionPoint(_ count: Int, _ isAbove: (Int) -> Bool) -> Int {
    var lo = 0, hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if isAbove(mid) { hi = mid } else { lo = mid + 1 }
    }
    return lo
}
