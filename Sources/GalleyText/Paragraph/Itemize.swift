import CICU

/// A maximal run of text that is shaped as one unit: one span (style), one face, one script
/// and one bidi embedding level.
struct TextItem {
    var range: Range<Int>
    let spanIndex: Int
    let face: FontFace
    /// ISO 15924 code, e.g. "Latn", "Arab".
    let script: String
    let level: UInt8
    /// The style asked for italic but the face is upright: the glyphs are slanted instead.
    let syntheticItalic: Bool

    var isRTL: Bool { level & 1 == 1 }
}

/// The itemize phase's result.
struct Itemization {
    var items: [TextItem]
    /// The bidi embedding level of every UTF-16 code unit.
    var levels: [UInt8]
    var paragraphIsRTL: Bool
    var missing: [Unicode.Scalar]
}

/// Itemize: split the paragraph into runs by span, font (per-character fallback), script
/// (ICU `uscript`, Common/Inherited resolved to their neighbours, UAX #24) and bidi level
/// (ICU `ubidi`, UAX #9, paragraph direction from the first strong character).
enum Itemize {
    static func run(
        _ text: ParagraphText, registry: FontRegistry, primaries: [FontFace], direction: TextDirection = .auto
    ) -> Itemization {
        let (levels, paragraphLevel) = bidiLevels(text.units, direction: direction)
        let codes = resolvedScriptCodes(text, levels: levels)
        var names = ScriptNames()
        var items: [TextItem] = []
        var missing: [Unicode.Scalar] = []
        // A set beside the ordered list: a paragraph of distinct missing characters is linear.
        var missingSet = Set<Unicode.Scalar>()
        var i = 0
        var span = 0
        guard var primary = primaries.first else {
            return Itemization(items: [], levels: levels, paragraphIsRTL: paragraphLevel & 1 == 1, missing: [])
        }
        // The span's primary face and which ASCII characters it has, changed only with the span:
        // a long paragraph looked each character up in the cmap (a third of itemizing).
        var ascii = primary.asciiGlyphMask()
        var previousFace: FontFace?
        // The item being extended (appended when the next one starts) and its script code.
        var current: TextItem?
        var currentCode: Int32 = -1
        var cancellation = TypesettingCancellation(length: text.count)
        while i < text.count {
            if cancellation.shouldStop() { break }
            let (scalar, length) = text.scalar(at: i)
            if span + 1 < text.spans.count, text.spanStart(span + 1) <= i {
                while span + 1 < text.spans.count, text.spanStart(span + 1) <= i { span += 1 }
                primary = primaries[span]
                ascii = primary.asciiGlyphMask()
            }
            let primaryHasGlyph =
                switch scalar.value {
                case 0..<64: ascii.0 & (1 << UInt64(scalar.value)) != 0
                case 64..<128: ascii.1 & (1 << UInt64(scalar.value - 64)) != 0
                default: primary.hasGlyph(for: scalar)
                }
            let face: FontFace
            if keepsPreviousFace(scalar), let previous = previousFace, current?.spanIndex == span {
                face = previous
            } else if primaryHasGlyph || isControl(scalar) {
                face = primary
            } else if let fallback = registry.fallbackFace(for: scalar, like: primary) {
                face = fallback
            } else {
                face = primary
                if missingSet.insert(scalar).inserted { missing.append(scalar) }
            }
            if previousFace !== face { previousFace = face }
            let code = codes[i]
            if current != nil, current!.spanIndex == span, current!.face === face || current!.face == face,
                current!.level == levels[i], currentCode == code || current!.script == names[code]
            {
                current!.range = current!.range.lowerBound..<(i + length)
            } else {
                if let item = current { items.append(item) }
                let style = text.spans[span].style
                current = TextItem(
                    range: i..<(i + length), spanIndex: span, face: face, script: names[code], level: levels[i],
                    syntheticItalic: style.italic && !face.italic)
                currentCode = code
            }
            i += length
        }
        if let item = current { items.append(item) }
        return Itemization(items: items, levels: levels, paragraphIsRTL: paragraphLevel & 1 == 1, missing: missing)
    }

    /// ISO 15924 short names of script codes, looked up once per code.
    private struct ScriptNames {
        private var names: [Int32: String] = [:]

