import Foundation

/// Writes every byte to a file descriptor, retrying after interrupted or partial writes.
/// Returns nil on success, or the `errno` that stopped it. One loop for files, standard
/// output and the terminal.
func writeFully(_ fd: Int32, _ bytes: [UInt8], retryWhenBusy: Bool = false) -> Int32? {
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return nil }
        var offset = 0
        while offset < raw.count {
            let n = Foundation.write(fd, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR || (retryWhenBusy && errno == EAGAIN) { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}
