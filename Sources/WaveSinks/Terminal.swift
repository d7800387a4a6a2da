import Foundation

/// The controlling terminal: raw-ish input mode, the alternate screen and a hidden cursor,
/// all undone by `restore()` — which is idempotent and safe to call on every exit path.
public final class Terminal {
    var saved = termios()
    var active = false
    let fd: Int32

    public init(fd: Int32 = STDOUT_FILENO) { self.fd = fd }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns and rows of the terminal, or nil when not a terminal or unknown.
    public static func size(fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
        var ws = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return (Int(ws.ws_col), Int(ws.ws_row))
    }

    /// Enters the alternate screen with the cursor hidden; stdin stops echoing and line
    /// buffering (signals such as Ctrl-C still arrive).
    public func enter() {
        guard !active else { return }
        if isatty(STDIN_FILENO) == 1 {
            tcgetattr(STDIN_FILENO, &saved)
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
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Main screen, visible cursor, attributes reset, input mode as before.
    public func restore() {
        guard active else { return }
        active = false
        write("\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l")
        if isatty(STDIN_FILENO) == 1 { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }

    public func write(_ s: String) { write(Array(s.utf8)) }

    public func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// Waits up to `milliseconds` for a key on stdin and returns the bytes read.
    public static func readKeys(timeoutMilliseconds: Int32) -> [UInt8] {
        var p = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, max(0, timeoutMilliseconds)) > 0, p.revents & Int16(POLLIN) != 0 else { return [] }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = read(STDIN_FILENO, &buf, 64)
        return n > 0 ? Array(buf[0..<n]) : []
    }

    deinit { restore() }
}
