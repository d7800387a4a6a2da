import XCTest
@testable import WaveExport

final class XMLTests: XCTestCase {
    func testMarkupIsEscapedAndWhatXMLCannotHoldIsReplaced() {
        XCTAssertEqual(XML.escaped(#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;")
        XCTAssertEqual(XML.escaped("tab\tline\nret\r"), "tab\tline\nret\r")
        XCTAssertEqual(XML.escaped("bell\u{7}nul\u{0}"), "bell\u{FFFD}nul\u{FFFD}")
        XCTAssertEqual(XML.escaped("\u{FFFE}é✓"), "\u{FFFD}é✓")
    }
}
