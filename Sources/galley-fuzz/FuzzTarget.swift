/// The code `galley-fuzz` runs on each input, one entry point per library that reads untrusted bytes.
///
/// A target returns normally whatever the input: an error Galley reports is a correct outcome. A
/// trap, a sanitizer report, a leak or an input that takes over a second is what libFuzzer reports
/// as a finding (docs/security.md, "Fuzzing"). A target that checks its own invariant (the data
/// readers give the same records whatever their buffer size) traps on purpose when it fails, so
/// libFuzzer keeps the input.
enum FuzzTarget: String, CaseIterable {
    /// Template text: parse, compile, bind its `sampleData` (or a fixed record), lay out, paginate
    /// and build the first page's display list.
    case templates
    /// Data files: the JSON, NDJSON and CSV record readers over the same bytes.
    case data
    /// Bitmap files: `ImageDecoder.decode` (PNG, JPEG, GIF, WebP, TIFF, told apart by their first bytes).
    case images
    /// SVG files: librsvg parses them (`VectorImage`) and draws them into a small bitmap.
    case svg

    /// Runs the target on one input.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .templates: TemplateTarget.run(bytes)
        case .data: DataTarget.run(bytes)
        case .images: ImageTarget.run(bytes)
        case .svg: SVGTarget.run(bytes)
        }
    }
}
