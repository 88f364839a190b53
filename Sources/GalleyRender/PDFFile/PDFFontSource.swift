import CHarfBuzzSubset
import Glibc

/// One font face as Galley's PDF writer embeds it: HarfBuzz's face of the file (prepared for
/// repeated subsetting), its metrics for the font descriptor, its advances for the widths
/// array, and the subsets made of it. One per face and process, shared by every thread:
/// HarfBuzz faces and immutable fonts are safe to read from any thread.
final class PDFFontSource: @unchecked Sendable {
    // Safety of `@unchecked Sendable`: `face` and `font` are HarfBuzz objects that are never
    // changed after `init` (the font is made immutable) and HarfBuzz reads them thread-safely;
    // every other stored property is a `let` of a value type, and `subsets` is behind its lock.
    private let face: OpaquePointer
    private let font: OpaquePointer
    let resource: FontResource
    let unitsPerEm: Int
    let glyphCount: Int
    let postScriptName: String
    let ascent: Int
    let descent: Int
    let capHeight: Int
    let boundingBox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
    let italicAngle: Double
    let isFixedPitch: Bool
    private let subsets = Locked(SubsetCache())

    private init(resource: FontResource) throws(RenderError) {
        self.resource = resource
        guard let blob = hb_blob_create_from_file_or_fail(resource.path) else {
            throw RenderError.io(path: resource.path, message: "font file is not readable")
        }
        defer { hb_blob_destroy(blob) }
        let count = hb_face_count(blob)
        guard let index = UInt32(exactly: resource.faceIndex), index < max(count, 1) else {
            throw RenderError.io(path: resource.path, message: "the font file has no face \(resource.faceIndex)")
        }
        let original = hb_face_create(blob, index)
        defer { hb_face_destroy(original) }
        guard hb_face_get_glyph_count(original) > 0 else {
            throw RenderError.io(path: resource.path, message: "not a font HarfBuzz can read")
        }
        guard Self.hasTable(original, "glyf") else {
            throw RenderError.pdfWriter(
                operation: "embedding \(resource.path)",
                message: "only TrueType outlines (a glyf table) are embedded so far; this font has CFF outlines")
        }
        // Prepared once, subset many times (a batch subsets the same face for every document).
        // HarfBuzz 6.0 hands back the face it was given, without a reference of its own, when
        // preparing fails (fixed in 7.0): take one, so the two destroys below stay balanced.
        guard let prepared = hb_subset_preprocess(original), let font = hb_font_create(prepared) else {
            throw RenderError.pdfWriter(operation: "reading \(resource.path)", message: "out of memory")
        }
        if prepared == original { hb_face_reference(original) }
        face = prepared
        hb_font_make_immutable(font)
        self.font = font
        unitsPerEm = Int(hb_face_get_upem(face))
        glyphCount = Int(hb_face_get_glyph_count(face))
        postScriptName = Self.name(face, id: hb_ot_name_id_t(6)) ?? "Font"
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : nil
        }
        ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? unitsPerEm * 8 / 10
        descent = metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -(unitsPerEm * 2 / 10)
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT) ?? ascent
        let head = Self.table(face, "head")
        boundingBox = (
            Self.int16(head, 36) ?? 0, Self.int16(head, 38) ?? descent, Self.int16(head, 40) ?? unitsPerEm,
            Self.int16(head, 42) ?? ascent
        )
        let post = Self.table(face, "post")
        if let whole = Self.int16(post, 4), let fraction = Self.uint16(post, 6) {
            italicAngle = Double(whole) + Double(fraction) / 65536
        } else {
            italicAngle = 0
        }
        isFixedPitch = (Self.uint16(post, 14) ?? 0) != 0 || (Self.uint16(post, 12) ?? 0) != 0
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The face's advance of `glyph`, in font units.
    func advance(_ glyph: UInt32) -> Int { Int(hb_font_get_glyph_h_advance(font, glyph)) }

    /// The face for `resource`, made on first use.
    static func source(for resource: FontResource) throws(RenderError) -> PDFFontSource {
        if let found = sources.withLock({ $0[resource] }) { return found }
        let made = try PDFFontSource(resource: resource)
        return sources.withLock { sources in
            if let existing = sources[resource] { return existing }
            sources[resource] = made
            return made
        }
    }

    private static let sources = Locked<[FontResource: PDFFontSource]>([:])

    // MARK: Subsets

    /// A font program with only some glyphs, renumbered: `newGlyph[i]` is the subset's glyph
    /// id of the `i`-th glyph asked for.
    struct Subset: Sendable {
        /// The font program deflated (`/FontFile2` with `/FlateDecode`).
        let compressedProgram: [UInt8]
        let programLength: Int
        let newGlyph: [UInt16]
    }

    /// The subset of `glyphs` (ascending, without duplicates): cached, since the documents of a
    /// batch often ask for the same glyphs (an invoice's labels and digits).
    func subset(_ glyphs: [UInt32], deflater: Deflater) throws(RenderError) -> Subset {
        if let found = subsets.withLock({ $0.value(for: glyphs) }) { return found }
        let made = try makeSubset(glyphs, deflater: deflater)
        subsets.withLock { $0.insert(made, for: glyphs) }
        return made
    }

    private func makeSubset(_ glyphs: [UInt32], deflater: Deflater) throws(RenderError) -> Subset {
        guard let input = hb_subset_input_create_or_fail() else {
            throw RenderError.pdfWriter(operation: "subsetting \(resource.path)", message: "out of memory")
        }
        defer { hb_subset_input_destroy(input) }
        let glyphSet = hb_subset_input_glyph_set(input)
        hb_set_add(glyphSet, 0)
        for glyph in glyphs { hb_set_add(glyphSet, glyph) }
        // A PDF draws glyphs by id: the layout tables (the shaping is done) and the device
        // metrics are dead weight in it.
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in [
            "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx", "DSIG",
            "hdmx", "VDMX", "LTSH", "PCLT", "FFTM", "meta", "STAT", "feat",
            // Variations: a PDF draws the default instance.
            "fvar", "gvar", "avar", "cvar", "HVAR", "VVAR", "MVAR",
        ] {
            hb_set_add(dropped, Self.tag(tag))
        }
        guard let plan = hb_subset_plan_create_or_fail(face, input) else {
            throw RenderError.pdfWriter(
                operation: "subsetting \(resource.path)", message: "HarfBuzz could not plan the subset")
        }
        defer { hb_subset_plan_destroy(plan) }
        let mapping = hb_subset_plan_old_to_new_glyph_mapping(plan)
        var newGlyph: [UInt16] = []
        newGlyph.reserveCapacity(glyphs.count)
        for glyph in glyphs {
            let mapped = hb_map_get(mapping, glyph)
            guard mapped <= UInt32(UInt16.max) else {
                throw RenderError.pdfWriter(
                    operation: "subsetting \(resource.path)", message: "glyph \(glyph) is not in the font")
            }
            newGlyph.append(UInt16(mapped))
        }
        guard let subsetFace = hb_subset_plan_execute_or_fail(plan) else {
            throw RenderError.pdfWriter(
                operation: "subsetting \(resource.path)", message: "HarfBuzz could not subset it")
        }
        defer { hb_face_destroy(subsetFace) }
        let blob = hb_face_reference_blob(subsetFace)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            throw RenderError.pdfWriter(operation: "subsetting \(resource.path)", message: "the subset is empty")
        }
        var compressed: [UInt8] = []
        try deflater.compress(UnsafeRawBufferPointer(start: data, count: Int(length)), appendingTo: &compressed)
        return Subset(compressedProgram: compressed, programLength: Int(length), newGlyph: newGlyph)
    }

    /// The subsets made so far, least recently used dropped past a budget (8 MB a face).
    private struct SubsetCache {
        var entries = LRUCache<[UInt32], Subset>(byteBudget: 8 << 20)
        var doorkeeper = Doorkeeper()

        mutating func value(for glyphs: [UInt32]) -> Subset? { entries.value(for: glyphs) }

        /// Kept from its second making on: a one-off document's glyph set stays out.
        mutating func insert(_ subset: Subset, for glyphs: [UInt32]) {
            guard doorkeeper.admits(hash: glyphs.hashValue) else { return }
            entries.insert(subset, for: glyphs, cost: subset.compressedProgram.count + 4 * glyphs.count + 64)
        }
    }

    // MARK: Tables

    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }

    private static func hasTable(_ face: OpaquePointer?, _ name: String) -> Bool {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    private static func table(_ face: OpaquePointer?, _ name: String) -> [UInt8] {
        let blob = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    private static func uint16(_ table: [UInt8], _ offset: Int) -> Int? {
        guard offset + 2 <= table.count else { return nil }
        return Int(table[offset]) << 8 | Int(table[offset + 1])
    }

    private static func int16(_ table: [UInt8], _ offset: Int) -> Int? {
        uint16(table, offset).map { Int(Int16(truncatingIfNeeded: $0)) }
    }

    private static func name(_ face: OpaquePointer?, id: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 128
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        let total = hb_ot_name_get_utf8(face, id, hb_language_from_string("en", -1), &length, &buffer)
        guard total > 0 else { return nil }
        let text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A PostScript name is printable ASCII without spaces or delimiters; 63 characters
        // keep the subset's `ABCDEF+Name` within PDF's 127-byte limit for names.
        let cleaned = String(
            text.unicodeScalars.filter {
                $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains($0)
            }
            .prefix(63))
        return cleaned.isEmpty ? nil : cleaned
    }
}
