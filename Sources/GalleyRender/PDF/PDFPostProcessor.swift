import CCairo
import Glibc

/// Turns the PDF cairo wrote into the one `PDFSettings` asks for, with libqpdf: what cairo 1.16
/// cannot write — XMP metadata, an sRGB output intent, embedded files with `/AF`, a structure
/// tree (`StructureTreeWriter`), encryption — and what PDF/A forbids in cairo's output
/// (interpolated images, annotations without the print flag) fixed. docs/pdf.md lists what
/// each standard gets.
enum PDFPostProcessor {
    /// Checks settings and metadata against the standards before anything is drawn; the error
    /// names the rule and the fix.
    static func validate(_ settings: PDFSettings, metadata: DocumentMetadata) throws(RenderError) {
        if case .failure(let error) = PDFStandard.validate(settings.standards) {
            throw RenderError.pdfStandard("pdf.standard: \(error)")
        }
        if let archival = settings.archival {
            if settings.encryption != nil {
                throw RenderError.pdfStandard(
                    "\(archival.displayName) forbids encryption (ISO 19005-2 §6.1.3): drop the passwords, or the standard"
                )
            }
            if archival == .a2b, let first = settings.allAttachments.first {
                throw RenderError.pdfStandard(
                    "PDF/A-2b allows only PDF/A files as attachments (ISO 19005-2 §6.8), and \"\(first.name)\" is "
                        + "not one: use pdf.standard \"a-3b\", which allows any file")
            }
        }
        if settings.facturX != nil, settings.archival != .a3b {
            throw RenderError.pdfStandard(
                "a Factur-X invoice is a PDF/A-3 file (Factur-X 1.0 §5): set pdf.standard to \"a-3b\" (or [\"a-3b\", \"ua-1\"])"
            )
        }
        if settings.standards.contains(.ua1) {
            if (metadata.title ?? "").isEmpty {
                throw RenderError.pdfStandard(
                    "PDF/UA-1 needs a document title (ISO 14289-1 §7.1): add metadata.title")
            }
            if (metadata.language ?? "").isEmpty {
                throw RenderError.pdfStandard(
                    "PDF/UA-1 needs the document's language (ISO 14289-1 §7.2): add metadata.lang, e.g. \"en-GB\"")
            }
        }
        for (index, attachment) in settings.allAttachments.enumerated() {
            if settings.allAttachments[..<index].contains(where: { $0.name == attachment.name }) {
                throw RenderError.pdfStandard(
                    "two attachments are named \"\(attachment.name)\": give each its own name")
            }
        }
    }

    /// The finished PDF: `bytes` (cairo's) with everything `settings` asks for added.
    static func process(
        _ bytes: [UInt8], metadata: DocumentMetadata, settings: PDFSettings, structure: StructureRecorder?
    ) throws(RenderError) -> [UInt8] {
        let document = try QPDFDocument(bytes: bytes, description: "cairo's PDF")
        let root = document.root
        let pages = document.pages()
        removeCairoStructure(document, pages: pages)
        if let structure {
            try StructureTreeWriter(document: document, pages: pages, structure: structure).write()
        }
        if let language = metadata.language, !language.isEmpty {
            document.set(root, "Lang", document.text(language))
        }
        if !settings.standards.isEmpty {
            let date = PDFDate(metadata.creationDate)
            let producer = "Galley (cairo \(String(cString: cairo_version_string())), qpdf \(QPDFDocument.version))"
            writeInfo(document, metadata: metadata, producer: producer, date: date)
            let packet = XMPPacket(
                metadata: metadata, producer: producer, date: date.xmp, standards: settings.standards,
                facturX: settings.facturX?.profile)
            document.set(
                root, "Metadata",
                document.stream(
                    packet.bytes, dictionary: ["Type": document.name("Metadata"), "Subtype": document.name("XML")]))
        }
        if settings.archival != nil {
            document.set(root, "OutputIntents", document.array([outputIntent(document)]))
            makeArchival(document, pages: pages)
        }
        if settings.standards.contains(.ua1) {
            let preferences = document.value(root, "ViewerPreferences") ?? document.dictionary([:])
            document.set(preferences, "DisplayDocTitle", document.bool(true))
            document.set(root, "ViewerPreferences", preferences)
        }
        try EmbeddedFiles.attach(settings.allAttachments, to: document, date: PDFDate(metadata.creationDate))
        try document.check("post-processing the PDF")
        return try document.write(encryption: settings.encryption)
    }

