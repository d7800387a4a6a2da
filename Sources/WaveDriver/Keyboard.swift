import Foundation
import WaveSinks

/// The player's keys.
public enum Key: Equatable, Sendable {
    case pause, quit, restart, faster, slower, stepForward, stepBack
    /// Shows (or hides) the whole of an error the status row had to cut.
    case showError
}

/// Decodes key bytes: space, q (or Esc, or Ctrl-C), r, + (or =), - (or _), and the arrow
/// keys → and ← as `ESC [ C` / `ESC [ D` (or `ESC O C` / `ESC O D` in application cursor
/// mode). Other control sequences (a CSI with parameters, a terminal's OSC report arriving
/// late) are skipped whole. An escape sequence cut off at the end of a read is kept for the
/// next one; an Esc with nothing after it (`flush()`, when no more input came) is the Esc
/// key. Other bytes are ignored.
public struct KeyDecoder: Sendable {
    var pending: [UInt8] = []

    public init() {}

    public mutating func decode(_ bytes: [UInt8]) -> [Key] {
        let input = pending + bytes
        pending = []
        var keys: [Key] = []
        var i = 0
        while i < input.count {
            let b = input[i]
            if b == 0x1B {
                if i + 1 >= input.count { pending = [b]; break }
                let intro = input[i + 1]
                if intro == 0x5D {
                    // A terminal's report (an OSC colour answer come late): skipped whole.
                    guard let end = KeyDecoder.endOfString(input, from: i + 2) else {
                        if input.count - i < 4096 { pending = Array(input[i...]) }
                        break
                    }
                    i = end
                    continue
                }
                guard intro == 0x5B || intro == 0x4F else { keys.append(.quit); i += 1; continue }   // Esc, then a key
                // CSI: parameters and intermediates, then one final byte (ESC O: the final at once).
                var j = i + 2
                if intro == 0x5B { while j < input.count, (0x20...0x3F).contains(input[j]) { j += 1 } }
                if j >= input.count { pending = Array(input[i...]); break }
                if j == i + 2 {
                    switch input[j] {
                    case 0x43: keys.append(.stepForward)
                    case 0x44: keys.append(.stepBack)
                    default: break
                    }
                }
                i = j + 1
                continue
            }
            switch b {
            case 0x20: keys.append(.pause)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: keys.append(.quit)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.restart)
            case UInt8(ascii: "e"), UInt8(ascii: "E"): keys.append(.showError)
            case UInt8(ascii: "+"), UInt8(ascii: "="): keys.append(.faster)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): keys.append(.slower)
            default: break
            }
            i += 1
        }
        return keys
    }

    /// Where the string control sequence whose body starts at `start` ends (after its BEL or
    /// ST), or nil when it is not complete yet.
    static func endOfString(_ input: [UInt8], from start: Int) -> Int? {
        var j = start
        while j < input.count {
            if input[j] == 0x07 { return j + 1 }
            if input[j] == 0x1B { return j + 1 < input.count ? (input[j + 1] == 0x5C ? j + 2 : j) : nil }
            j += 1
        }
        return nil
    }

    /// The keys a pending partial sequence stands for once no more input follows: a lone
    /// Esc quits.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending == [0x1B] ? [.quit] : []
    }
}

/// Reads keys from stdin, waiting up to a timeout; once stdin reaches its end it is no
/// longer polled (the wait still happens).
public final class KeyReader {
    var decoder = KeyDecoder()
    var closed = false
    let fd: Int32

    public init(fd: Int32 = STDIN_FILENO) { self.fd = fd }

    /// Waits until input arrives or `nanoseconds` pass (a signal also ends the wait), and
    /// returns the keys read.
    public func read(waiting nanoseconds: UInt64) -> [Key] {
        let milliseconds = Int32(min(1000, (nanoseconds + 999_999) / 1_000_000))
        var p = pollfd(fd: closed ? -1 : fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, milliseconds) > 0, !closed, p.revents & Int16(POLLIN | POLLHUP) != 0 else { return decoder.flush() }
        var buf = [UInt8](repeating: 0, count: 64)
        let n = Foundation.read(fd, &buf, 64)
        if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) { closed = true; return [] }
        return n > 0 ? decoder.decode(Array(buf[0..<n])) : []
    }
}
