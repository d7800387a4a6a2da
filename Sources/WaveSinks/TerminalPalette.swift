import Foundation

/// The colours a terminal shows for its 16 ANSI colours and its default foreground and
/// background: xterm's defaults, or what the terminal itself answers to OSC 4, 10 and 11
/// queries (a themed terminal's "blue" may be nothing like xterm's #0000EE, and reduced
/// colours are matched against the colours really shown).
public struct TerminalPalette: Equatable, Sendable {
    /// The 16 ANSI colours, 0xRRGGBB: black, red, green, yellow, blue, magenta, cyan, white,
    /// then their bright forms.
    public var ansi: [UInt32]
    /// The default foreground and background (OSC 10 and 11), when known.
    public var foreground: UInt32?
    public var background: UInt32?

    public init(ansi: [UInt32] = ColorReducer.ansiPalette, foreground: UInt32? = nil, background: UInt32? = nil) {
        precondition(ansi.count == 16, "a terminal palette has 16 ANSI colours")
        self.ansi = ansi
        self.foreground = foreground
        self.background = background
    }

    /// xterm's default colours, assumed where the terminal does not say.
    public static let xterm = TerminalPalette()

    /// Where the player takes the palette from (`wave play --palette`).
    public enum Source: String, CaseIterable, Sendable {
        /// Ask the terminal (OSC 4, 10, 11), falling back to xterm's colours for what it does
        /// not answer.
        case query
        /// xterm's default colours, without asking.
        case xterm
    }

    // MARK: - Asking the terminal

    /// The queries: each of the 16 colours (OSC 4), the foreground (OSC 10), the background
    /// (OSC 11), then Primary Device Attributes (DA1), which every VT100-style terminal
    /// answers, after the others: its reply marks the end of the answers, so a terminal that
    /// ignores colour queries costs one round trip, not a timeout.
    public static let querySequence: [UInt8] = {
        var s = ""
        for i in 0..<16 { s += "\u{1B}]4;\(i);?\u{1B}\\" }
        s += "\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[c"
        return Array(s.utf8)
    }()

    /// Asks the terminal on `output` and reads its answers from `input`, in raw mode while
    /// it waits (the answers are neither echoed nor line-buffered), for at most `timeout`
    /// seconds or until the DA1 reply arrives. The palette with what was answered, xterm's
    /// colours for the rest; nil when nothing was answered.
    public static func query(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, timeout: Double = 0.3) -> TerminalPalette? {
        var saved = termios()
        let isTTY = isatty(input) == 1 && tcgetattr(input, &saved) == 0
        if isTTY {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
            tcsetattr(input, TCSANOW, &raw)
        }
        defer { if isTTY { tcsetattr(input, TCSANOW, &saved) } }
        guard writeFully(output, querySequence, retryWhenBusy: true) == nil else { return nil }
        var replies: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while !containsDeviceAttributes(replies), replies.count < 1 << 16 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var p = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, Int32(max(1, (deadline - now) / 1_000_000)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = read(input, &chunk, chunk.count)
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { break }
            replies += chunk[0..<n]
        }
        return parse(replies)
    }

    /// Whether `bytes` hold a DA1 reply, `ESC [ ? … c`.
    static func containsDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == 0x5B, bytes[i + 2] == 0x3F {
                var j = i + 3
                while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "c") { return true }
            }
            i += 1
        }
        return false
    }

    // MARK: - Reading the answers

    /// The palette the OSC 4, 10 and 11 replies in `bytes` describe (each ended by BEL or
    /// ST), xterm's colours where no reply says otherwise; nil when there is none. Other
    /// bytes are skipped.
    public static func parse(_ bytes: [UInt8]) -> TerminalPalette? {
        var palette = TerminalPalette.xterm, answered = false
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == 0x5D else { i += 1; continue }
            var j = i + 2, end = -1, next = bytes.count
            while j < bytes.count {
                if bytes[j] == 0x07 { end = j; next = j + 1; break }
                if bytes[j] == 0x1B, j + 1 < bytes.count, bytes[j + 1] == 0x5C { end = j; next = j + 2; break }
                if bytes[j] == 0x1B { break }   // another sequence: this one was cut off
                j += 1
            }
            guard end >= 0 else { i = max(j, i + 2); continue }
            let body = String(decoding: bytes[(i + 2)..<end], as: UTF8.self)
            let fields = body.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 3, fields[0] == "4", let index = Int(fields[1]), (0..<16).contains(index), let rgb = color(fields[2]) {
                palette.ansi[index] = rgb
                answered = true
            } else if fields.count == 2, let rgb = color(fields[1]) {
                if fields[0] == "10" { palette.foreground = rgb; answered = true }
                if fields[0] == "11" { palette.background = rgb; answered = true }
            }
            i = next
        }
        return answered ? palette : nil
    }

    /// A colour as X11 spells it in replies: `rgb:R/G/B` (or `rgba:R/G/B/A`) with one to four
    /// hex digits a component, each scaled from its own range, or `#RGB` with one to four
    /// digits a component.
    static func color(_ text: String) -> UInt32? {
        func component(_ hex: Substring) -> UInt32? {
            guard (1...4).contains(hex.count), let v = UInt32(hex, radix: 16) else { return nil }
            let top = Double((1 << (4 * hex.count)) - 1)
            return UInt32((Double(v) / top * 255).rounded())
        }
        func pack(_ parts: [Substring]) -> UInt32? {
            guard parts.count >= 3, let r = component(parts[0]), let g = component(parts[1]), let b = component(parts[2]) else { return nil }
            return r << 16 | g << 8 | b
        }
        if text.hasPrefix("rgb:") {
            let parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 3 ? pack(parts) : nil
        }
        if text.hasPrefix("rgba:") {
            let parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 4 ? pack(parts) : nil
        }
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count % 3 == 0, (3...12).contains(digits.count) else { return nil }
            let n = digits.count / 3
            let a = digits.startIndex, b = digits.index(a, offsetBy: n), c = digits.index(b, offsetBy: n)
            return pack([digits[a..<b], digits[b..<c], digits[c...]])
        }
        return nil
    }
}
