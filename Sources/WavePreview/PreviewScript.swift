import Dispatch
import Foundation
import WaveCompiler
import WaveDriver
import WaveSinks
import WaveRuntime
import WaveSyntax

/// One script the preview shows: its last version that compiled (the frames come from it),
/// the diagnostics of the version on disk, and a watcher for saves.
///
/// Each save that compiles is a new `version`; one that does not keeps the last good version
/// (its frames stay on the page) and sets `diagnostics` to what `wave check` prints for it.
/// Frames are rendered on the script's own serial queue, one at a time, so a burst of
/// requests waits its turn instead of running many renders at once; the last few frames are
/// kept for other tabs at the same tick.
public final class PreviewScript: @unchecked Sendable {
    /// The name pages use: the file name relative to the served folder.
    public let name: String
    public let path: String
    public let scale: Double

    /// A version that compiled.
    struct Good {
        var version: Int
        var program: Program
        var file: SourceFile
        var seeker: FrameSeeker
        var markers: [TimelineMarkers.Marker]
    }

    private let lock = NSLock()
    private let queue: DispatchQueue
    private var good: Good?
    private var version = 0
    /// What `wave check` prints for the file on disk; empty when it compiles cleanly.
    private var diagnosticText = ""
    private var failed = false
    private let watcher: ScriptWatcher
    private var recent: [(version: Int, tick: Int, png: [UInt8])] = []
    static let recentFrames = 8

    /// Reads and compiles the script now.
    public init(name: String, path: String, scale: Double) {
        self.name = name
        self.path = path
        self.scale = scale
        queue = DispatchQueue(label: "wave.preview.script")
        watcher = ScriptWatcher(path: path)
        load(Result { () throws(ScriptReadError) in try ScriptReader.read(path) })
    }

    /// What the page shows about the script: the version, size, duration, markers and the
    /// diagnostics of the file on disk.
    public struct Info: Codable, Sendable, Equatable {
        public var script: String
        /// 0 until a version compiles.
        public var version: Int
        public var width: Int
        public var height: Int
        /// The scrubber's length: the scene's duration, or 300 ticks when it has none.
        public var durationTicks: Int
        public var hasDuration: Bool
        public var markers: [TimelineMarkers.Marker]
        /// `wave check`'s text for the file on disk ("" when clean).
        public var diagnostics: String
        /// Whether the file on disk fails to compile (the frames are of `version`).
        public var failed: Bool
    }

    public var info: Info {
        lock.lock(); defer { lock.unlock() }
        let scene = good?.program.scene
        return Info(script: name, version: good?.version ?? 0,
                    width: Int((Double(scene?.width ?? 0) * scale).rounded()), height: Int((Double(scene?.height ?? 0) * scale).rounded()),
                    durationTicks: scene?.durationTicks ?? 300, hasDuration: scene?.durationTicks != nil,
                    markers: good?.markers ?? [], diagnostics: diagnosticText, failed: failed)
    }

    /// Reads the file again when it changed on disk; true when there is news for the pages
    /// (a new version, or new diagnostics).
    public func reloadIfChanged() -> Bool {
        guard let change = watcher.poll() else { return false }
        load(change)
        return true
    }

    /// Compiles `read` and makes it the current version when it compiles.
    private func load(_ read: Result<SourceFile, ScriptReadError>) {
        let file: SourceFile
        switch read {
        case .failure(let e):
            setFailed(e.locatedLine ?? "error: \(e.message)\n")
            return
        case .success(let f): file = f
        }
        let (program, diagnostics) = ScriptLoader.check(file)
        var text = DiagnosticFormatter(useColor: false).format(all: diagnostics, in: file)
        let errors = diagnostics.filter { $0.severity == .error }.count
        if errors > 0 { text += "\(errors) error\(errors == 1 ? "" : "s") in \(file.name)\n" }
        guard let program, let seeker = try? FrameSeeker(program: program, scale: scale) else {
            setFailed(text.isEmpty ? "\(file.name): does not compile\n" : text)
            return
        }
        let side = Double(max(program.scene.width, program.scene.height)) * scale
        guard side <= Double(Compiler.maxCanvasSide) else {
            // As `wave render --scale` refuses it.
            setFailed(text + "error: frames would be \(Int(side)) px on a side; the limit is \(Compiler.maxCanvasSide) (lower --scale)\n")
            return
        }
        let markers = TimelineMarkers.of(program, in: file, limit: program.scene.durationTicks ?? 300)
        lock.lock(); defer { lock.unlock() }
        version += 1
        good = Good(version: version, program: program, file: file, seeker: seeker, markers: markers)
        diagnosticText = text
        failed = false
        recent = []
    }

