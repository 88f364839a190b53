import Foundation
import Galley
import GalleyLayout
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
        let counter = AllocationCounter()
        var allocations = [UInt64](repeating: 0, count: phaseNames.count)
        // On the output's grid, as `DocumentWriter` lays out (exact for a PDF, device pixels for
        // a PNG). Set here, around the loops: a closure inside `countedDocument` would carry its
        // name, and the bench would count it twice.
        try PixelGrid.withScale(workload.options.layoutGridScale) {
            for index in 0..<options.warmup {
                try warmup(workload, workload.records[index % workload.records.count])
            }
            for index in 0..<options.documents {
                let record = workload.records[(options.warmup + index) % workload.records.count]
                try countedDocument(workload, record, counter: counter, allocations: &allocations)
            }
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
        if workload.ownPDFWriter {
            try countedPhaseFinish(countedPhasePaint(countedPhaseDisplayList(document, workload), document, workload))
            return
        }
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
        let pages = try countedPhaseDisplayList(document, workload)
        close(2)
        let output = try countedPhasePaint(pages, document, workload)
        close(3)
        try countedPhaseFinish(output)
        close(4)
        countedPhaseTeardown(document, pages, output)
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

    /// PDF: every page's display list, as `DocumentWriter.pdfData` makes them. PNG: the first page's.
    @inline(never)
    static func countedPhaseDisplayList(_ document: any Document, _ workload: Workload) throws -> [DisplayPage] {
        switch workload.options.format {
        case .pdf:
            var display = workload.options.displayOptions
            display.tagsStructure = workload.options.pdfSettings(for: document).isTagged
            let count = try document.pageCount(isCancelled: .never)
            return try (0..<count).map { try document.displayPage($0, options: display) }
        case .png:
            var page = try document.displayPage(0, options: workload.options.displayOptions)
            page.background = page.background ?? document.paper
            return [page]
        }
    }

    /// PDF: the pages replayed into cairo's PDF surface. PNG: the page rasterized.
    @inline(never)
    static func countedPhasePaint(_ pages: [DisplayPage], _ document: any Document, _ workload: Workload) throws
        -> PaintedOutput
    {
        switch workload.options.format {
        case .pdf where workload.ownPDFWriter:
            let writer = try PDFFileWriter(metadata: document.metadata)
            for page in pages { try writer.addPage(page) }
            writer.setOutline(document.outline)
            return .ownPDF(writer)
        case .pdf:
            let writer = try PDFWriter(
                metadata: document.metadata, settings: workload.options.pdfSettings(for: document))
            for page in pages { try writer.addPage(page) }
            writer.setOutline(document.outline)
            return .pdf(writer)
        case .png:
            return .png(try RasterRenderer.render(pages[0], scale: workload.options.scale))
        }
    }

    /// PDF: cairo finishes the file (font subsets, compression). PNG: the image encoded.
    @inline(never)
    static func countedPhaseFinish(_ output: PaintedOutput) throws {
        switch output {
        case .pdf(let writer): _ = try writer.finishData()
        case .ownPDF(let writer):
            let bytes = try writer.finishData()
            // GALLEY_BENCH_DUMP=FILE keeps the last document made, to look at.
            if let path = ProcessInfo.processInfo.environment["GALLEY_BENCH_DUMP"] {
                _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            }
        case .png(let image): _ = try PNGEncoder.encode(image)
        }
    }

    /// Releases the document's nodes and layouts, its display list and the output: the last
    /// references are handed over here, so the release happens inside this function.
    @inline(never)
    static func countedPhaseTeardown(
        _ document: consuming any Document, _ pages: consuming [DisplayPage], _ output: consuming PaintedOutput
    ) {
        _ = consume document
        _ = consume pages
        _ = consume output
    }

    enum PaintedOutput {
        case pdf(PDFWriter)
        /// Galley's own PDF writer (`PDFFileWriter`), for the `_own` kinds.
        case ownPDF(PDFFileWriter)
        case png(ImageBuffer)
    }

    /// A workload of ../shared/bench/WORKLOADS.md: its template, records and output. The paged
    /// ones: W2, the 13-page report (its one record, so every document is a warm repeat), and
    /// the 3-page statement of the paged group's batch (`StatementData`, a record each).
    struct Workload {
        let template: Template
        let resources: RenderResources
        let records: [JSONValue]
        let options: OutputOptions
        /// PDF through `PDFFileWriter` instead of cairo (a kind ending in `_own`).
        let ownPDFWriter: Bool

        init(_ requestedKind: String, dataDirectory: String) throws {
            ownPDFWriter = requestedKind.hasSuffix("_own")
            let kind = ownPDFWriter ? String(requestedKind.dropLast(4)) : requestedKind
            let (templatePath, dataFile, options): (String, String, OutputOptions) =
                switch kind {
                case "w1_pdf": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .pdf))
                case "w1_png_1x": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .png, scale: 1))
                case "w1_png_2x": ("Templates/invoice.json", "invoices.json", OutputOptions(format: .png, scale: 2))
                case "w3_png": ("Templates/card.json", "cards.json", OutputOptions(format: .png, scale: 1))
                case "w2_pdf": ("Templates/report.json", "report.json", OutputOptions(format: .pdf))
                case "statement_pdf": ("Templates/statement.json", "", OutputOptions(format: .pdf))
                default:
                    throw CountModeError(
                        "unknown --count kind '\(kind)' (w1_pdf, w1_png_1x, w1_png_2x, w3_png, w2_pdf, statement_pdf; "
                            + "a PDF kind with _own: Galley's own PDF writer)")
                }
            template = try Template.load(path: templatePath)
            resources = RenderResources.forTemplate(template)
            if dataFile.isEmpty {
                records = try Self.statements(count: 40)
            } else {
                records = try WorkloadBench.records(dataDirectory + "/" + dataFile, limit: 200)
            }
            self.options = options
        }

        /// `count` statement records of 60 transactions (the paged group's data), parsed.
        private static func statements(count: Int) throws -> [JSONValue] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "galley-statements-\(getpid()).ndjson")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(StatementData.ndjson(count: count, rows: 60).utf8).write(to: file)
            return try WorkloadBench.records(file.path, limit: count)
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
