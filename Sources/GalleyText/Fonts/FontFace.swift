import CHarfBuzz
import GalleyRender
import Synchronization

/// One face of a font file, ready for shaping: its identity, style and vertical metrics, and an
/// immutable HarfBuzz font that every thread shapes with.
///
/// Metrics are in font units (`unitsPerEm` per em); multiply by `fontSize / unitsPerEm` for points.
/// `descender` is the positive distance below the baseline.
public final class FontFace: @unchecked Sendable, Hashable, CustomStringConvertible {
    // Safety of `@unchecked Sendable`: every stored property is a `let` (the ASCII glyph mask is
    // cached in atomics). The two HarfBuzz
    // objects are created in `init`, `hb_font_make_immutable` is called before `init` returns,
    // and they are only read afterwards (`hb_shape`, glyph and metric queries), which HarfBuzz
    // documents as thread-safe on immutable objects (lazy tables load through atomics). They
    // are destroyed in `deinit`, when no other reference exists.
    public let resource: FontResource
    public let family: String
    /// CSS weight, 100–900 (OS/2 usWeightClass).
    public let weight: Int
    public let italic: Bool
    public let unitsPerEm: Int
    public let ascender: Int
    public let descender: Int
    public let lineGap: Int
    /// Top of the underline relative to the baseline (font units, positive up; usually negative).
    public let underlinePosition: Int
    public let underlineThickness: Int
    /// Top of the strikeout stroke relative to the baseline (font units, positive up).
    public let strikeoutPosition: Int
    public let strikeoutThickness: Int

    let hbFace: OpaquePointer
    let hbFont: OpaquePointer
    /// Which ASCII characters have a glyph (bit `c % 64` of word `c / 64`), found on first use.
    /// Atomics, not a lock: every simple paragraph on every thread reads them, and a lock on a
    /// shared face made two batch threads wait on each other. `asciiGlyphsReady` is set (release)
    /// after both words are stored; two threads computing it at once store the same values.
    private let asciiGlyphsLow = Atomic<UInt64>(0)
    private let asciiGlyphsHigh = Atomic<UInt64>(0)
    private let asciiGlyphsReady = Atomic<Bool>(false)

    /// Opens face `index` of the file at `path`; nil when the file is not a readable font.
    init?(path: String, index: Int) {
        guard let blob = MappedFontFile.blob(path: path) else { return nil }
        defer {
            // What init read (name, OS/2, head, metrics) stays in the fields above; the registry
            // opens every system font, so its pages should not stay resident.
            MappedFontFile.dropResidentPages(blob)
            hb_blob_destroy(blob)
        }
        guard hb_blob_get_length(blob) > 0, index >= 0, UInt32(index) < hb_face_count(blob),
            let face = hb_face_create(blob, UInt32(index))
        else { return nil }
        let upem = Int(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            return nil
        }
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        hb_face_make_immutable(face)
        hbFace = face
        hbFont = font
        resource = FontResource(path: path, faceIndex: index)
        unitsPerEm = upem
        let tables = FontTables(face: face)
        family = tables.familyName ?? FontTables.fileStem(path)
        weight = tables.weightClass
        italic = tables.isItalic
        func metric(_ tag: hb_ot_metrics_tag_t, _ fallback: Int) -> Int {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : fallback
        }
        ascender = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, upem * 8 / 10)
        descender = abs(metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, -upem * 2 / 10))
        lineGap = metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP, 0)
        underlinePosition = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, -upem / 10)
        underlineThickness = max(1, metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE, upem / 20))
        strikeoutPosition = metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, upem * 3 / 10)
        strikeoutThickness = max(1, metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, upem / 20))
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// Whether the face maps `scalar` to a glyph (its cmap has an entry).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil
    }

    /// Which ASCII characters the face has a glyph for: bit `c % 64` of word `c / 64` is
    /// `hasGlyph(for: c)`. Two atomic loads per call instead of a cmap lookup per character.
    func asciiGlyphMask() -> (UInt64, UInt64) {
        if asciiGlyphsReady.load(ordering: .acquiring) {
            return (asciiGlyphsLow.load(ordering: .relaxed), asciiGlyphsHigh.load(ordering: .relaxed))
        }
        var words: (UInt64, UInt64) = (0, 0)
        for c in UInt8(0)..<128 where hasGlyph(for: Unicode.Scalar(c)) {
            if c < 64 { words.0 |= 1 << c } else { words.1 |= 1 << (c - 64) }
        }
        asciiGlyphsLow.store(words.0, ordering: .relaxed)
        asciiGlyphsHigh.store(words.1, ordering: .relaxed)
        asciiGlyphsReady.store(true, ordering: .releasing)
        return words
    }

    /// The nominal glyph id for `scalar`, if the face has one.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// A face's natural style name, e.g. "Bold Italic".
    public var styleName: String {
        let names = [
            100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium",
            600: "SemiBold", 700: "Bold", 800: "ExtraBold", 900: "Black",
        ]
        let base = names[(weight + 50) / 100 * 100] ?? "W\(weight)"
        return italic ? (base == "Regular" ? "Italic" : base + " Italic") : base
    }

    public var description: String { "\(family) \(styleName) (\(resource.path)#\(resource.faceIndex))" }

    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs.resource == rhs.resource }
    public func hash(into hasher: inout Hasher) { hasher.combine(resource) }
}