    private func setFailed(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        diagnosticText = text
        failed = true
    }

    /// The current good version, read under the lock.
    func current() -> Good? {
        lock.lock(); defer { lock.unlock() }
        return good
    }

    /// A problem drawing a frame: no version compiled yet, or the scene's own runtime error
    /// (located, as `wave render` prints it).
    public struct FrameError: Error, Sendable {
        public var message: String
        public var noVersion: Bool
    }

    /// The frame at `tick` of the current version as a PNG, with that version; rendered on
    /// the script's queue.
    public func frame(at tick: Int) throws -> (version: Int, png: [UInt8]) {
        try onQueue { [self] in
            guard let good = current() else { throw FrameError(message: "no version of \(name) has compiled yet", noVersion: true) }
            lock.lock()
            let cached = recent.first { $0.version == good.version && $0.tick == tick }
            lock.unlock()
            if let cached { return (good.version, cached.png) }
            let png: [UInt8]
            do { png = try good.seeker.png(at: tick, compression: 1) } catch {
                throw FrameError(message: describe(error, in: good.file), noVersion: false)
            }
            lock.lock()
            if good.version == version {
                recent.append((good.version, tick, png))
                if recent.count > PreviewScript.recentFrames { recent.removeFirst() }
            }
            lock.unlock()
            return (good.version, png)
        }
    }

    /// The state at `tick` of the current version (the inspector's tree).
    public func inspect(at tick: Int) throws -> SceneInspector.Snapshot {
        try onQueue { [self] in
            guard let good = current() else { throw FrameError(message: "no version of \(name) has compiled yet", noVersion: true) }
            do { return SceneInspector.snapshot(try good.seeker.runtime(at: tick), version: good.version, tick: tick) } catch {
                throw FrameError(message: describe(error, in: good.file), noVersion: false)
            }
        }
    }

    /// `props` over the whole scrubber, drawn as `wave trace --plot` draws them.
    public func plot(_ props: [String]) throws -> String {
        try onQueue { [self] in
            guard let good = current() else { throw FrameError(message: "no version of \(name) has compiled yet", noVersion: true) }
            do {
                return try PropertyPlot.svg(good.program, props: props, ticks: 0...((good.program.scene.durationTicks ?? 300) - 1),
                                            title: PathName.lastComponent(name))
            } catch let e as PropertyPlot.Problem { throw FrameError(message: e.message, noVersion: false) } catch {
                throw FrameError(message: describe(error, in: good.file), noVersion: false)
            }
        }
    }

    /// The files this script may have served: itself and the images its layers name.
    public func servedFiles() -> [String] {
        guard let program = current()?.program else { return [PathName.lastComponent(path)] }
        var out = [PathName.lastComponent(path)]
        for layer in program.layers where layer.kind == .image {
            if case .constant(.string(let s)) = layer.properties[.source] { out.append(s) }
        }
        return out
    }

    private func describe(_ error: Error, in file: SourceFile) -> String {
        if let e = error as? RuntimeError { return DiagnosticFormatter(useColor: false).format(all: [e.diagnostic], in: file) }
        return Exit.message(error) + "\n"
    }

    /// Runs `work` on the script's queue (a thread of Dispatch's, with a full-size stack)
    /// and waits for it.
    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        queue.async {
            box.result = Result { try work() }
            done.signal()
        }
        done.wait()
        guard let result = box.result else { throw FrameError(message: "the render did not finish", noVersion: false) }
        return try result.get()
    }
}

/// A result handed from the script's queue to the waiting thread (the semaphore orders the two).
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
