// libFuzzer target: lexer, parser and formatter on arbitrary bytes.
// Build and run with scripts/fuzz parse SECONDS.
import WaveSyntax
import WaveFuzzSupport  // the structure-aware mutator and the dictionary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParse(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let file = SourceFile(name: "fuzz", text: text)
    let script = Parser.parse(file)
    for d in script.diagnostics { _ = file.location(of: d.range.start) }
    _ = ScriptFormatter.format(file)
    return 0
}
