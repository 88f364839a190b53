import CCairo
import GalleyLayout

extension Painter {
    /// Writes a link annotation or a named destination (PDF only).
    ///
    /// Coordinates are converted to device space and written with an identity matrix, so the
    /// result does not depend on whether this cairo version applies the CTM to tag rects.
    func writeTag(_ item: DisplayItem) {
        switch item {
        case .link(let rect, let target):
            let box = deviceBounds(of: rect)
            // Inside clipped-away content (nested clips that do not meet) a link is not shown.
            guard box.width > 0, box.height > 0, !CairoTags.clipIsEmpty(cr) else { return }
            let destination: String
            switch target {
            case .url(let url): destination = "uri='\(escapeTagValue(url))'"
            case .destination(let name): destination = "dest='\(escapeTagValue(name))'"
            }
            let attributes = "rect=[\(box.minX) \(box.minY) \(box.width) \(box.height)] \(destination)"
            structure?.willWriteLink(cr)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            CairoTags.begin(cr, CAIRO_TAG_LINK, attributes)
            CairoTags.end(cr, CAIRO_TAG_LINK)
            cairo_restore(cr)
            fontMayHaveChanged()
        case .anchor(let name, let point):
            var x = point.x
            var y = point.y
            cairo_user_to_device(cr, &x, &y)
            let attributes = "name='\(escapeTagValue(name))' x=\(x) y=\(y)"
            structure?.willWriteDestination(cr)
            cairo_save(cr)
            cairo_identity_matrix(cr)
            // An anchor stays where it is (an outline entry may open it), clipped away or not.
            CairoTags.begin(cr, CAIRO_TAG_DEST, attributes)
            CairoTags.end(cr, CAIRO_TAG_DEST)
            cairo_restore(cr)
            fontMayHaveChanged()
            recordAnchor(name)
        default:
            return
        }
    }

    /// The axis-aligned device-space box around a user-space rectangle.
    func deviceBounds(of rect: Rect) -> Rect {
        var xs = [rect.minX, rect.maxX, rect.maxX, rect.minX]
        var ys = [rect.minY, rect.minY, rect.maxY, rect.maxY]
        for i in 0..<4 { cairo_user_to_device(cr, &xs[i], &ys[i]) }
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}

/// Escapes a value for cairo's tag attribute syntax (single-quoted strings, backslash escapes).
/// NUL characters are dropped: cairo reads attributes as C strings, and a NUL would end the
/// string inside the quotes and put the PDF in an error state.
func escapeTagValue(_ value: String) -> String {
    var result = ""
    result.reserveCapacity(value.utf8.count)
    for character in value where character != "\0" {
        if character == "'" || character == "\\" { result.append("\\") }
        result.append(character)
    }
    return result
}
