import Galley
import GalleyText

/// The keys of text: the character style (TEXTSTYLE: on `text`, `toc`, in `styles` and in
/// `spans`) and the paragraph.
enum TextProperties {
    static let all: [Property] = style + paragraph + contents

    /// TEXTSTYLE: each sets one field of `TextStyle` over the element's base style.
    static let style: [Property] = [
        textStyle(
            "font", .string, default: nil, "The font family (the bundled DejaVu Sans by default).",
            example: "DejaVu Serif"
        ) {
            $0.font = $1.text
        },
        textStyle("weight", .weight, default: 400, "The weight: 100–900 or a name.", example: "bold") {
            $0.weight = $1.integer
        },
        textStyle("italic", .bool, default: false, "Italic (or oblique) style.", example: true) { $0.italic = $1.bool },
        textStyle("fontSize", .length(minimum: 0), default: 12, "The font size.", example: "14pt") {
            $0.fontSize = $1.number
        },
        textStyle("color", .color, default: "black", "The text colour.", example: "#1e293b") { $0.color = $1.color },
        textStyle(
            "lineHeight", .lineHeight, default: 1.2, "The line height: a multiple of the font size, or a length.",
            example: 1.4
        ) { $0.lineHeight = $1.typed(LineHeight.self) ?? .multiple(1.2) },
        textStyle("letterSpacing", .length(), default: 0, "Extra space after every character.", example: 0.5) {
            $0.letterSpacing = $1.number
        },
        textStyle(
            "features", .array(of: .string, "array of OpenType feature strings") { .texts($0.map(\.text)) },
            default: [],
            "OpenType features in HarfBuzz syntax.", example: ["tnum", "-liga"]
        ) { $0.features = $1.texts },
        textStyle("underline", .bool, default: false, "Underlines the text.", example: true) { $0.underline = $1.bool },
        textStyle("strikethrough", .bool, default: false, "Strikes the text through.", example: true) {
            $0.strikethrough = $1.bool
        },
        textStyle("baselineOffset", .length(), default: 0, "Raises the baseline (superscripts).", example: 4) {
            $0.baselineOffset = $1.number
        },
        textStyle(
            "link", .string, default: nil, keepsNode: true, "Makes the text a link: a URL, or `#id`.",
            example: "#summary"
        ) {
            let link = $1.text
            if !link.isEmpty { $0.link = link }
        },
    ]

    static let paragraph: [Property] = [
        Property(
            "maxLines", .integer(ValueLimits.maxLines), default: 0, on: .only([.text]),
            "Lines past this many are dropped and the last kept one ends with `truncation` (0: no limit).", example: 2,
            apply: .parameters { $0.text.paragraph.maxLines = $1.integer > 0 ? $1.integer : nil }),
        Property(
            "truncation", .string, default: "…", on: .only([.text]), "What ends a paragraph cut by `maxLines`.",
            example: "...", apply: .parameters { $0.text.paragraph.truncation = $1.text }),
        Property(
            "truncate", .choice(TruncationMode.self), default: "word", on: .only([.text]),
            "Where the last line kept by `maxLines` is cut before `truncation`: after the last whole word that fits (a single word wider than the line is still cut between characters), or after the last character.",
            example: "character",
            apply: .parameters { $0.text.paragraph.truncationMode = $1.typed(TruncationMode.self) ?? .word }),
        Property(
            "minFontSize", .length(minimum: 0), on: .only([.text]),
            "Shrink to fit: when the text does not fit its frame (height, `maxLines`, width) at its sizes, it is set at the largest size, in quarter points down from its largest `fontSize`, that fits, but not below this (at least 1).",
            example: 8, apply: .parameters { $0.text.paragraph.minimumFontSize = max($1.number, 1) }),
        Property(
            "align", .choice(["start", "center", "end", "justify"]) { TextAlignment(rawValue: $0) }, default: "start",
            on: .only([.text]), "The alignment of lines (`start` and `end` follow the text's direction).",
            example: "justify",
            apply: .parameters { $0.text.paragraph.alignment = $1.typed(TextAlignment.self) ?? .start }),
        Property(
            "lineBreaking", .choice(["greedy", "optimal"]) { LineBreaking(rawValue: $0) }, default: "greedy",
            on: .only([.text]), "How lines are chosen: first fit, or Knuth–Plass over the whole paragraph.",
            example: "optimal",
            apply: .parameters { $0.text.paragraph.lineBreaking = $1.typed(LineBreaking.self) ?? .greedy }),
        Property(
            "hyphenate", .bool, default: false, on: .only([.text]),
            "Hyphenates words to break lines, at the points of the hyphenation dictionary of the text's `lang`.",
            example: true,
            apply: .parameters { $0.text.paragraph.hyphenate = $1.bool }),
        Property(
            "orphans", .integer(ValueLimits.lineMinimum), default: 2, on: .only([.text]), keepsNode: true,
            placement: .pagedDocument,
            "Paged documents: the fewest lines left at the bottom of a page when the paragraph splits.", example: 3,
            apply: .parameters { $0.text.orphans = $1.integer }),
        Property(
            "widows", .integer(ValueLimits.lineMinimum), default: 2, on: .only([.text]), keepsNode: true,
            placement: .pagedDocument, "Paged documents: the fewest lines carried to the top of the next page.",
            example: 3,
            apply: .parameters { $0.text.widows = $1.integer }),
    ]

