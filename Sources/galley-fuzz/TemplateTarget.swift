import Foundation
import Galley
import GalleyTemplates
import GalleyText

/// Template text through everything a render does before writing bytes: parse, compile, bind,
/// lay out, paginate, and the display list of the first page (images decoded, rasterized subtrees
/// drawn).
enum TemplateTarget {
    /// The folder fuzzed templates sit in: `Templates/`, so seeds reach `assets/logo.png` as the
    /// example templates do. `GALLEY_FUZZ_TEMPLATE_FOLDER` names another.
    static let folder: String = {
        if let folder = ProcessInfo.processInfo.environment["GALLEY_FUZZ_TEMPLATE_FOLDER"] { return folder }
        // Sources/galley-fuzz/TemplateTarget.swift → the repository.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates").path
    }()

    /// A record for templates without `sampleData`: a little of everything the examples bind.
    static let record: JSONValue = {
        let text = """
            {"name": "Ada", "title": "Invoice", "amount": 12.5, "count": 3, "flag": true, "none": null,
             "date": "2024-03-01", "items": [{"name": "a", "price": 1.5, "qty": 2}, {"name": "b", "price": 2, "qty": 1}],
             "tags": ["x", "y"], "buyer": {"name": "B", "address": "1 Road"}}
            """
        return (try? RecordReader(bytes: Array(text.utf8), format: .json).next()?.value) ?? .null
    }()

    /// One image loader for the run: its cache is off, so every input decodes its images and
    /// runs the same code whatever came before it.
    static let images = ImageLoader(cacheBytes: 0)
    /// The pixels one fuzzed document's images may decode to (a 4 KB input cannot need more).
    static let policy = ResourcePolicy(maxImagePixelsPerDocument: 4_000_000)

    static func run(_ bytes: [UInt8]) {
        // Each input starts from empty text caches: the same input runs the same code whatever ran
        // before it, and what an input leaves behind is a leak, not a cache entry (a cached
        // layout's display items hold pointers LeakSanitizer cannot follow).
        defer { Typesetter.clearShapingCache() }
        let template: Template
        do {
            template = try Template(utf8: bytes, file: "fuzz.json", directory: folder, policy: policy)
        } catch {
            _ = error.description
            return
        }
        let resources =
            template.fontFolders.isEmpty
            ? RenderResources(images: images) : RenderResources.forTemplate(template, images: images)
        do {
            let document = try template.bind(template.sampleData ?? record, recordIndex: 0, resources: resources)
            let options = DisplayOptions(rasterizationScale: 1, rasterCache: nil, maxConcurrentLayers: 1)
            if try document.pageCount(isCancelled: .never) > 0 {
                _ = try document.displayPage(0, options: options)
            }
            _ = document.outline
            _ = document.warnings()
        } catch {
            _ = "\(error)"
        }
    }
}
