import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// W1 with a rasterized letterhead (bench/invoice-letterhead.json) over 200 invoices, with and
/// without the raster cache: the letterhead is drawn once for the whole batch with the cache.
enum RasterCacheBench {
    static let group = BenchGroup(name: "raster_cache") { options, report in
        let invoices = try WorkloadBench.records(options.dataDirectory + "/invoices.json", limit: 200)
        // The letterhead's logo is Templates/assets/logo.png, outside bench/: allowed explicitly.
        let template = try Template.load(
            path: "bench/invoice-letterhead.json", policy: ResourcePolicy(allowedFolders: ["Templates/assets"]))
        let resources = RenderResources.forTemplate(template)
        for (label, scale) in [("pdf", DisplayOptions.pdfRasterizationScale), ("png_1x", 1.0)] {
            for cached in [false, true] {
                let cache = cached ? RasterCache(byteBudget: 64 << 20) : nil
                var samples = [Double]()
                for record in invoices {
                    let start = Clock.now()
                    let canvas = try template.bind(record, resources: resources)
                    let page = try canvas.displayPage(
                        0, options: DisplayOptions(rasterizationScale: scale, rasterCache: cache))
                    if label == "pdf" {
                        let writer = try PDFWriter(metadata: canvas.metadata)
                        try writer.addPage(page)
                        _ = try writer.finishData()
                    } else {
                        _ = try PNGEncoder.encode(try RasterRenderer.render(page, scale: scale))
                    }
                    samples.append(Clock.now() - start)
                }
                let name = "w1_letterhead_\(label)_\(cached ? "cached" : "uncached")_ms"
                report.add("raster_cache", name, samples.median * 1000)
                if let statistics = cache?.statistics {
                    report.add("raster_cache", "w1_letterhead_\(label)_hit_rate", statistics.hitRate, digits: 3)
                }
            }
        }
    }
}
