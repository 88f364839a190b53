import Foundation
import GalleyTestSupport
import Testing

/// `galley serve` rendering, talked to with curl and Python's http.client.
@Suite("serve: render")
struct ServeRenderTests {
    /// W1 (the invoice) through the server is byte for byte `galley render`'s, PDF and PNG.
    @Test func invoiceIsByteIdenticalToRender() throws {
        let dir = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServerProcess(["serve", "--templates", "Templates", "--quiet"])
        defer { server.stop() }
        let environment = ["SOURCE_DATE_EPOCH": "1700000000"]
        for format in ["pdf", "png"] {
            let expected = dir.appendingPathComponent("cli.\(format)")
            let rendered = try CLIRunner.run(
                ["render", "Templates/invoice.json", "--data", "Templates/invoice.data.json", "-o", expected.path]
                    + (format == "png" ? ["--scale", "2"] : []), environment: environment)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            let query = format == "png" ? "?scale=2" : ""
            let accept = format == "png" ? "image/png" : "application/pdf"
            let got = try ServerProcess.curl(
                [
                    "-H", "Accept: \(accept)", "--data-binary", "@Templates/invoice.data.json",
                    "\(server.url)/render/invoice\(query)",
                ], output: dir.appendingPathComponent("served.\(format)"))
            #expect(got.status == 200)
            #expect(got.body == (try Data(contentsOf: expected)), "\(format) differs from galley render's")
        }
    }