        subscript(code: Int32) -> String {
            mutating get {
                if let name = names[code] { return name }
                let name = cicu_script_short_name(code).map { String(cString: $0) } ?? "Zyyy"
                names[code] = name
                return name
            }
        }
    }

    /// Marks, joiners and variation selectors stay in the face of the character they attach to.
    private static func keepsPreviousFace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return false }  // no marks, joiners or selectors before U+0300
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default:
            return scalar.value == 0x200D || scalar.value == 0x200C || (0xFE00...0xFE0F).contains(scalar.value)
                || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// UAX #9 embedding levels per code unit and the paragraph level, which comes from the first
    /// strong character (rules P2–P3; LTR when there is none) unless `direction` sets it.
    static func bidiLevels(_ units: [UInt16], direction: TextDirection = .auto) -> (levels: [UInt8], paragraph: UInt8) {
        let flat = (levels: [UInt8](repeating: 0, count: units.count), paragraph: UInt8(0))
        // Below U+0590 no character is strongly right-to-left (R, AL) or an Arabic number, and
        // there are no explicit embeddings: every level is 0, as ubidi would find.
        if direction != .rtl, !units.contains(where: { $0 >= 0x0590 }) { return flat }
        guard !units.isEmpty, let bidi = cicu_bidi_open() else { return flat }
        defer { cicu_bidi_close(bidi) }
        // ubidi keeps a pointer to the text: every query happens inside this closure.
        return units.withUnsafeBufferPointer { buffer in
            let level: UInt8 =
                switch direction {
                case .auto: 0xFE  // UBIDI_DEFAULT_LTR
                case .ltr: 0
                case .rtl: 1
                }
            let status = cicu_bidi_set_para(bidi, buffer.baseAddress, Int32(units.count), level)
            guard status <= 0, let levels = cicu_bidi_levels(bidi) else { return flat }
            return (Array(UnsafeBufferPointer(start: levels, count: units.count)), cicu_bidi_para_level(bidi))
        }
    }

    /// The script of each code unit, with Common and Inherited taking the preceding real script
    /// (or the following one at the start, or when the bidi level changes before them, so a space
    /// between a Hebrew and a Latin word joins the run on its own level).
    static func resolvedScripts(_ text: ParagraphText, levels: [UInt8]? = nil) -> [String] {
        var names = ScriptNames()
        return resolvedScriptCodes(text, levels: levels).map { names[$0] }
    }

    /// `resolvedScripts` as ICU UScriptCode values.
    static func resolvedScriptCodes(_ text: ParagraphText, levels: [UInt8]? = nil) -> [Int32] {
        var codes = [Int32](repeating: 0, count: text.count)
        var cancellation = TypesettingCancellation(length: text.count)
        var stopped = false
        codes.withUnsafeMutableBufferPointer { codes in
            var i = 0
            while i < codes.count {
                if cancellation.shouldStop() {
                    stopped = true
                    return
                }
                let unit = text.units[i]
                if unit < 0x80 {
                    // ASCII letters are USCRIPT_LATIN, the rest of ASCII USCRIPT_COMMON (0).
                    codes[i] = (0x61...0x7A).contains(unit | 0x20) ? 25 : 0
                    i += 1
                    continue
                }
                let (scalar, length) = text.scalar(at: i)
                let code = cicu_script_of(Int32(bitPattern: scalar.value))
                for k in i..<(i + length) { codes[k] = code }
                i += length
            }
        }
        if stopped { return codes }
        // USCRIPT_COMMON = 0, USCRIPT_INHERITED = 1, USCRIPT_UNKNOWN = 103.
        func isReal(_ c: Int32) -> Bool { c > 1 && c != 103 }
        let firstReal = codes.first(where: isReal) ?? 25  // USCRIPT_LATIN
        var current = firstReal
        var k = 0
        while k < codes.count {
            if isReal(codes[k]) {
                current = codes[k]
                k += 1
                continue
            }
            var end = k
            while end < codes.count, !isReal(codes[end]) { end += 1 }
            var script = current
            if let levels, k > 0, end < codes.count, levels[k - 1] != levels[k], levels[k] == levels[end] {
                script = codes[end]
            }
            for m in k..<end { codes[m] = script }
            k = end
        }
        return codes
    }
}
