import WaveGeometry
import CFreeType
import Foundation  // NSLock

/// Resolves fonts and lays out text; the one place that owns FreeType and
/// fontconfig state.
///
/// Thread-safe: every call takes one lock, because FreeType faces (and the
/// library that creates them) must not be used from two threads at once.
/// Caches the resolved match per descriptor, the opened face per file, each
/// face's glyph outlines, and recent runs (the cache is cleared when it grows
/// past `runCacheLimit`, so results never depend on what was cached).
public final class FontLibrary: @unchecked Sendable {
    public static let shared = FontLibrary()

    private struct FaceKey: Hashable {
        var file: String
        var faceIndex: Int
    }

    private struct RunKey: Hashable {
        /// UTF-8 bytes, not `String`: Strings compare by canonical equivalence, and a
        /// run must report the characters it was given.
        var text: [UInt8]
        var font: FontDescriptor
        var size: Double
    }

    private static let runCacheLimit = 512
    /// How many of fontconfig's fallbacks are tried when the best match cannot be opened.
    private static let fallbackAttempts = 8
    /// How many of fontconfig's fallbacks may draw characters the chosen face lacks.
    private static let glyphFallbacks = 32

    private let lock = NSLock()
    // Everything below is guarded by `lock`.
    private var library: FT_Library?
    private var resolver: FontResolver?
    private var matches: [FontDescriptor: FontMatch] = [:]
    private var faces: [FaceKey: FontFace] = [:]
    private var runs: [RunKey: GlyphRun] = [:]
    /// Faces tried, in order, for characters a descriptor's face lacks.
    private var fallbacks: [FontDescriptor: [FaceKey]] = [:]

    public init() {}

    deinit {
        faces.removeAll()
        if let library { FT_Done_FreeType(library) }
    }

    /// The font file used for `descriptor`: fontconfig's best match, or the
    /// next font in its fallback order that FreeType can open.
    /// Throws only when no font can be loaded at all.
    public func resolve(_ descriptor: FontDescriptor) throws -> FontMatch {
        try locked { try resolveLocked(descriptor) }
    }

    /// Lays out `text` as a single line at `size` pixels per em.
    public func layout(_ text: String, font: FontDescriptor, size: Double) throws -> GlyphRun {
        guard size.isFinite, size >= 0 else {
            throw FontError("font size must be a finite number >= 0, found \(size)")
        }
        return try locked {
            let key = RunKey(text: Array(text.utf8), font: font, size: size)
            if let cached = runs[key] { return cached }
            let match = try resolveLocked(font)
            let run = try layoutLocked(font, match).run(text, font: match, size: size)
            if runs.count >= Self.runCacheLimit { runs.removeAll(keepingCapacity: true) }
            runs[key] = run
            return run
        }
    }

    /// The distinct characters of `text` that neither the face chosen for `font` nor any of
    /// its fallbacks has a glyph for (drawn as its .notdef box), in order of first use.
    public func missingCharacters(in text: String, font: FontDescriptor) throws -> [Character] {
        try locked {
            let layout = try layoutLocked(font, try resolveLocked(font))
            var missing: [Character] = []
            for c in text where !missing.contains(c) && layout.glyphIndices(for: c) == [0] && layout.fallback(c) == nil { missing.append(c) }
            return missing
        }
    }

    // MARK: - Under the lock

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func resolveLocked(_ descriptor: FontDescriptor) throws -> FontMatch {
        if let cached = matches[descriptor] { return cached }
        if resolver == nil { resolver = try FontResolver() }
        guard let resolver, let best = resolver.bestMatch(for: descriptor) else {
            throw FontError("no font matches '\(descriptor)'")
        }
        var failures: [String] = []
        if let match = loadLocked(best, for: descriptor, failures: &failures) { return match }
        // The best file cannot be opened: walk fontconfig's fallback order.
        let fallbacks = resolver.rankedMatches(for: descriptor).filter {
            ($0.file, $0.faceIndex) != (best.file, best.faceIndex)
        }
        for candidate in fallbacks.prefix(Self.fallbackAttempts) {
            if let match = loadLocked(candidate, for: descriptor, failures: &failures) { return match }
        }
        throw FontError(
            "no font for '\(descriptor)' could be loaded: \(failures.joined(separator: "; "))")
    }

    /// Opens a candidate's face and records the match, or notes why it failed.
    private func loadLocked(
        _ candidate: FontResolver.Candidate, for descriptor: FontDescriptor, failures: inout [String]
    ) -> FontMatch? {
        do {
            _ = try faceLocked(file: candidate.file, faceIndex: candidate.faceIndex)
        } catch {
            failures.append("\(error)")
            return nil
        }
        let match = candidate.match(for: descriptor)
        matches[descriptor] = match
        return match
    }

    /// The layout for `match`'s face, drawing a character it lacks with the first face in
    /// fontconfig's fallback order for `descriptor` that has it.
    private func layoutLocked(_ descriptor: FontDescriptor, _ match: FontMatch) throws -> TextLayout {
        let face = try faceLocked(file: match.file, faceIndex: match.faceIndex)
        var layout = TextLayout(face: face)
        layout.fallback = { [unowned self] character in
            if fallbacks[descriptor] == nil {
                fallbacks[descriptor] = (resolver?.rankedMatches(for: descriptor) ?? [])
                    .filter { ($0.file, $0.faceIndex) != (match.file, match.faceIndex) }
                    .prefix(Self.glyphFallbacks).map { FaceKey(file: $0.file, faceIndex: $0.faceIndex) }
            }
            for key in fallbacks[descriptor] ?? [] {
                guard let other = try? faceLocked(file: key.file, faceIndex: key.faceIndex) else { continue }
                let found = TextLayout.glyphIndices(for: character, in: other)
                if found != [0] { return (other, found) }
            }
            return nil
        }
        return layout
    }

    private func faceLocked(file: String, faceIndex: Int) throws -> FontFace {
        let key = FaceKey(file: file, faceIndex: faceIndex)
        if let cached = faces[key] { return cached }
        let face = try FontFace(library: try libraryLocked(), file: file, faceIndex: faceIndex)
        faces[key] = face
        return face
    }

    private func libraryLocked() throws -> FT_Library {
        if let library { return library }
        var created: FT_Library?
        let error = FT_Init_FreeType(&created)
        guard error == 0, let created else {
            throw FontError("FreeType could not be initialized (error \(error))")
        }
        library = created
        return created
    }
}
