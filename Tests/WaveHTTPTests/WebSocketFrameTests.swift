import XCTest
@testable import WaveHTTP

/// Frames as bytes, against the examples of RFC 6455 (section 5.7) and the rules of 5.2–5.5.
final class WebSocketFrameTests: XCTestCase {
    let hello = Array("Hello".utf8)
    let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]

    func decode(_ bytes: [UInt8], max: Int = 1 << 20, requireMask: Bool = false) -> [WebSocketFrameDecoder.Step] {
        var d = WebSocketFrameDecoder(maxPayload: max, requireMask: requireMask)
        d.append(bytes)
        var out: [WebSocketFrameDecoder.Step] = []
        while true {
            let step = d.next()
            out.append(step)
            if case .frame = step { continue }
            return out
        }
    }

    func testTheExamplesOfRFC6455() {
        XCTAssertEqual(WebSocketFrame.text("Hello").encoded(), [0x81, 0x05] + hello)
        XCTAssertEqual(WebSocketFrame.text("Hello").encoded(mask: mask), [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        XCTAssertEqual(WebSocketFrame(opcode: .ping, payload: hello).encoded(), [0x89, 0x05] + hello)
        XCTAssertEqual(WebSocketFrame(opcode: .pong, payload: hello).encoded(mask: mask), [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
        XCTAssertEqual(Array(WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 7, count: 256)).encoded().prefix(4)), [0x82, 0x7E, 0x01, 0x00])
        XCTAssertEqual(Array(WebSocketFrame(opcode: .binary, payload: [UInt8](repeating: 7, count: 65536)).encoded().prefix(10)),
                       [0x82, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0])
        // Decoded back: masked and unmasked, and the fragmented "Hel" + "lo".
        XCTAssertEqual(decode([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], requireMask: true).first,
                       .frame(.text("Hello")))
        XCTAssertEqual(decode([0x81, 0x05] + hello).first, .frame(.text("Hello")))
        XCTAssertEqual(decode([0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F]),
                       [.frame(WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8))),
                        .frame(WebSocketFrame(fin: true, opcode: .continuation, payload: Array("lo".utf8))), .needMore])
    }

    func testLengthsRoundTripInEachForm() {
        for n in [0, 1, 125, 126, 127, 65535, 65536, 70000] {
            let frame = WebSocketFrame(opcode: .binary, payload: (0..<n).map { UInt8(truncatingIfNeeded: $0 * 7) })
            XCTAssertEqual(decode(frame.encoded(mask: mask), requireMask: true).first, .frame(frame), "\(n) bytes")
        }
    }

    func testAFrameInPiecesComesOutOnceWhole() {
        let bytes = WebSocketFrame.text(String(repeating: "x", count: 300)).encoded(mask: mask) + WebSocketFrame(opcode: .ping).encoded(mask: mask)
        var d = WebSocketFrameDecoder(maxPayload: 1024)
        var frames: [WebSocketFrame] = []
        for b in bytes {
            d.append([b])
            while case .frame(let f) = d.next() { frames.append(f) }
        }
        XCTAssertEqual(frames, [.text(String(repeating: "x", count: 300)), WebSocketFrame(opcode: .ping)])
        XCTAssertEqual(d.buffered, 0)
    }

    func testAnOversizedFrameIsRefusedFromItsHeader() {
        // A header claiming 2^62 bytes, and nothing after it: refused before any payload.
        let huge: [UInt8] = [0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(decode(huge, max: 1024, requireMask: true), [.failed(.messageTooBig, "frames are at most 1024 bytes")])
        let justOver: [UInt8] = [0x81, 0xFE, 0x04, 0x01]
        guard case .failed(.messageTooBig, _) = decode(justOver, max: 1024, requireMask: true)[0] else { return XCTFail() }
        let atMost = WebSocketFrame.text(String(repeating: "y", count: 1024)).encoded(mask: mask)
        guard case .frame = decode(atMost, max: 1024, requireMask: true)[0] else { return XCTFail() }
        XCTAssertEqual(decode(Array(atMost.prefix(100)), max: 1024, requireMask: true), [.needMore])
    }

    func testFramesThatBreakTheRulesFailWith1002() {
        let broken: [(String, [UInt8])] = [
            ("unmasked from a client", [0x81, 0x00]),
            ("a reserved bit", [0xC1, 0x80] + mask),
            ("a reserved opcode", [0x83, 0x80] + mask),
            ("a reserved control opcode", [0x8B, 0x80] + mask),
            ("a fragmented ping", [0x09, 0x80] + mask),
            ("a ping over 125 bytes", [0x89, 0xFE, 0x00, 0x7E] + mask),
            ("a length with its top bit set", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1]),
        ]
        for (why, bytes) in broken {
            guard case .failed(let code, _) = decode(bytes, requireMask: true)[0] else { XCTFail(why); continue }
            XCTAssertEqual(code, .protocolError, why)
        }
    }

    func testCloseFramesAndTheirCodes() {
        let close = WebSocketFrame.close(.messageTooBig, reason: "too big")
        XCTAssertEqual(close.encoded(), [0x88, 0x09, 0x03, 0xF1] + Array("too big".utf8))
        XCTAssertEqual(close.closeStatus?.code, .messageTooBig)
        XCTAssertEqual(close.closeStatus?.reason, "too big")
        XCTAssertEqual(WebSocketFrame.close(.normal, reason: String(repeating: "é", count: 100)).payload.count, 2 + 122,
                       "a long reason is cut to fit 125 bytes, between characters")
        XCTAssertNotNil(WebSocketFrame(opcode: .close).closeStatus, "an empty close is valid")
        XCTAssertNil(WebSocketFrame(opcode: .close).closeStatus?.code)
        XCTAssertNil(WebSocketFrame(opcode: .close, payload: [0x03]).closeStatus, "one byte")
        XCTAssertNil(WebSocketFrame(opcode: .close, payload: [0x03, 0xED]).closeStatus, "1005 may not be sent")
        XCTAssertNil(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0xFF]).closeStatus, "a reason that is not UTF-8")
        XCTAssertNotNil(WebSocketFrame(opcode: .close, payload: [0x0F, 0xA0]).closeStatus, "4000 is for applications")
    }
}
