import WaveGeometry
/// The font file fontconfig chose for a descriptor.
///
/// fontconfig always answers with some font; `isExactFamily` tells whether it is
/// the family that was asked for (or a font of the generic family that was asked
/// for, such as "sans"), so that callers can warn about a fallback.
public struct FontMatch: Hashable, Sendable {
    /// The descriptor this match answers.
    public var requested: FontDescriptor
    /// Absolute path of the font file.
    public var file: String
    /// Face index inside the file (collections, named instances).
    public var faceIndex: Int
    /// The matched font's family, e.g. "DejaVu Sans".
    public var family: String
    /// The matched font's style name, e.g. "Bold".
    public var style: String
    /// False when fontconfig substituted another family for the requested one.
    public var isExactFamily: Bool

    public init(
        requested: FontDescriptor, file: String, faceIndex: Int,
        family: String, style: String, isExactFamily: Bool
    ) {
        self.requested = requested
        self.file = file
        self.faceIndex = faceIndex
        self.family = family
        self.style = style
        self.isExactFamily = isExactFamily
    }
}
