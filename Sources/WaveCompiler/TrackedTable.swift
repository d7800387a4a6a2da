/// A dictionary that can remember, while `isTracking`, what each key it writes held before
/// its first write since `startTracking()`, so the writes can be undone (`cutBack()`).
///
/// The REPL compiles each input into the session's environment in place and undoes the
/// input's writes when it fails (`Environment.rollBack`); keeping a copy of the tables to
/// go back to would copy each of them whole at its first write, once per input.
struct TrackedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private(set) var storage: [Key: Value] = [:]
    /// The value of each key written since tracking started, before its first write.
    private var originals: [Key: Value?] = [:]
    /// Off for a whole file's compile, which nothing undoes.
    var isTracking = false

    init() {}

    subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            if isTracking && originals[key] == nil { originals[key] = .some(storage[key]) }
            storage[key] = newValue
        }
    }

    var keys: Dictionary<Key, Value>.Keys { storage.keys }

    /// Forgets earlier writes: `cutBack()` undoes only later ones.
    mutating func startTracking() { originals = [:] }

    /// Undoes every write since tracking started.
    mutating func cutBack() {
        for (key, was) in originals { storage[key] = was }
        originals = [:]
    }
}
