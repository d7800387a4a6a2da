/// The session's top-level declarations in the order typed, each with the name it declares,
/// and an index from name to place: finding whether an input redeclares a name costs the
/// same however many declarations the session has.
struct DeclarationList {
    private(set) var texts: [String] = []
    private var places: [String: Int] = [:]

    /// Where the first declaration of `name` is.
    func place(of name: String) -> Int? { places[name] }

    mutating func append(_ text: String, declaring name: String?) {
        if let name, places[name] == nil { places[name] = texts.count }
        texts.append(text)
    }

    /// Puts `text` in place of the declaration at `index`, which declares the same name.
    mutating func replace(at index: Int, with text: String) { texts[index] = text }
}
