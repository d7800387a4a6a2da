import WaveGeometry
@preconcurrency import CFontconfig

/// Turns a `FontDescriptor` into font files through fontconfig.
///
/// Not thread-safe on its own: `FontLibrary` calls it under its lock.
struct FontResolver {
    /// A font fontconfig offered: enough to open it with FreeType and to tell
    /// whether it is the requested family.
    struct Candidate {
        var file: String
        var faceIndex: Int
        /// All family names of the font (fonts may list several, e.g. localized).
        var families: [String]
        var style: String

        func match(for requested: FontDescriptor) -> FontMatch {
            FontMatch(
                requested: requested, file: file, faceIndex: faceIndex,
                family: families.first ?? "", style: style,
                isExactFamily: FontResolver.isExactFamily(requested.family, matched: families))
        }
    }

    /// Generic names fontconfig's configuration maps to concrete families; any
    /// font it picks for them counts as the requested family.
    static let genericFamilies: Set<String> = [
        "sans", "sans-serif", "serif", "mono", "monospace", "cursive", "fantasy",
        "system-ui", "emoji", "math",
    ]

    /// Initializes fontconfig (idempotent in fontconfig itself).
    init() throws {
        guard FcInit() == FcTrue else {
            throw FontError("fontconfig could not be initialized")
        }
    }

    /// The family each generic name means first, when it is installed: the same bytes
    /// whatever other fonts a machine has (fontconfig's own choice for "mono" changes when,
    /// say, Noto Sans Mono is installed beside DejaVu). Without it, fontconfig chooses.
    static let preferredFamilies: [String: String] = [
        "sans": "DejaVu Sans", "sans-serif": "DejaVu Sans", "system-ui": "DejaVu Sans",
        "serif": "DejaVu Serif", "mono": "DejaVu Sans Mono", "monospace": "DejaVu Sans Mono",
    ]

    /// fontconfig's best match (`FcFontMatch`), or nil if it has none at all. A generic
    /// family tries its preferred family first.
    func bestMatch(for descriptor: FontDescriptor) -> Candidate? {
        if let preferred = Self.preferredFamilies[Self.folded(descriptor.family)] {
            var exact = descriptor
            exact.family = preferred
            if let c = match(exact), Self.isExactFamily(preferred, matched: c.families) { return c }
        }
        return match(descriptor)
    }

    private func match(_ descriptor: FontDescriptor) -> Candidate? {
        guard let pattern = Self.pattern(for: descriptor) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return Self.candidate(from: font)
    }

    /// Every font fontconfig would fall back to, best first (`FcFontSort`);
    /// used only when the best match cannot be opened.
    func rankedMatches(for descriptor: FontDescriptor) -> [Candidate] {
        guard let pattern = Self.pattern(for: descriptor) else { return [] }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var candidates: [Candidate] = []
        let count = Int(set.pointee.nfont)
        for i in 0..<count {
            if let font = set.pointee.fonts[i], let candidate = Self.candidate(from: font) {
                candidates.append(candidate)
            }
        }
        return candidates
    }

    /// The requested family is exact when the font carries that name (compared
    /// as fontconfig does: ignoring case and blanks) or when it is a generic name.
    static func isExactFamily(_ requested: String, matched families: [String]) -> Bool {
        let wanted = folded(requested)
        if genericFamilies.contains(wanted) { return true }
        return families.contains { folded($0) == wanted }
    }

    private static func folded(_ name: String) -> String {
        String(name.lowercased().filter { !$0.isWhitespace })
    }

    // MARK: - Patterns

    /// family + weight/slant (for keyword styles) or style name, preferring
    /// scalable fonts, after config and default substitution.
    private static func pattern(for descriptor: FontDescriptor) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        addString(pattern, FC_FAMILY, descriptor.family)
        if let (weight, slant) = weightAndSlant(descriptor.style) {
            if let weight { FcPatternAddInteger(pattern, FC_WEIGHT, weight) }
            if let slant { FcPatternAddInteger(pattern, FC_SLANT, slant) }
        } else {
            addString(pattern, FC_STYLE, descriptor.style)
        }
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    /// Maps a style made only of keywords ("bold italic", "light", "regular") to
    /// fontconfig weight and slant; nil when some word is not a keyword, in which
    /// case the style is matched by name.
    static func weightAndSlant(_ style: String) -> (weight: Int32?, slant: Int32?)? {
        var weight: Int32?
        var slant: Int32?
        let words = style.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "-" })
        for word in words {
            switch word {
            case "regular", "normal", "plain": weight = weight ?? Int32(FC_WEIGHT_REGULAR)
            case "book": weight = Int32(FC_WEIGHT_BOOK)
            case "thin", "hairline": weight = Int32(FC_WEIGHT_THIN)
            case "extralight", "ultralight": weight = Int32(FC_WEIGHT_EXTRALIGHT)
            case "light": weight = Int32(FC_WEIGHT_LIGHT)
            case "medium": weight = Int32(FC_WEIGHT_MEDIUM)
            case "semibold", "demibold": weight = Int32(FC_WEIGHT_DEMIBOLD)
            case "bold": weight = Int32(FC_WEIGHT_BOLD)
            case "extrabold", "ultrabold": weight = Int32(FC_WEIGHT_EXTRABOLD)
            case "black", "heavy": weight = Int32(FC_WEIGHT_BLACK)
            case "roman", "upright": slant = Int32(FC_SLANT_ROMAN)
            case "italic": slant = Int32(FC_SLANT_ITALIC)
            case "oblique": slant = Int32(FC_SLANT_OBLIQUE)
            default: return nil
            }
        }
        return (weight, slant)
    }

    // MARK: - Reading results

    private static func candidate(from font: OpaquePointer) -> Candidate? {
        guard let file = string(font, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        while let family = string(font, FC_FAMILY, Int32(families.count)) {
            families.append(family)
        }
        return Candidate(
            file: file, faceIndex: Int(index), families: families,
            style: string(font, FC_STYLE, 0) ?? "")
    }

    /// The n-th string value of `object`, copied out of the pattern.
    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else {
            return nil
        }
        return String(cString: value)
    }

    private static func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        let bytes = Array(value.utf8) + [0]
        bytes.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress {
                _ = FcPatternAddString(pattern, object, base)
            }
        }
    }
}
