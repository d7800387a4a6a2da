import Foundation
import WaveExport

/// `wave test --junit FILE`: the run as JUnit XML, the format CI pages (GitHub Actions
/// reporters, GitLab, Jenkins) show test by test. One `testsuite` per script, one
/// `testcase` per golden frame (`tick T`); a frame that did not match, or has no readable
/// golden, holds a `failure` whose message is the line `wave test` prints and whose text
/// names the images; a script that could not be checked is one `testcase` with an `error`.
public struct JUnitReport {
    struct Case {
        var name: String
        var failure: (message: String, detail: String)?
        var error: String?
    }
    struct Suite {
        var script: String
        var cases: [Case]
    }
    var suites: [Suite] = []

    public init() {}

    /// A script's checked (or recorded) frames.
    public mutating func add(script: String, _ outcomes: [GoldenCheck.Outcome]) {
        suites.append(Suite(script: script, cases: outcomes.map { o in
            var c = Case(name: "tick \(o.tick)")
            if let problem = o.problem { c.failure = (problem, o.files.joined(separator: "\n")) }
            return c
        }))
    }

    /// A script that could not be checked: `message` says why.
    public mutating func add(script: String, error message: String) {
        suites.append(Suite(script: script, cases: [Case(name: "check", error: message)]))
    }

    public func xml() -> String {
        func count(_ cases: [Case], _ keep: (Case) -> Bool) -> Int { cases.filter(keep).count }
        let all = suites.flatMap(\.cases)
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"wave test\" tests=\"\(all.count)\" failures=\"\(count(all) { $0.failure != nil })\" errors=\"\(count(all) { $0.error != nil })\">\n"
        for suite in suites {
            let name = XML.escaped(suite.script)
            s += "  <testsuite name=\"\(name)\" tests=\"\(suite.cases.count)\" failures=\"\(count(suite.cases) { $0.failure != nil })\" errors=\"\(count(suite.cases) { $0.error != nil })\">\n"
            for c in suite.cases {
                let open = "    <testcase classname=\"\(name)\" name=\"\(XML.escaped(c.name))\" file=\"\(name)\""
                if let f = c.failure {
                    s += open + ">\n      <failure type=\"golden\" message=\"\(XML.escaped(f.message))\">\(XML.escaped(f.detail))</failure>\n    </testcase>\n"
                } else if let e = c.error {
                    s += open + ">\n      <error type=\"script\" message=\"\(XML.escaped(e))\"/>\n    </testcase>\n"
                } else {
                    s += open + "/>\n"
                }
            }
            s += "  </testsuite>\n"
        }
        return s + "</testsuites>\n"
    }
}
