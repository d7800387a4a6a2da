import Foundation
import XCTest
@testable import WaveHTTP

/// A listener and its sockets over loopback: the port chosen, bytes both ways, the end of
/// the stream, a deadline that has passed, and a shutdown from another thread.
final class SocketTests: XCTestCase {
    /// A client connected to `listener`, as a raw descriptor.
    func connect(to listener: TCPListener) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(listener.port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &a.sin_addr)
        let r = withUnsafePointer(to: &a) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        XCTAssertEqual(r, 0)
        return fd
    }

    func testBytesBothWaysAndTheEndOfTheStream() throws {
        let listener = try TCPListener(address: "127.0.0.1", port: 0)
        defer { listener.close() }
        XCTAssertGreaterThan(listener.port, 0)
        let client = try connect(to: listener)
        guard let server = listener.accept(until: { false }, outOfDescriptors: {}) else { return XCTFail() }
        XCTAssertEqual(send(client, "ping", 4, 0), 4)
        var got: [UInt8] = []
        XCTAssertEqual(server.read(into: &got, deadline: .now + .seconds(60)), .data(4))
        XCTAssertEqual(got, Array("ping".utf8))
        XCTAssertTrue(server.write(Array("pong".utf8), deadline: .now + .seconds(60)))
        var back = [UInt8](repeating: 0, count: 4)
        XCTAssertEqual(recv(client, &back, 4, Int32(MSG_WAITALL)), 4)
        XCTAssertEqual(back, Array("pong".utf8))
        XCTAssertEqual(server.read(into: &got, deadline: .now), .timedOut, "nothing sent, the deadline passed")
        close(client)
        XCTAssertEqual(server.read(into: &got, deadline: .now + .seconds(60)), .closed)
        server.close(drain: 0, linger: .zero)
    }

    func testAShutdownWakesAReader() throws {
        let listener = try TCPListener(address: "127.0.0.1", port: 0)
        defer { listener.close() }
        let client = try connect(to: listener)
        defer { close(client) }
        guard let server = listener.accept(until: { false }, outOfDescriptors: {}) else { return XCTFail() }
        let woke = expectation(description: "the reader woke")
        DispatchQueue.global().async {
            var sink: [UInt8] = []
            if server.read(into: &sink, deadline: .now + .seconds(600)) == .closed { woke.fulfill() }
        }
        server.shutdown()
        wait(for: [woke], timeout: 60)
        server.close(drain: 0, linger: .zero)
    }

    func testAnAddressInUseIsAnError() throws {
        let first = try TCPListener(address: "127.0.0.1", port: 0)
        defer { first.close() }
        XCTAssertThrowsError(try TCPListener(address: "127.0.0.1", port: first.port)) { error in
            XCTAssertEqual("\(error)", "bind failed: address already in use")
        }
        XCTAssertThrowsError(try TCPListener(address: "not an address", port: 0))
        XCTAssertEqual(["127.0.0.1", "0.0.0.0", "::1", "::", "::ffff:127.0.0.1"].filter(TCPListener.isAddress).count, 5)
        XCTAssertEqual(["1:2:3", "256.1.1.1", "1.2.3", "localhost", ""].filter(TCPListener.isAddress), [])
    }
}
