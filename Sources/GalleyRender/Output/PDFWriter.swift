import CCairo
import GalleyLayout
import Glibc

/// Writes a multi-page PDF page by page as pages arrive, so memory is bounded by one page
/// (plus the font subsets and images cairo keeps for the end).
///
/// Text stays text (glyphs with their clusters, fonts embedded as subsets), links become
/// annotations, anchors named destinations, and the outline is written by `finish()`. Output
/// is atomic: the file appears at `path` only when `finish()` succeeds; dropping an unfinished
/// writer deletes its temporary file. A writer belongs to one task.
public final class PDFWriter {
    private let sink: PDFSink
    private var surface: CairoSurface?
    private let images = ImageSurfaceCache(mode: .vector)
    /// The pages' glyph runs on their way to cairo (`GlyphBatch`), its storage kept from page to page.
    private let glyphBatch = GlyphBatch()
    private var outline: [OutlineEntry] = []
    private var anchorNames: Set<String> = []
    private var isFinished = false
    /// The glyph runs that went to cairo in one call with the run before (`GlyphBatch`).
    package private(set) var gatheredRunCount = 0

    /// Whether pages are painted with the shortcuts that leave the bytes as they are
    /// (`Painter.takesShortcuts`: glyph runs gathered, translated groups without a state save);
    /// off only in the tests that compare the PDF with the one painted without them.
    @TaskLocal package static var takesShortcuts = true

    /// What is added to cairo's PDF (standards, tags, attachments, encryption; nothing when plain).
    private let settings: PDFSettings
    private let metadata: DocumentMetadata
    /// Tagged output: the structure followed while pages are painted.
    private let structure: StructureRecorder?
    /// Where a post-processed PDF goes once finished (cairo's PDF is kept in memory first).
    private let destination: String?

    /// Starts a PDF at `path` (`-` for standard output), writing to a temporary file beside it
    /// (created once the PDF outgrows `PendingFile.memoryLimit`, or when it is finished).
    /// A PDF with `settings` beyond the plain default is made in memory, post-processed
    /// (`PDFPostProcessor`) and written atomically by `finish()`.
    public convenience init(path: String, metadata: DocumentMetadata, settings: PDFSettings = PDFSettings())
        throws(RenderError)
    {
        if !settings.isPlain {
            try self.init(sink: PDFSink(target: .memory), metadata: metadata, settings: settings, destination: path)
            return
        }
        let target: PDFSink.Target =
            path == "-" ? .standardOutput : .file(try AtomicFile(path: path, memoryLimit: PendingFile.memoryLimit))
        try self.init(sink: PDFSink(target: target), metadata: metadata, settings: settings, destination: nil)
    }

    /// Starts a PDF kept in memory; get the bytes with `finishData()`.
    public convenience init(metadata: DocumentMetadata, settings: PDFSettings = PDFSettings()) throws(RenderError) {
        try self.init(sink: PDFSink(target: .memory), metadata: metadata, settings: settings, destination: nil)
    }

    private init(sink: PDFSink, metadata: DocumentMetadata, settings: PDFSettings, destination: String?)
        throws(RenderError)
    {
        try PDFPostProcessor.validate(settings, metadata: metadata)
        self.sink = sink
        self.settings = settings
        self.metadata = metadata
        self.destination = destination
        structure = settings.isTagged ? StructureRecorder(checksAccessibility: settings.standards.contains(.ua1)) : nil
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        // The page size is set again before each page is drawn.
        let surface = try CairoSurface(
            owning: cairo_pdf_surface_create_for_stream(PDFSink.writeFunction, closure, 612, 792),
            operation: "cairo_pdf_surface_create_for_stream")
        self.surface = surface
        PDFWriter.apply(metadata, to: surface.pointer)
        try surface.checkStatus("PDF metadata")
    }

    deinit {
        if !isFinished {
            sink.abandon()
        }
        // Destroying an unfinished surface makes cairo finish it into the discarding sink.
        surface = nil
    }

