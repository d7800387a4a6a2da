import Foundation
import WaveGraphics

/// An ffmpeg child process fed raw RGBA frames on its standard input, writing one video
/// file (or standard output). The child runs in a process group of its own, so a Ctrl-C
/// at the terminal reaches wave alone: wave then stops it (`kill`) and removes the file.
///
/// Frames arrive as the renderer's premultiplied pixmaps; `straightAlpha` turns them into
/// straight alpha first (for WebM with alpha). Otherwise alpha is dropped by the encoder's
/// YUV conversion, which shows premultiplied colours over black. `padRight`/`padBottom`
/// add a column or row of `padding` (one premultiplied RGBA pixel) for codecs that need
/// even sides.
final class FFmpegEncoder: PixmapEncoder {
    let pid: pid_t
    private var stdinFD: Int32
    private let width: Int, height: Int
    private let padRight: Bool, padBottom: Bool
    private let padding: [UInt8]
    private let straightAlpha: Bool
    private var exited: Int32?

    /// Starts `ffmpeg` (an absolute path) with `arguments`; its input is a pipe from here,
    /// its standard output and error are wave's.
    init(ffmpeg: String, arguments: [String], width: Int, height: Int, padRight: Bool = false,
         padBottom: Bool = false, padding: [UInt8] = [0, 0, 0, 255], straightAlpha: Bool = false) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw IOError("cannot start ffmpeg: \(IOError.reason(errno))") }
        // Neither end is inherited as such: the child gets the read end as its stdin only.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (signals from the terminal are wave's to pass on), and
        // SIGPIPE back to its default (wave ignores it; the child would inherit that).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([ffmpeg] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, ffmpeg, &actions, &attributes, argv, environ)
        close(fds[0])
        guard status == 0 else {
            close(fds[1])
            throw IOError("cannot start '\(ffmpeg)': \(IOError.reason(status))")
        }
        pid = child
        stdinFD = fds[1]
        self.width = width
        self.height = height
        self.padRight = padRight
        self.padBottom = padBottom
        self.padding = padding
        self.straightAlpha = straightAlpha
    }

    /// Sends one frame; a child that has stopped reading is an error naming its status.
    func add(_ pixmap: Pixmap) throws {
        guard stdinFD >= 0 else { throw IOError("ffmpeg's input is already closed") }
        var bytes = straightAlpha ? pixmap.unpremultipliedRGBA() : pixmap.data
        if padRight || padBottom { bytes = padded(bytes) }
        if let failure = writeFully(stdinFD, bytes) {
            close(stdinFD); stdinFD = -1
            if failure == EPIPE { throw IOError("ffmpeg stopped before the video was complete (\(describe(waitForExit())))") }
            throw IOError("cannot write to ffmpeg: \(IOError.reason(failure))")
        }
    }

    /// The frame with its padding column and row.
    private func padded(_ rgba: [UInt8]) -> [UInt8] {
        let w = width + (padRight ? 1 : 0)
        var out: [UInt8] = []
        out.reserveCapacity(w * (height + (padBottom ? 1 : 0)) * 4)
        for y in 0..<height {
            out.append(contentsOf: rgba[(y * width * 4)..<((y + 1) * width * 4)])
            if padRight { out.append(contentsOf: padding) }
        }
        if padBottom { for _ in 0..<w { out.append(contentsOf: padding) } }
        return out
    }

    /// Closes the input (the end of the video) and waits for ffmpeg to write the file.
    func finish() throws {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
        let status = waitForExit()
        guard status == 0 else { throw IOError("ffmpeg failed (\(describe(status)))") }
    }

    /// Stops the child at once (an interrupted or failed render): a write in progress on
    /// the encoder's queue then fails instead of blocking. Call `reap` once that queue is idle.
    func stop() {
        if exited == nil { _ = Foundation.kill(pid, SIGKILL) }
    }

    /// Closes the input and waits for the child (after `stop`, or instead of `finish`).
    func reap() {
        if stdinFD >= 0 { close(stdinFD); stdinFD = -1 }
        _ = waitForExit()
    }

    /// The child's wait status, waiting for it once.
    private func waitForExit() -> Int32 {
        if let exited { return exited }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exited = status
        return status
    }

    private func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }

    deinit { stop(); reap() }
}

/// Finds the ffmpeg program: `WAVE_FFMPEG` when set, else `ffmpeg` on `PATH`.
public enum FFmpegLocator {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let given = environment["WAVE_FFMPEG"], !given.isEmpty {
            guard access(given, X_OK) == 0 else {
                throw IOError("WAVE_FFMPEG=\(given): not an executable file (\(IOError.reason(errno)))")
            }
            return given
        }
        for dir in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/ffmpeg"
            var st = stat()
            if stat(candidate, &st) == 0, st.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        throw IOError("MP4 and WebM are encoded by ffmpeg, which is not on PATH: install it (Debian: apt-get install ffmpeg) or set WAVE_FFMPEG to its path")
    }
}
