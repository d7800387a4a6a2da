/// The runtime's layer instances by id: a dictionary whose keys hash with one multiply
/// instead of `Hasher`'s SipHash.
///
/// Instances are looked up by id for nearly every statement, binding and property a tick
/// runs (a particle's per-tick handler reads and writes its own instance a dozen times), and
/// hashing an Int with SipHash cost about 6 % of a particle scene's instructions. The ids
/// are the runtime's own sequence numbers, never taken from a script or a file, so a keyed
/// hash protects nothing here; a multiply by an odd constant spreads consecutive ids over
/// the buckets (the dictionary uses the low bits). Iteration order is the dictionary's, as
/// before: nothing may depend on it (callers sort the ids where order matters).
struct InstanceTable: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    typealias Key = Int
    typealias Value = LayerInstance

    struct ID: Hashable, Sendable {
        let id: Int

        func hash(into hasher: inout Hasher) { hasher.combine(id) }

        func _rawHashValue(seed: Int) -> Int {
            let h = (id ^ seed) &* -7_046_029_254_386_353_131   // 0x9E37_79B9_7F4A_7C15
            return h ^ (h >> 29)
        }
    }

    typealias Storage = [ID: LayerInstance]
    private(set) var storage: Storage = [:]

    init() {}

    init(dictionaryLiteral elements: (Int, LayerInstance)...) {
        for (id, inst) in elements { storage[ID(id: id)] = inst }
    }

    subscript(id: Int) -> LayerInstance? {
        get { storage[ID(id: id)] }
        set { storage[ID(id: id)] = newValue }
        _modify { yield &storage[ID(id: id)] }
    }

    /// Runs `body` on instance `id` where it is stored (the dictionary's values are changed
    /// in place, not moved out and back as through `subscript`'s optional); false when there
    /// is no such instance.
    @inline(__always) @discardableResult
    mutating func update(_ id: Int, _ body: (inout LayerInstance) -> Void) -> Bool {
        guard let i = storage.index(forKey: ID(id: id)) else { return false }
        body(&storage.values[i])
        return true
    }

    var count: Int { storage.count }

    /// The ids, in the dictionary's order.
    var keys: LazyMapSequence<Storage.Keys, Int> { storage.keys.lazy.map(\.id) }

    var values: Storage.Values {
        get { storage.values }
        _modify { yield &storage.values }
    }

    func index(forKey id: Int) -> Storage.Index? { storage.index(forKey: ID(id: id)) }

    func makeIterator() -> some IteratorProtocol<(key: Int, value: LayerInstance)> {
        storage.lazy.map { (key: $0.key.id, value: $0.value) }.makeIterator()
    }
}
