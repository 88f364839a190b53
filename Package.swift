// swift-tools-version:6.0
// Galley: an offscreen document renderer. Layers (imports point down only):
// galley (CLI) → GalleyServe → GalleyBatch → GalleyTemplates → Galley → GalleyText → GalleyRender → GalleyLayout;
// GalleyReport (the Swift report DSL) sits beside GalleyTemplates, on top of Galley.
// See docs/architecture.md for why the layers are cut this way.
import PackageDescription

let package = Package(
    name: "Galley",
    products: [
        .library(name: "Galley", targets: ["Galley", "GalleyTemplates", "GalleyBatch"]),
        .library(name: "GalleyReport", targets: ["GalleyReport"]),
        .executable(name: "galley", targets: ["galley"]),
    ],
    targets: [
        // C libraries, each wrapped once (see docs/architecture.md for which Swift target owns which).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype6-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // HarfBuzz's subsetter, for the font programs Galley's own PDF writer embeds (GalleyRender/PDFFile).
        .systemLibrary(
            name: "CHarfBuzzSubset", pkgConfig: "harfbuzz-subset", providers: [.apt(["libharfbuzz-dev"])]),
        // zlib's deflate, for the streams of Galley's own PDF writer.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // Libraries a plain document does not use are loaded with dlopen when first needed, not linked, so a cold
        // `galley render` maps and relocates only what every document uses (docs/architecture.md, "Start-up").
        // CLazyLoader loads them; each one's C target below declares, in its header, a `galley_` stub per function
        // Galley calls and defines the stubs and the library's load function in its C file. They are C targets,
        // not system libraries: a pkg-config package would link the library. Their headers are on the compiler's
        // default path (librsvg's are not: CRsvg declares what it uses, checked against them by a test).
        .target(name: "CLazyLoader"),
        // Animated GIF (giflib) and animated WebP (libwebp's WebPAnimEncoder in libwebpmux) for GalleyRender's
        // animation encoders; both report errors by return code. Debian: libgif-dev, libwebp-dev.
        .target(name: "CGif", dependencies: ["CLazyLoader"]),
        // libwebp also decodes WebP (its decoder, and libwebpdemux's WebPAnimDecoder for an animation's first frame).
        .target(name: "CWebP", dependencies: ["CLazyLoader"]),
        // PDF post-processing: XMP, output intents, embedded files, structure trees, encryption. Debian: libqpdf-dev.
        .target(name: "CQPDF", dependencies: ["CLazyLoader"]),
        // SVG images: librsvg parses them once and draws them into cairo (paths in a PDF, pixels at device
        // resolution in a PNG). Debian: librsvg2-dev.
        .target(name: "CRsvg", dependencies: ["CLazyLoader"]),
        // Barcodes: libzint encodes the symbols and lays out their modules (vector output). Debian: libzint-dev.
        .target(name: "CZint", dependencies: ["CLazyLoader"]),
        // The HTTP server of `galley serve` and `galley preview` (GalleyServe); MHD_start_daemon's varargs go
        // through one C function. Debian: libmicrohttpd-dev.
        .target(name: "CMicroHTTPD", dependencies: ["CLazyLoader"]),
        // The executables' allocator (GalleyAllocator); no pkg-config file in Debian 12.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // libpng and libjpeg report errors with setjmp/longjmp, and libtiff through varargs handlers (va_list),
        // none of which Swift can express. libtiff is loaded when a TIFF is first decoded (CLazyLoader).
        .target(
            name: "CImageCodecs", dependencies: ["CLazyLoader"],
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("z"), .linkedLibrary("m")]
        ),

        .target(name: "GalleyLayout"),
        .target(
            name: "GalleyRender",
            dependencies: [
                "GalleyLayout", "CCairo", "CImageCodecs", "CGif", "CWebP", "CQPDF", "CRsvg", "CZint", "CFileSync",
                "CHarfBuzzSubset", "CZlib",
            ]
        ),
        // syncfs(2), which Swift's Glibc module does not declare (a batch flushes its outputs in groups).
        .target(name: "CFileSync"),
        .target(
            name: "GalleyText",
            dependencies: ["GalleyLayout", "GalleyRender", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "CHyphen"]
        ),
        .target(name: "Galley", dependencies: ["GalleyLayout", "GalleyRender", "GalleyText"]),
        .target(name: "GalleyTemplates", dependencies: ["Galley"]),
        .target(name: "GalleyBatch", dependencies: ["GalleyTemplates"]),
        // `galley serve` and `galley preview`: HTTP rendering over libmicrohttpd (docs/serve.md).
        .target(name: "GalleyServe", dependencies: ["GalleyBatch", "GalleyTemplates", "Galley", "CMicroHTTPD"]),
        // The result-builder DSL over Galley's nodes and specs (docs/report-dsl.md).
        .target(name: "GalleyReport", dependencies: ["Galley", "GalleyLayout", "GalleyRender", "GalleyText"]),
        .target(name: "GalleyAllocator", dependencies: ["CMimalloc"]),
        .executableTarget(
            name: "galley",
            dependencies: ["GalleyServe", "GalleyBatch", "GalleyTemplates", "Galley", "GalleyAllocator"]),
        // `make bench`: fixed workloads in a release build, results in bench/results.json.
        .executableTarget(
            name: "galley-bench", dependencies: ["GalleyBatch", "GalleyTemplates", "Galley", "GalleyAllocator"]),
        // `make fuzz`: the fuzz targets (docs/security.md); built with libFuzzer in .build/fuzz, a replayer of
        // inputs in the normal build.
        .executableTarget(
            name: "galley-fuzz",
            dependencies: ["GalleyTemplates", "Galley", "GalleyRender", "GalleyLayout", "GalleyText"]),
        // `make demo` runs it: a multi-page report written with GalleyReport.
        .executableTarget(
            name: "report-example",
            dependencies: ["GalleyReport", "Galley", "GalleyLayout", "GalleyRender", "GalleyText"],
            path: "Examples/Report"),

        .target(name: "GalleyTestSupport", dependencies: ["GalleyRender"], path: "Tests/GalleyTestSupport"),
        // Oracles/ holds the kiwisolver script the solver is compared with (run by /usr/bin/python3).
        .testTarget(
            name: "GalleyLayoutTests", dependencies: ["GalleyLayout", "GalleyTestSupport"], exclude: ["Oracles"]),
        // References/ (golden PNGs) and Fixtures/ are read from the source tree by path, not bundled.
        .testTarget(
            name: "GalleyRenderTests", dependencies: ["GalleyRender", "GalleyTestSupport"],
            exclude: ["References", "Fixtures"]
        ),
        .testTarget(name: "GalleyTextTests", dependencies: ["GalleyText", "GalleyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "GalleyTests", dependencies: ["Galley", "GalleyTestSupport"], exclude: ["References"]),
        .testTarget(
            name: "GalleyTemplatesTests", dependencies: ["GalleyTemplates", "GalleyTestSupport"],
            exclude: [
                "LayoutFixtures", "Fuzz/Findings", "Formatting/formatting.jsonl", "Formatting/babel_oracle.py",
            ]
        ),
        .testTarget(name: "GalleyBatchTests", dependencies: ["GalleyBatch", "GalleyTestSupport"]),
        // Scale/gen_invoices.py writes the W1 records of the Slurm test (make test-scale), Memory/make_photos.py the
        // photos of the memory test.
        .testTarget(
            name: "GalleyCLITests", dependencies: ["GalleyTestSupport", "GalleyRender"],
            exclude: [
                "Scale/gen_invoices.py", "PDF/pdf_report.py", "PDF/facturx_xml.py", "Serve/preview_browser.py",
                "Memory/make_photos.py",
            ]),
        .testTarget(name: "GalleyReportTests", dependencies: ["GalleyReport", "GalleyTestSupport"]),
    ]
)
