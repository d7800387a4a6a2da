/// Going back to an environment after a compile that failed, without keeping a copy of it.
///
/// The REPL compiles each input against everything typed before and keeps the result only
/// when the input compiles and runs. Holding on to the old environment meant that the
/// compile's first new layer copied the whole layer array (copy on write), so each input
/// cost as much as the session was large. A `Mark` holds everything but the layer and
/// global arrays and the name tables: compiling only appends to the arrays (earlier layers
/// it writes are tracked by `LayerTable`), a layer's name is refused before it is added
/// when another has it, and the other tables (`TrackedTable`) remember what each write
/// replaced. The environment itself goes to the compiler, and on failure is cut back.
extension Environment {
    public struct Mark: Sendable {
        fileprivate let rest: Environment
        fileprivate let layers: Int, globals: Int
    }

    /// Where this environment is, for `rollBack(to:)` after the next compile against it
    /// (from now on the name tables remember what they held before each write).
    public mutating func mark() -> Mark {
        globalIndex.isTracking = true
        lets.isTracking = true
        usedNames.isTracking = true
        functions.isTracking = true
        var rest = self
        rest.layers = LayerTable()
        rest.globals = []
        rest.layerIndex = [:]
        rest.globalIndex = TrackedTable()
        rest.lets = TrackedTable()
        rest.usedNames = TrackedTable()
        rest.functions = TrackedTable()
        return Mark(rest: rest, layers: layers.count, globals: globals.count)
    }

    /// Starts a compile: what it writes is what `rollBack` undoes.
    mutating func startTracking() {
        layers.startTracking()
        globalIndex.startTracking()
        lets.startTracking()
        usedNames.startTracking()
        functions.startTracking()
    }

    /// The environment as it was at `mark`, taken just before the one compile that changed
    /// it since.
    public mutating func rollBack(to mark: Mark) {
        var layers = self.layers, globals = self.globals, layerIndex = self.layerIndex
        var globalIndex = self.globalIndex, lets = self.lets, usedNames = self.usedNames, functions = self.functions
        self = mark.rest
        for i in mark.layers..<layers.count where layerIndex[layers[i].name] == i { layerIndex[layers[i].name] = nil }
        self.layerIndex = layerIndex
        globalIndex.cutBack()
        lets.cutBack()
        usedNames.cutBack()
        functions.cutBack()
        (self.globalIndex, self.lets, self.usedNames, self.functions) = (globalIndex, lets, usedNames, functions)
        layers.cutBack(to: mark.layers)
        globals.removeLast(globals.count - mark.globals)
        self.layers = layers
        self.globals = globals
    }
}
