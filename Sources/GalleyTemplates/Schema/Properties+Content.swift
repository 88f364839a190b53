import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// The keys of drawn content: boxes, images, barcodes, custom nodes, tables and tables of contents.
enum ContentProperties {
    static let all: [Property] = box + image + barcode + node + table + toc

    static let box: [Property] = [
        Property(
            "size", .size, default: [0, 0], on: .only([.box]),
            conflicts: [
                .init(key: "child", reason: "a box with a child is as large as its child: set width and height instead")
            ],
            "The box's intrinsic size, without a child.", example: [120, "1in"],
            apply: .parameters { $0.content.boxSize = $1.size })
    ]

    static let image: [Property] = [
        Property(
            "src", .string, on: .only([.image]), required: true,
            "The image: a path inside the template's folder (or an `--allow-dir`), or a `data:` URI.",
            example: "assets/logo.png", apply: .parameters { $0.content.source = $1.text }),
        Property(
            "contentMode", .choice(ContentMode.self), default: "scaleToFill", on: .only([.image]),
            "How the image fills the node's bounds.", example: "scaleAspectFit",
            apply: .parameters { $0.content.contentMode = $1.typed(ContentMode.self) ?? .scaleToFill }),
    ]

    static let barcode: [Property] = [
        Property(
            "symbology", .choice(BarcodeSymbology.self), on: .only([.barcode]), required: true,
            "The kind of symbol.", example: "qr",
            apply: .parameters { $0.content.symbology = $1.typed(BarcodeSymbology.self) }),
        Property(
            "data", .string, on: .only([.barcode]), required: true,
            "The text to encode (EAN/UPC/ITF digits with or without the check digit; GS1 AIs as `(01)…`).",
            example: "{{order.trackingURL}}", apply: .parameters { $0.content.barcodeData = $1.text }),
        Property(
            "errorCorrection", .string, on: .only([.barcode]),
            "QR `L`, `M`, `Q`, `H`; Aztec `10%`–`50%`; PDF417 `0`–`8`.", example: "M",
            apply: .parameters { $0.content.errorCorrection = $1.text }),
        Property(
            "showText", .bool, default: true, on: .only([.barcode]),
            "Draws the human-readable text under a linear symbol.", example: false,
            apply: .parameters { $0.content.showText = $1.bool }),
        Property(
            "color", .color, default: "black", on: .only([.barcode]), "The colour of the modules.", example: "#111827",
            apply: .parameters { $0.content.barcodeColor = $1.color }),
    ]

    static let node: [Property] = [
        Property(
            "class", .string, on: .only([.node]), required: true,
            "The registered node class: `rainbow`, `chart`, or one registered from Swift.", example: "chart",
            apply: .parameters { $0.content.nodeClass = $1.text }),
        Property(
            "params", .json, on: .only([.node]), "The class's parameters (docs/custom-nodes.md).",
            example: ["kind": "bar", "values": [3, 5, 2]], apply: .parameters { $0.content.nodeParams = $1.json }),
    ]

    static let table: [Property] = [
        Property(
            "columns", columns, on: .only([.table]), required: true, "The table's columns: widths and alignment.",
            example: [["width": ["flex": 1]], ["width": 80, "align": "end"]],
            apply: .parameters { $0.content.columns = $1.typed([TableColumn].self) ?? [] }),
        Property(
            "repeatHeader", .bool, default: true, on: .only([.table]), "Repeats the header on every page.",
            example: false, apply: .parameters { $0.content.repeatHeader = $1.bool }),
        Property(
            "cellPadding", .insets(infinity: false), default: ["top": 4, "left": 6, "bottom": 4, "right": 6],
            on: .only([.table]), "Space inside every cell.", example: 6,
            apply: .parameters { $0.content.cellPadding = $1.insets }),
        Property(
            "grid", grid, on: .only([.table]), "Lines around every cell.",
            example: ["width": 0.5, "color": "#d1d5db"],
            apply: .parameters { $0.content.grid = $1.typed(GridLines.self) }),
        Property(
            "headerBackground", .color, on: .only([.table]), requires: "header", "The header row's background.",
            example: "#f1f5f9",
            apply: .parameters { $0.content.headerBackground = $1.color }),
    ]

