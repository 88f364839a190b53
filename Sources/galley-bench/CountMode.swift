import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// `galley-bench --count KIND --documents N [--warmup M]`: renders M documents to warm the
/// caches, then N more, phase by phase, and prints the allocations per document and per phase.
///
/// This is the process scripts/bench runs under callgrind (instructions) and with
/// bench/alloc-counter.so preloaded (allocations) to get figures that do not depend on the
/// machine's speed. Each counted document runs in `countedDocument` and each of its phases in a
/// non-inlined function whose name begins with `countedPhase` (the warm-up runs none of them),
/// so callgrind's inclusive cost of such a function over N is the instructions per document.
enum CountMode {
    struct Options {
        var kind = "w1_pdf"
        var documents = 10
        var warmup = 5
    }

    static func parse(_ arguments: [String]) -> Options? {
        guard let index = arguments.firstIndex(of: "--count"), index + 1 < arguments.count else { return nil }
        var options = Options()
        options.kind = arguments[index + 1]
        if let at = arguments.firstIndex(of: "--documents"), at + 1 < arguments.count,
            let count = Int(arguments[at + 1])
        {
            options.documents = count
        }
        if let at = arguments.firstIndex(of: "--warmup"), at + 1 < arguments.count, let count = Int(arguments[at + 1]) {
            options.warmup = count
        }
        return options
    }

    /// The phases of one document, in order.
    static let phaseNames = ["bind", "layout", "display_list", "paint", "finish", "teardown"]

    static func run(_ options: Options, bench: BenchOptions) throws {
        let workload = try Workload(options.kind, dataDirectory: bench.dataDirectory)
        for index in 0..<options.warmup {
            try warmup(workload, workload.records[index % workload.records.count])
        }
        let counter = AllocationCounter()
        var allocations = [UInt64](repeating: 0, count: phaseNames.count)
        for index in 0..<options.documents {
            let record = workload.records[(options.warmup + index) % workload.records.count]
            try countedDocument(workload, record, counter: counter, allocations: &allocations)
        }
        print("kind \(options.kind) documents \(options.documents) warmup \(options.warmup)")
        guard counter.isAvailable else {
            print("allocations: no counter (run with LD_PRELOAD=bench/alloc-counter.so)")
            return
        }
        let total = allocations.reduce(0, +)
        print(String(format: "allocations_per_document %.1f", Double(total) / Double(options.documents)))
        for (name, count) in zip(phaseNames, allocations) {
            print(String(format: "allocations_%@ %.1f", name, Double(count) / Double(options.documents)))
        }
    }

    /// A document through the writers' usual path: warms fonts, caches and pools, and is not counted
    /// (no `countedPhase` function runs in it).
    @inline(never)
    static func warmup(_ workload: Workload, _ record: JSONValue) throws {
        let document = try workload.template.bind(record, resources: workload.resources)
        switch workload.options.format {
        case .pdf: _ = try DocumentWriter.pdfData(document, options: workload.options)
        case .png: _ = try DocumentWriter.pngData(document, page: 0, options: workload.options)
        }
    }

    @inline(never)
    static func countedDocument(
        _ workload: Workload, _ record: JSONValue, counter: AllocationCounter, allocations: inout [UInt64]
    ) throws {
        try document(workload, record, counter: counter, allocations: &allocations)
    }

    /// One document, phase by phase, adding each phase's allocations to `allocations`.
    static func document(
        _ workload: Workload, _ record: JSONValue, counter: AllocationCounter, allocations: inout [UInt64]
    ) throws {
        var mark = counter.count
        func close(_ phase: Int) {
            let now = counter.count
            allocations[phase] += now &- mark
            mark = counter.count
        }
        let document = try countedPhaseBind(workload, record)
        close(0)
        try countedPhaseLayout(document)
        close(1)
        let page = try countedPhaseDisplayList(document, workload)
        close(2)
        let output = try countedPhasePaint(page, document, workload)
        close(3)
        try countedPhaseFinish(output)
        close(4)
        countedPhaseTeardown(document, page, output)
        close(5)
    }

    @inline(never)
    static func countedPhaseBind(_ workload: Workload, _ record: JSONValue) throws -> any Document {
        try workload.template.bind(record, resources: workload.resources)
    }

    @inline(never)
    static func countedPhaseLayout(_ document: any Document) throws {
        _ = try document.pageCount(isCancelled: .never)
    }

    @inline(never)
    static func countedPhaseDisplayList(_ document: any Document, _ workload: Workload) throws -> DisplayPage {
        var page = try document.displayPage(0, options: workload.options.displayOptions)
        if workload.options.format == .png { page.background = page.background ?? document.paper }
        return page
    }

    /// PDF: the page replayed into cairo's PDF surface. PNG: the page rasterized.
    @inline(never)
    static func countedPhasePaint(_ page: DisplayPage, _ document: any Document, _ workload: Workload) throws
        -> PaintedOutput
    {
        switch workload.options.format {
        case .pdf:
            let writer = try PDFWriter(
                metadata: document.metadata, settings: workload.options.pdfSettings(for: document))
            try writer.addPage(page)
            writer.setOutline(document.outline)
            return .pdf(writer)
        case .png:
            return .png(try RasterRenderer.render(page, scale: workload.options.scale))
        }
    }

    /// PDF: cairo finishes the file (font subsets, compression). PNG: the image encoded.
    @inline(never)
    static func countedPhaseFinish(_ output: PaintedOutput) throws {
        switch output {
        case .pdf(let writer): _ = try writer.finishData()
        case .png(let image): _ = try PNGEncoder.encode(image)
        }
    }

    /// Releases the document's nodes and layouts, its display list and the output: the last
    /// references are handed over here, so the release happens inside this function.
    @inline(never)
    static func countedPhaseTeardown(
        _ document: consuming any Document, _ page: consuming DisplayPage, _ output: consuming PaintedOutput
    ) {
        _ = consume document
        _ = consume page
        _ = consume output
    }

    enum PaintedOutput {
        case pdf(PDFWriter)
        case png(ImageBuffer)
    }

    /// A workload of ../shared/bench/WORKLOADS.md: its template, records and output.
    struct Workload {
        let template: Template
        let resources: RenderResources
        let records: [JSONValue]
        let options: OutputOptions

        init(_ kind: String, dataDirectory: String) throws {
            let (templatePath, dataFile, options): (String, String, OutputOptions) =
                switch kind {
                case "w1_pdf": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .pdf))
                case "w1_png_1x": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .png, scale: 1))
                case "w1_png_2x": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .png, scale: 2))
                case "w3_png": ("Templates/card.json", "cards.json", OutputOptions(format: .png, scale: 1))
                default: throw CountModeError("unknown --count kind '\(kind)' (w1_pdf, w1_png_1x, w1_png_2x, w3_png)")
                }
            template = try Template.load(path: templatePath)
            resources = RenderResources.forTemplate(template)
            records = try WorkloadBench.records(dataDirectory + "/" + dataFile, limit: 200)
            self.options = options
        }
    }
}

struct CountModeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The running count of heap allocations from bench/alloc-counter.so when it is preloaded.
final class AllocationCounter {
    private typealias Reader = @convention(c) () -> UInt64
    private let reader: Reader?

    init() {
        let handle = dlopen(nil, RTLD_NOW)
        reader = dlsym(handle, "galley_bench_allocations").map { unsafeBitCast($0, to: Reader.self) }
    }

    var isAvailable: Bool { reader != nil }
    var count: UInt64 { reader?() ?? 0 }
}
