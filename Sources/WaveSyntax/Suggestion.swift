/// The one did-you-mean engine, for every kind of word: names, properties, keywords, labels,
/// layer kinds, curves, colours, anchors, functions and units.
///
/// A candidate is suggested only within a distance that suits the word's length (one edit
/// for words up to five letters, two up to eight, three beyond), never when the two words
/// differ in length by more than that, never for or to a word of one letter, for or to one
/// of two letters only across one added letter (`too` → `to`), and never by adding or
/// dropping a hyphenated part. Among equally close candidates the preferred group (the same category as the slot)
/// wins, then the alphabetically first, so a suggestion never depends on hash order.
public enum Suggestion {
    /// Most edits allowed between a word of `length` letters and a candidate.
    public static func maxDistance(forLength length: Int) -> Int {
        length <= 2 ? 0 : length <= 5 ? 1 : length <= 8 ? 2 : 3
    }

    /// Lists up to this long are printed in full when nothing is close ("expected one of: …").
    public static let maxListed = 10

    /// The closest candidate within the limits, looking in `preferred` first and then in
    /// `others`; nil when nothing is close enough.
    public static func best(for word: String, among preferred: [String], others: [String] = []) -> String? {
        let w = Array(word.lowercased())
        func closest(_ candidates: [String]) -> (String, Int)? {
            var best: (String, Int)? = nil
            for c in candidates where c != word {
                let cw = Array(c.lowercased())
                // `skew-x` is not a misspelt `skew`: never suggest by dropping a part.
                if word.hasPrefix(c + "-") || c.hasPrefix(word + "-") { continue }
                // A two-letter word is only reached by one letter more (`too` → `to`).
                let shortest = min(w.count, cw.count)
                // Otherwise the distance suits the word as typed: `rounded` (7 letters) may
                // lose two to be `round`.
                let limit = shortest == 2 ? (max(w.count, cw.count) == 3 ? 1 : 0) : maxDistance(forLength: shortest == 1 ? 1 : w.count)
                guard limit > 0, abs(cw.count - w.count) <= limit else { continue }
                let d = distance(w, cw)
                guard d <= limit else { continue }
                if let b = best, d > b.1 || (d == b.1 && c >= b.0) { continue }
                best = (c, d)
            }
            return best
        }
        let p = closest(preferred), o = closest(others)
        if let p, let o, o.1 < p.1 { return o.0 }
        return p?.0 ?? o?.0
    }

    /// The tail of a message: "; did you mean 'x'?" when something is close, else
    /// "; expected one of: a, b, c" when the valid words are few (and `listIfShort`), else "".
    public static func tail(for word: String, among preferred: [String], others: [String] = [], listIfShort: Bool = false) -> String {
        if let s = best(for: word, among: preferred, others: others) { return "; did you mean '\(s)'?" }
        if listIfShort, !preferred.isEmpty, preferred.count <= maxListed {
            return "; expected one of: \(preferred.joined(separator: ", "))"
        }
        return ""
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours (`valeus` → `values`) each cost one.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, before[j - 2] + 1) }
                cur[j] = d
            }
            (before, prev, cur) = (prev, cur, before)
        }
        return prev[b.count]
    }
}

/// The closest candidate for a did-you-mean, or nil (see `Suggestion`).
public func suggestion(for name: String, among candidates: [String]) -> String? {
    Suggestion.best(for: name, among: candidates)
}
