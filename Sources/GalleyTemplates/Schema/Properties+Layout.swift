import Galley
import GalleyLayout

/// The keys every element takes: its type and directives, and Texture's layout style
/// (`ASLayoutElementStyle`), with Texture's defaults.
enum LayoutProperties {
    static let all: [Property] = directives + style + pagination

    static let directives: [Property] = [
        Property(
            "type", .choice(ElementKind.names) { $0 }, on: .all, bindable: false, required: true,
            "What the element is: a drawn node or a layout spec (see [Elements](#elements)).", example: "text",
            apply: .directive),
        Property(
            "if", .json, on: .all,
            "Drops the element when the value is false, null, 0, empty or missing, or a string reading as false or zero.",
            example: "{{paid}}", apply: .directive),
        Property(
            "each", .json, on: .all,
            "Repeats the element once per item of an array (inside `children`, `rows` or `cells`); `item` and `index` name the current one.",
            example: "{{items}}", apply: .directive),
        Property(
            "as", .string, default: "item", on: .all, bindable: false,
            "The name the current item of `each` goes by.", example: "line", apply: .directive),
    ]

    static let style: [Property] = [
        size("width", "The exact width (a percentage is of the parent's width).", example: 120) { $0.width = $1 },
        size("height", "The exact height (a percentage is of the parent's height).", example: "25mm") {
            $0.height = $1
        },
        size("minWidth", "The smallest width.", example: 40) { $0.minWidth = $1 },
        size("maxWidth", "The largest width.", example: "50%") { $0.maxWidth = $1 },
        size("minHeight", "The smallest height.", example: 20) { $0.minHeight = $1 },
        size("maxHeight", "The largest height.", example: "1in") { $0.maxHeight = $1 },
        Property(
            "flexGrow", .nonNegativeNumber, default: 0, on: .all,
            "In a stack: the share of the free main-axis space this child takes.", example: 1,
            apply: .parameters { $0.style.flexGrow = $1.number }),
        Property(
            "flexShrink", .nonNegativeNumber, default: 0, on: .all,
            "In a stack: the share of an overflow this child gives up, weighted by its size (Texture's default is 0).",
            example: 1, apply: .parameters { $0.style.flexShrink = $1.number }),
        size("flexBasis", "In a stack: the main-axis size measured before flexing.", example: "30%") {
            $0.flexBasis = $1
        },
        Property(
            "alignSelf", .choice(AlignSelf.self), default: "auto", on: .all,
            "In a stack: this child's cross-axis alignment, instead of the stack's `alignItems`.", example: "center",
            apply: .parameters { $0.style.alignSelf = $1.typed(AlignSelf.self) ?? .auto }),
        Property(
            "spacingBefore", .length(), default: 0, on: .all, "In a stack: extra space before this child.",
            example: 8, apply: .parameters { $0.style.spacingBefore = $1.number }),
        Property(
            "spacingAfter", .length(), default: 0, on: .all, "In a stack: extra space after this child.",
            example: "2mm", apply: .parameters { $0.style.spacingAfter = $1.number }),
        Property(
            "ascender", .length(), default: 0, on: .all,
            "The distance from the top to the first baseline, for baseline alignment of a non-text element.",
            example: 12, apply: .parameters { $0.style.ascender = $1.number }),
        Property(
            "descender", .length(), default: 0, on: .all,
            "The distance from the bottom to the last baseline (negative), for baseline alignment.", example: -4,
            apply: .parameters { $0.style.descender = $1.number }),
        Property(
            "position", .point, default: [0, 0], on: .all, "In an `absolute` spec: the child's origin.",
            example: ["1in", "2cm"], apply: .parameters { $0.style.layoutPosition = $1.point }),
    ]

    static let pagination: [Property] = [
        Property(
            "keepTogether", .bool, default: false, on: .all, keepsNode: true, placement: .pagedDocument,
            "Paged documents: the element is never split between pages (it moves whole to the next page).",
            example: true, apply: .parameters { $0.pagination.keepTogether = $1.bool }),
        Property(
            "keepWithNext", .bool, default: false, on: .all, keepsNode: true, placement: .pagedDocument,
            "Paged documents: the element stays on the same page as the block after it (a heading).", example: true,
            apply: .parameters { $0.pagination.keepWithNext = $1.bool }),
        Property(
            "colSpan", .integer(ValueLimits.colSpan), default: 1, on: .all, placement: .tableCell,
            "In a table row's cells: the number of columns the cell spans (clipped at the table's edge).", example: 2,
            apply: .parameters { $0.pagination.colSpan = $1.integer }),
        Property(
            "rowSpan", .integer(ValueLimits.rowSpan), default: 1, on: .all, keepsNode: true, placement: .tableCell,
            "In a table row's cells: the number of rows the cell spans.", example: 3,
            apply: .parameters { $0.pagination.rowSpan = $1.integer }),
        Property(
            "verticalAlign", .choice(VerticalAlignment.self), on: .all, placement: .tableCellOrRow,
            "Where content sits in a taller row: a table cell's (its own, else its row's, else its table's), or a horizontal stack's children (`alignItems` spelled as rows spell it; `baseline` = `baselineFirst`).",
            example: "center", apply: .parameters { $0.pagination.verticalAlign = $1.typed(VerticalAlignment.self) }),
    ]

    /// A size key of the layout style: a length of 0 or more, a percentage or `auto`.
    private static func size(
        _ name: String, _ meaning: String, example: JSONValue,
        _ set: @escaping @Sendable (inout Style, GalleyLayout.Dimension) -> Void
    ) -> Property {
        Property(
            name, .dimension, default: "auto", on: .all, meaning, example: example,
            apply: .parameters { set(&$0.style, $1.dimension) })
    }
}

/// The ranges of the keys that become counts, levels, spans and times. A value outside its
/// range is a located error where it enters — at compile time for a literal, at bind time for
/// data — never a conversion trap later (a whole number of 1e19 does not fit an `Int`).
enum ValueLimits {
    /// `maxLines`: 0 means no limit.
    static let maxLines = 0...100_000
    /// `orphans` and `widows`.
    static let lineMinimum = 1...1_000
    static let colSpan = 1...10_000
    static let rowSpan = 1...1_000_000
    /// `bookmarkLevel` and a `toc`'s `levels`.
    static let outlineLevel = 1...100
    /// A `transition`'s `duration` and `delay`, in seconds.
    static let seconds = 0.0...3_600.0
}