    /// 200 requests at once (more than the threads, fewer than the queue): every one is a whole PDF.
    @Test func twoHundredConcurrentRequestsAllReturnPDFs() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServerProcess(["serve", "--templates", dir.path, "--jobs", "2", "--quiet"])
        defer { server.stop() }
        let output = try ServerProcess.python(
            """
            import http.client, sys, threading, json
            port = int(sys.argv[1]); results = []
            def one(i):
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                c.request("POST", "/render/box", body=json.dumps({"name": "n%d" % i}))
                r = c.getresponse(); body = r.read()
                results.append((r.status, body.startswith(b"%PDF-") and body.rstrip().endswith(b"%%EOF"), b"n%d" % i))
            threads = [threading.Thread(target=one, args=(i,)) for i in range(200)]
            for t in threads: t.start()
            for t in threads: t.join()
            print(len(results), sum(1 for s, ok, _ in results if s == 200 and ok))
            """, ["\(server.port)"])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "200 200", "\(output)")
    }

    /// Bad JSON is a 400 naming the line and column; a broken template names its file, line,
    /// column, JSON path and a hint; an unknown template is a 404; a bad option is a 400.
    @Test func errorsAreLocatedJSON() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServerProcess(["serve", "--templates", dir.path, "--quiet"])
        defer { server.stop() }
        let output = try ServerProcess.python(
            """
            import http.client, sys, json
            port = int(sys.argv[1])
            def post(path, body):
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                c.request("POST", path, body=body)
                r = c.getresponse(); return r.status, json.loads(r.read())
            print(json.dumps([post("/render/box", b'{"name": "a",\\n  "x": tru }'), post("/render/broken", b"{}"),
                post("/render/nothing", b"{}"), post("/render/box?format=gif", b"{}"), post("/render/box", b"{}")]))
            """, ["\(server.port)"])
        let results = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[Any]] ?? []
        try #require(results.count == 5, "\(output)")
        func body(_ index: Int) -> [String: Any] { results[index][1] as? [String: Any] ?? [:] }
        #expect(results[0][0] as? Int == 400)
        #expect(body(0)["kind"] as? String == "data" && body(0)["line"] as? Int == 2 && body(0)["column"] as? Int == 8)
        #expect(results[1][0] as? Int == 400)
        #expect(body(1)["file"] as? String == dir.path + "/broken.json")
        #expect(body(1)["line"] as? Int == 3 && body(1)["column"] != nil)
        #expect(body(1)["path"] as? String == "$.body.type" && body(1)["hint"] is String, "\(body(1))")
        #expect((body(1)["error"] as? String ?? "").contains("boxx"))
        #expect(results[2][0] as? Int == 404 && body(2)["kind"] as? String == "not-found")
        #expect(results[3][0] as? Int == 400 && body(3)["kind"] as? String == "request")
        // A record without the bound field: the template's location and the field.
        #expect(results[4][0] as? Int == 400 && body(4)["kind"] as? String == "template", "\(body(4))")
    }

    /// A 20 MB body is refused with 413, from curl (Expect: 100-continue) and from
    /// http.client (which sends the whole body first).
    @Test func twentyMegabyteBodyIs413() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 20_000_000).write(to: big)
        let server = try ServerProcess(["serve", "--templates", dir.path, "--quiet"])
        defer { server.stop() }
        let curl = try ServerProcess.curl(
            ["--data-binary", "@\(big.path)", "\(server.url)/render/box"], output: dir.appendingPathComponent("r"))
        #expect(curl.status == 413)
        #expect(String(decoding: curl.body, as: UTF8.self).contains("\"kind\":\"too-large\""))
        let python = try ServerProcess.python(
            """
            import http.client, sys
            c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=60)
            c.request("POST", "/render/box", body=b" " * 20_000_000)
            print(c.getresponse().status)
            """, ["\(server.port)"])
        #expect(python.trimmingCharacters(in: .whitespacesAndNewlines) == "413")
    }

    /// A document that takes ~10 s answers 504 at a 1 s limit, its thread is freed by
    /// cancellation, and the next request is served at once (one thread, so it must be free).
    @Test func slowTemplateTimesOutAndFreesItsThread() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let record = dir.appendingPathComponent("slow.data.json")
        try ServeFixtures.slowRecord.write(to: record, atomically: true, encoding: .utf8)
        let server = try ServerProcess(["serve", "--templates", dir.path, "--jobs", "1", "--timeout", "1", "--quiet"])
        defer { server.stop() }
        let start = Date()
        let slow = try ServerProcess.curl(
            ["--data-binary", "@\(record.path)", "\(server.url)/render/slow"], output: dir.appendingPathComponent("s"))
        let elapsed = Date().timeIntervalSince(start)
        #expect(slow.status == 504)
        #expect(String(decoding: slow.body, as: UTF8.self).contains("\"kind\":\"timeout\""))
        #expect(elapsed < 5, "504 after \(elapsed) s")
        let next = try ServerProcess.curl(
            ["--data", #"{"name": "next"}"#, "\(server.url)/render/box"], output: dir.appendingPathComponent("n"))
        #expect(next.status == 200 && next.body.starts(with: Data("%PDF-".utf8)))
    }

    /// A multipart request's files are readable by the template for that request: the record
    /// names an uploaded photo, the PDF draws it; without the upload the same record is a 400.
    @Test func multipartRecordWithAnAsset() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ServeFixtures.photo.write(to: dir.appendingPathComponent("photo.json"), atomically: true, encoding: .utf8)
        let record = dir.appendingPathComponent("record.json")
        try #"{"photo": "upload.png"}"#.write(to: record, atomically: true, encoding: .utf8)
        let server = try ServerProcess(["serve", "--templates", dir.path, "--quiet"])
        defer { server.stop() }
        let logo = CLIRunner.packageRoot.appendingPathComponent("Templates/assets/logo.png").path
        let pdf = dir.appendingPathComponent("out.pdf")
        let got = try ServerProcess.curl(
            [
                "-F", "record=@\(record.path);type=application/json", "-F", "file=@\(logo);filename=upload.png",
                "\(server.url)/render/photo",
            ], output: pdf)
        #expect(got.status == 200, "\(String(decoding: got.body, as: UTF8.self))")
        let images = try PDFTools.pdfimagesList(pdf.path).standardOutput
        #expect(images.split(separator: "\n").dropFirst(2).contains { $0.contains(" image ") }, "no image:\n\(images)")
        let without = try ServerProcess.curl(
            ["--data-binary", "@\(record.path)", "\(server.url)/render/photo"], output: dir.appendingPathComponent("e"))
        #expect(without.status == 400)
        let hostile = try ServerProcess.curl(
            ["-F", "record=@\(record.path)", "-F", "file=@\(logo);filename=../x.png", "\(server.url)/render/photo"],
            output: dir.appendingPathComponent("h"))
        #expect(hostile.status == 400 && String(decoding: hostile.body, as: UTF8.self).contains("plain name"))
    }
}
