import Foundation
import WaveDriver
import WaveSinks

/// The scripts one preview serves: a single script, or the *.wave files of a folder, and
/// the folder every served file must lie in (`PathConfinement`).
public final class ScriptLibrary: @unchecked Sendable {
    public let confinement: PathConfinement
    /// Script names in the order the page lists them (file names inside the folder).
    public let names: [String]
    public let scale: Double
    /// The folder as given on the command line: scripts are named from it in messages.
    let folder: String
    private let lock = NSLock()
    private var opened: [String: PreviewScript] = [:]

    public struct OpenError: Error, Sendable { public var message: String }

    /// `target` is a script or a folder of scripts.
    public init(target: String, scale: Double) throws(OpenError) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDir) else {
            throw OpenError(message: "cannot read '\(target)': no such file or directory")
        }
        let folder = isDir.boolValue ? target : PathName.directory(of: target)
        guard let confinement = PathConfinement(folder: folder) else { throw OpenError(message: "cannot read folder '\(folder)'") }
        if isDir.boolValue {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: target) else {
                throw OpenError(message: "cannot read directory '\(target)'")
            }
            names = entries.filter { $0.hasSuffix(".wave") && confinement.resolve($0) != nil }.sorted()
            guard !names.isEmpty else { throw OpenError(message: "no .wave scripts in '\(target)'") }
        } else {
            names = [PathName.lastComponent(target)]
        }
        self.confinement = confinement
        self.folder = folder
        self.scale = scale
    }

    /// The script called `name` (the first when `name` is empty), read and compiled the
    /// first time it is asked for; nil for a name not in the list.
    public func script(_ name: String) -> PreviewScript? {
        let chosen = name.isEmpty ? names[0] : name
        guard names.contains(chosen), confinement.resolve(chosen) != nil else { return nil }
        lock.lock(); defer { lock.unlock() }
        if let s = opened[chosen] { return s }
        let path = folder == "." ? chosen : PathName.joining(folder, chosen)
        let s = PreviewScript(name: chosen, path: path, scale: scale)
        opened[chosen] = s
        return s
    }

    /// The scripts opened so far (their files are watched).
    public var openScripts: [PreviewScript] {
        lock.lock(); defer { lock.unlock() }
        return names.compactMap { opened[$0] }
    }

    /// The real path of `file` when `script` may have it served: the script itself or an
    /// image it draws, inside the folder. nil otherwise.
    public func servedFile(_ file: String, of script: PreviewScript) -> String? {
        guard script.servedFiles().contains(file) else { return nil }
        return confinement.resolve(file)
    }
}
