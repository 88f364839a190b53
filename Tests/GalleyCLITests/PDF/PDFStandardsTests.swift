import Foundation
import Testing

/// PDF/A-2b/3b, PDF/UA-1, Factur-X and encryption, checked with tools independent of Galley:
/// pikepdf (`PDF/pdf_report.py`), qpdf and pdftotext. veraPDF is not packaged in Debian or on
/// PyPI, so these structural checks stand in for it (docs/pdf.md lists what they cover).
@Suite("PDF standards")
struct PDFStandardsTests {
    let report = ["Templates/report.json", "--data", "Templates/report.data.json"]
    let invoice = ["Templates/invoice.json", "--data", "Templates/invoice.data.json"]
    let date = ["SOURCE_DATE_EPOCH": "1730678400"]

    func render(_ arguments: [String], to name: String, environment: [String: String] = [:]) throws -> String {
        let path = try CLIRunner.temporaryDirectory().appendingPathComponent(name).path
        let result = try CLIRunner.run(
            ["render"] + arguments + ["-o", path], environment: date.merging(environment) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        return path
    }

    func words(_ path: String, password: String? = nil) throws -> String {
        let arguments = (password.map { ["-upw", $0] } ?? []) + [path, "-"]
        return try CLIRunner.tool("pdftotext", arguments).stdout.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
    }

    func expectQPDFClean(_ path: String, password: String? = nil) throws {
        let check = try CLIRunner.tool("qpdf", (password.map { ["--password=\($0)"] } ?? []) + ["--check", path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// XMP and document info agree entry for entry, fonts are embedded with ToUnicode.
    func expectInfoMatchesXMP(_ pdf: PDFReport) {
        let xmp = pdf.xmp
        #expect((xmp["dc:title"] as? [String])?.first == pdf.info["/Title"])
        #expect((xmp["dc:creator"] as? [String])?.first == pdf.info["/Author"])
        #expect((xmp["dc:description"] as? [String])?.first == pdf.info["/Subject"])
        #expect(xmp["pdf:Producer"] as? String == pdf.info["/Producer"])
        #expect(xmp["xmp:CreatorTool"] as? String == pdf.info["/Creator"])
        // D:20241104000000+00'00' is 2024-11-04T00:00:00+00:00.
        #expect(pdf.info["/CreationDate"] == "D:20241104000000+00'00'")
        #expect(xmp["xmp:CreateDate"] as? String == "2024-11-04T00:00:00+00:00")
        #expect(xmp["xmp:ModifyDate"] as? String == "2024-11-04T00:00:00+00:00")
        #expect(pdf.info["/ModDate"] == pdf.info["/CreationDate"])
        #expect(!pdf.fonts.isEmpty)
        for (name, font) in pdf.fonts {
            #expect(font["embedded"] as? Bool == true, "\(name) is not embedded")
            #expect(font["toUnicode"] as? Bool == true, "\(name) has no ToUnicode")
        }
    }

    @Test func reportTaggedAsPDFUA() throws {
        let plain = try render(report, to: "plain.pdf")
        let path = try render(report + ["--pdf-standard", "ua-1"], to: "ua.pdf")
        try expectQPDFClean(path)
        #expect(try words(path) == words(plain))
        let pdf = try PDFReport(path)
        #expect(pdf["lang"] as? String == "en-GB")
        #expect(pdf["marked"] as? Bool == true)
        #expect(pdf["displayDocTitle"] as? Bool == true)
        #expect(pdf.xmp["pdfuaid:part"] as? String == "1")
        #expect(pdf.xmp["pdfaid:part"] == nil)
        #expect(pdf["encrypted"] as? Bool == false)
        expectInfoMatchesXMP(pdf)

        // Document > H1, then per section an H2, 8 paragraphs and (sections 2, 4, 6) a table.
        let roles = pdf.roles
        #expect(roles.first == "/Document")
        let outline = roles.filter { ["/H1", "/H2", "/P", "/Table"].contains($0) }
        var expected = ["/H1"]
        for section in 1...6 {
            expected += ["/H2"] + Array(repeating: "/P", count: 8) + (section % 2 == 0 ? ["/Table"] : [])
        }
        expected += ["/P", "/P"]  // "Back to the top", "Made with Galley": paragraphs with a link each
        #expect(outline == expected)
        #expect(roles.filter { $0 == "/P" }.count == 50)
        #expect(roles.filter { $0 == "/Link" }.count == 2)
        #expect(roles.filter { $0 == "/H2" }.count == 6)
        // Each table: THead > TR > 4 TH (scope Column), TBody > 50 TR > 4 TD.
        let elements = pdf.elements
        for table in elements.indices where elements[table]["role"] as? String == "/Table" {
            let depth = elements[table]["depth"] as? Int ?? 0
            let end = elements[(table + 1)...].firstIndex { ($0["depth"] as? Int ?? 0) <= depth } ?? elements.count
            let inside = elements[(table + 1)..<end]
            let shape = inside.map { "\($0["role"] as? String ?? "")@\(($0["depth"] as? Int ?? 0) - depth)" }
            let header = ["/THead@1", "/TR@2"] + Array(repeating: "/TH@3", count: 4)
            let row = ["/TR@2"] + Array(repeating: "/TD@3", count: 4)
            #expect(shape == header + ["/TBody@1"] + Array(repeating: row, count: 50).flatMap { $0 })
            #expect(inside.filter { $0["role"] as? String == "/TH" }.allSatisfy { $0["scope"] as? String == "/Column" })
        }
        // Reading order: the tree's content, in tree order, is the pages' content in stream order.
        let content = elements.flatMap { $0["content"] as? [[Int]] ?? [] }
        #expect(content == content.sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[1] < $1[1] })
        #expect(content.count > 660)  // 50 P, 7 headings, 612 cells, some continued on the next page
        // Every painting is tagged or an artifact; headers and footers are artifacts on every page.
        #expect(pdf.markedContent.count == 13)
        for (index, page) in pdf.markedContent.enumerated() {
            #expect(page["untaggedPaintings"] as? Int == 0, "page \(index + 1)")
            let artifacts = PDFReport.artifacts(page)
            #expect(artifacts.contains("/Pagination /Header"), "page \(index + 1) header")
            #expect(artifacts.contains("/Pagination /Footer"), "page \(index + 1) footer")
            let mcids = page["mcids"] as? [[Any]] ?? []
            #expect(mcids.allSatisfy { ($0.last as? Bool) == false }, "no tagged content inside an artifact")
        }
        // Continuation pages repeat the table header as a pagination artifact.
        #expect(pdf.markedContent.filter { PDFReport.artifacts($0).contains("/Pagination -") }.count >= 6)
        // Links: in a Link element (OBJR), with a description and a parent-tree key; pages tab in structure order.
        #expect(pdf.annotations.count == 2)
        for annotation in pdf.annotations {
            #expect(annotation["structParent"] as? Int != nil)
            #expect((annotation["contents"] as? String)?.hasPrefix("Link to ") == true)
            #expect(annotation["tabs"] as? String == "/S")
        }
        #expect(elements.filter { $0["role"] as? String == "/Link" }.allSatisfy { $0["annotations"] as? Int == 1 })
    }

    @Test func invoiceAsFacturXPDFA3b() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let record = folder.appendingPathComponent("record.json").path
        let xml = folder.appendingPathComponent("factur-x.xml").path
        let builder = CLIRunner.packageRoot.appendingPathComponent("Tests/GalleyCLITests/PDF/facturx_xml.py").path
        let built = try CLIRunner.tool("/usr/bin/python3", [builder, "Templates/invoice.data.json", record, xml])
        #expect(built.status == 0, "\(built.stderr)")
        let plain = try render(invoice, to: "plain.pdf")
        let path = try render(["Templates/invoice.json", "--data", record], to: "invoice.pdf")
        try expectQPDFClean(path)
        #expect(try words(path) == words(plain))

        let extracted = try CLIRunner.tool("qpdf", ["--show-attachment=factur-x.xml", path])
        #expect(extracted.status == 0)
        #expect(Data(extracted.stdout.utf8) == (try Data(contentsOf: URL(fileURLWithPath: xml))))

        let pdf = try PDFReport(path)
        #expect(pdf.xmp["pdfaid:part"] as? String == "3")
        #expect(pdf.xmp["pdfaid:conformance"] as? String == "B")
        #expect(pdf.xmp["fx:ConformanceLevel"] as? String == "EN 16931")
        #expect(pdf.xmp["fx:DocumentFileName"] as? String == "factur-x.xml")
        #expect(pdf.xmp["fx:DocumentType"] as? String == "INVOICE")
        #expect(pdf.xmp["fx:Version"] as? String == "1.0")
        #expect(pdf.extensionSchemas == ["urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"])
        #expect((pdf["xmp"] as? [String: Any])?["filtered"] as? Bool == false)
        expectInfoMatchesXMP(pdf)
        #expect(pdf["encrypted"] as? Bool == false)
        #expect(pdf["id"] as? Bool == true)
        let intent = pdf.outputIntents.first
        #expect(pdf.outputIntents.count == 1)
        #expect(intent?["s"] as? String == "/GTS_PDFA1")
        #expect(intent?["n"] as? Int == 3)
        #expect(intent?["profileBytes"] as? Int == 6922)
        let attachment = pdf.attachments.first
        #expect(pdf.attachments.count == 1)
        #expect(attachment?["name"] as? String == "factur-x.xml")
        #expect(attachment?["f"] as? String == "factur-x.xml")
        #expect(attachment?["relationship"] as? String == "/Alternative")
        #expect(attachment?["mime"] as? String == "/text/xml")
        #expect(attachment?["modDate"] as? String == "D:20241104000000+00'00'")
        // cairo marks the logo interpolated; PDF/A forbids it.
        #expect(try PDFReport(plain)["interpolatedImages"] as? Int ?? 0 > 0)
        #expect(pdf["interpolatedImages"] as? Int == 0)
        // Same input, same bytes.
        let again = try render(["Templates/invoice.json", "--data", record], to: "again.pdf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A template written to a new folder with copies of `assets` (Templates/assets name → name
    /// beside it: resources come from the template's folder, docs/security.md); its path.
    static func template(_ text: String, assets: [String: String]) throws -> String {
        let folder = try CLIRunner.temporaryDirectory()
        for (asset, name) in assets {
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("Templates/assets/" + asset),
                to: folder.appendingPathComponent(name))
        }
        let template = folder.appendingPathComponent("template.json")
        try text.write(to: template, atomically: true, encoding: .utf8)
        return template.path
    }

    @Test func pdfA3bAndUATogetherDescribeTheUASchema() throws {
        let template = try Self.template(
            """
            {galley: 1, size: [300, 200], metadata: {title: "Card", lang: "en"},
             body: {type: "stack", children: [
               {type: "text", text: "Hello", bookmark: "Hello"},
               {type: "image", src: "logo.png", width: 60, height: 20,
                alt: "The Galley logo"},
               {type: "box", width: 40, height: 4, background: "#ccc", link: "https://example.com"}]}}
            """, assets: ["logo.png": "logo.png"])
        let path = try render([template, "--pdf-standard", "a-3b,ua-1"], to: "card.pdf")
        try expectQPDFClean(path)
        let pdf = try PDFReport(path)
        #expect(pdf.xmp["pdfaid:part"] as? String == "3")
        #expect(pdf.xmp["pdfuaid:part"] as? String == "1")
        #expect(pdf.extensionSchemas == ["http://www.aiim.org/pdfua/ns/id/"])
        #expect(pdf.roles == ["/Document", "/H1", "/Figure", "/Link"])
        #expect(pdf.elements.first { $0["role"] as? String == "/Figure" }?["alt"] as? String == "The Galley logo")
        #expect(pdf.annotations.first?["flags"] as? Int == 4)
        #expect((pdf.markedContent.first?["untaggedPaintings"] as? Int) == 0)
    }

    /// An SVG logo and a QR code are figures whose content is their own marked content (it was
    /// left inside the page background's artifact: each figure's /K was empty).
    @Test func svgAndBarcodeFiguresOwnTheirContent() throws {
        let template = try Self.template(
            """
            {galley: 1, size: [300, 200], background: "#ffffff", metadata: {title: "Ticket", lang: "en"},
             body: {type: "stack", children: [
               {type: "image", src: "logo.svg", width: 80, height: 24, alt: "The Galley logo"},
               {type: "barcode", symbology: "qr", data: "TICKET 42", width: 60, height: 60, alt: "Ticket code"}]}}
            """, assets: ["galley-logo.svg": "logo.svg"])
        let path = try render([template, "--pdf-standard", "ua-1"], to: "ticket.pdf")
        try expectQPDFClean(path)
        let pdf = try PDFReport(path)
        let figures = pdf.elements.filter { $0["role"] as? String == "/Figure" }
        #expect(figures.count == 2)
        for figure in figures {
            #expect((figure["content"] as? [Any])?.isEmpty == false, "\(figure)")
        }
        #expect((pdf.markedContent.first?["untaggedPaintings"] as? Int) == 0)
    }

    /// A clipped box laid out outside its clipped parent: its text is painted under two clips
    /// that do not meet. cairo 1.16 left that text's marked content unbalanced, and the render
    /// failed with "invalid tag name, attributes, or nesting".
    @Test func contentClippedAwayIsTaggedAndTheRenderSucceeds() throws {
        let template = try Self.template(
            """
            {galley: 1, size: [300, 200], background: "#ffffff", metadata: {title: "Clipped", lang: "en"},
             body: {type: "stack", spacing: 10, children: [
               {type: "text", text: "Visible"},
               {type: "box", clip: true, width: 100, height: 40, background: "#eeeeee",
                child: {type: "inset", insets: {top: 60, left: 0, bottom: -80, right: 0},
                  child: {type: "box", clip: true, cornerRadius: 4, background: "#ffcc00",
                    child: {type: "text", text: "Hidden"}}}}]}}
            """, assets: [:])
        let path = try render([template, "--pdf-standard", "ua-1"], to: "clipped.pdf")
        try expectQPDFClean(path)
        #expect(try words(path) == "Visible")
        let pdf = try PDFReport(path)
        // Both paragraphs are in the tree; the hidden one owns its (clipped) marked content.
        let paragraphs = pdf.elements.filter { $0["role"] as? String == "/P" }
        #expect(paragraphs.count == 2)
        #expect(paragraphs.allSatisfy { ($0["content"] as? [Any])?.count == 1 }, "\(paragraphs)")
        #expect((pdf.markedContent.first?["untaggedPaintings"] as? Int) == 0)
    }

    @Test func figuresNeedAltUnderPDFUA() throws {
        let path = try CLIRunner.temporaryDirectory().appendingPathComponent("w1.pdf").path
        let result = try CLIRunner.run(["render"] + invoice + ["-o", path, "--pdf-standard", "ua-1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("invoice.json:26:"), "\(result.stderr)")
        #expect(result.stderr.contains("PDF/UA-1 needs alternate text"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: [
        (["--pdf-standard", "a-2b", "--owner-password", "x"], "PDF/A-2b forbids encryption"),
        (["--pdf-standard", "a-2b,a-3b"], "one PDF/A part"),
        (["--pdf-standard", "a-4"], "unknown PDF standard \"a-4\""),
        (["--user-password", "x"], "needs an owner password"),
    ])
    func badCombinationsAreRefused(flags: [String], message: String) throws {
        let path = try CLIRunner.temporaryDirectory().appendingPathComponent("x.pdf").path
        let result = try CLIRunner.run(["render"] + invoice + ["-o", path] + flags)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func pdfA2bRefusesAttachments() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let template = folder.appendingPathComponent("t.json")
        try """
        {galley: 1, size: [100, 100], pdf: {standard: "a-2b"},
         attachments: [{content: "a,b", name: "data.csv", relationship: "Data"}], body: {type: "text", text: "x"}}
        """.write(to: template, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["render", template.path, "-o", folder.appendingPathComponent("t.pdf").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("PDF/A-2b allows only PDF/A files as attachments"), "\(result.stderr)")
    }

    @Test func attachmentsFromFilesStayInsideTheTemplateFolder() throws {
        let folder = try CLIRunner.temporaryDirectory()
        try "x;y\n1;2\n".write(to: folder.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        for (source, ok) in [("data.csv", true), ("../data.csv", false), ("/etc/hostname", false)] {
            let template = folder.appendingPathComponent("t.json")
            try """
            {galley: 1, size: [100, 100], pdf: {standard: "a-3b"},
             attachments: [{src: "\(source)", description: "the numbers", relationship: "Data"}],
             body: {type: "text", text: "x"}}
            """.write(to: template, atomically: true, encoding: .utf8)
            let path = folder.appendingPathComponent("t.pdf").path
            let result = try CLIRunner.run(["render", template.path, "-o", path])
            #expect((result.status == 0) == ok, "\(source): \(result.stderr)")
            guard ok else { continue }
            let pdf = try PDFReport(path)
            #expect(pdf.attachments.first?["name"] as? String == "data.csv")
            #expect(pdf.attachments.first?["mime"] as? String == "/text/csv")
            #expect(pdf.attachments.first?["relationship"] as? String == "/Data")
            #expect(pdf.attachments.first?["description"] as? String == "the numbers")
            let extracted = try CLIRunner.tool("qpdf", ["--show-attachment=data.csv", path])
            #expect(extracted.stdout == "x;y\n1;2\n")
        }
    }

    @Test func encryptedStatementOpensWithItsUserPasswordAndRefusesCopying() throws {
        let path = try render(
            ["Templates/statement.json", "--data", "Templates/statement.data.json", "--user-password", "open sesame"],
            to: "statement.pdf", environment: ["GALLEY_PDF_OWNER_PASSWORD": "owner secret"])
        #expect(try CLIRunner.tool("qpdf", ["--requires-password", path]).status == 0)
        #expect(try CLIRunner.tool("qpdf", ["--check", path]).status != 0)
        try expectQPDFClean(path, password: "open sesame")
        let shown = try CLIRunner.tool("qpdf", ["--show-encryption", "--password=open sesame", path]).stdout
        #expect(shown.contains("R = 6"))
        #expect(shown.contains("Supplied password is user password"))
        #expect(shown.contains("extract for any purpose: not allowed"))
        #expect(shown.contains("extract for accessibility: allowed"))
        #expect(shown.contains("print high resolution: allowed"))
        #expect(shown.contains("modify other: not allowed"))
        #expect(shown.contains("stream encryption method: AESv3"))
        let pdf = try PDFReport(path, password: "open sesame")
        #expect(pdf.allow == ["print": true, "extract": false, "accessibility": true, "modify": false])
        let owner = try CLIRunner.tool("qpdf", ["--show-encryption", "--password=owner secret", path]).stdout
        #expect(owner.contains("Supplied password is owner password"))
        #expect(try words(path, password: "open sesame").contains("Statement November 2026"))
    }

    @Test func templatePermissionsApplyWhenEncrypted() throws {
        let folder = try CLIRunner.temporaryDirectory()
        let template = folder.appendingPathComponent("t.json")
        try """
        {galley: 1, size: [100, 100], pdf: {permissions: ["copy", "modify"]}, body: {type: "text", text: "x"}}
        """.write(to: template, atomically: true, encoding: .utf8)
        let path = try render([template.path, "--owner-password", "o"], to: "t.pdf")
        let pdf = try PDFReport(path)
        #expect(pdf["encrypted"] as? Bool == true)
        #expect(pdf.allow == ["print": false, "extract": true, "accessibility": true, "modify": true])
    }
}
