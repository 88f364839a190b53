import Foundation
import GalleyTestSupport
import Glibc
import Testing

/// Issue 14's acceptance batch: 1,000 invoices (Templates/invoice.json, with its limits, image and
/// an extra table cell bound from data) of which 50 are hostile — the issue's shapes, bound from
/// data: huge `maxLines`, `bookmarkLevel`, `colSpan` and `weight`, image paths out of the folder
/// (`../../../../etc/passwd`, `/etc/shadow`, `/proc/self/environ`, a NUL, links, URLs), duplicate
/// and reserved output names (`errors.ndjson`), a name through a link in the output folder, data of
/// the wrong shape, a megabyte of text. Exactly the 950 others render and the 50 are listed with
/// their reasons; on a 5 MB tmpfs every record is rendered, listed or counted as not attempted.
@Suite("a batch of 1,000 invoices with 50 hostile records", .serialized)
struct HostileBatchTests {
    /// One hostile record: the JSON members that make it hostile and what its error must say.
    struct Hostile {
        let members: String
        let reason: String
    }

    /// The 50 hostile records, in the order they are mixed in (record 10, 30, 50, …).
    static let hostile: [Hostile] = {
        var list: [Hostile] = []
        let maxLines = "expected a whole number from 0 to 100000"
        for value in ["1e19", "9.3e18", "9223372036854775807", "1e308", "-1", "0.5", "100001", "\"many\""] {
            list.append(Hostile(members: #""footerLines": \#(value)"#, reason: maxLines))
        }
        // A megabyte of text with a poison limit: the limit is checked before any typesetting.
        list[0] = Hostile(
            members: #""footerLines": 1e19, "footer": "\#(String(repeating: "lorem ipsum ", count: 90_000))""#,
            reason: maxLines)
        for value in ["1e19", "0", "101", "-5", "1e300"] {
            list.append(Hostile(members: #""footerLevel": \#(value)"#, reason: "expected a whole number from 1 to 100"))
        }
        for value in ["1e19", "0", "10001", "2.5", "-1"] {
            list.append(Hostile(members: #""termsSpan": \#(value)"#, reason: "expected a whole number from 1 to 10000"))
        }
        for value in ["1e19", "0", "1001", "\"heavy\""] {
            list.append(
                Hostile(members: #""footerWeight": \#(value)"#, reason: "expected a number from 1 to 1000 or one of"))
        }
        let outside = "is outside the folders resources may come from"
        let sources: [(String, String)] = [
            ("../../../../etc/passwd", outside), ("/etc/shadow", outside), ("/proc/self/environ", outside),
            ("../x.png", outside), ("/abs/path.png", outside), ("assets/../../x.png", outside),
            (#"logo\u0000.png"#, "contains the control character U+0000"), ("file:///etc/passwd", "is a URL"),
            ("https://example.com/x.png", "is a URL"), ("assets", "is not a regular file"),
            ("missing.png", "does not exist"), ("link.png", "leads through a symbolic link to outside"),
            ("linked/secret.png", "leads through a symbolic link to outside"),
        ]
        for (src, reason) in sources { list.append(Hostile(members: #""logo": "\#(src)""#, reason: reason)) }
        let names: [(String, String)] = [
            ("invoice-0003.pdf", "is already record 3's"), ("invoice-0003.pdf", "is already record 3's"),
            ("invoice-0004.pdf", "is already record 4's"), ("errors.ndjson", "is reserved for the batch's own files"),
            (".galley-x.pdf", "is reserved for the batch's own files"), ("../escape.pdf", "escapes the output folder"),
            ("/abs.pdf", "escapes the output folder"), ("sub/x.pdf", "goes through the symbolic link"),
            (#"bad\u0001.pdf"#, "has a control character"), ("", "is empty or escapes the output folder"),
        ]
        for (file, reason) in names { list.append(Hostile(members: #""file": "\#(file)""#, reason: reason)) }
        list += [
            Hostile(members: #""items": "not a list""#, reason: #""each" expects an array, got "not a list""#),
            Hostile(members: #""items": 5"#, reason: #""each" expects an array, got 5"#),
            Hostile(
                members: #""items": [{"description": "x", "qty": "many", "unit_price": 1}]"#,
                reason: "cannot compute string * number"),
            Hostile(members: #""items": [null]"#, reason: "no value at 'item.description'"),
            Hostile(
                members: #""seller": {"name": "S", "lines": 7}"#, reason: #""each" expects an array, got 7"#),
        ]
        return list
    }()

    /// Whether record `index` is hostile, and which.
    static func hostile(at index: Int) -> Hostile? {
        index % 20 == 10 ? hostile[index / 20] : nil
    }

    /// Templates/invoice.json with its logo, footer limits and an extra terms cell bound from data
    /// (each with a default, so the ordinary invoices need none of them).
    static func template() throws -> String {
        var text = try String(contentsOfFile: "Templates/invoice.json", encoding: .utf8)
        func replace(_ old: String, _ new: String) throws {
            try #require(text.contains(old), "Templates/invoice.json changed: \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        try replace(#"src: "assets/logo.png""#, #"src: "{{logo | default:'assets/logo.png'}}""#)
        try replace(
            #"{ type: "text", id: "footer", text: "{{footer}}","#,
            #"{ type: "text", id: "footer", text: "{{footer}}", maxLines: "{{footerLines | default:0}}", "#
                + #"bookmark: "Footer", bookmarkLevel: "{{footerLevel | default:1}}", "#
                + #"weight: "{{footerWeight | default:400}}","#)
        try replace(
            #"{ type: "spacer", flexGrow: 1 },"#,
            #"{ type: "table", columns: [{ width: 200 }, { width: 200 }], rows: [{ type: "row", cells: ["#
                + #"{ type: "text", text: "Terms: 30 days", colSpan: "{{termsSpan | default:1}}" }] }] },"#
                + #"{ type: "spacer", flexGrow: 1 },"#)
        return text
    }

    /// A folder with the template (and its logo), a link to a file and one to a folder outside it,
    /// and the 1,000 records as NDJSON.
    static func setUp() throws -> (dir: URL, template: String, data: String) {
        let dir = try CLIRunner.temporaryDirectory()
        let manager = FileManager.default
        let folder = dir.appendingPathComponent("template")
        let outside = dir.appendingPathComponent("outside")
        try manager.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try manager.copyItem(atPath: "Templates/assets/logo.png", toPath: folder.path + "/assets/logo.png")
        try manager.copyItem(atPath: "Templates/assets/logo.png", toPath: outside.path + "/secret.png")
        try manager.createSymbolicLink(atPath: folder.path + "/link.png", withDestinationPath: "../outside/secret.png")
        try manager.createSymbolicLink(atPath: folder.path + "/linked", withDestinationPath: "../outside")
        let template = folder.appendingPathComponent("invoice.json")
        try Self.template().write(to: template, atomically: true, encoding: .utf8)

        let base = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "Templates/invoice.data.json")))
                as? [String: Any])
        var lines: [String] = []
        for index in 0..<1000 {
            let hostile = Self.hostile(at: index)
            var record = base
            for key in ["items", "seller", "footer"] where hostile?.members.contains("\"\(key)\"") == true {
                record[key] = nil
            }
            record["number"] = String(format: "INV-2024-%05d", index)
            let object = String(
                decoding: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]), as: UTF8.self)
            var members = hostile?.members ?? ""
            if !members.contains(#""file":"#) {
                members += (members.isEmpty ? "" : ", ") + #""file": "\#(String(format: "invoice-%04d.pdf", index))""#
            }
            lines.append(String(object.dropLast()) + ", " + members + "}")
        }
        let data = dir.appendingPathComponent("invoices.ndjson")
        try (lines.joined(separator: "\n") + "\n").write(to: data, atomically: true, encoding: .utf8)
        return (dir, template.path, data.path)
    }

    /// `galley batch` over the records into `out` (with a link `sub` inside it to a folder outside).
    static func batch(_ template: String, _ data: String, out: URL, resume: Bool = false) throws -> CLIRunner.Result {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let outside = out.deletingLastPathComponent().appendingPathComponent("outside-out")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: out.path + "/sub")) == nil {
            try FileManager.default.createSymbolicLink(atPath: out.path + "/sub", withDestinationPath: outside.path)
        }
        return try CLIRunner.run(
            ["batch", template, "--data", data, "--out", out.path, "--name", "{{file}}", "--format", "pdf"]
                + (resume ? ["--resume"] : []))
    }

    /// The error log's entries by record.
    static func logged(_ out: URL) throws -> [Int: String] {
        let text = try String(contentsOf: out.appendingPathComponent("errors.ndjson"), encoding: .utf8)
        var entries: [Int: String] = [:]
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let record = try #require(object?["record"] as? Int, "\(line)")
            #expect(entries[record] == nil, "record \(record) listed twice")
            entries[record] = object?["error"] as? String
        }
        return entries
    }

    @Test func nineHundredFiftyRenderAndFiftyAreListedWithTheirReasons() throws {
        let (dir, template, data) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let run = try Self.batch(template, data, out: out)
        #expect(run.status == 1, "\(run.stderr.suffix(2000))")
        let summary = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        print("1,000 invoices, 50 hostile: \(summary)")
        #expect(BatchAccountingTests.counts(summary) == ["rendered": 950, "failed": 50, "skipped": 0], "\(summary)")
        let logged = try Self.logged(out)
        #expect(logged.count == 50)
        for index in stride(from: 10, to: 1000, by: 20) {
            let reason = Self.hostile(at: index)?.reason ?? ""
            #expect(logged[index]?.contains(reason) == true, "record \(index): \(logged[index] ?? "not listed")")
        }
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".pdf") }
        #expect(Set(pdfs) == Set((0..<1000).filter { $0 % 20 != 10 }.map { String(format: "invoice-%04d.pdf", $0) }))
        // Nothing was written through the link in the output folder, or next to it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/outside-out").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/escape.pdf"))
        #expect(!FileManager.default.fileExists(atPath: "/abs.pdf"))
        // A rendered invoice is the real thing: its number, buyer and totals in the PDF's text.
        let text = try PDFTools.pdftotext(out.appendingPathComponent("invoice-0011.pdf").path).standardOutput
        #expect(text.contains("INV-2024-00011") && text.contains("Terms: 30 days"), "\(text.prefix(300))")

        // --resume gets past the poison records: the 950 are kept, the 50 fail again with the same reasons.
        let resumed = try Self.batch(template, data, out: out, resume: true)
        #expect(resumed.status == 1)
        let again = resumed.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(BatchAccountingTests.counts(again) == ["rendered": 0, "failed": 50, "skipped": 950], "\(again)")
        #expect(try Self.logged(out).keys.sorted() == logged.keys.sorted())
    }

    /// On a 5 MB tmpfs (about 150 of these PDFs) the disk fills part way: every record is rendered,
    /// listed or counted as not attempted, the summary adds up to 1,000, and no temporary file is left.
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func onAFiveMegabyteDiskEveryRecordIsAccountedFor() throws {
        let (dir, template, data) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mountPoint = dir.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        guard let disk = try ScratchDisk.mount(at: mountPoint.path, options: "size=5m") else { return }
        defer { disk.unmount() }
        let out = mountPoint.appendingPathComponent("out")
        let run = try Self.batch(template, data, out: out)
        #expect(run.status == 1, "\(run.stderr.suffix(2000))")
        #expect(run.stderr.contains("output cannot be written"), "\(run.stderr.suffix(2000))")
        let summary = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        print("1,000 invoices, 50 hostile, on a 5 MB tmpfs: \(summary)")
        let counts = BatchAccountingTests.counts(summary)
        #expect(counts.values.reduce(0, +) == 1000, "every record counted once: \(summary)")
        #expect((counts["not attempted"] ?? 0) > 0 && (counts["rendered"] ?? 0) > 0, "\(summary)")
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(left.filter { $0.hasSuffix(".pdf") }.count == counts["rendered"], "\(summary)")
        #expect(!left.contains { $0.contains("galley-tmp") }, "no temporary file left")
        // Every failure counted is in the log, with its reason.
        let logged = left.contains("errors.ndjson") ? try Self.logged(out) : [:]
        #expect(logged.count == counts["failed"], "\(summary)")
        for (index, error) in logged {
            #expect(error.contains(Self.hostile(at: index)?.reason ?? "(not hostile)"), "record \(index): \(error)")
        }
    }
}
