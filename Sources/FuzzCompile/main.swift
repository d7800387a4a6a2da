// libFuzzer target: the compiler (names, types, units, IR) on arbitrary scripts.
import WaveCompiler
import WaveSyntax
import WaveFuzzSupport  // the structure-aware mutator and the dictionary

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCompile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (program, _) = Compiler.compile(SourceFile(name: "fuzz", text: text))
    if let program { _ = IRPrinter(program: program).render() }
    return 0
}