    /// Appends one page, drawn in vector form; throws `.cancelled` when `isCancelled` turns
    /// true between items (the writer is then unusable; drop it to delete the partial file).
    public func addPage(_ page: DisplayPage, isCancelled: @Sendable () -> Bool = { false }) throws(RenderError) {
        guard let surface, !isFinished else {
            throw RenderError.cairo(operation: "PDFWriter.addPage", status: "writer already finished")
        }
        assert(!PendingLayerMarker.occurs(in: page.items), "a PDF page holds an unresolved deferred layer")
        cairo_pdf_surface_set_size(surface.pointer, page.size.width, page.size.height)
        let context = try CairoContext(surface: surface)
        let painter = try Painter(
            context: context, mode: .vector, images: images, canvasWidth: page.size.width,
            canvasHeight: page.size.height, shadowResolution: 2, glyphBatch: glyphBatch)
        // cairo's recording surface drops everything recorded before an unclipped opaque paint
        // of the whole page — and a fill of a page-sized rectangle becomes such a paint. What it
        // drops includes tags (the "Part" below, links, destinations), which leaves the PDF with
        // unbalanced tags ("invalid tag name, attributes, or nesting"). A clip to the page
        // itself changes no pixel and turns that optimisation off.
        cairo_rectangle(context.pointer, 0, 0, page.size.width, page.size.height)
        cairo_clip(context.pointer)
        painter.forbidsMissingGlyphs = !settings.standards.isEmpty
        painter.structure = structure
        painter.takesShortcuts = Self.takesShortcuts
        structure?.beginPage()
        if let background = page.background, !background.isInvisible {
            // Tagged output: painted in no element, the background is an artifact.
            try structure?.willPaint(context.pointer)
            painter.setSource(background)
            cairo_paint(context.pointer)
        }
        if let structure {
            // Tagged output: flat tags only (StructureRecorder); the tree is built afterwards.
            try painter.paint(page.items, isCancelled: isCancelled)
            structure.endPage(context.pointer)
        } else {
            // cairo 1.16 gives each link annotation a structure parent but writes the structure
            // tree only when the page has a structure tag; without one, qpdf reports the file as
            // damaged (unwritten objects). One "Part" element per page keeps the file valid.
            CairoTags.begin(context.pointer, "Part", "")
            try painter.paint(page.items, isCancelled: isCancelled)
            CairoTags.end(context.pointer, "Part")
        }
        anchorNames.formUnion(painter.anchorNames)
        gatheredRunCount += painter.gatheredRunCount
        cairo_show_page(context.pointer)
        try context.checkStatus("PDF page")
        try surface.checkStatus("PDF page")
        try sink.check()
    }

    /// Sets the bookmarks written by `finish()`: nested by level, each opening its named
    /// anchor. Entries whose anchor was never drawn are left out (their children move up).
    public func setOutline(_ entries: [OutlineEntry]) {
        outline = entries
    }

    /// Writes the outline and trailer and moves the file into place (or hands it over, as
    /// `commit` says).
    public func finish(commit: OutputCommit = .immediate) throws(RenderError) {
        guard let surface, !isFinished else { return }
        writeOutline(to: surface.pointer)
        do {
            try surface.finish("PDF finish")
            if !settings.isPlain {
                let bytes = try PDFPostProcessor.process(
                    sink.takeBytes(), metadata: metadata, settings: settings, structure: structure)
                if let destination {
                    try FileOutput.writeAtomically(bytes, to: destination, commit: commit)
                } else {
                    sink.replaceBytes(bytes)
                }
            }
            try sink.commit(commit)
        } catch {
            sink.abandon()
            isFinished = true
            throw error
        }
        isFinished = true
    }

    /// Finishes an in-memory PDF and returns its bytes.
    public func finishData() throws(RenderError) -> [UInt8] {
        try finish()
        return sink.takeBytes()
    }

    private func writeOutline(to surface: OpaquePointer) {
        var parents: [(level: Int, id: Int32)] = []
        for entry in outline where anchorNames.contains(entry.destination) {
            while let last = parents.last, last.level >= entry.level { parents.removeLast() }
            let parent = parents.last?.id ?? Int32(CAIRO_PDF_OUTLINE_ROOT)
            let id = cairo_pdf_surface_add_outline(
                surface, parent, entry.title, "dest='\(escapeTagValue(entry.destination))'",
                CAIRO_PDF_OUTLINE_FLAG_OPEN)
            parents.append((entry.level, id))
        }
    }

    private static func apply(_ metadata: DocumentMetadata, to surface: OpaquePointer) {
        let fields: [(cairo_pdf_metadata_t, String?)] = [
            (CAIRO_PDF_METADATA_TITLE, metadata.title),
            (CAIRO_PDF_METADATA_AUTHOR, metadata.author),
            (CAIRO_PDF_METADATA_SUBJECT, metadata.subject),
            (CAIRO_PDF_METADATA_KEYWORDS, metadata.keywords),
            (CAIRO_PDF_METADATA_CREATOR, metadata.creator),
            (CAIRO_PDF_METADATA_CREATE_DATE, metadata.creationDate.flatMap(iso8601Date)),
        ]
        for (key, value) in fields {
            if let value { cairo_pdf_surface_set_metadata(surface, key, value) }
        }
    }

    /// cairo wants ISO 8601 (`2026-01-31T12:00:00Z`); the display list may carry PDF's own
    /// `D:YYYYMMDDHHmmSS` form, which is converted. A fixed date makes output byte-identical.
    static func iso8601Date(_ date: String) -> String? {
        guard date.hasPrefix("D:") else { return date }
        let digits = Array(date.dropFirst(2).prefix { $0.isNumber })
        guard digits.count >= 4 else { return nil }
        func part(_ from: Int, _ length: Int, _ fallback: String) -> String {
            from + length <= digits.count ? String(digits[from..<from + length]) : fallback
        }
        return "\(part(0, 4, "1970"))-\(part(4, 2, "01"))-\(part(6, 2, "01"))T"
            + "\(part(8, 2, "00")):\(part(10, 2, "00")):\(part(12, 2, "00"))Z"
    }
}
