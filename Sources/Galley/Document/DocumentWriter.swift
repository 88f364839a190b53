import GalleyLayout
import GalleyRender

/// How a document is written: the format, the PNG scale, the pages, and the render's limits.
public struct OutputOptions: Sendable {
    public var format: OutputFormat
    /// Pixels per point for PNG output (1 = 72 dpi); PDF output is vector and ignores it.
    public var scale: Double
    /// The pages to write; nil writes every page.
    public var pages: PageSelection?
    /// Stops the render at its next check (layout, pagination, drawing, encoding); the write
    /// then throws `RenderCancelled` and leaves no file.
    public var cancellation: CancellationSource?
    /// Where rasterized subtrees are looked up and stored (shared across pages, documents and
    /// threads); nil draws them every time.
    public var rasterCache: RasterCache?
    /// PDF output: the standards to claim instead of the document's own (`--pdf-standard`);
    /// nil keeps the document's `pdf.standards`.
    public var pdfStandards: Set<PDFStandard>?
    /// PDF output: encrypt with these passwords (AES-256) and the document's permissions.
    public var pdfPasswords: PDFPasswords?
    /// How the finished files are moved into place: flushed and renamed before `write` returns,
    /// or handed over (`galley batch` commits many at a time on another thread).
    public var commit: OutputCommit = .immediate

    public init(
        format: OutputFormat, scale: Double = 1, pages: PageSelection? = nil, cancellation: CancellationSource? = nil,
        rasterCache: RasterCache? = .shared, pdfStandards: Set<PDFStandard>? = nil, pdfPasswords: PDFPasswords? = nil
    ) {
        self.format = format
        self.scale = scale
        self.pages = pages
        self.cancellation = cancellation
        self.rasterCache = rasterCache
        self.pdfStandards = pdfStandards
        self.pdfPasswords = pdfPasswords
    }

    /// The display options pages are drawn with for this output.
    public var displayOptions: DisplayOptions {
        DisplayOptions(
            rasterizationScale: format == .png ? scale : DisplayOptions.pdfRasterizationScale,
            isCancelled: CancellationCheck(source: cancellation), rasterCache: rasterCache)
    }

    /// The grid layout rounds to for this output (`PixelGrid`): none for a PDF, device pixels for a PNG.
    public var layoutGridScale: Double { format == .pdf ? PixelGrid.exact : scale }

    /// What `document`'s PDF carries with these options: its own settings, the standards
    /// overridden and the encryption added when asked.
    public func pdfSettings(for document: any Document) -> PDFSettings {
        var settings = document.pdf
        if let pdfStandards { settings.standards = pdfStandards }
        if let pdfPasswords {
            settings.encryption = PDFEncryption(
                userPassword: pdfPasswords.user, ownerPassword: pdfPasswords.owner, permissions: settings.permissions)
        }
        return settings
    }
}

/// Writes any document — a canvas or a paged document — to PDF or PNG: the one page pipeline
/// from a document's pages to the files.
///
/// PDF: one file, pages streamed into it as they are drawn (memory holds one page). PNG: one
/// file per page, named by the document's `PageNaming` (`card.png`; `report-1.png`,
/// `report-2.png`, …). Output is atomic: files appear only when every page is written, so a
/// failed or cancelled render leaves none (and never the first pages without the rest).
public enum DocumentWriter {
    /// Lays out, draws and writes `document`; returns the files written, in page order.
    /// - Parameters:
    ///   - document: the canvas or paged document to write.
    ///   - path: the output file (`-` for standard output: one PDF, or one PNG page).
    ///   - options: the format, scale, pages and limits of the render.
    @discardableResult
    public static func write(_ document: any Document, to path: String, options: OutputOptions) throws -> [String] {
        try withCancellationMapped(options) {
            let indices = try pageIndices(document, options)
            switch options.format {
            case .pdf:
                let settings = options.pdfSettings(for: document)
                let writer = try PDFWriter(path: path, metadata: document.metadata, settings: settings)
                try addPages(indices, of: document, to: writer, options: options, tagged: settings.isTagged)
                try writer.finish(commit: options.commit)
                return [path]
            case .png:
                let paths = indices.map { document.pageNaming.path(for: path, page: $0 + 1) }
                if path == "-" {
                    guard indices.count == 1 else {
                        throw DocumentWriteError(
                            "\(indices.count) pages cannot go to standard output as one PNG; pick one with --pages N")
                    }
                    try FileOutput.writeAtomically(try pngData(document, page: indices[0], options: options), to: "-")
                    return ["-"]
                }
                let staged = StagedFiles()
                for (index, file) in zip(indices, paths) {
                    try staged.stage(try pngData(document, page: index, options: options), at: file)
                }
                try CancellationCheck(source: options.cancellation).throwIfCancelled()
                try staged.commit(options.commit)
                return paths
            }
        }
    }

