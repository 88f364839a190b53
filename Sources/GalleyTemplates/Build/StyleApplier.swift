import Galley
import GalleyLayout

/// Applies the style keys every element takes (Texture's ASLayoutElementStyle).
enum StyleApplier {
    static func apply(_ p: BoundProperties, to element: any LayoutElement) throws(TemplateError) {
        var style = element.style
        if let v = try p.dimension("width") { style.width = v }
        if let v = try p.dimension("height") { style.height = v }
        if let v = try p.dimension("minWidth") { style.minWidth = v }
        if let v = try p.dimension("maxWidth") { style.maxWidth = v }
        if let v = try p.dimension("minHeight") { style.minHeight = v }
        if let v = try p.dimension("maxHeight") { style.maxHeight = v }
        if let v = try p.number("flexGrow", .nonNegativeNumber) { style.flexGrow = v }
        if let v = try p.number("flexShrink", .nonNegativeNumber) { style.flexShrink = v }
        if let v = try p.dimension("flexBasis") { style.flexBasis = v }
        if let v = try p.choice("alignSelf", AlignSelf.self) { style.alignSelf = v }
        if let v = try p.number("spacingBefore") { style.spacingBefore = v }
        if let v = try p.number("spacingAfter") { style.spacingAfter = v }
        if let v = try p.number("ascender") { style.ascender = v }
        if let v = try p.number("descender") { style.descender = v }
        if let v = try p.point("position") { style.layoutPosition = v }
        element.style = style
        if let node = element as? DisplayNode {
            node.identifier = try p.string("id")
            node.debugName = try p.string("debugName") ?? node.identifier
        }
    }
}
