import Foundation

/// Where frames of escape codes go: the terminal, a file, or a counter.
public protocol ByteSink: AnyObject {
    func write(_ bytes: [UInt8])
    /// The first write that failed, if any (a closed pipe, a full disk): the bytes after
    /// it were lost, so whoever drives the sink must stop and report it.
    var writeFailure: IOError? { get }
}

extension ByteSink {
    public var writeFailure: IOError? { nil }
}

/// Counts bytes and drops them (benchmarks).
public final class NullSink: ByteSink {
    public private(set) var count = 0
    /// The largest single write (with one write per frame: the largest frame).
    public private(set) var largestWrite = 0
    public init() {}
    public func write(_ bytes: [UInt8]) {
        count += bytes.count
        largestWrite = max(largestWrite, bytes.count)
    }
}

/// The controlling terminal: keys unbuffered and unechoed, the alternate screen, a hidden
/// cursor, no line wrap; all undone by `restore()`, which is idempotent and runs on every
/// exit path — and, through crash handlers, even when the process traps.
public final class Terminal: ByteSink {
    var saved = termios()
    var hasSaved = false
    var active = false
    let fd: Int32
    /// The `errno` of the first failed write.
    public private(set) var failedWith: Int32?

    public init(fd: Int32 = STDOUT_FILENO) { self.fd = fd }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns and rows of the terminal, or nil when not a terminal or unknown.
    public static func size(fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J"
    /// Synchronized output ended, attributes reset, line wrap and cursor back, main screen.
    /// The alternate screen is cleared first: a terminal that reflows it into the main screen
    /// on a later resize (tmux does, after the window was resized during playback) then has
    /// nothing to bring back.
    static let restoreSequence = "\u{1B}[?2026l\u{1B}[0m\u{1B}[2J\u{1B}[H\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

    /// Enters the alternate screen with the cursor hidden; stdin stops echoing and line
    /// buffering (signals such as Ctrl-C still arrive).
    public func enter() {
        guard !active else { return }
        if isatty(STDIN_FILENO) == 1 {
            if !hasSaved { tcgetattr(STDIN_FILENO, &saved); hasSaved = true }
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
            withUnsafeMutablePointer(to: &raw.c_cc) { p in
                p.withMemoryRebound(to: cc_t.self, capacity: Int(NCCS)) { cc in
                    cc[Int(VMIN)] = 0
                    cc[Int(VTIME)] = 0
                }
            }
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        active = true
        CrashRestore.arm(fd: fd, termios: hasSaved ? saved : nil, bytes: Array(Terminal.restoreSequence.utf8))
        write(Terminal.enterSequence)
    }

    /// Main screen, visible cursor, attributes reset, input mode as before.
    public func restore() {
        guard active else { return }
        active = false
        CrashRestore.disarm()
        write(Terminal.restoreSequence)
        if hasSaved { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }

    public func write(_ s: String) { write(Array(s.utf8)) }

    public func write(_ bytes: [UInt8]) {
        if let failure = writeFully(fd, bytes, retryWhenBusy: true), failedWith == nil { failedWith = failure }
    }

    public var writeFailure: IOError? {
        guard let failedWith else { return nil }
        let what = fd == STDOUT_FILENO ? "standard output" : "the terminal"
        return IOError(failedWith == EPIPE ? "cannot write to \(what): the reader closed the pipe"
                                           : "cannot write to \(what): \(IOError.reason(failedWith))")
    }

    deinit { restore() }
}

/// Handlers for the signals a crash raises (a Swift trap, a bad access, abort) that put
/// the terminal back before the process dies, then hand the signal to whoever had it
/// before (the Swift backtracer, or the default action). Only async-signal-safe calls.
enum CrashRestore {
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]
    nonisolated(unsafe) static var armed: sig_atomic_t = 0
    nonisolated(unsafe) static var installed = false
    nonisolated(unsafe) static var fd: Int32 = STDOUT_FILENO
    nonisolated(unsafe) static var hasTermios: sig_atomic_t = 0
    nonisolated(unsafe) static let termiosStorage = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)
    nonisolated(unsafe) static var byteCount = 0
    nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    static func arm(fd: Int32, termios saved: termios?, bytes restore: [UInt8]) {
        self.fd = fd
        if let saved { termiosStorage.pointee = saved; hasTermios = 1 } else { hasTermios = 0 }
        byteCount = min(128, restore.count)
        for i in 0..<byteCount { bytes[i] = restore[i] }
        armed = 1
        guard !installed else { return }
        installed = true
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if CrashRestore.armed != 0 {
                    CrashRestore.armed = 0
                    _ = Foundation.write(CrashRestore.fd, CrashRestore.bytes, CrashRestore.byteCount)
                    if CrashRestore.hasTermios != 0 { tcsetattr(STDIN_FILENO, TCSANOW, CrashRestore.termiosStorage) }
                }
                sigaction(sig, CrashRestore.previous + Int(sig), nil)
                raise(sig)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, previous + Int(sig))
        }
    }

    static func disarm() { armed = 0 }
}
