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
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // Animated GIF (giflib) and animated WebP (libwebp's WebPAnimEncoder in libwebpmux) for GalleyRender's
        // animation encoders; both report errors by return code.
        .systemLibrary(name: "CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // libwebp also decodes WebP (its decoder, and libwebpdemux's WebPAnimDecoder for an animation's first frame).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
        // PDF post-processing: XMP, output intents, embedded files, structure trees, encryption.
        .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
        // SVG images: librsvg parses them once and draws them into cairo (paths in a PDF, pixels at device
        // resolution in a PNG).
        .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        // Barcodes: libzint encodes the symbols and lays out their modules (vector output); no pkg-config file in
        // Debian 12.
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
        // The HTTP server of `galley serve` and `galley preview` (GalleyServe); MHD_start_daemon's varargs go
        // through one inline function in the shim.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // The executables' allocator (GalleyAllocator); no pkg-config file in Debian 12.
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        // libpng and libjpeg report errors with setjmp/longjmp, and libtiff through varargs handlers (va_list),
        // none of which Swift can express.
        .target(
            name: "CImageCodecs",
            linkerSettings: [
                .linkedLibrary("png16"), .linkedLibrary("jpeg"), .linkedLibrary("tiff"), .linkedLibrary("z"),
                .linkedLibrary("m"),
            ]
        ),

        .target(name: "GalleyLayout"),
        .target(
            name: "GalleyRender",
            dependencies: ["GalleyLayout", "CCairo", "CImageCodecs", "CGif", "CWebP", "CQPDF", "CRsvg", "CZint"]
        ),
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
            exclude: ["LayoutFixtures", "Formatting/formatting.jsonl", "Formatting/babel_oracle.py"]
        ),
        .testTarget(name: "GalleyBatchTests", dependencies: ["GalleyBatch", "GalleyTestSupport"]),
        // Scale/gen_invoices.py writes the W1 records of the Slurm test (make test-scale).
        .testTarget(
            name: "GalleyCLITests", dependencies: ["GalleyTestSupport", "GalleyRender"],
            exclude: [
                "Scale/gen_invoices.py", "PDF/pdf_report.py", "PDF/facturx_xml.py", "Serve/preview_browser.py",
            ]),
        .testTarget(name: "GalleyReportTests", dependencies: ["GalleyReport", "GalleyTestSupport"]),
    ]
)
