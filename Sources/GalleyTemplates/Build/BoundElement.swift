import GalleyText

/// One element's typed parameters for one record: the compiled literal parameters with the bound
/// keys evaluated, converted by their kinds and applied. A bound value of the wrong kind is an error
/// naming the record, the key's place in the template and what was expected — the message a literal
/// of that value gets at compile time, with "(from a binding)".
struct BoundElement {
    let element: ElementTemplate
    var parameters: ElementParameters
    /// The bound TEXTSTYLE keys, applied after the element's literal ones.
    var textStyle: [ElementTemplate.TextStyleSetter] = []

    init(_ element: ElementTemplate, scope: BindingScope, site: BuildSite) throws(TemplateError) {
        self.element = element
        parameters = element.parameters
        for bound in element.bound {
            let raw = try site.evaluate(bound.value, in: scope, at: bound.path)
            if raw == .null { continue }
            let value: PropertyValue
            switch bound.property.kind.convert(raw, site.template.propertyContext) {
            case .success(let converted): value = converted
            case .failure(let problem):
                var path = bound.path
                path.components += problem.path
                throw site.error(at: path, problem.message + " (from a binding)", hint: problem.hint)
            }
            switch bound.property.apply {
            case .parameters(let apply): apply(&parameters, value)
            case .textStyle(let apply): textStyle.append((apply, value))
            case .directive, .slot, .field: break
            }
        }
    }

    /// The element's text style: its `style` (else the document's default style), then its own
    /// TEXTSTYLE keys, literal and bound.
    func textStyle(defaultStyle: TextStyle) -> TextStyle {
        var style = parameters.text.style?.style ?? defaultStyle
        for setter in element.textStyle { setter.apply(&style, setter.value) }
        for setter in textStyle { setter.apply(&style, setter.value) }
        return style
    }
}
