import Foundation
import Testing

@testable import GalleyTemplates

#if canImport(Glibc)
    import Glibc
#endif

/// Large inputs: the invoice benchmark parses, and 50 MB files stream in bounded memory.
///
/// Serialized so the peak-RSS measurements are not inflated by the other large test.
@Suite(.serialized) struct LargeInputTests {
    /// Current resident set size in bytes, from /proc/self/statm (falls back to the peak, from getrusage).
    private static func residentBytes() -> Int {
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) { return pages * Int(sysconf(Int32(_SC_PAGESIZE))) }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }

    /// Writes `count` records as NDJSON or as a JSON array, in 1 MB chunks; returns the file size.
    private static func writeRecords(to url: URL, count: Int, asArray: Bool) throws -> Int {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let padding = String(repeating: "lorem ipsum ", count: 40)
        var chunk = asArray ? "[\n" : ""
        var size = 0
        for index in 0..<count {
            let separator = asArray && index < count - 1 ? ",\n" : "\n"
            chunk +=
                #"{"id": \#(index), "name": "Customer \#(index)", "amount": \#(index % 1000).25, "note": "\#(padding)"}"#
            chunk += separator
            if chunk.utf8.count > 1 << 20 {
                size += chunk.utf8.count
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        if asArray { chunk += "]\n" }
        size += chunk.utf8.count
        handle.write(Data(chunk.utf8))
        return size
    }

    @Test(arguments: [DataFormat.ndjson, .json]) func fiftyMegabytesStreamInBoundedMemory(format: DataFormat) throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "galley-stream-\(ProcessInfo.processInfo.processIdentifier)-\(format.rawValue).\(format.rawValue)")
        defer { try? FileManager.default.removeItem(at: url) }
        let count = 100_000
        let size = try Self.writeRecords(to: url, count: count, asArray: format == .json)
        #expect(size > 50_000_000)

        let before = Self.residentBytes()
        var highest = before
        let reader = try RecordReader(path: url.path)
        var seen = 0
        var amountSum = 0.0
        for result in reader {
            let record = try result.get()
            #expect(record.index == seen)
            amountSum += record.value["amount"]?.numberValue ?? 0
            seen += 1
            if seen % 5000 == 0 { highest = max(highest, Self.residentBytes()) }
        }
        let growth = highest - before

        #expect(seen == count)
        var expectedSum = 0.0
        for index in 0..<count { expectedSum += Double(index % 1000) + 0.25 }
        #expect(amountSum == expectedSum)
        // The reader holds its 64 KiB buffer plus one ~560-byte record, whatever the file size.
        #expect(reader.peakBufferedBytes < 128 * 1024)
        // Resident memory, sampled while reading, stays below three times the file's size: parsing
        // the whole file would keep its 100,000 parsed records (several times its 50 MB) at once.
        // The bound is loose because other suites run in this process at the same time (one of them
        // renders 1,050 invoices in memory: growth of 89 MB was seen); the reader's own buffer is
        // checked exactly above.
        #expect(growth < 3 * size, "resident memory grew by \(growth) bytes while reading")
    }

    /// A thousand invoice-shaped records parse whole, in order (parse speed is a `make bench`
    /// figure, never a timed assertion here).
    @Test func parsesAThousandInvoices() throws {
        let records = (1...1000).map { index in
            #"{"number": "INV-2024-\#(String(format: "%05d", index))", "items": [{"qty": \#(index % 7), "price": 12.5}]}"#
        }
        let document = try JSONParser.parse("[" + records.joined(separator: ",\n") + "]", file: "invoices.json")
        #expect(document.value.arrayValue?.count == 1000)
        #expect(document.value[0]?["number"] == .string("INV-2024-00001"))
        #expect(document.value[999]?["number"] == .string("INV-2024-01000"))
    }
}
