import GalleyText

/// Where a build happens: the template (for locations), the record (for error messages) and
/// the shared resources (fonts, images, custom node classes).
struct BuildSite {
    let template: Template
    let recordIndex: Int?
    let resources: RenderResources

    func error(at path: JSONPath, _ message: String, hint: String? = nil) -> TemplateError {
        var error = template.document.error(at: path, message, hint: hint)
        if let recordIndex { error.message = "record \(recordIndex): " + error.message }
        return error
    }

    func evaluate(_ value: CompiledValue, in scope: BindingScope, at path: JSONPath) throws(TemplateError) -> JSONValue {
        do {
            return try value.evaluate(in: scope)
        } catch {
            throw self.error(at: path, "\(error)", hint: hint(for: error))
        }
    }

    private func hint(for error: BindingError) -> String? {
        if case .missingPath = error { return "add it to the data, or give a fallback with | default:\"…\"" }
        return nil
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
