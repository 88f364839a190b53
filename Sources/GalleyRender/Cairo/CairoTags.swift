import CCairo

/// Writes cairo tags (links, destinations, marked content) so that a clip cannot unbalance them.
///
/// cairo 1.16 records a tag made under a clip that leaves nothing visible as a begin without its
/// end (or an end without its begin) once the page has other content, and the page then fails
/// ("invalid tag name, attributes, or nesting"): content inside clipped-away content — nested
/// clips that do not meet, as a page's slice of a clipped node can be — cost the whole document,
/// tagged or not. A tag draws nothing, so such a clip is lifted while the tag is written.
enum CairoTags {
    static func begin(_ cr: OpaquePointer, _ name: String, _ attributes: String) {
        withVisibleClip(cr) { cairo_tag_begin(cr, name, attributes) }
    }

    static func end(_ cr: OpaquePointer, _ name: String) {
        withVisibleClip(cr) { cairo_tag_end(cr, name) }
    }

    /// Whether the current clip leaves nothing visible.
    static func clipIsEmpty(_ cr: OpaquePointer) -> Bool {
        var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return x2 <= x1 || y2 <= y1
    }

    private static func withVisibleClip(_ cr: OpaquePointer, _ body: () -> Void) {
        guard clipIsEmpty(cr) else { return body() }
        cairo_save(cr)
        cairo_reset_clip(cr)
        body()
        cairo_restore(cr)
    }
}
