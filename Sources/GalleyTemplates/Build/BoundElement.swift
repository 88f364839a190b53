import GalleyText

/// Binding one element for one record: its bound keys evaluated, converted by their kinds and
/// applied to a copy of its compiled parameters. A bound value of the wrong kind is an error naming
/// the record, the key's place in the template and what was expected — the message a literal of
/// that value gets at compile time, with "(from a binding)". An element without bound keys is
/// built from its compiled parameters as they are, with no copy.
enum BoundElement {
    typealias Setter = ElementTemplate.TextStyleSetter

    /// Applies `element`'s bound keys to `parameters`; returns its bound TEXTSTYLE setters (applied
    /// after its literal ones).
    static func bind(
        _ element: ElementTemplate, scope: BindingScope, site: BuildSite, into parameters: inout ElementParameters
    ) throws(TemplateError) -> [Setter] {
        var textStyle: [Setter] = []
        for bound in element.bound {
            guard let value = try converted(bound, scope: scope, site: site) else { continue }
            switch bound.property.apply {
            case .parameters(let apply), .scope(let apply): apply(&parameters, value)
            case .textStyle(let apply): textStyle.append((apply, value))
            case .directive, .slot, .field: break
            }
        }
        return textStyle
    }

    /// The scope of `element`'s subtree: `scope` with the element's `lang` and `dir` (literal, or
    /// bound in `scope`) applied; the bound ones are applied to `parameters` too (a node's `/Lang`).
    static func scope(
        of element: ElementTemplate, in scope: BindingScope, site: BuildSite,
        parameters: inout ElementParameters
    ) throws(TemplateError) -> BindingScope {
        for bound in element.scopeBound {
            guard let value = try converted(bound, scope: scope, site: site),
                case .scope(let apply) = bound.property.apply
            else { continue }
            apply(&parameters, value)
        }
        return parameters.scope.applied(to: scope)
    }

    /// A bound key's value for this record, converted by its kind (nil for null: the default). A
    /// value of the wrong kind is the error its literal would get, "(from a binding)".
    static func converted(_ bound: ElementTemplate.BoundProperty, scope: BindingScope, site: BuildSite)
        throws(TemplateError) -> PropertyValue?
    {
        let raw = try site.evaluate(bound.value, in: scope, at: bound.path)
        if raw == .null { return nil }
        switch bound.property.kind.convert(raw, site.template.propertyContext) {
        case .success(let converted): return converted
        case .failure(let problem):
            var path = bound.path
            path.components += problem.path
            throw site.error(at: path, problem.message + " (from a binding)", hint: problem.hint)
        }
    }

    /// The element's text style: its `style` (else the document's default style), then its own
    /// TEXTSTYLE keys, literal and bound.
    static func textStyle(
        _ element: ElementTemplate, _ parameters: ElementParameters, bound: [Setter], defaultStyle: TextStyle
    ) -> TextStyle {
        var style = parameters.text.style?.style ?? defaultStyle
        for setter in element.textStyle { setter.apply(&style, setter.value) }
        for setter in bound { setter.apply(&style, setter.value) }
        return style
    }
}
