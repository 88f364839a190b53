import Foundation
import GalleyTestSupport
import Testing

/// `galley serve` over time: reloads, batches, a full queue, metrics, SIGTERM.
@Suite("serve: lifecycle")
struct ServeLifecycleTests {
    /// SIGTERM while requests are in flight: new connections are refused at once, every
    /// accepted request is answered with a whole PDF, then the process exits 0.
    @Test func sigtermFinishesEveryAcceptedRequest() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 15,000 words: about 0.4 s each in a debug build on one thread, so 8 take seconds.
        let record = #"{"text": ""# + (0..<15_000).map { "word\($0)" }.joined(separator: " ") + #""}"#
        let body = dir.appendingPathComponent("record.json")
        try record.write(to: body, atomically: true, encoding: .utf8)
        let server = try ServerProcess(["serve", "--templates", dir.path, "--jobs", "1", "--quiet"])
        let pid = server.process.processIdentifier
        let output = try ServerProcess.python(
            """
            import http.client, sys, threading, os, signal, time
            port, pid, body = int(sys.argv[1]), int(sys.argv[2]), open(sys.argv[3], "rb").read()
            results = []; ready = threading.Barrier(9)
            def one(i):
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
                c.connect(); ready.wait()
                c.request("POST", "/render/slow", body=body)
                r = c.getresponse(); data = r.read()
                results.append(r.status == 200 and data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"))
            threads = [threading.Thread(target=one, args=(i,)) for i in range(8)]
            for t in threads: t.start()
            ready.wait(); time.sleep(0.3)
            os.kill(pid, signal.SIGTERM)
            time.sleep(0.5)
            refused = False
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=5); c.request("GET", "/health"); c.getresponse()
            except OSError:
                refused = True
            busy = sum(1 for t in threads if t.is_alive())
            for t in threads: t.join()
            print(len(results), sum(results), refused, busy > 0)
            """, ["\(server.port)", "\(pid)", body.path])
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "8 8 True True", "\(output)")
        #expect(server.stop() == 0, "\(server.standardError)")
    }

    /// A template edited on disk is compiled again for the next request.
    @Test func editedTemplateIsPickedUp() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServerProcess(["serve", "--templates", dir.path, "--quiet"])
        defer { server.stop() }
        let file = dir.appendingPathComponent("box.json")
        let pdf = dir.appendingPathComponent("out.pdf")
        for word in ["Before", "After"] {
            try ServeFixtures.box.replacingOccurrences(of: "{{name}}", with: word).write(
                to: file, atomically: true, encoding: .utf8)
            let got = try ServerProcess.curl(["--data", "{}", "\(server.url)/render/box"], output: pdf)
            #expect(got.status == 200)
            #expect(try PDFTools.pdftotext(pdf.path).standardOutput.contains(word))
        }
    }

    /// A batch of NDJSON records comes back as a zip of every output plus the error log of the
    /// record that failed.
    @Test func batchStreamsAZipWithTheErrorLog() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try ServerProcess(["serve", "--templates", dir.path, "--quiet"])
        defer { server.stop() }
        let records = dir.appendingPathComponent("records.ndjson")
        try #"{"name": "Ada"}\#n{"other": 1}\#n{"name": "Grace"}\#n{"name": bad}\#n"#.write(
            to: records, atomically: true, encoding: .utf8)
        let zip = dir.appendingPathComponent("out.zip")
        let got = try ServerProcess.curl(["--data-binary", "@\(records.path)", "\(server.url)/batch/box"], output: zip)
        #expect(got.status == 200)
        let listing = try ServerProcess.python(
            """
            import zipfile, sys, json
            z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
            names = z.namelist(); errors = [json.loads(l) for l in z.read("errors.ndjson").splitlines()]
            pdfs = [n for n in names if n.endswith(".pdf") and z.read(n).startswith(b"%PDF-")]
            print(json.dumps({"names": names, "pdfs": pdfs, "errors": [e["record"] for e in errors]}))
            """, [zip.path])
        let summary = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [String: Any] ?? [:]
        #expect(summary["names"] as? [String] == ["0.pdf", "2.pdf", "errors.ndjson"], "\(listing)")
        #expect(summary["pdfs"] as? [String] == ["0.pdf", "2.pdf"])
        #expect(summary["errors"] as? [Int] == [1, 3])
    }

    /// One thread and a queue of one: of several slow renders at once, those that find the
    /// queue full get 503 with Retry-After, and the metrics count them.
    @Test func fullQueueAnswers503AndMetricsCountIt() throws {
        let dir = try ServeFixtures.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let record = dir.appendingPathComponent("slow.data.json")
        try ServeFixtures.slowRecord.write(to: record, atomically: true, encoding: .utf8)
        let server = try ServerProcess(
            ["serve", "--templates", dir.path, "--jobs", "1", "--queue", "1", "--timeout", "1", "--quiet"])
        defer { server.stop() }
        let output = try ServerProcess.python(
            """
            import http.client, sys, threading
            port = int(sys.argv[1]); body = open(sys.argv[2], "rb").read(); results = []
            def one():
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
                c.request("POST", "/render/slow", body=body); r = c.getresponse(); r.read()
                results.append((r.status, r.getheader("Retry-After")))
            threads = [threading.Thread(target=one) for i in range(5)]
            for t in threads: t.start()
            for t in threads: t.join()
            print(sorted(s for s, _ in results), all(a == "1" for s, a in results if s == 503))
            """, ["\(server.port)", record.path])
        #expect(output.contains("503") && output.contains("504") && output.hasSuffix("True\n"), "\(output)")
        let metrics = try ServerProcess.curl([server.url + "/metrics"], output: dir.appendingPathComponent("m"))
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(text.contains(#"galley_errors_total{kind="overloaded"}"#), "\(text)")
        #expect(text.contains(#"galley_errors_total{kind="timeout"}"#))
        #expect(text.contains(#"galley_http_requests_total{route="render",code="503"}"#))
        #expect(text.contains(#"galley_http_request_duration_seconds_bucket{route="render",le="+Inf"} 5"#))
        #expect(text.contains("galley_render_workers 1.0") && text.contains("galley_template_cache_hits_total"))
    }
}
