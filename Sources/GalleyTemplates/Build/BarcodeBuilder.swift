import Galley
import GalleyRender

/// Builds `barcode` elements: `symbology`, `data` (bindable), `errorCorrection`, `showText`, `color`, and
/// `style` for the human-readable text (the document's default style otherwise).
struct BarcodeBuilder {
    let site: BuildSite

    func make(_ element: ElementTemplate, _ p: ElementParameters) throws(TemplateError) -> BarcodeNode {
        let content = p.content
        let path = element.path
        let names = BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", ")
        // Required keys are checked when the template is compiled; a binding may still give null.
        guard let symbology = content.symbology else {
            throw site.error(at: path.appending("symbology"), "a barcode needs \"symbology\"", hint: "one of: \(names)")
        }
        guard let data = content.barcodeData else {
            throw site.error(
                at: path.appending("data"), "a barcode needs \"data\"",
                hint: "the text to encode, e.g. \"{{order.id}}\"")
        }
        var options = BarcodeOptions()
        options.errorCorrection = content.errorCorrection
        options.showText = content.showText
        // The human-readable text: the element's `style`, else the document's default style.
        let textStyle = p.text.style?.style ?? site.template.defaultTextStyle
        do {
            return try BarcodeNode(
                data: data, symbology: symbology, options: options, color: content.barcodeColor,
                textStyle: textStyle, registry: site.resources.fonts)
        } catch {
            let key =
                options.errorCorrection != nil && error.description.contains("errorCorrection")
                ? "errorCorrection" : "data"
            throw site.error(
                at: path.appending(key),
                "\(Self.quoted(data)) cannot be encoded as \(symbology.displayName): \(error.description)")
        }
    }

    /// The data as the message shows it: quoted, cut after 60 characters.
    private static func quoted(_ data: String) -> String {
        let shown = data.count > 60 ? String(data.prefix(60)) + "…" : data
        return "\"" + shown + "\""
    }
}
