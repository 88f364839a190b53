import Foundation
import Galley
import GalleyRender
import GalleyTemplates

/// What a batch renders and how: the template, the data, where outputs go, and the run's limits.
public struct BatchOptions: Sendable {
    /// How progress is shown while the batch runs.
    public enum Progress: Sendable {
        /// Nothing (the summary is still returned).
        case none
        /// A single-line progress bar on standard error, redrawn at most 10 times a second.
        case bar
        /// One JSON object per record on standard output: `{"record", "name", "status", "ms"}`.
        case jsonLines
    }

    /// The template file.
    public var templatePath: String
    /// The data file: JSON (an object or an array of records), NDJSON or CSV; `-` for standard input.
    public var dataPath: String
    /// The data's format; nil tells it by the file's extension (standard input needs one).
    public var dataFormat: DataFormat?
    /// One document per record or one for the whole file; nil takes the template's `data.as`.
    public var dataShape: DataShape?
    /// The folder outputs are written into; created when missing.
    public var outputDirectory: String
    /// The output file name, bound per record like any template string; `{{index}}` is the
    /// record's 0-based index. `nil` means `{{index}}.pdf` (or `.png`).
    public var nameTemplate: String?
    /// The output format; `nil` means the name's extension, else PDF.
    public var format: OutputFormat?
    /// PNG pixels per point.
    public var scale: Double = 1
    /// Where resources may be read from besides the template's folder, and each document's
    /// image pixel budget (`--allow-dir`, `--max-pixels`).
    public var resourcePolicy = ResourcePolicy()
    /// The pages of each document to write; nil writes them all.
    public var pages: PageSelection?
    /// Worker threads; `nil` means one per active processor.
    public var jobs: Int?
    /// Seconds each document may take to render; `nil` means no limit.
    public var timeout: Double?
    /// Skips records whose output file already exists.
    public var resume = false
    /// Stops at the first failed record.
    public var failFast = false
    /// Renders only this shard's records (`index % count == index`).
    public var shard: Shard?
    /// PDF output: the standards to claim instead of the template's (`--pdf-standard`).
    public var pdfStandards: Set<PDFStandard>?
    /// PDF output: encrypt every file with these passwords (`--owner-password`).
    public var pdfPasswords: PDFPasswords?
    public var progress: Progress = .none

    public init(templatePath: String, dataPath: String, outputDirectory: String) {
        self.templatePath = templatePath
        self.dataPath = dataPath
        self.outputDirectory = outputDirectory
    }

    /// The most worker threads a batch runs: past this, threads only add memory (each has an
    /// 8 MB stack) and contention for cairo's glyph cache.
    public static let maxJobs = 256

    /// The number of worker threads the batch uses.
    public var workerCount: Int { max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount) }
}

/// One of `count` disjoint parts of a batch: the records whose index modulo `count` is `index`.
/// Deterministic, so `count` machines can split one data file with no coordinator.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init(index: Int, count: Int) throws(BatchError) {
        guard count >= 1, index >= 0, index < count else {
            throw BatchError("a shard is I/N with 0 ≤ I < N, got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// Parses `I/N`, e.g. `0/3`.
    public init(parsing text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw BatchError("--shard expects I/N (e.g. 0/3), got '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    /// Whether record `recordIndex` belongs to this shard.
    public func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }

    public var description: String { "\(index)/\(count)" }
}

/// A problem with the batch as a whole (options, template, data file): nothing was rendered.
public struct BatchError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