    static let toc: [Property] = [
        Property(
            "title", .string, on: .only([.toc]), "A heading above the entries.", example: "Contents",
            apply: .parameters { $0.text.tocTitle = $1.text }),
        Property(
            "titleStyle", .styleName, on: .only([.toc]), requires: "title",
            "The title's style under `styles` (default: bold, 1.4 × the entries' size).", example: "heading",
            apply: .parameters { $0.text.tocTitleStyle = $1.typed(NamedTextStyle.self) }),
        Property(
            "levels", .integer(ValueLimits.outlineLevel), default: 3, on: .only([.toc]),
            "The deepest bookmark level listed.", example: 2, apply: .parameters { $0.text.tocLevels = $1.integer }),
        Property(
            "leader", .choice(TableOfContentsLeader.self), default: "dots", on: .only([.toc]),
            "What leads from a title to its page number.", example: "space",
            apply: .parameters { $0.text.tocLeader = $1.typed(TableOfContentsLeader.self) ?? .dots }),
        Property(
            "indent", .length(minimum: 0), default: 12, on: .only([.toc]), "The indent of each level below the first.",
            example: "5mm", apply: .parameters { $0.text.tocIndent = $1.number }),
        Property(
            "spacing", .length(), default: 4, on: .only([.toc]), "The space between entries.", example: 6,
            apply: .parameters { $0.text.tocSpacing = $1.number }),
    ]

    /// A table's `grid`.
    static let grid = PropertyKind.object(
        "`{width, color}`",
        fields: [
            .field("width", .length(minimum: 0), default: 0.5, "The line width.", example: 1),
            .field("color", .color, default: "black", "The line colour.", example: "#d1d5db"),
        ]
    ) { fields in
        .success(.typed(GridLines(width: fields["width"]?.number ?? 0.5, color: fields["color"]?.color ?? .black)))
    }

    /// `[{width, align}]`.
    static let columns = PropertyKind.array(
        of: .object(
            "`{width, align}`",
            fields: [
                .field(
                    "width", columnWidth, default: ["flex": 1],
                    "A length, a percentage of the table's width, `\"auto\"` (the widest cell), or `{flex: N}` (a share of what is left).",
                    example: "30%"),
                .field(
                    "align", .choice(Array(columnAlignments.keys).sorted()) { columnAlignments[$0] },
                    "The alignment of text cells in the column.", example: "end"),
            ]
        ) { fields in
            .success(
                .typed(
                    TableColumn(
                        width: fields["width"]?.typed(TableColumnWidth.self) ?? .flex(1),
                        alignment: fields["align"]?.typed(TextAlignment.self))))
        },
        "array of `{width, align}`", nonEmpty: true
    ) { columns in .typed(columns.compactMap { $0.typed(TableColumn.self) }) }

    static let columnAlignments: [String: TextAlignment] = [
        "start": .start, "left": .start, "center": .center, "end": .end, "right": .end, "justify": .justify,
    ]

    /// A column width: a length, a percentage, `"auto"` or `{flex: N}`.
    static let columnWidth = PropertyKind(
        summary: "[length](#lengths), `\"30%\"`, `\"auto\"` or `{flex: N}`",
        expectation: "a length, a percentage such as \"30%\", \"auto\" or {\"flex\": N}",
        schema: [
            "anyOf": [
                ["$ref": "#/$defs/dimension"],
                [
                    "type": "object", "properties": ["flex": ["type": "number", "minimum": 0]],
                    "additionalProperties": false,
                ],
            ]
        ]
    ) { value, _ in
        let expectation = "a length, a percentage such as \"30%\", \"auto\" or {\"flex\": N}"
        if case .object(let object) = value {
            guard object.count == 1, let share = object["flex"].flatMap(PropertyKind.numeric), share >= 0 else {
                return .failure(.expected(expectation, got: value))
            }
            return .success(.typed(TableColumnWidth.flex(share)))
        }
        switch PropertyKind.dimension.convert(value, .empty) {
        case .success(.dimension(.points(let points))): return .success(.typed(TableColumnWidth.points(points)))
        case .success(.dimension(.fraction(let fraction))): return .success(.typed(TableColumnWidth.fraction(fraction)))
        case .success: return .success(.typed(TableColumnWidth.auto))
        case .failure: return .failure(.expected(expectation, got: value))
        }
    }
}
