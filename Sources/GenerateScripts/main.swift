// Writes scripts made by `ScriptGenerator` as files, for checks that run outside the test
// suite on generated scripts (scripts/export-property: exports against their players).
//   GenerateScripts DIR COUNT [FIRST_SEED]   → DIR/gen-SEED.wave for COUNT seeds
import Foundation
import WaveFuzzSupport

let args = CommandLine.arguments
guard args.count >= 3, let count = Int(args[2]), count >= 0, let first = UInt32(args.count > 3 ? args[3] : "1") else {
    FileHandle.standardError.write(Data("usage: GenerateScripts DIR COUNT [FIRST_SEED]\n".utf8))
    exit(64)
}
let dir = URL(fileURLWithPath: args[1], isDirectory: true)
do {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for seed in first..<(first &+ UInt32(count)) {
        var generator = ScriptGenerator(seed: seed)
        try Data(generator.script().utf8).write(to: dir.appendingPathComponent("gen-\(seed).wave"))
    }
} catch {
    FileHandle.standardError.write(Data("GenerateScripts: \(error)\n".utf8))
    exit(74)
}
