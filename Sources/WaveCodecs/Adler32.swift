/// Adler-32 checksum (RFC 1950), the trailer of every zlib stream.
public struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    public init() {}

    public var value: UInt32 { b << 16 | a }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { p in
            var i = 0
            let n = p.count
            while i < n {
                // 5552 is the largest block for which the sums cannot overflow 32 bits.
                let end = min(n, i + 5552)
                while i < end {
                    a &+= UInt32(p[i])
                    b &+= a
                    i += 1
                }
                a %= 65521
                b %= 65521
            }
        }
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var s = Adler32()
        s.update(bytes)
        return s.value
    }
}
