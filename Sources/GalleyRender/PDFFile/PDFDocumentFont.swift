/// The glyphs one document draws with one font face, each given a CID in the order first
/// drawn, and the text each stands for; written at the end of the document as a Type 0 font
/// (`Identity-H`) over a TrueType subset, with a CID-to-glyph map into the subset's numbering.
///
/// CIDs, not the face's glyph ids, go into the pages' content: the subset renumbers its
/// glyphs, and which glyphs it holds is known only once every page is written.
final class PDFDocumentFont {
    let source: PDFFontSource
    /// The Type 0 font's object number (reserved when the font is first drawn).
    let objectNumber: Int
    /// The font's name in the resource dictionary (`F1`, `F2`, …).
    let resourceName: String
    /// Each glyph's CID by glyph id (0: none yet; CID 0 is `.notdef`'s alone): an array the
    /// size of the face's glyph count, since a lookup per glyph drawn hashed too often.
    private var cidOfGlyph: [UInt16]
    /// The face's glyph of each CID; CID 0 is `.notdef`.
    private(set) var glyphOfCID: [UInt32] = [0]
    /// The text each CID stands for (`nil`: none, e.g. the second glyph of a cluster).
    private var textOfCID: [[UInt16]?] = [nil]
    /// Each CID's advance in thousandths of an em, as the widths array states it.
    private(set) var widthOfCID: [Double] = [0]

    init(source: PDFFontSource, objectNumber: Int, resourceName: String) {
        self.source = source
        self.objectNumber = objectNumber
        self.resourceName = resourceName
        cidOfGlyph = [UInt16](repeating: 0, count: source.glyphCount)
        widthOfCID = [Self.rounded(Double(source.advance(0)) * 1000 / Double(source.unitsPerEm))]
    }

    /// A glyph's CID, and whether the text it stands for is still unknown.
    struct Lookup {
        var cid: UInt16
        var needsText: Bool
    }

    /// The CID of `glyph`, given one when first drawn.
    func cid(for glyph: UInt32) throws(RenderError) -> Lookup {
        guard glyph < UInt32(cidOfGlyph.count) else {
            throw RenderError.pdfWriter(
                operation: "embedding \(source.resource.path)", message: "glyph \(glyph) is not in the font")
        }
        if glyph == 0 { return Lookup(cid: 0, needsText: false) }
        let found = cidOfGlyph[Int(glyph)]
        if found != 0 { return Lookup(cid: found, needsText: textOfCID[Int(found)] == nil) }
        guard glyphOfCID.count <= Int(UInt16.max) else {
            throw RenderError.pdfWriter(operation: "embedding \(source.resource.path)", message: "over 65,535 glyphs")
        }
        let cid = UInt16(glyphOfCID.count)
        cidOfGlyph[Int(glyph)] = cid
        glyphOfCID.append(glyph)
        textOfCID.append(nil)
        widthOfCID.append(Self.rounded(Double(source.advance(glyph)) * 1000 / Double(source.unitsPerEm)))
        return Lookup(cid: cid, needsText: true)
    }

    /// Records the text (UTF-16) a CID stands for; the first text given stays.
    func setText(_ text: ArraySlice<UInt16>, of cid: UInt16) {
        if textOfCID[Int(cid)] == nil, !text.isEmpty { textOfCID[Int(cid)] = Array(text) }
    }