    /// cairo's own structure (a `Part` element per page, or its flat tags' leaves) describes
    /// nothing a reader can use: dropped, and rebuilt when the document is tagged.
    private static func removeCairoStructure(_ document: QPDFDocument, pages: [QPDFDocument.Object]) {
        document.remove(document.root, "StructTreeRoot")
        document.remove(document.root, "MarkInfo")
        for page in pages {
            document.remove(page, "StructParents")
            for annotation in document.value(page, "Annots").map(document.items) ?? [] {
                document.remove(annotation, "StructParent")
            }
        }
    }

    /// The document information dictionary, matching the XMP packet entry for entry (PDF/A-2 §6.6.3).
    private static func writeInfo(
        _ document: QPDFDocument, metadata: DocumentMetadata, producer: String, date: PDFDate
    ) {
        let info = document.dictionary([
            "Title": metadata.title.map(document.text), "Author": metadata.author.map(document.text),
            "Subject": metadata.subject.map(document.text), "Keywords": metadata.keywords.map(document.text),
            "Creator": metadata.creator.map(document.text), "Producer": document.text(producer),
            "CreationDate": document.text(date.info), "ModDate": document.text(date.info),
        ])
        document.set(document.trailer, "Info", document.indirect(info))
    }

    /// An sRGB output intent (PDF/A-2 §6.2.3): the colour space cairo's DeviceRGB means.
    private static func outputIntent(_ document: QPDFDocument) -> QPDFDocument.Object {
        let profile = document.stream(
            Base64.decode(SRGBProfile.base64), dictionary: ["N": document.integer(3)])
        return document.dictionary([
            "Type": document.name("OutputIntent"), "S": document.name("GTS_PDFA1"),
            "OutputConditionIdentifier": document.text("sRGB IEC61966-2.1"),
            "RegistryName": document.text("http://www.color.org"), "Info": document.text("sRGB IEC61966-2.1"),
            "DestOutputProfile": profile,
        ])
    }

    /// What PDF/A forbids in cairo's output: interpolated images (ISO 19005-2 §6.2.8.1) and
    /// annotations a printer would skip (§6.3.2: the Print flag set, Hidden and NoView clear).
    private static func makeArchival(_ document: QPDFDocument, pages: [QPDFDocument.Object]) {
        for page in pages {
            for annotation in document.value(page, "Annots").map(document.items) ?? [] {
                document.set(annotation, "F", document.integer(4))
            }
        }
        let size = document.value(document.trailer, "Size").flatMap(document.integerValue) ?? 0
        for id in 1..<max(1, size) {
            guard let object = document.object(id: Int32(id)), document.isStream(object) else { continue }
            let dictionary = document.dictionary(of: object)
            if document.value(dictionary, "Interpolate") != nil { document.remove(dictionary, "Interpolate") }
        }
    }
}

/// A document's date in the two spellings PDF/A wants equal: `D:20241104120000+00'00'` (Info)
/// and `2024-11-04T12:00:00+00:00` (XMP). Made from the metadata's date, else the current time.
struct PDFDate {
    let info: String
    let xmp: String

    init(_ date: String?) {
        var digits = Array((date.flatMap(PDFWriter.iso8601Date) ?? PDFDate.now()).filter(\.isNumber))
        while digits.count < 14 { digits.append("0") }
        func part(_ from: Int, _ length: Int) -> String { String(digits[from..<from + length]) }
        info = "D:\(part(0, 14))+00'00'"
        xmp = "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):\(part(12, 2))+00:00"
    }

    private static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// Decodes standard base64 (the shipped ICC profile); characters outside the alphabet are skipped.
enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case 0x41...0x5A: value = byte - 0x41
            case 0x61...0x7A: value = byte - 0x61 + 26
            case 0x30...0x39: value = byte - 0x30 + 52
            case 0x2B: value = 62
            case 0x2F: value = 63
            default: continue
            }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }
}
