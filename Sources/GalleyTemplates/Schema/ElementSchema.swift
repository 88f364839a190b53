import GalleyRender

/// Every element type and the keys it takes (TEMPLATE-FORMAT.md). The compiler rejects unknown
/// types and keys with the list of known ones, and checks literal values by kind.
enum ElementSchema {
    static let alignSelf = ["auto", "start", "center", "end", "stretch"]
    static let textStyleKeys: [String: ValueKind] = [
        "font": .string, "weight": .numberOr(ValueLimits.weight, FontWeightName.names), "italic": .bool,
        "fontSize": .nonNegativeNumber,
        "color": .color, "lineHeight": .any, "letterSpacing": .number, "features": .array(.string),
        "underline": .bool, "strikethrough": .bool, "baselineOffset": .number, "link": .string,
    ]

    /// Keys every element takes: identity, directives and the layout style.
    static let commonKeys: [String: ValueKind] = [
        "type": .string, "id": .string, "if": .any, "each": .any, "as": .string,
        "width": .dimension, "height": .dimension, "minWidth": .dimension, "maxWidth": .dimension,
        "minHeight": .dimension, "maxHeight": .dimension, "flexGrow": .nonNegativeNumber,
        "flexShrink": .nonNegativeNumber, "flexBasis": .dimension, "alignSelf": .choice(alignSelf),
        "spacingBefore": .number, "spacingAfter": .number, "ascender": .number, "descender": .number,
        "position": .pair, "keepTogether": .bool, "keepWithNext": .bool, "debugName": .string,
        "colSpan": .integer(ValueLimits.colSpan), "rowSpan": .integer(ValueLimits.rowSpan),
        // A table cell's (any element in a row's cells) or a horizontal stack's vertical alignment.
        "verticalAlign": .choice(VerticalAlignmentNames.all),
    ]

    /// Layer keys of drawn nodes.
    static let visualKeys: [String: ValueKind] = [
        "background": .color, "cornerRadius": .corners,
        "border": .object(["width": .nonNegativeNumber, "color": .color]),
        "opacity": .unitInterval, "clip": .bool, "rasterize": .bool, "link": .string,
        "bookmark": .string, "bookmarkLevel": .integer(ValueLimits.outlineLevel),
        // Tagged PDF (docs/pdf.md): the structure role and a figure's alternate text.
        "role": .choice(["Artifact"] + StructureRole.allCases.map(\.rawValue)), "alt": .string,
        "shadow": .object(["offset": .pair, "blur": .nonNegativeNumber, "color": .color]),
        // How this node animates when the document transitions between data states.
        "transition": .object([
            "duration": .numberIn(ValueLimits.seconds), "delay": .numberIn(ValueLimits.seconds), "curve": .string,
        ]),
    ]

    static let sizing = ["default", "minimumX", "minimumY", "minimumXY"]

