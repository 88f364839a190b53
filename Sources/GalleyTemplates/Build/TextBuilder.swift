import Galley
import GalleyRender
import GalleyText

/// Builds text nodes: the default style, then the named `style`, then the element's own
/// TEXTSTYLE keys, then each span's keys.
struct TextBuilder {
    let site: BuildSite

    /// The TEXTSTYLE keys `apply` reads.
    static let styleKeys: Set<String> = [
        "font", "weight", "italic", "fontSize", "color", "lineHeight", "letterSpacing", "features", "underline",
        "strikethrough", "baselineOffset", "link",
    ]
    /// The paragraph keys `make` reads.
    static let paragraphKeys: Set<String> = [
        "align", "maxLines", "truncation", "truncate", "lineBreaking", "hyphenate", "minFontSize",
    ]

    /// A text node; `language` and `direction` are the element's `lang` and `dir` or the nearest
    /// ones around it (the document's).
    func make(_ p: BoundProperties, language: String?, direction: TextDirection? = nil) throws(TemplateError)
        -> TextNode
    {
        let base = try style(p)
        var spans = [TextSpan]()
        if case .array(let items)? = p["spans"] {
            for (index, item) in items.enumerated() {
                guard case .object(let span) = item else {
                    throw site.error(
                        at: p.element.path.appending("spans").appending(index), "expected a span object {text, …style}")
                }
                let spanPath = p.element.path.appending("spans").appending(index)
                for (key, value) in span.entries where value != .null {
                    try checkBound(key, value, at: spanPath.appending(key))
                }
                let text = span["text"]?.interpolationText ?? ""
                spans.append(TextSpan(text: text, style: try Self.applying(span, to: base)))
            }
        } else {
            spans = [TextSpan(text: try p.string("text") ?? "", style: base)]
        }
        var paragraph = ParagraphStyle()
        paragraph.language = language
        paragraph.direction = direction ?? .auto
        guard p.element.hasParagraphKeys else {
            return TextNode(spans: spans, paragraphStyle: paragraph, registry: site.resources.fonts)
        }
        if let v = try p.choice("align", TextAlignment.self) { paragraph.alignment = v }
        if let v = try p.integer("maxLines", in: ValueLimits.maxLines) { paragraph.maxLines = v > 0 ? v : nil }
        if let v = try p.string("truncation") { paragraph.truncation = v }
        if let v = try p.choice("truncate", TruncationMode.self) { paragraph.truncationMode = v }
        if let v = try p.number("minFontSize", .nonNegativeNumber) { paragraph.minimumFontSize = max(v, 1) }
        if let v = try p.choice("lineBreaking", LineBreaking.self) { paragraph.lineBreaking = v }
        if let v = try p.bool("hyphenate") { paragraph.hyphenate = v }
        return TextNode(spans: spans, paragraphStyle: paragraph, registry: site.resources.fonts)
    }

    /// The element's text style: the default style, then the style named by `styleKey`, then
    /// the element's own TEXTSTYLE keys (unless `ownKeys` is false).
    func style(_ p: BoundProperties, styleKey: String = "style", ownKeys: Bool = true) throws(TemplateError)
        -> TextStyle
    {
        // The default and named styles were resolved once, when the template was loaded.
        var base = site.template.defaultTextStyle
        if let name = try p.string(styleKey) {
            guard let style = site.template.textStyles[name] else {
                throw site.error(
                    at: p.element.path.appending(styleKey), "no text style named \"\(name)\"",
                    hint:
                        "define it under \"styles\" (known: \(site.template.styles.keys.sorted().joined(separator: ", ")))"
                )
            }
            base = style
        }
        if ownKeys {
            // Each TEXTSTYLE key sets its own field, so literal and bound keys apply in any order.
            for (key, value) in p.element.literalTextStyle { Self.apply(key, value, to: &base) }
            for (property, value) in p.boundEntries where value != .null {
                try checkBound(property.key, value, at: p.element.path.appending(property.key))
                Self.apply(property.key, value, to: &base)
            }
        }
        return base
    }

    /// A TEXTSTYLE value from data checked against its kind (literals were checked when the
    /// template was compiled): a weight of 1e19 is an error naming the record and the key, not a
    /// value silently ignored or a conversion trap.
    private func checkBound(_ key: String, _ value: JSONValue, at path: JSONPath) throws(TemplateError) {
        guard let kind = ElementSchema.textStyleKeys[key], let problem = ValueReader.problem(value, kind) else {
            return
        }
        throw site.error(at: path, problem + " (from a binding)")
    }

    /// `style` with the TEXTSTYLE keys of `object` applied (other keys are ignored).
    static func applying(_ object: JSONObject, to style: TextStyle) throws(TemplateError) -> TextStyle {
        var style = style
        for (key, value) in object.entries where value != .null { apply(key, value, to: &style) }
        return style
    }

    /// One TEXTSTYLE key (other keys are ignored).
    private static func apply(_ key: String, _ value: JSONValue, to style: inout TextStyle) {
        switch key {
        case "font": if let v = value.stringValue { style.font = v }
        case "weight":
            if let v = ValueReader.number(value) {
                // Clamped as well as checked (templates' literals, data through `checkBound`).
                style.weight = Int(min(max(v, ValueLimits.weight.lowerBound), ValueLimits.weight.upperBound))
            } else if let name = value.stringValue, let v = FontWeightName.table[name.lowercased()] {
                style.weight = v
            }
        case "italic": if let v = value.boolValue { style.italic = v }
        case "fontSize": if let v = ValueReader.number(value), v >= 0 { style.fontSize = v }
        case "color": if let v = ValueReader.color(value) { style.color = v }
        case "lineHeight":
            if let v = ValueReader.number(value) {
                style.lineHeight = .multiple(v)
            } else if case .object(let o) = value, let v = o["points"].flatMap(ValueReader.number) {
                style.lineHeight = .points(v)
            }
        case "letterSpacing": if let v = ValueReader.number(value) { style.letterSpacing = v }
        case "features": style.features = value.arrayValue?.compactMap(\.stringValue) ?? []
        case "underline": if let v = value.boolValue { style.underline = v }
        case "strikethrough": if let v = value.boolValue { style.strikethrough = v }
        case "baselineOffset": if let v = ValueReader.number(value) { style.baselineOffset = v }
        case "link": if let v = value.stringValue, !v.isEmpty { style.link = v }
        default: return
        }
    }
}
