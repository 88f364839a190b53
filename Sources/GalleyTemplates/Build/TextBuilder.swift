import Galley
import GalleyRender
import GalleyText

/// Builds text nodes: the default style, then the named `style`, then the element's own
/// TEXTSTYLE keys, then each span's keys.
struct TextBuilder {
    let site: BuildSite

    /// A text node, set in the language and base direction of `scope` (the element's `lang` and
    /// `dir`, or the nearest ones around it).
    func make(
        _ element: ElementTemplate, _ p: ElementParameters, boundStyle: [BoundElement.Setter], scope: BindingScope
    ) -> TextNode {
        let base = BoundElement.textStyle(element, p, bound: boundStyle, defaultStyle: site.template.defaultTextStyle)
        let spans: [TextSpan]
        if let spanValues = p.text.spans {
            spans = spanValues.map { span in
                var style = base
                for setter in span.style { setter.apply(&style, setter.value) }
                return TextSpan(text: span.text, style: style)
            }
        } else {
            spans = [TextSpan(text: p.text.text ?? "", style: base)]
        }
        var paragraph = p.text.paragraph
        paragraph.language = scope.language
        paragraph.direction = scope.direction ?? .auto
        return TextNode(spans: spans, paragraphStyle: paragraph, registry: site.resources.fonts)
    }

    /// A style with the TEXTSTYLE setters of a `styles` entry applied.
    static func applying(_ setters: [ElementTemplate.TextStyleSetter], to style: TextStyle) -> TextStyle {
        var style = style
        for setter in setters { setter.apply(&style, setter.value) }
        return style
    }
}
