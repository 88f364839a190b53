import GalleyLayout

/// Galley's own PDF writer: display pages in, a PDF file out, without cairo.
///
/// Text is written as Type 0 fonts over HarfBuzz subsets (cached across the documents of a
/// process), images as XObjects deflated once per process, paths and groups as content
/// operators with numbers formatted directly. It is the PDF content path docs/architecture.md
/// decides on ("Below the floor"); it does not yet draw shadows, SVG images or tagged
/// structure (it reports them as errors), and the `galley` commands still write PDFs with
/// cairo (`PDFWriter`) until it does.
package final class PDFFileWriter {
    private var file = PDFObjectFile()
    private let deflater: Deflater
    private let metadata: DocumentMetadata
    private let pagesNumber: Int
    /// One resource dictionary, shared by every page and form: fonts, images, forms, states.
    private let resourcesNumber: Int
    private var pageNumbers: [Int] = []
    /// Each page's object number, height and its named destinations (name → point in PDF space).
    private var destinations: [(name: String, page: Int, x: Double, y: Double)] = []
    private var outline: [OutlineEntry] = []
    private var isFinished = false
    /// A page failed part-way (cancelled, or something not drawn yet): the file has objects
    /// reserved and never written, so it cannot be finished.
    private var hasFailed = false

    var fonts: [FontResource: PDFDocumentFont] = [:]
    var fontOrder: [PDFDocumentFont] = []
    var images: [ImageKey: (name: String, number: Int, orientation: ImageOrientation, width: Int, height: Int)] = [:]
    /// Transparency groups and shadow images: XObjects written once each.
    var forms: [(name: String, number: Int)] = []
    /// The images a shadow's content draws, for its mask (rasterized by cairo).
    let shadowImages = ImageSurfaceCache(mode: .raster)
    var alphaStates: [Double: String] = [:]

    struct ImageKey: Hashable {
        let image: ImageBuffer
        let interpolate: Bool
    }

    package init(metadata: DocumentMetadata) throws(RenderError) {
        self.metadata = metadata
        deflater = try Deflater()
        pagesNumber = file.reserve()
        resourcesNumber = file.reserve()
    }

    /// Appends one page; throws `.cancelled` when `isCancelled` turns true between items.
    package func addPage(_ page: DisplayPage, isCancelled: @Sendable () -> Bool = { false }) throws(RenderError) {
        guard !isFinished, !hasFailed else {
            throw RenderError.pdfWriter(
                operation: "adding a page", message: "the writer is already finished, or a page before failed")
        }
        // Set until the page is written: a page that throws leaves the writer failed.
        hasFailed = true
        let pageNumber = file.reserve()
        let contentNumber = file.reserve()
        var painter = PDFPagePainter(writer: self, pageSize: page.size)
        try painter.paintPage(page, isCancelled: isCancelled)
        try file.writeCompressedStream(contentNumber, data: painter.content.bytes, deflater: deflater)
        for anchor in painter.anchors {
            destinations.append((anchor.name, pageNumber, anchor.x, anchor.y))
        }
        var annotations: [Int] = []
        for link in painter.links {
            let number = file.reserve()
            annotations.append(number)
            writeLink(link, number: number)
        }
        file.begin(pageNumber)
        file.buffer.append("<< /Type /Page /Parent ")
        PDFObjectFile.reference(pagesNumber, in: &file.buffer)
        file.buffer.append(" /MediaBox [0 0 ")
        file.buffer.append(real: page.size.width)
        file.buffer.append(" ")
        file.buffer.append(real: page.size.height)
        file.buffer.append("] /Contents ")
        PDFObjectFile.reference(contentNumber, in: &file.buffer)
        file.buffer.append(" /Resources ")
        PDFObjectFile.reference(resourcesNumber, in: &file.buffer)
        if !annotations.isEmpty {
            file.buffer.append(" /Annots [")
            for (index, number) in annotations.enumerated() {
                if index > 0 { file.buffer.append(" ") }
                PDFObjectFile.reference(number, in: &file.buffer)
            }
            file.buffer.append("]")
        }
        file.buffer.append(" >>")
        file.end()
        pageNumbers.append(pageNumber)
        hasFailed = false
    }

    /// Sets the bookmarks written by `finishData()`: nested by level, each opening its named
    /// anchor; entries whose anchor was never drawn are left out (their children move up).
    package func setOutline(_ entries: [OutlineEntry]) { outline = entries }

    /// Writes the fonts, resources, page tree, outline and trailer, and returns the file.
    package func finishData() throws(RenderError) -> [UInt8] {
        guard !isFinished, !hasFailed else {
            throw RenderError.pdfWriter(
                operation: "finishing", message: "the writer is already finished, or a page failed")
        }
        isFinished = true
        for font in fontOrder { try font.write(to: &file, deflater: deflater) }
        writeResources()
        file.begin(pagesNumber)
        file.buffer.append("<< /Type /Pages /Kids [")
        for (index, number) in pageNumbers.enumerated() {
            if index > 0 { file.buffer.append(" ") }
            PDFObjectFile.reference(number, in: &file.buffer)
        }
        file.buffer.append("] /Count ")
        file.buffer.append(pageNumbers.count)
        file.buffer.append(" >>")
        file.end()
        let namesNumber = writeDestinations()
        let outlineNumber = writeOutline()
        let info = writeInfo()
        let catalog = file.reserve()
        file.begin(catalog)
        file.buffer.append("<< /Type /Catalog /Pages ")
        PDFObjectFile.reference(pagesNumber, in: &file.buffer)
        if let namesNumber {
            file.buffer.append(" /Names << /Dests ")
            PDFObjectFile.reference(namesNumber, in: &file.buffer)
            file.buffer.append(" >>")
        }
        if let outlineNumber {
            file.buffer.append(" /Outlines ")
            PDFObjectFile.reference(outlineNumber, in: &file.buffer)
            file.buffer.append(" /PageMode /UseOutlines")
        }
        if let language = metadata.language {
            file.buffer.append(" /Lang ")
            file.buffer.append(textString: language)
        }
        file.buffer.append(" >>")
        file.end()
        var hash = StableHash()
        hash.combine(bytes: file.buffer.bytes)
        var second = StableHash()
        second.combine(UInt64(file.buffer.count))
        second.combine(hash.value)
        var id: [UInt8] = []
        for word in [hash.value, second.value] {
            for shift in stride(from: 56, through: 0, by: -8) { id.append(UInt8((word >> UInt64(shift)) & 0xFF)) }
        }
        return file.finish(root: catalog, info: info, id: id)
    }

    // MARK: Resources used by the painter

    /// The document's font for `resource`, made when first drawn.
    func font(for resource: FontResource) throws(RenderError) -> PDFDocumentFont {
        if let found = fonts[resource] { return found }
        let font = PDFDocumentFont(
            source: try PDFFontSource.source(for: resource), objectNumber: file.reserve(),
            resourceName: "F\(fonts.count + 1)")
        fonts[resource] = font
        fontOrder.append(font)
        return font
    }

    /// `image` as the file holds it, written when first drawn: its resource name, and how its
    /// stored pixels (`width` x `height`) turn to show it.
    func image(_ image: ImageBuffer, interpolate: Bool) throws(RenderError) -> (
        name: String, orientation: ImageOrientation, width: Int, height: Int
    ) {
        let key = ImageKey(image: image, interpolate: interpolate)
        if let found = images[key] { return (found.name, found.orientation, found.width, found.height) }
        let streams = try PDFImageStreams.streams(for: image, deflater: deflater)
        let number = file.reserve()
        streams.write(number, interpolate: interpolate, to: &file)
        let name = "Im\(images.count + 1)"
        images[key] = (name, number, streams.orientation, streams.width, streams.height)
        return (name, streams.orientation, streams.width, streams.height)
    }

    /// `alpha` as a graphics state can hold it: within 0…1, and 1 when it is not a number.
    static func validAlpha(_ alpha: Double) -> Double { alpha.isNaN ? 1 : min(max(alpha, 0), 1) }

    /// The resource name of a graphics state with fill and stroke alpha `alpha` (`validAlpha`).
    func alphaStateName(_ alpha: Double) -> String {
        if let found = alphaStates[alpha] { return found }
        let name = "G\(alphaStates.count + 1)"
        alphaStates[alpha] = name
        return name
    }

    /// Writes a shadow: an image of `color` through the blurred mask, and returns its name.
    func shadowImage(_ mask: ShadowMask, color: Color) throws(RenderError) -> String {
        let alpha = mask.packedAlpha()
        var rgb = [UInt8](repeating: 0, count: 3 * alpha.count)
        let components = [color.red, color.green, color.blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        for index in 0..<alpha.count {
            rgb[3 * index] = components[0]
            rgb[3 * index + 1] = components[1]
            rgb[3 * index + 2] = components[2]
        }
        let streams = PDFImageStreams(
            width: mask.width, height: mask.height, color: try deflater.compress(rgb),
            alpha: try deflater.compress(alpha), isJPEG: false, isGray: false, orientation: .up)
        let number = file.reserve()
        streams.write(number, interpolate: true, to: &file)
        let name = "Sh\(forms.count + 1)"
        forms.append((name, number))
        return name
    }

    /// Writes a transparency group (a group's content faded as a whole) and returns its name.
    func formName(content: [UInt8], boundingBox: Rect) throws(RenderError) -> String {
        let number = file.reserve()
        try file.writeCompressedStream(number, data: content, deflater: deflater) { buffer in
            buffer.append("/Type /XObject /Subtype /Form /BBox [")
            buffer.append(corners: boundingBox)
            buffer.append("] /Group << /S /Transparency /CS /DeviceRGB >> /Resources ")
            PDFObjectFile.reference(self.resourcesNumber, in: &buffer)
        }
        let name = "Fm\(forms.count + 1)"
        forms.append((name, number))
        return name
    }

    // MARK: Document structure

    private func writeResources() {
        file.begin(resourcesNumber)
        file.buffer.append("<< /ProcSet [/PDF /Text /ImageB /ImageC]")
        if !fontOrder.isEmpty {
            file.buffer.append(" /Font <<")
            for font in fontOrder { file.buffer.append(entry: font.resourceName, reference: font.objectNumber) }
            file.buffer.append(" >>")
        }
        if !images.isEmpty || !forms.isEmpty {
            file.buffer.append(" /XObject <<")
            for entry in images.values.sorted(by: { $0.number < $1.number }) {
                file.buffer.append(entry: entry.name, reference: entry.number)
            }
            for entry in forms { file.buffer.append(entry: entry.name, reference: entry.number) }
            file.buffer.append(" >>")
        }
        if !alphaStates.isEmpty {
            file.buffer.append(" /ExtGState <<")
            for (alpha, name) in alphaStates.sorted(by: { $0.value < $1.value }) {
                file.buffer.append(" ")
                file.buffer.append(name: name)
                file.buffer.append(" << /Type /ExtGState /ca ")
                file.buffer.append(real: alpha)
                file.buffer.append(" /CA ")
                file.buffer.append(real: alpha)
                file.buffer.append(" >>")
            }
            file.buffer.append(" >>")
        }
        file.buffer.append(" >>")
        file.end()
    }

    private func writeLink(_ link: PDFPagePainter.Link, number: Int) {
        file.begin(number)
        file.buffer.append("<< /Type /Annot /Subtype /Link /Rect [")
        file.buffer.append(corners: link.rect)
        file.buffer.append("] /Border [0 0 0]")
        switch link.target {
        case .url(let url):
            file.buffer.append(" /A << /S /URI /URI ")
            file.buffer.append(literal: Self.uriBytes(url))
            file.buffer.append(" >>")
        case .destination(let name):
            file.buffer.append(" /Dest ")
            file.buffer.append(textString: name)
        }
        file.buffer.append(" >>")
        file.end()
    }

    /// The named destinations as a name tree (one node, names sorted as PDF requires); nil when none.
    private func writeDestinations() -> Int? {
        guard !destinations.isEmpty else { return nil }
        // Keys are compared as the bytes written (PDF sorts a name tree by them; a viewer
        // searching it by halves misses a key out of order), and the first destination of a
        // key wins, as in cairo's output.
        var seen = Set<[UInt8]>()
        var unique: [(key: [UInt8], page: Int, x: Double, y: Double)] = []
        for destination in destinations {
            var encoded = PDFBuffer()
            encoded.append(textString: destination.name)
            if seen.insert(encoded.bytes).inserted {
                unique.append((encoded.bytes, destination.page, destination.x, destination.y))
            }
        }
        unique.sort { Self.stringBytes($0.key).lexicographicallyPrecedes(Self.stringBytes($1.key)) }
        let number = file.reserve()
        file.begin(number)
        file.buffer.append("<< /Names [")
        for destination in unique {
            file.buffer.append(" ")
            file.buffer.append(contentsOf: destination.key)
            file.buffer.append(" [")
            PDFObjectFile.reference(destination.page, in: &file.buffer)
            file.buffer.append(" /XYZ ")
            file.buffer.append(point: Point(x: destination.x, y: destination.y))
            file.buffer.append(" 0]")
        }
        file.buffer.append(" ] >>")
        file.end()
        return number
    }

    /// The outline, entries nested by level; nil when no entry's anchor was drawn.
    private func writeOutline() -> Int? {
        let drawn = Set(destinations.map(\.name))
        let entries = outline.filter { drawn.contains($0.destination) }
        guard !entries.isEmpty else { return nil }
        // Parent of each entry (-1: the root), found as `PDFWriter` nests them.
        var parent: [Int] = []
        var open: [(level: Int, index: Int)] = []
        for (index, entry) in entries.enumerated() {
            while let last = open.last, last.level >= entry.level { open.removeLast() }
            parent.append(open.last?.index ?? -1)
            open.append((entry.level, index))
        }
        let root = file.reserve()
        let numbers = entries.map { _ in file.reserve() }
        func children(of index: Int) -> [Int] { parent.indices.filter { parent[$0] == index } }
        func descendants(of index: Int) -> Int {
            children(of: index).reduce(0) { $0 + 1 + descendants(of: $1) }
        }
        let top = children(of: -1)
        file.begin(root)
        file.buffer.append("<< /Type /Outlines /First ")
        PDFObjectFile.reference(numbers[top[0]], in: &file.buffer)
        file.buffer.append(" /Last ")
        PDFObjectFile.reference(numbers[top[top.count - 1]], in: &file.buffer)
        file.buffer.append(" /Count ")
        file.buffer.append(entries.count)
        file.buffer.append(" >>")
        file.end()
        for (index, entry) in entries.enumerated() {
            let siblings = children(of: parent[index])
            let position = siblings.firstIndex(of: index) ?? 0
            file.begin(numbers[index])
            file.buffer.append("<< /Title ")
            file.buffer.append(textString: entry.title)
            file.buffer.append(" /Parent ")
            PDFObjectFile.reference(parent[index] < 0 ? root : numbers[parent[index]], in: &file.buffer)
            if position > 0 {
                file.buffer.append(" /Prev ")
                PDFObjectFile.reference(numbers[siblings[position - 1]], in: &file.buffer)
            }
            if position + 1 < siblings.count {
                file.buffer.append(" /Next ")
                PDFObjectFile.reference(numbers[siblings[position + 1]], in: &file.buffer)
            }
            let own = children(of: index)
            if let first = own.first, let last = own.last {
                file.buffer.append(" /First ")
                PDFObjectFile.reference(numbers[first], in: &file.buffer)
                file.buffer.append(" /Last ")
                PDFObjectFile.reference(numbers[last], in: &file.buffer)
                // Open: a positive count of the visible descendants.
                file.buffer.append(" /Count ")
                file.buffer.append(descendants(of: index))
            }
            file.buffer.append(" /Dest ")
            file.buffer.append(textString: entry.destination)
            file.buffer.append(" >>")
            file.end()
        }
        return root
    }

    private func writeInfo() -> Int? {
        let fields: [(StaticString, String?)] = [
            ("/Title ", metadata.title), ("/Author ", metadata.author), ("/Subject ", metadata.subject),
            ("/Keywords ", metadata.keywords), ("/Creator ", metadata.creator),
            ("/CreationDate ", metadata.creationDate.map(Self.pdfDate)),
        ]
        let number = file.reserve()
        file.begin(number)
        file.buffer.append("<< /Producer (Galley)")
        for (key, value) in fields {
            guard let value else { continue }
            file.buffer.append(" ")
            file.buffer.append(key)
            file.buffer.append(textString: value)
        }
        file.buffer.append(" >>")
        file.end()
        return number
    }

    /// The bytes a string token stands for: a literal's characters (escapes undone), or a hex
    /// string's bytes — what a name tree is sorted by.
    private static func stringBytes(_ token: [UInt8]) -> [UInt8] {
        guard let first = token.first else { return [] }
        var bytes: [UInt8] = []
        if first == UInt8(ascii: "<") {
            var high: UInt8?
            for byte in token.dropFirst().dropLast() {
                let value = byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : byte - UInt8(ascii: "A") + 10
                if let first = high {
                    bytes.append(first << 4 | value)
                    high = nil
                } else {
                    high = value
                }
            }
            return bytes
        }
        var index = 1
        while index < token.count - 1 {
            var byte = token[index]
            if byte == UInt8(ascii: "\\"), index + 1 < token.count - 1 {
                index += 1
                byte = token[index]
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "7"), index + 2 < token.count - 1 {
                    byte = (byte - 48) << 6 | (token[index + 1] - 48) << 3 | (token[index + 2] - 48)
                    index += 2
                }
            }
            bytes.append(byte)
            index += 1
        }
        return bytes
    }

    /// A URI as `/URI` wants it, 7-bit ASCII: bytes outside printable ASCII and spaces
    /// percent-encoded (a link's text may carry any character).
    static func uriBytes(_ uri: String) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in uri.utf8 {
            if byte > 0x20 && byte < 0x7F {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return bytes
    }

    /// `D:YYYYMMDDHHmmSSZ` from PDF's own form (kept) or ISO 8601 (`2026-01-31T12:00:00Z`).
    static func pdfDate(_ date: String) -> String {
        if date.hasPrefix("D:") { return date }
        let digits = date.filter { $0.isASCII && $0.isNumber }
        return "D:" + String(digits.prefix(14)) + (date.hasSuffix("Z") ? "Z" : "")
    }
}
