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
        let query = Query(word)
        let p = query.closest(preferred), o = query.closest(others)
        if let p, let o, o.1 < p.1 { return o.0 }
        return p?.0 ?? o?.0
    }

    /// A word to find a candidate for, lowercased once. A word of printable ASCII (nearly
    /// every word a script has) meets each ASCII candidate as bytes: there each byte is one
    /// character and lowercasing maps bytes to bytes, so the answers are those of comparing
    /// characters, without building a lowercased copy of every candidate it is matched with.
    struct Query {
        let word: String
        let characters: [Character]
        let bytes: [UInt8]?

        init(_ word: String, asBytes: Bool = true) {
            self.word = word
            characters = Array(word.lowercased())
            var bytes: [UInt8] = []
            self.bytes = asBytes && Suggestion.lowercasedIfPrintableASCII(word, into: &bytes) ? bytes : nil
        }

        /// The closest candidate and its distance; ties go to the alphabetically first.
        func closest(_ candidates: [String]) -> (String, Int)? {
            var best: (String, Int)? = nil
            var scratch: [UInt8] = []
            for c in candidates where c != word {
                guard let d = distance(to: c, scratch: &scratch) else { continue }
                if let b = best, d > b.1 || (d == b.1 && c >= b.0) { continue }
                best = (c, d)
            }
            return best
        }

        /// Edits from the word to `candidate`, or nil when that is beyond the limits.
        func distance(to candidate: String, scratch: inout [UInt8]) -> Int? {
            if let bytes, Suggestion.lowercasedIfPrintableASCII(candidate, into: &scratch) {
                guard let limit = limit(to: scratch.count) else { return nil }
                let w = word.utf8, c = candidate.utf8
                if Suggestion.isPart(c, of: w) || Suggestion.isPart(w, of: c) { return nil }
                let d = Suggestion.distance(bytes, scratch)
                return d <= limit ? d : nil
            }
            // `skew-x` is not a misspelt `skew`: never suggest by dropping a part.
            if word.hasPrefix(candidate + "-") || candidate.hasPrefix(word + "-") { return nil }
            let c = Array(candidate.lowercased())
            guard let limit = limit(to: c.count) else { return nil }
            let d = Suggestion.distance(characters, c)
            return d <= limit ? d : nil
        }

        /// Most edits allowed to a candidate of `count` letters, or nil when it is out of reach.
        private func limit(to count: Int) -> Int? {
            let n = characters.count, shortest = min(n, count)
            // A two-letter word is only reached by one letter more (`too` → `to`). Otherwise
            // the distance suits the word as typed: `rounded` (7 letters) may lose two to be
            // `round`.
            let limit = shortest == 2 ? (max(n, count) == 3 ? 1 : 0) : maxDistance(forLength: shortest == 1 ? 1 : n)
            return limit > 0 && abs(count - n) <= limit ? limit : nil
        }
    }

    /// Puts `s` lowercased into `bytes` and answers true when it is printable ASCII.
    static func lowercasedIfPrintableASCII(_ s: String, into bytes: inout [UInt8]) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        for b in s.utf8 {
            guard b >= 0x20 && b < 0x7F else { return false }
            bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        return true
    }

    /// Whether `whole` begins with `part` and a hyphen (`skew-x` and `skew`), in bytes.
    static func isPart(_ part: String.UTF8View, of whole: String.UTF8View) -> Bool {
        whole.count > part.count && whole.starts(with: part) && whole[whole.index(whole.startIndex, offsetBy: part.count)] == 0x2D
    }

    /// The tail of a message: "; did you mean 'x'?" when something is close, else
    /// "; expected one of: a, b, c" when the valid words are few (and `listIfShort`), else "".
    public static func tail(for word: String, among preferred: [String], others: [String] = [], listIfShort: Bool = false) -> String {
        if let s = best(for: word, among: preferred, others: others) { return "; did you mean '\(s)'?" }
        return listIfShort ? listing(preferred) : ""
    }

    /// "; expected one of: a, b, c" when `words` are few, else "".
    public static func listing(_ words: [String]) -> String {
        !words.isEmpty && words.count <= maxListed ? "; expected one of: \(words.joined(separator: ", "))" : ""
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbours (`valeus` → `values`) each cost one.
    public static func distance<Letter: Equatable>(_ a: [Letter], _ b: [Letter]) -> Int {
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
