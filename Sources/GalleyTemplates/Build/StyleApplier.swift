import Galley
import GalleyLayout

/// Applies the style keys every element takes (Texture's ASLayoutElementStyle).
enum StyleApplier {
    /// The keys `apply` reads for the style (besides `id` and `debugName`), in the order they
    /// are applied (and their errors reported).
    static let keys: [String] = [
        "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight", "flexGrow", "flexShrink", "flexBasis",
        "alignSelf", "spacingBefore", "spacingAfter", "ascender", "descender", "position",
    ]

    static func apply(_ p: BoundProperties, to element: any LayoutElement) throws(TemplateError) {
        if !p.element.styleKeys.isEmpty { try applyStyle(p, to: element) }
        if let node = element as? DisplayNode {
            guard p.element.hasIdentityKeys else {
                node.identifier = nil
                node.debugName = nil
                return
            }
            node.identifier = try p.string("id")
            node.debugName = try p.string("debugName") ?? node.identifier
        } else if let spec = element as? LayoutSpec, p.element.hasIdentityKeys {
            // A spec keeps its id as its name: ascii art shows it and a constraints element finds it by it.
            let id = try p.string("id")
            spec.debugName = try p.string("debugName") ?? id
        }
    }

    /// The style keys the element sets, each read by its kind.
    private static func applyStyle(_ p: BoundProperties, to element: any LayoutElement) throws(TemplateError) {
        var style = element.style
        for key in p.element.styleKeys {
            switch key {
            case "width": if let v = try p.dimension(key) { style.width = v }
            case "height": if let v = try p.dimension(key) { style.height = v }
            case "minWidth": if let v = try p.dimension(key) { style.minWidth = v }
            case "maxWidth": if let v = try p.dimension(key) { style.maxWidth = v }
            case "minHeight": if let v = try p.dimension(key) { style.minHeight = v }
            case "maxHeight": if let v = try p.dimension(key) { style.maxHeight = v }
            case "flexGrow": if let v = try p.number(key, .nonNegativeNumber) { style.flexGrow = v }
            case "flexShrink": if let v = try p.number(key, .nonNegativeNumber) { style.flexShrink = v }
            case "flexBasis": if let v = try p.dimension(key) { style.flexBasis = v }
            case "alignSelf": if let v = try p.choice(key, AlignSelf.self) { style.alignSelf = v }
            case "spacingBefore": if let v = try p.number(key) { style.spacingBefore = v }
            case "spacingAfter": if let v = try p.number(key) { style.spacingAfter = v }
            case "ascender": if let v = try p.number(key) { style.ascender = v }
            case "descender": if let v = try p.number(key) { style.descender = v }
            case "position": if let v = try p.point(key) { style.layoutPosition = v }
            default: continue
            }
        }
        element.style = style
    }
}
