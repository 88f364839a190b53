import Galley
import GalleyLayout
import GalleyRender
import GalleyText

/// The top-level keys of a template and the fields of its object values (page, metadata, PDF,
/// data). The document compiler (`TopLevel`, `PDFTemplate`, `WatermarkTemplate`) reads them once,
/// when the template is loaded.
enum DocumentProperties {
    static let all: [Property] = [
        top(
            "$schema", .string, "The JSON Schema an editor validates the template with (ignored by Galley).",
            example: "../Templates/galley.schema.json"),
        top("galley", .integer(1...1), required: true, "The format version: 1.", example: 1),
        top(
            "size", paperSize, placement: .canvas,
            "A canvas: one page of this size, a paper name or `[width, height]` (a paged document sizes its pages with `page.size`).",
            example: "A4"),
        top(
            "orientation", orientation, placement: .canvas,
            "A canvas: `landscape` lays its longer side across, `portrait` stands it up; without it the size is as given (a paper name is portrait).",
            example: "landscape"),
        top(
            "constrainedSize", constrainedSize, placement: .canvas,
            "A canvas: the size range the body is laid out in (default exactly `size`); a max may be `\"inf\"`.",
            example: ["min": [0, 0], "max": [1200, "inf"]]),
        top(
            "fit", .choice(["size", "content"]) { Template.FitMode(rawValue: $0) }, default: "size", placement: .canvas,
            "A canvas: `size` keeps the page at `size`; `content` makes it the laid-out body's size.",
            example: "content"),
        top(
            "page", page, "A paged document: the body flows onto as many pages of this setup as it needs.",
            example: ["size": "A4", "margin": "2cm"]),
        top(
            "header", .element, placement: .pagedDocument,
            "A paged document: the element at the top of every page (`{{page}}`, `{{pages}}` bound).",
            example: ["type": "text", "text": "Page {{page}} of {{pages}}"]),
        top(
            "footer", .element, placement: .pagedDocument, "A paged document: the element at the bottom of every page.",
            example: ["type": "text", "text": "{{page}}"]),
        top(
            "fonts", .array(of: .string, "array of folder paths") { .texts($0.map(\.text)) },
            "Font folders, relative to the template's folder (or in an `--allow-dir`); each must exist.",
            example: ["fonts/"]),
        top(
            "styles", .map(of: textStyleObject, "object of names to TEXTSTYLE objects"),
            "Named text styles (TEXTSTYLE keys), for `style` and `defaultStyle`.",
            example: ["title": ["fontSize": 24, "weight": "bold"]]),
        top("defaultStyle", .string, "The style under `styles` every text starts from.", example: "body"),
        top(
            "metadata", metadata, "The PDF's document information (bindable).", example: ["title": "Invoice {{number}}"]
        ),
        top(
            "body", .element, required: true, "The element laid out on the page(s).",
            example: ["type": "text", "text": "Hello"]),
        Property(
            "background", .color, on: .document, "The page's colour (default transparent).", example: "#ffffff",
            apply: .field),
        Property(
            "lang", .languageTag, on: .document,
            "The document's language (BCP 47): number and date filters format in it (default `en-US`), text is set in it, and it is the PDF's `/Lang` unless `metadata.lang` says otherwise; an element's `lang` replaces it in its subtree.",
            example: "de-DE", apply: .field),
        Property(
            "dir", .choice(TextDirection.self, names: ["ltr", "rtl", "auto"]), on: .document,
            "The document's base direction: `rtl` mirrors rows, tables and tables of contents and starts paragraphs at the right; `auto` (the default) takes each paragraph's from its first strong character; an element's `dir` replaces it in its subtree.",
            example: "rtl", apply: .field),
        top("sampleData", .json, "Data used when a command is given none.", example: ["name": "Ada"]),
        top(
            "pdf", pdf, "PDF standards, tagging and permissions (docs/pdf.md).",
            example: ["standard": ["a-3b", "ua-1"]]),
        Property(
            "attachments", .array(of: attachment, "array of files") { .typed($0) }, on: .document,
            "Files embedded in the PDF (docs/pdf.md).",
            example: [["src": "terms.pdf", "name": "terms.pdf", "relationship": "Supplement"]], apply: .field),
        Property(
            "facturx", facturX, on: .document, "Makes the PDF a Factur-X e-invoice with this XML (docs/pdf.md).",
            example: ["profile": "EN 16931", "content": "{{facturx}}"], apply: .field),
        top(
            "data", dataOptions, "How data records are read: column types (CSV is text), and whole-file binding.",
            example: ["columns": ["qty": "number", "paid": "bool"], "as": "array"]),
    ]

    /// A top-level key read once (not bindable).
    private static func top(
        _ name: String, _ kind: PropertyKind, default defaultValue: JSONValue? = nil, required: Bool = false,
        placement: Property.Placement = .anywhere, _ meaning: String, example: JSONValue
    ) -> Property {
        Property(
            name, kind, default: defaultValue, on: .document, bindable: false, required: required,
            placement: placement, meaning, example: example, apply: .field)
    }

