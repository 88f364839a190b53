import Foundation
import Galley
import GalleyBatch
import GalleyTemplates

/// The paged workloads: W2 (the 13-page report) in one warm process, and the 3-page statement
/// (Templates/statement.json: a logo in every header, a 60-row table with a thumbnail in every
/// row) through `BatchRunner` — the `galley batch` path, files written — with 1 and 2 jobs.
enum PagedBench {
    static let group = BenchGroup(name: "paged") { options, report in
        let w2 = try Template.load(path: "Templates/report.json")
        let w2Data = try WorkloadBench.records(options.dataDirectory + "/report.json", limit: 1)[0]
        let resources = RenderResources.forTemplate(w2)
        var pages = 0
        var bytes = 0
        var samples = [Double]()
        for run in 0..<13 {
            let start = Clock.now()
            let document = try w2.bind(w2Data, resources: resources)
            pages = try document.pageCount(isCancelled: .never)
            bytes = try DocumentWriter.pdfData(document).count
            // The first three runs warm the caches (fonts, shaping, paragraphs).
            if run >= 3 { samples.append(Clock.now() - start) }
        }
        report.add("paged", "w2_pdf_ms", samples.median * 1000)
        report.add("paged", "w2_pages", Double(pages), digits: 0)
        report.add("paged", "w2_pdf_bytes", Double(bytes), digits: 0)

        let folder = try BenchScratch.subfolder("paged")
        let data = folder.appendingPathComponent("statements.ndjson")
        let count = 100
        try StatementData.ndjson(count: count, rows: 60).write(to: data, atomically: true, encoding: .utf8)
        for jobs in [1, 2] {
            var best = 0.0
            for attempt in 0..<3 {
                var batch = BatchOptions(
                    templatePath: "Templates/statement.json", dataPath: data.path,
                    outputDirectory: folder.appendingPathComponent("out-\(jobs)-\(attempt)").path)
                batch.nameTemplate = "{{account}}.pdf"
                batch.jobs = jobs
                let summary = try BatchRunner(options: batch).run()
                guard summary.rendered == count else {
                    throw BatchError("statement batch rendered \(summary.rendered) of \(count)")
                }
                best = max(best, summary.documentsPerSecond)
            }
            report.add("paged", "statement_batch_docs_per_s_\(jobs)_job\(jobs == 1 ? "" : "s")", best, digits: 1)
        }
    }
}

/// Statement records for Templates/statement.json, the same shape as `scripts/gen-statements.py`
/// writes, from a fixed seed.
enum StatementData {
    static func ndjson(count: Int, rows: Int) -> String {
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let words = ["Grocer", "Rail pass", "Bookshop", "Pharmacy", "Salary", "Rent", "Cafe", "Hardware store"]
        var lines: [String] = []
        for index in 0..<count {
            var balance = (500 + next() * 4500).rounded() / 100 * 100
            let opening = balance
            var transactions: [String] = []
            var balances: [String] = []
            for row in 0..<rows {
                let amount = ((next() * 300 - 180) * 100).rounded() / 100
                balance = ((balance + amount) * 100).rounded() / 100
                let word = words[Int(next() * Double(words.count)) % words.count]
                transactions.append(
                    "{\"date\":\"2026-11-\(String(format: "%02d", 1 + row * 29 / rows))\","
                        + "\"description\":\"\(word) \(100 + Int(next() * 900))\","
                        + "\"reference\":\"\(100_000_000_000 + Int(next() * 899_999_999_999))\","
                        + "\"amount\":\(amount),\"balance\":\(balance)}")
                balances.append("\(balance)")
            }
            lines.append(
                "{\"account\":\"AC-\(100_000 + index)\",\"holder\":\"Customer \(index)\",\"bank\":\"Galley Savings Bank\","
                    + "\"email\":\"help@example.com\",\"period\":\"November 2026\",\"opening\":\(opening),"
                    + "\"closing\":\(balance),\"count\":\(rows),\"balances\":[\(balances.joined(separator: ","))],"
                    + "\"transactions\":[\(transactions.joined(separator: ","))]}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
