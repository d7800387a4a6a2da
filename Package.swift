// swift-tools-version: 6.0
import PackageDescription

// The pipeline is the layout: source → tokens → AST (WaveSyntax) → timeline IR (WaveCompiler)
// → state at tick n (WaveRuntime) → Frame display list of paths (WaveGeometry: no pixels)
// → pixels (WaveGraphics: the reference raster, which defines every pixel; WaveAccelerator:
// caches and shortcuts it asks first through one seam, `RenderAccelerator`, none under
// `WAVE_ACCEL=off`; the reference never imports it, whoever builds a renderer does) → bytes
// (WaveCodecs) → files or terminal cells (WaveSinks). Then the application: WaveDriver runs
// scripts through that pipeline (render jobs, the player, goldens, exit codes), WaveREPL
// and the language server (WaveLSP) sit on the driver, and the `wave` executable only parses flags and delegates.
// Sinks know frames, never scripts: WaveSinks depends on WaveGraphics (with the accelerator)
// and WaveCodecs only.
let package = Package(
    name: "wave",
    products: [
        .executable(name: "wave", targets: ["wave"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CReadline", path: "Sources/CReadline",
                       providers: [.apt(["libreadline-dev"])]),
        // Animated WebP: libwebp's WebPAnimEncoder, loaded with dlopen when a WebP is written,
        // so wave builds and runs without libwebp (Debian: libwebp-dev for its headers).
        .target(name: "CWebP"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "WaveSyntax"),
        .target(name: "WaveCompiler", dependencies: ["WaveSyntax"]),
        // Pixel loops in C with a wide path chosen at run time (AVX-512 VBMI) and a portable one.
        .target(name: "CPixelKernels"),
        // Geometry: paths, flattening, stroking, dashing, trimming, measuring, transforms. No pixels.
        .target(name: "WaveGeometry"),
        .target(name: "WaveGraphics", dependencies: ["WaveGeometry", "CFreeType", "CFontconfig", "CPixelKernels"]),
        // The accelerator: memos, pools and shortcuts behind WaveGraphics' one seam; the same bytes.
        .target(name: "WaveAccelerator", dependencies: ["WaveGeometry", "WaveGraphics", "CPixelKernels"]),
        .target(name: "WaveRuntime", dependencies: ["WaveGeometry", "WaveSyntax", "WaveCompiler", "WaveGraphics", "WaveAccelerator"]),
        .target(name: "WaveCodecs", dependencies: ["CZlib", "CWebP"]),
        // Decoders that only tests and fuzzers need (GIF, APNG, LZW): not linked into `wave`.
        .target(name: "WaveTestSupport", dependencies: ["WaveCodecs"]),
        .target(name: "WaveSinks", dependencies: ["WaveGeometry", "WaveGraphics", "WaveAccelerator", "WaveCodecs"]),
        // Exports: bakes a scene into a vector timeline; Lottie and SVG are writers over it.
        .target(name: "WaveExport", dependencies: ["WaveGeometry", "WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveGraphics", "WaveCodecs"]),
        .target(name: "WaveDriver", dependencies: ["WaveExport", "WaveGeometry", "WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveGraphics", "WaveAccelerator",
                                                   "WaveCodecs", "WaveSinks"]),
        .target(name: "WaveREPL", dependencies: ["WaveGeometry", "WaveDriver", "WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveGraphics", "WaveSinks", "CReadline"]),
        // The language server (`wave lsp`): JSON-RPC on Foundation's JSON, over the driver.
        .target(name: "WaveLSP", dependencies: ["WaveDriver", "WaveSyntax", "WaveCompiler", "WaveRuntime"]),
        // `wave preview`: a local web page with a scrubber over the driver's frames.
        // HTTP/1.1 and WebSocket for `wave preview`: request heads, responses, frames, the
        // handshake's SHA-1, sockets with deadlines. Knows nothing of scripts.
        .target(name: "WaveHTTP"),
        .target(name: "WavePreview", dependencies: ["WaveDriver", "WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveGraphics",
                                                    "WaveCodecs", "WaveSinks", "WaveHTTP"]),
        .executableTarget(name: "wave", dependencies: ["WaveGeometry", 
            "WaveDriver", "WaveREPL", "WaveLSP", "WavePreview", "WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveGraphics",
            "WaveAccelerator", "WaveCodecs", "WaveSinks",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libFuzzer entry points (scripts/fuzz builds them with the fuzzer sanitizer). The
        // language targets share a structure-aware mutator and the dictionary.
        .target(name: "CFuzzMutate"),
        .target(name: "WaveFuzzSupport", dependencies: ["WaveSyntax", "CFuzzMutate"]),
        .executableTarget(name: "FuzzParse", dependencies: ["WaveSyntax", "WaveFuzzSupport"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "FuzzCompile", dependencies: ["WaveSyntax", "WaveCompiler", "WaveFuzzSupport"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "FuzzRuntime", dependencies: ["WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveFuzzSupport"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "FuzzRaster", dependencies: ["WaveGeometry", "WaveGraphics", "WaveAccelerator"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "FuzzCodecs", dependencies: ["WaveCodecs", "WaveTestSupport"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "FuzzStroke", dependencies: ["WaveGeometry", "WaveGraphics", "WaveFuzzSupport"], linkerSettings: [.linkedLibrary("m")]),
        // Generated scripts as files, for scripts/export-property.
        .executableTarget(name: "GenerateScripts", dependencies: ["WaveFuzzSupport"]),
        .executableTarget(name: "FuzzSeek", dependencies: ["WaveSyntax", "WaveCompiler", "WaveRuntime", "WaveFuzzSupport"], linkerSettings: [.linkedLibrary("m")]),
        .testTarget(name: "WaveSyntaxTests", dependencies: ["WaveSyntax"], exclude: ["FuzzInputs"]),
        .testTarget(name: "WaveFuzzSupportTests", dependencies: ["WaveFuzzSupport", "WaveSyntax", "WaveCompiler"]),
        .testTarget(name: "WaveCompilerTests", dependencies: ["WaveCompiler", "WaveSyntax"]),
        .testTarget(name: "WaveRuntimeTests", dependencies: ["WaveGeometry", "WaveRuntime", "WaveCompiler", "WaveGraphics", "WaveSyntax"]),
        .testTarget(name: "WaveGraphicsTests", dependencies: ["WaveGeometry", "WaveGraphics", "WaveAccelerator", "CFreeType", "CPixelKernels"],
                    exclude: ["Goldens"]),
        .testTarget(name: "WaveAcceleratorTests", dependencies: ["WaveAccelerator", "WaveGeometry", "WaveGraphics", "CPixelKernels"]),
        .testTarget(name: "WaveCodecsTests", dependencies: ["WaveCodecs", "WaveTestSupport"]),
        .testTarget(name: "WaveSinksTests", dependencies: ["WaveGeometry", "WaveSinks", "WaveGraphics", "WaveCodecs"]),
        .testTarget(name: "WaveDriverTests", dependencies: ["WaveGeometry", "WaveDriver", "WaveCodecs", "WaveSinks", "WaveRuntime", "WaveCompiler", "WaveSyntax", "WaveGraphics",
                                                       "WaveAccelerator", "WaveFuzzSupport"],
                    exclude: ["Goldens"]),
        .testTarget(name: "WaveExportTests", dependencies: ["WaveExport", "WaveGeometry", "WaveGraphics", "WaveCompiler", "WaveRuntime", "WaveSyntax"]),
        .testTarget(name: "WaveREPLTests", dependencies: ["WaveREPL", "WaveDriver", "WaveRuntime", "WaveCompiler", "WaveSyntax"]),
        .testTarget(name: "WaveHTTPTests", dependencies: ["WaveHTTP"]),
        .testTarget(name: "WavePreviewTests", dependencies: ["WavePreview", "WaveHTTP", "WaveDriver", "WaveCodecs", "WaveCompiler", "WaveSyntax"]),
        .testTarget(name: "WaveLSPTests", dependencies: ["WaveLSP", "WaveSyntax", "WaveCompiler"]),
        .testTarget(name: "EndToEndTests", dependencies: ["WaveSyntax", "WaveCodecs", "WaveTestSupport"]),
    ]
)