    /// A paper name or `[width, height]`.
    static let paperSize = PropertyKind(
        summary: PaperSize.names.map { "`\($0)`" }.joined(separator: ", ")
            + " or `[width, height]` [lengths](#lengths)",
        expectation: "[width, height] (lengths above 0) or one of " + PaperSize.names.joined(separator: ", "),
        schema: [
            "anyOf": [
                ["enum": .array(PaperSize.names.map { .string($0) })],
                ["type": "array", "items": ["$ref": "#/$defs/length"], "minItems": 2, "maxItems": 2],
            ]
        ]
    ) { value, _ in
        let expectation = "[width, height] (lengths above 0) or one of " + PaperSize.names.joined(separator: ", ")
        if case .string(let name) = value {
            guard let size = PaperSize.sizes[name.lowercased()] else {
                return .failure(
                    .expected(
                        expectation, got: value, hint: Suggestion.hint(for: name, in: PaperSize.names, listing: false)))
            }
            return .success(.size(size))
        }
        return PropertyKind.size.convert(value, .empty).flatMap { converted in
            let size = converted.size
            guard size.width > 0, size.height > 0, size.width < 1e6, size.height < 1e6 else {
                return .failure(.expected(expectation, got: value))
            }
            return .success(converted)
        }
    }

    static let orientation = PropertyKind.choice(["portrait", "landscape"]) { $0 }

    /// `[width, height]` of a size range; the max's may be `"inf"`.
    static func sizeBound(infinity: Bool) -> PropertyKind {
        let expectation = "[width, height] (lengths of 0 or more" + (infinity ? " or \"inf\")" : ")")
        let item: JSONValue =
            infinity ? ["anyOf": [["$ref": "#/$defs/length"], ["const": "inf"]]] : ["$ref": "#/$defs/length"]
        return PropertyKind(
            summary: "`[width, height]`" + (infinity ? " (each may be `\"inf\"`)" : ""), expectation: expectation,
            schema: ["type": "array", "items": item, "minItems": 2, "maxItems": 2]
        ) { value, _ in
            guard case .array(let items) = value, items.count == 2 else {
                return .failure(.expected(expectation, got: value))
            }
            var sides: [Double] = []
            for (index, item) in items.enumerated() {
                if infinity, case .string(let text) = item, ["inf", "infinity"].contains(text.lowercased()) {
                    sides.append(.infinity)
                    continue
                }
                switch PropertyKind.points(item, minimum: 0, expectation: "a length of 0 or more") {
                case .success(let length): sides.append(length)
                case .failure(let problem): return .failure(problem.inside(.index(index)))
                }
            }
            return .success(.size(Size(width: sides[0], height: sides[1])))
        }
    }

    static let constrainedSize = PropertyKind.object(
        "`{min, max}`",
        fields: [
            .field(
                "min", sizeBound(infinity: false), bindable: false, "The smallest size (default `size`).",
                example: [0, 0]),
            .field(
                "max", sizeBound(infinity: true), bindable: false, "The largest size (default `size`).",
                example: [1200, "inf"]),
        ]
    ) { .success(.typed($0)) }

    static let page = PropertyKind.object(
        "`{size, orientation, margin, background, watermark}`",
        fields: [
            .field("size", paperSize, default: "A4", bindable: false, "The page size.", example: "Letter"),
            .field(
                "orientation", orientation, bindable: false,
                "`landscape` lays the page's longer side across, `portrait` stands it up; without it the size is as given (a paper name is portrait).",
                example: "landscape"),
            .field(
                "margin", .insets(infinity: false), default: 36, bindable: false,
                "The margins: one length, or `{top, left, bottom, right}`.", example: ["top": "2cm", "left": "1in"]),
            .field(
                "background", .element, bindable: false,
                "An element under every page, full bleed (`{{page}}`, `{{pages}}` bound).",
                example: ["type": "box", "background": "#fafafa"]),
            .field(
                "watermark", WatermarkTemplate.kind, bindable: false,
                "A text or image centred on every page, turned and faded.", example: ["text": "DRAFT"]),
        ]
    ) { .success(.typed($0)) }

    static let metadata = PropertyKind.object(
        "`{title, author, subject, keywords, lang}`",
        fields: [
            .field("title", .string, "The document's title.", example: "Invoice {{number}}"),
            .field("author", .string, "Its author.", example: "{{seller.name}}"),
            .field("subject", .string, "Its subject.", example: "Invoice for {{buyer.name}}"),
            .field("keywords", .string, "Keywords.", example: "invoice, 2024"),
            .field("lang", .string, "The document's language (BCP 47).", example: "en-GB"),
        ]
    ) { .success(.typed($0)) }

