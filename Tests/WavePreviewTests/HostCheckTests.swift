import XCTest
@testable import WavePreview

/// The Host and Origin rules that stop DNS rebinding and other sites' WebSockets.
final class HostCheckTests: XCTestCase {
    let loopback = HostCheck(boundAddress: "127.0.0.1", port: 8060)

    func testTheBoundAddressAndLocalhostWithThePortAreAnswered() {
        XCTAssertTrue(loopback.allows(host: "127.0.0.1:8060"))
        XCTAssertTrue(loopback.allows(host: "localhost:8060"))
        XCTAssertTrue(loopback.allows(host: "LocalHost:8060"))
    }

    func testNamesOtherAddressesOtherPortsAndNoPortAreRefused() {
        for host in ["evil.example:8060", "127.0.0.1.nip.io:8060", "127.0.0.2:8060", "127.0.0.1:8061",
                     "127.0.0.1", "localhost", "127.0.0.1:", "127.0.0.1:80600", "127.0.0.1:+806", ":8060", "", "[::1]:8060"] {
            XCTAssertFalse(loopback.allows(host: host), host)
        }
        XCTAssertFalse(loopback.allows(host: nil))
    }

    func testIPv6BindingTakesItsBracketedAddress() {
        let six = HostCheck(boundAddress: "::1", port: 9000)
        XCTAssertTrue(six.allows(host: "[::1]:9000"))
        XCTAssertTrue(six.allows(host: "localhost:9000"))
        XCTAssertFalse(six.allows(host: "127.0.0.1:9000"))
        XCTAssertFalse(six.allows(host: "[::1]"))
    }

    func testAWildcardBindingTakesAnyIPAddressButNoOtherName() {
        let any = HostCheck(boundAddress: "0.0.0.0", port: 8060)
        XCTAssertTrue(any.allows(host: "192.168.1.20:8060"))
        XCTAssertTrue(any.allows(host: "[fe80::1]:8060"))
        XCTAssertFalse(any.allows(host: "my-laptop.local:8060"))
        XCTAssertFalse(any.allows(host: "999.1.1.1:8060"))
    }

    func testWebSocketsAreTakenOnlyFromThePageItself() {
        XCTAssertTrue(loopback.allows(origin: "http://127.0.0.1:8060", host: "127.0.0.1:8060"))
        XCTAssertTrue(loopback.allows(origin: "http://localhost:8060", host: "localhost:8060"))
        XCTAssertFalse(loopback.allows(origin: "http://evil.example", host: "127.0.0.1:8060"))
        XCTAssertFalse(loopback.allows(origin: "http://localhost:8060", host: "127.0.0.1:8060"))
        XCTAssertFalse(loopback.allows(origin: "https://127.0.0.1:8060", host: "127.0.0.1:8060"))
        XCTAssertFalse(loopback.allows(origin: "null", host: "127.0.0.1:8060"))
        XCTAssertFalse(loopback.allows(origin: nil, host: "127.0.0.1:8060"))
        XCTAssertFalse(loopback.allows(origin: "http://evil.example:8060", host: "evil.example:8060"))
    }
}
