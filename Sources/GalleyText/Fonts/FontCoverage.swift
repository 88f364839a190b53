import CHarfBuzz

/// Every Unicode scalar some face of a registry maps to a glyph, as a bitset (1.1 M bits,
/// 136 KB), built from the faces' cmaps with `hb_face_collect_unicodes`.
///
/// Font fallback asks fontconfig which family to prefer for a character the requested face
/// lacks (`FcFontSort`, about a third of a millisecond, under a process-wide lock). For a
/// character no registered face has, the answer is "none" whatever fontconfig says, so the
/// registry checks this set first: a paragraph of 300,000 distinct private-use characters took
/// 104 s of fontconfig queries and now takes none.
struct FontCoverage: Sendable {
    private let words: [UInt64]

    init(_ faces: [FontFace]) {
        var words = [UInt64](repeating: 0, count: (0x10FFFF + 64) / 64)
        if let set = hb_set_create() {
            defer { hb_set_destroy(set) }
            for face in faces { hb_face_collect_unicodes(face.hbFace, set) }
            var first: hb_codepoint_t = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
            var last: hb_codepoint_t = 0
            while hb_set_next_range(set, &first, &last) != 0 {
                var scalar = first
                while scalar <= last, scalar <= 0x10FFFF {
                    words[Int(scalar >> 6)] |= 1 << UInt64(scalar & 63)
                    scalar += 1
                }
            }
        }
        self.words = words
    }

    /// Whether some face maps `scalar`.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        return words[value >> 6] & (1 << UInt64(value & 63)) != 0
    }
}