    /// Keys by element type, beyond `commonKeys` (and `visualKeys` for nodes).
    static let typeKeys: [String: [String: ValueKind]] = [
        "box": ["size": .pair, "child": .element],
        "text": textStyleKeys.merging([
            "text": .string, "spans": .array(.object(textStyleKeys.merging(["text": .string]) { a, _ in a })),
            "style": .string, "maxLines": .integer(ValueLimits.maxLines), "truncation": .string,
            "align": .choice(["start", "center", "end", "justify"]), "lineBreaking": .choice(["greedy", "optimal"]),
            "hyphenate": .bool, "lang": .string, "orphans": .integer(ValueLimits.lineMinimum),
            "widows": .integer(ValueLimits.lineMinimum),
        ]) { a, _ in a },
        "image": ["src": .string, "contentMode": .choice(ContentModeNames.all)],
        "barcode": BarcodeBuilder.keys,
        "node": ["class": .string, "params": .any],
        "stack": [
            "direction": .choice(["horizontal", "vertical"]), "spacing": .number,
            "justifyContent": .choice(["start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"]),
            "alignItems": .choice(["start", "center", "end", "stretch", "baselineFirst", "baselineLast"]),
            "flexWrap": .choice(["noWrap", "wrap"]),
            "alignContent": .choice(["start", "center", "end", "spaceBetween", "spaceAround", "stretch"]),
            "lineSpacing": .number, "children": .elements,
        ],
        "inset": ["insets": .insets, "child": .element],
        "overlay": ["child": .element, "overlay": .element],
        "background": ["child": .element, "background": .element],
        "center": ["centering": .choice(["none", "x", "y", "xy"]), "sizing": .choice(sizing), "child": .element],
        "relative": [
            "horizontal": .choice(["none", "start", "center", "end"]),
            "vertical": .choice(["none", "start", "center", "end"]), "sizing": .choice(sizing), "child": .element,
        ],
        "ratio": ["ratio": .nonNegativeNumber, "child": .element],
        "absolute": ["sizing": .choice(["default", "sizeToFit"]), "children": .elements],
        "corner": [
            "child": .element, "corner": .element,
            "location": .choice(["topLeft", "topRight", "bottomLeft", "bottomRight"]), "offset": .pair,
            "wrapsCorner": .bool,
        ],
        "wrapper": ["child": .element],
        // Auto Layout: children placed by constraints with priorities (docs/templates.md, Constraints).
        "constraints": ConstraintsBuilder.keys,
        "spacer": [:],
        // Paged documents (TEMPLATE-FORMAT.md, Pagination; docs/templates.md).
        "table": [
            "columns": .array(.any), "header": .elements, "rows": .elements, "repeatHeader": .bool,
            "cellPadding": .insets, "grid": .object(["width": .nonNegativeNumber, "color": .color]),
            "headerBackground": .color,
        ],
        "row": ["cells": .elements],
        "pageBreak": [:],
        "toc": textStyleKeys.merging([
            "style": .string, "title": .string, "titleStyle": .string, "levels": .integer(ValueLimits.outlineLevel),
            "leader": .choice(["dots", "space"]), "indent": .nonNegativeNumber,
            "spacing": .number,
        ]) { a, _ in a },
    ]

    /// Element types that are drawn nodes (and so take the layer keys).
    static let nodeTypes: Set<String> = [
        "box", "text", "image", "barcode", "node", "table", "row", "toc", "constraints",
    ]

    static var typeNames: [String] { typeKeys.keys.sorted() }

    /// The full key table of a type, or nil for an unknown type.
    static func keys(for type: String) -> [String: ValueKind]? {
        guard let own = typeKeys[type] else { return nil }
        var keys = commonKeys.merging(own) { _, typeSpecific in typeSpecific }
        if nodeTypes.contains(type) {
            keys.merge(visualKeys) { typeSpecific, _ in typeSpecific }
        }
        return keys
    }

    /// Keys whose values are elements (compiled as children rather than properties).
    static func elementSlots(for type: String) -> [String] {
        (typeKeys[type] ?? [:]).filter { if case .element = $0.value { true } else { false } }.map(\.key).sorted()
    }
}

/// The ranges of the keys that become counts, levels, spans and times. A value outside its
/// range is a located error where it enters — at compile time for a literal, at bind time for
/// data — never a conversion trap later (a whole number of 1e19 does not fit an `Int`).
/// docs/templates.md lists them.
enum ValueLimits {
    /// `maxLines`: 0 means no limit.
    static let maxLines = 0...100_000
    /// `orphans` and `widows`.
    static let lineMinimum = 1...1_000
    static let colSpan = 1...10_000
    static let rowSpan = 1...1_000_000
    /// `bookmarkLevel` and a `toc`'s `levels`.
    static let outlineLevel = 1...100
    /// A font `weight` (CSS Fonts 4's range).
    static let weight = 1.0...1_000.0
    /// A `transition`'s `duration` and `delay`, in seconds.
    static let seconds = 0.0...3_600.0
}

enum FontWeightName {
    static let table: [String: Int] = [
        "thin": 100, "extralight": 200, "light": 300, "regular": 400, "normal": 400, "medium": 500,
        "semibold": 600, "bold": 700, "extrabold": 800, "black": 900,
    ]
    static let names = table.keys.sorted()
}

enum VerticalAlignmentNames {
    static let all = ["top", "center", "bottom", "baseline"]
}

enum ContentModeNames {
    static let all = [
        "scaleToFill", "scaleAspectFit", "scaleAspectFill", "center", "top", "bottom", "left", "right",
        "topLeft", "topRight", "bottomLeft", "bottomRight",
    ]
}
