/// The XMP metadata packet of a PDF that claims a standard (ISO 16684-1; PDF/A-2 §6.6,
/// PDF/UA-1 §7.1, Factur-X 1.0 §6.2.2): the document information again, in the XMP
/// properties each Info entry corresponds to, plus the identification of each standard and,
/// for properties outside XMP's predefined schemas (PDF/UA's and Factur-X's, inside a
/// PDF/A), the extension schemas that describe them.
struct XMPPacket {
    var metadata: DocumentMetadata
    var producer: String
    /// `2024-11-04T12:00:00+00:00`: creation, modification and metadata date.
    var date: String
    var standards: Set<PDFStandard>
    var facturX: FacturXProfile?

    /// The packet as UTF-8, with the byte order mark `xpacket begin` asks for.
    var bytes: [UInt8] { Array(text.utf8) }

    var text: String {
        var main: [String] = ["<dc:format>application/pdf</dc:format>"]
        if let title = metadata.title {
            main.append(
                "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(title))</rdf:li></rdf:Alt></dc:title>")
        }
        if let author = metadata.author {
            main.append("<dc:creator><rdf:Seq><rdf:li>\(escape(author))</rdf:li></rdf:Seq></dc:creator>")
        }
        if let subject = metadata.subject {
            main.append(
                "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escape(subject))</rdf:li></rdf:Alt></dc:description>"
            )
        }
        if let language = metadata.language {
            main.append("<dc:language><rdf:Bag><rdf:li>\(escape(language))</rdf:li></rdf:Bag></dc:language>")
        }
        if let keywords = metadata.keywords { main.append("<pdf:Keywords>\(escape(keywords))</pdf:Keywords>") }
        main.append("<pdf:Producer>\(escape(producer))</pdf:Producer>")
        if let creator = metadata.creator { main.append("<xmp:CreatorTool>\(escape(creator))</xmp:CreatorTool>") }
        main.append("<xmp:CreateDate>\(date)</xmp:CreateDate>")
        main.append("<xmp:ModifyDate>\(date)</xmp:ModifyDate>")
        main.append("<xmp:MetadataDate>\(date)</xmp:MetadataDate>")
        var namespaces = [
            "dc=\"http://purl.org/dc/elements/1.1/\"", "xmp=\"http://ns.adobe.com/xap/1.0/\"",
            "pdf=\"http://ns.adobe.com/pdf/1.3/\"",
        ]
        if let archival = standards.first(where: \.isArchival) {
            namespaces.append("pdfaid=\"http://www.aiim.org/pdfa/ns/id/\"")
            main.append("<pdfaid:part>\(archival == .a2b ? 2 : 3)</pdfaid:part>")
            main.append("<pdfaid:conformance>B</pdfaid:conformance>")
        }
        if standards.contains(.ua1) {
            namespaces.append("pdfuaid=\"\(Self.pdfuaNamespace)\"")
            main.append("<pdfuaid:part>1</pdfuaid:part>")
        }
        if let facturX {
            namespaces.append("fx=\"\(Self.facturXNamespace)\"")
            main.append("<fx:DocumentType>INVOICE</fx:DocumentType>")
            main.append("<fx:DocumentFileName>\(FacturX.fileName)</fx:DocumentFileName>")
            main.append("<fx:Version>1.0</fx:Version>")
            main.append("<fx:ConformanceLevel>\(escape(facturX.rawValue))</fx:ConformanceLevel>")
        }
        var lines = [
            "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>",
            "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">",
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">",
            "<rdf:Description rdf:about=\"\" " + namespaces.map { "xmlns:" + $0 }.joined(separator: " ") + ">",
        ]
        lines += main.map { "  " + $0 }
        lines.append("</rdf:Description>")
        lines += extensionSchemas
        lines += ["</rdf:RDF>", "</x:xmpmeta>"]
        // Padding lets an editor grow the packet in place (XMP Part 1 §7.3.3).
        lines += Array(repeating: String(repeating: " ", count: 99), count: 20)
        lines.append("<?xpacket end=\"w\"?>")
        return lines.joined(separator: "\n")
    }

    static let pdfuaNamespace = "http://www.aiim.org/pdfua/ns/id/"
    static let facturXNamespace = "urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"

    /// PDF/A allows only XMP's predefined schemas unless a schema is described in the packet
    /// (ISO 19005-2 §6.6.2.3.2): PDF/UA's identification and Factur-X's invoice properties are
    /// not predefined.
    private var extensionSchemas: [String] {
        guard standards.contains(where: \.isArchival) else { return [] }
        var schemas: [String] = []
        if standards.contains(.ua1) {
            schemas.append(
                schema(
                    "PDF/UA Universal Accessibility Schema", namespace: Self.pdfuaNamespace, prefix: "pdfuaid",
                    properties: [
                        ("part", "Integer", "internal", "Indicates, which part of ISO 14289 standard is followed")
                    ]))
        }
        if facturX != nil {
            schemas.append(
                schema(
                    "Factur-X PDFA Extension Schema", namespace: Self.facturXNamespace, prefix: "fx",
                    properties: [
                        ("DocumentFileName", "Text", "external", "The name of the embedded XML document"),
                        (
                            "DocumentType", "Text", "external",
                            "The type of the hybrid document in capital letters, e.g. INVOICE or ORDER"
                        ),
                        (
                            "Version", "Text", "external",
                            "The actual version of the standard applying to the embedded XML document"
                        ),
                        ("ConformanceLevel", "Text", "external", "The conformance level of the embedded XML document"),
                    ]))
        }
        guard !schemas.isEmpty else { return [] }
        return [
            "<rdf:Description rdf:about=\"\" xmlns:pdfaExtension=\"http://www.aiim.org/pdfa/ns/extension/\" "
                + "xmlns:pdfaSchema=\"http://www.aiim.org/pdfa/ns/schema#\" "
                + "xmlns:pdfaProperty=\"http://www.aiim.org/pdfa/ns/property#\">",
            "  <pdfaExtension:schemas><rdf:Bag>",
        ] + schemas + ["  </rdf:Bag></pdfaExtension:schemas>", "</rdf:Description>"]
    }

    private func schema(
        _ name: String, namespace: String, prefix: String, properties: [(String, String, String, String)]
    ) -> String {
        let items = properties.map { property in
            "      <rdf:li rdf:parseType=\"Resource\"><pdfaProperty:name>\(property.0)</pdfaProperty:name>"
                + "<pdfaProperty:valueType>\(property.1)</pdfaProperty:valueType>"
                + "<pdfaProperty:category>\(property.2)</pdfaProperty:category>"
                + "<pdfaProperty:description>\(property.3)</pdfaProperty:description></rdf:li>"
        }
        return
            ([
                "    <rdf:li rdf:parseType=\"Resource\">",
                "     <pdfaSchema:schema>\(name)</pdfaSchema:schema>",
                "     <pdfaSchema:namespaceURI>\(namespace)</pdfaSchema:namespaceURI>",
                "     <pdfaSchema:prefix>\(prefix)</pdfaSchema:prefix>",
                "     <pdfaSchema:property><rdf:Seq>",
            ] + items + ["     </rdf:Seq></pdfaSchema:property>", "    </rdf:li>"])
            .joined(separator: "\n")
    }

    private func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            // XML 1.0 has no other control characters; they are dropped.
            case "\u{09}", "\u{0A}", "\u{0D}": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
