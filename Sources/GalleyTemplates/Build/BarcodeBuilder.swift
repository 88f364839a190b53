import Galley
import GalleyRender

/// Builds `barcode` elements: `symbology`, `data` (bindable), `errorCorrection`, `showText`, `color`, and
/// `style` for the human-readable text (the document's default style otherwise).
struct BarcodeBuilder {
    let site: BuildSite

    /// The keys of a barcode element.
    static let keys: [String: ValueKind] = [
        "symbology": .choice(BarcodeSymbology.allCases.map(\.rawValue)), "data": .string,
        "errorCorrection": .string, "showText": .bool, "color": .color, "style": .string,
    ]

    func make(_ p: BoundProperties) throws(TemplateError) -> BarcodeNode {
        let names = BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", ")
        guard let symbology = try p.choice("symbology", BarcodeSymbology.self) else {
            throw site.error(at: p.element.path, "a barcode needs \"symbology\"", hint: "one of: \(names)")
        }
        guard let data = try p.string("data") else {
            throw site.error(
                at: p.element.path, "a barcode needs \"data\"", hint: "the text to encode, e.g. \"{{order.id}}\"")
        }
        var options = BarcodeOptions()
        options.errorCorrection = try p.string("errorCorrection")
        options.showText = try p.bool("showText") ?? true
        let textStyle = try TextBuilder(site: site).style(p, ownKeys: false)
        let color = try p.color("color") ?? .black
        do {
            return try BarcodeNode(
                data: data, symbology: symbology, options: options, color: color,
                textStyle: textStyle, registry: site.resources.fonts)
        } catch {
            let key =
                options.errorCorrection != nil && error.description.contains("errorCorrection")
                ? "errorCorrection" : "data"
            throw site.error(
                at: p.element.path.appending(key),
                "\(Self.quoted(data)) cannot be encoded as \(symbology.displayName): \(error.description)")
        }
    }

    /// The data as the message shows it: quoted, cut after 60 characters.
    private static func quoted(_ data: String) -> String {
        let shown = data.count > 60 ? String(data.prefix(60)) + "…" : data
        return "\"" + shown + "\""
    }
}