    static let contents: [Property] = [
        Property(
            "text", .string, on: .only([.text]),
            conflicts: [.init(key: "spans", reason: "give one of them: each span carries its own text")],
            "The text; `{{…}}` bindings are replaced from the data.", example: "Hello, {{name}}!",
            apply: .parameters { $0.text.text = $1.text }),
        Property(
            "spans", spans, on: .only([.text]), "Runs of text, each with its own TEXTSTYLE keys over the element's.",
            example: [["text": "Total: "], ["text": "{{total}}", "weight": "bold"]],
            apply: .parameters { $0.text.spans = $1.typed([TextSpanValue].self) }),
        Property(
            "style", .styleName, on: .only([.text, .toc, .barcode]),
            "A named style under the top-level `styles`, applied over `defaultStyle` and under the element's own keys.",
            example: "title", apply: .parameters { $0.text.style = $1.typed(NamedTextStyle.self) }),
    ]

    /// A span: `text` and TEXTSTYLE keys.
    static let spans = PropertyKind.array(
        of: .object(
            "`{text, …TEXTSTYLE}`",
            fields: [.field("text", .string, default: "", "The span's text.", example: "{{total}}")]
                + style.map { .field($0.name, $0.kind, default: $0.defaultValue, $0.meaning, example: $0.example) },
            fillsDefaults: false
        ) { fields in
            var setters: [(apply: @Sendable (inout TextStyle, PropertyValue) -> Void, value: PropertyValue)] = []
            for property in style {
                guard case .textStyle(let apply) = property.apply, let value = fields[property.name] else { continue }
                setters.append((apply, value))
            }
            return .success(.typed(TextSpanValue(text: fields["text"]?.text ?? "", style: setters)))
        },
        "array of `{text, …TEXTSTYLE}`"
    ) { spans in .typed(spans.compactMap { $0.typed(TextSpanValue.self) }) }

    /// The TEXTSTYLE keys by name, for named styles and spans.
    static let styleByName: [String: Property] = Dictionary(uniqueKeysWithValues: style.map { ($0.name, $0) })

    /// A TEXTSTYLE key, on `text` and `toc`.
    private static func textStyle(
        _ name: String, _ kind: PropertyKind, default defaultValue: JSONValue?, keepsNode: Bool = false,
        _ meaning: String, example: JSONValue, _ set: @escaping @Sendable (inout TextStyle, PropertyValue) -> Void
    ) -> Property {
        Property(
            name, kind, default: defaultValue, on: .only([.text, .toc]), keepsNode: keepsNode, meaning,
            example: example, apply: .textStyle(set))
    }
}
