import WaveCompiler

extension ValueTrace {
    /// The axis `wave trace --plot` draws a value of `type` against ("px", "degrees", …),
    /// for other plots of traced values (the preview's inspector).
    public static func axis(of type: ValueType, named name: String = "") -> String { unit(of: type, named: name) }
}