    /// A TEXTSTYLE object of `styles`: its keys' setters, applied over the default style.
    static let textStyleObject = PropertyKind.object(
        "TEXTSTYLE object",
        fields: TextProperties.style.map {
            .field($0.name, $0.kind, default: $0.defaultValue, bindable: false, $0.meaning, example: $0.example)
        },
        fillsDefaults: false
    ) { fields in
        var setters: [(apply: @Sendable (inout TextStyle, PropertyValue) -> Void, value: PropertyValue)] = []
        for property in TextProperties.style {
            guard case .textStyle(let apply) = property.apply, let value = fields[property.name] else { continue }
            setters.append((apply, value))
        }
        return .success(.typed(TextSpanValue(text: "", style: setters)))
    }

    static let pdf = PropertyKind.object(
        "`{standard, tagged, permissions}`",
        fields: [
            .field(
                "standard", pdfStandards, bindable: false, "The standards to claim: `a-2b`, `a-3b`, `ua-1`.",
                example: ["a-3b", "ua-1"]),
            .field(
                "tagged", .bool, default: false, bindable: false, "Writes a structure tree (PDF/UA claims it).",
                example: true),
            .field(
                "permissions",
                .array(of: .choice(PDFPermission.self), "array of `print`, `copy`, `modify`") { .typed($0) },
                default: ["print"], bindable: false, "What an encrypted PDF allows.", example: ["print", "copy"]),
        ]
    ) { .success(.typed($0)) }

    static let pdfStandards = PropertyKind(
        summary: "`a-2b`, `a-3b`, `ua-1`, or an array of them", expectation: "a standard (\"a-3b\") or a list of them",
        schema: [
            "anyOf": [
                ["enum": .array(PDFStandard.allCases.map { .string($0.rawValue) })],
                ["type": "array", "items": ["enum": .array(PDFStandard.allCases.map { .string($0.rawValue) })]],
            ]
        ]
    ) { value, _ in
        let names: [String]
        switch value {
        case .string(let name): names = [name]
        case .array(let items) where items.allSatisfy({ $0.stringValue != nil }):
            names = items.compactMap(\.stringValue)
        default:
            return .failure(.expected("a standard (\"a-3b\") or a list of them ([\"a-3b\", \"ua-1\"])", got: value))
        }
        switch PDFStandard.parseList(names.joined(separator: ",")) {
        case .success(let parsed): return .success(.typed(parsed))
        case .failure(let error): return .failure(PropertyProblem(error.description))
        }
    }

    static let relationship = PropertyKind.choice(AttachmentRelationship.self)

    static let attachment = PropertyKind.object(
        "`{src \\| content, name, mime, description, relationship, if}`",
        fields: [
            .field("if", .json, "Leaves the file out when false.", example: "{{hasTerms}}"),
            .field("src", .string, "A file beside the template (or in an `--allow-dir`).", example: "terms.pdf"),
            .field("content", .string, "The file's text, instead of `src`.", example: "{{csv}}"),
            .field("name", .string, "The file name readers extract it as (default: `src`'s).", example: "terms.pdf"),
            .field(
                "mime", .string, bindable: false, "The MIME type (default: by the name's extension).",
                example: "application/pdf"),
            .field("description", .string, "A description.", example: "Terms and conditions"),
            .field(
                "relationship", relationship, default: "Supplement", bindable: false,
                "How the file relates to the document (PDF/A-3 `/AFRelationship`).", example: "Data"),
        ]
    ) { .success(.typed($0)) }

    static let facturX = PropertyKind.object(
        "`{profile, src \\| content, relationship, if}`",
        fields: [
            .field("if", .json, "Leaves the invoice XML out (a plain PDF) when false.", example: "{{facturx}}"),
            .field(
                "profile", .choice(FacturXProfile.self), bindable: false, required: true, "The Factur-X profile.",
                example: "EN 16931"),
            .field("src", .string, "The XML file.", example: "invoice.xml"),
            .field("content", .string, "The XML text, instead of `src`.", example: "{{facturx}}"),
            .field(
                "relationship", relationship, bindable: false, "The XML's relationship (default by profile).",
                example: "Alternative"),
        ]
    ) { .success(.typed($0)) }

    static let dataOptions = PropertyKind.object(
        "`{columns, as}`",
        fields: [
            .field(
                "columns",
                .map(of: .choice(DataColumnType.self), "object of field names to `number`, `bool`, `string`"),
                bindable: false,
                "Types of top-level fields: a CSV field (text) becomes a number or a bool, a JSON one is checked.",
                example: ["qty": "number", "paid": "bool"]),
            .field(
                "as", .choice(DataShape.self), default: "records", bindable: false,
                "`records`: one document per record; `array`: one document with every record in `records`.",
                example: "array"),
        ]
    ) { fields in
        let columns = (fields["columns"]?.typed([(String, PropertyValue)].self) ?? []).compactMap { name, type in
            type.typed(DataColumnType.self).map { (name: name, type: $0) }
        }
        return .success(.typed(DataOptions(columns: columns, shape: fields["as"]?.typed(DataShape.self) ?? .records)))
    }
}