    /// The PDF's bytes (every selected page).
    public static func pdfData(_ document: any Document, options: OutputOptions = OutputOptions(format: .pdf)) throws
        -> [UInt8]
    {
        try withCancellationMapped(options) {
            let settings = options.pdfSettings(for: document)
            let writer = try PDFWriter(metadata: document.metadata, settings: settings)
            try addPages(
                try pageIndices(document, options), of: document, to: writer, options: options,
                tagged: settings.isTagged)
            return try writer.finishData()
        }
    }

    /// Page `index` (0-based) as PNG bytes at the options' scale, on the document's paper
    /// unless the page has a background of its own.
    public static func pngData(
        _ document: any Document, page index: Int, options: OutputOptions = OutputOptions(format: .png)
    ) throws -> [UInt8] {
        try withCancellationMapped(options) {
            let check = CancellationCheck(source: options.cancellation)
            var page = try document.displayPage(index, options: options.displayOptions)
            page.background = page.background ?? document.paper
            let image = try RasterRenderer.render(page, scale: options.scale, isCancelled: { check() })
            try check.throwIfCancelled()
            return try PNGEncoder.encode(image)
        }
    }

    /// The files `write` makes for `path` (for `--resume`): the first one is in place only
    /// when all are (`StagedFiles` renames it last).
    public static func firstOutputPath(
        for path: String, format: OutputFormat, naming: PageNaming, pages: PageSelection?
    ) -> String {
        format == .pdf ? path : naming.path(for: path, page: pages?.firstPage ?? 1)
    }

    private static func pageIndices(_ document: any Document, _ options: OutputOptions) throws -> [Int] {
        let count = try document.pageCount(isCancelled: CancellationCheck(source: options.cancellation))
        return try options.pages?.indices(pageCount: count) ?? Array(0..<count)
    }

    private static func addPages(
        _ indices: [Int], of document: any Document, to writer: PDFWriter, options: OutputOptions, tagged: Bool
    ) throws {
        var display = options.displayOptions
        display.tagsStructure = tagged
        let check = display.isCancelled
        for index in indices {
            try check.throwIfCancelled()
            try writer.addPage(try document.displayPage(index, options: display), isCancelled: { check() })
        }
        writer.setOutline(document.outline)
    }

    /// Runs `body` on the output's pixel grid (`PixelGrid`: exact for a PDF, the PNG's pixels
    /// per point) and turns the renderer's `.cancelled` into `RenderCancelled` with the reason
    /// the source gives (cancelled or timed out).
    /// - Parameters:
    ///   - options: the render's format (which grid) and cancellation source.
    ///   - body: the layout, pagination or drawing to run.
    public static func withCancellationMapped<T>(_ options: OutputOptions, _ body: () throws -> T) throws -> T {
        do {
            return try PixelGrid.withScale(options.layoutGridScale, body)
        } catch RenderError.cancelled {
            throw RenderCancelled(reason: options.cancellation?.reason ?? .cancelled)
        }
    }
}

/// A document that cannot be written as asked.
public struct DocumentWriteError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