    /// A width as the file writes it (`PDFBuffer.append(real:)`'s precision), so that the
    /// content's positioning arithmetic uses the width a viewer reads.
    private static func rounded(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// Writes the font's objects: the Type 0 font, its CIDFont, descriptor, font program,
    /// CID-to-glyph map and ToUnicode map.
    func write(to file: inout PDFObjectFile, deflater: Deflater) throws(RenderError) {
        // Exactly the glyphs drawn. A fixed superset (printable ASCII and these) would let every
        // invoice of a batch share one cached subset — 16.1 against 20.5 M instructions a W1
        // PDF — but makes each file 30% larger (39 against 30 KB); docs/architecture.md.
        let glyphs = Array(Set(glyphOfCID.dropFirst())).sorted()
        let subset = try source.subset(glyphs, deflater: deflater)
        var newGlyphOf: [UInt32: UInt16] = [0: 0]
        for (index, glyph) in glyphs.enumerated() { newGlyphOf[glyph] = subset.newGlyph[index] }
        let cidFont = file.reserve()
        let descriptor = file.reserve()
        let program = file.reserve()
        let cidToGID = file.reserve()
        let toUnicode = file.reserve()
        let baseName = Self.subsetTag(source.resource, glyphs) + "+" + source.postScriptName

        file.begin(objectNumber)
        file.buffer.append("<< /Type /Font /Subtype /Type0 /BaseFont ")
        file.buffer.append(name: baseName)
        file.buffer.append(" /Encoding /Identity-H /DescendantFonts [")
        PDFObjectFile.reference(cidFont, in: &file.buffer)
        file.buffer.append("] /ToUnicode ")
        PDFObjectFile.reference(toUnicode, in: &file.buffer)
        file.buffer.append(" >>")
        file.end()

        file.begin(cidFont)
        file.buffer.append("<< /Type /Font /Subtype /CIDFontType2 /BaseFont ")
        file.buffer.append(name: baseName)
        file.buffer.append(
            " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ")
        PDFObjectFile.reference(descriptor, in: &file.buffer)
        file.buffer.append(" /CIDToGIDMap ")
        PDFObjectFile.reference(cidToGID, in: &file.buffer)
        file.buffer.append(" /W [0 [")
        for (index, width) in widthOfCID.enumerated() {
            if index > 0 { file.buffer.append(" ") }
            file.buffer.append(real: width)
        }
        file.buffer.append("]] >>")
        file.end()

        writeDescriptor(descriptor, baseName: baseName, program: program, to: &file)
        file.writeStream(program, data: subset.compressedProgram, filter: "/FlateDecode") { buffer in
            buffer.append("/Length1 ")
            buffer.append(subset.programLength)
        }
        var map: [UInt8] = []
        map.reserveCapacity(2 * glyphOfCID.count)
        for glyph in glyphOfCID {
            let new = newGlyphOf[glyph] ?? 0
            map.append(UInt8(new >> 8))
            map.append(UInt8(new & 0xFF))
        }
        try file.writeCompressedStream(cidToGID, data: map, deflater: deflater)
        try file.writeCompressedStream(toUnicode, data: toUnicodeMap(), deflater: deflater)
    }

    private func writeDescriptor(_ number: Int, baseName: String, program: Int, to file: inout PDFObjectFile) {
        let scale = 1000 / Double(source.unitsPerEm)
        file.begin(number)
        file.buffer.append("<< /Type /FontDescriptor /FontName ")
        file.buffer.append(name: baseName)
        // Flags: symbolic (4: a CIDFont's glyphs are not a standard Latin set), and fixed
        // pitch (1) or italic (64) when the face is.
        var flags = 4
        if source.isFixedPitch { flags |= 1 }
        if source.italicAngle != 0 { flags |= 64 }
        file.buffer.append(" /Flags ")
        file.buffer.append(flags)
        file.buffer.append(" /FontBBox [")
        let box = source.boundingBox
        for (index, value) in [box.xMin, box.yMin, box.xMax, box.yMax].enumerated() {
            if index > 0 { file.buffer.append(" ") }
            file.buffer.append(Int((Double(value) * scale).rounded()))
        }
        file.buffer.append("] /ItalicAngle ")
        file.buffer.append(real: source.italicAngle)
        file.buffer.append(" /Ascent ")
        file.buffer.append(Int((Double(source.ascent) * scale).rounded()))
        file.buffer.append(" /Descent ")
        file.buffer.append(Int((Double(source.descent) * scale).rounded()))
        file.buffer.append(" /CapHeight ")
        file.buffer.append(Int((Double(source.capHeight) * scale).rounded()))
        // No font program states its stem width; 80 is what PDF writers conventionally put.
        file.buffer.append(" /StemV 80 /FontFile2 ")
        PDFObjectFile.reference(program, in: &file.buffer)
        file.buffer.append(" >>")
        file.end()
    }

    /// The CMap from CIDs to the text they stand for, so text copies and searches as written.
    private func toUnicodeMap() -> [UInt8] {
        var buffer = PDFBuffer()
        buffer.append(
            """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """)
        let mapped = textOfCID.enumerated().compactMap { cid, text in text.map { (cid, $0) } }
        // At most 100 entries a block, as the CMap format asks.
        var start = 0
        while start < mapped.count {
            let block = mapped[start..<min(start + 100, mapped.count)]
            buffer.append(block.count)
            buffer.append(" beginbfchar\n")
            for (cid, text) in block {
                buffer.append("<")
                buffer.appendHex16(UInt16(cid))
                buffer.append("> <")
                for unit in text { buffer.appendHex16(unit) }
                buffer.append(">\n")
            }
            buffer.append("endbfchar\n")
            start += 100
        }
        buffer.append("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
        return buffer.bytes
    }

    /// Six capital letters naming this subset (PDF's `ABCDEF+Name` convention), the same for
    /// the same glyphs of the same face in every run (FNV-1a; Swift's hashes are seeded per process).
    private static func subsetTag(_ resource: FontResource, _ glyphs: [UInt32]) -> String {
        var hash = StableHash()
        hash.combine(bytes: Array(resource.path.utf8))
        hash.combine(UInt64(resource.faceIndex))
        for glyph in glyphs { hash.combine(UInt64(glyph)) }
        var value = hash.value
        var letters = ""
        for _ in 0..<6 {
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(value % 26))))
            value /= 26
        }
        return letters
    }
}

/// FNV-1a over 64 bits: a hash that is the same in every process (file identifiers, subset tags).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func combine(bytes: [UInt8]) {
        for byte in bytes { combine(byte: byte) }
    }

    mutating func combine(byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    mutating func combine(_ word: UInt64) {
        var rest = word
        for _ in 0..<8 {
            combine(byte: UInt8(rest & 0xFF))
            rest >>= 8
        }
    }
}
