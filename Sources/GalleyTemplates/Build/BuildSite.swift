import GalleyText

/// Where a build happens: the template (for locations), the record (for error messages), the
/// shared resources (fonts, images, custom node classes) and the document's own pixel budget.
struct BuildSite {
    let template: Template
    let recordIndex: Int?
    let resources: RenderResources
    /// What this document's images have used of the template policy's pixel budget.
    let imageBudget: ImagePixelBudget

    init(template: Template, recordIndex: Int?, resources: RenderResources) {
        self.template = template
        self.recordIndex = recordIndex
        self.resources = resources
        imageBudget = ImagePixelBudget(limit: template.policy.maxImagePixelsPerDocument)
    }

    func error(at path: JSONPath, _ message: String, hint: String? = nil) -> TemplateError {
        var error = template.document.error(at: path, message, hint: hint)
        if let recordIndex { error.message = "record \(recordIndex): " + error.message }
        return error
    }

    /// `path` is only built when there is an error to report.
    func evaluate(_ value: CompiledValue, in scope: BindingScope, at path: @autoclosure () -> JSONPath)
        throws(TemplateError) -> JSONValue
    {
        do {
            return try value.evaluate(in: scope)
        } catch {
            // Binding errors carry their own advice (e.g. the default filter for a missing path).
            throw self.error(at: path(), "\(error)")
        }
    }
}

extension BuildSite {
    /// An `if`: a missing path counts as false rather than an error.
    func isTruthy(_ value: CompiledValue, in scope: BindingScope, at path: JSONPath) throws(TemplateError) -> Bool {
        switch value {
        case .bound(let template):
            do {
                return try template.isTruthy(in: scope)
            } catch {
                throw self.error(at: path, "\(error)")
            }
        default:
            return Binder.truthiness(try evaluate(value, in: scope, at: path))
        }
    }
}
