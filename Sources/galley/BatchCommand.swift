import Foundation
import Galley
import GalleyBatch
import GalleyTemplates

/// `galley batch`: one template, many records, one file per record, in parallel.
enum BatchCommand: Command {
    static let name = "batch"
    static let summary = "render one file per data record, in parallel"
    static let valuedOptions: Set<String> = [
        "data", "d", "data-format", "data-as", "out", "o", "name", "format", "scale", "dpi", "jobs", "j", "timeout",
        "shard", "pages",
        "allow-dir", "max-pixels", "pdf-standard", "owner-password", "user-password",
    ]
    static let flagOptions: Set<String> = ["resume", "fail-fast"]
    static let help = """
        USAGE: galley batch TEMPLATE --data FILE --out DIR [--name "{{number}}.pdf"] [--format pdf|png]
                            [--scale S] [--pages LIST] [--jobs N] [--timeout SECONDS] [--resume]
                            [--fail-fast] [--shard I/N] [--pdf-standard LIST]
                            [--owner-password PASS] [--user-password PASS]

        Renders TEMPLATE — a canvas or a paged template — once per record of FILE (a JSON array,
        NDJSON or CSV; - for stdin) into DIR, streaming the records through a bounded queue to N
        worker threads. A record that fails (missing field, unreadable image, bad data line,
        timeout) is written to DIR/errors.ndjson as {"record": i, "name": "...", "error": "..."};
        the others carry on. With PNG output a paged template writes one file per page per
        record: NAME-1.png, NAME-2.png, … (all of a record's pages appear together, or none).

        OPTIONS:
          --data, -d FILE     the records: JSON array, NDJSON (.ndjson/.jsonl) or CSV (- = stdin)
          --data-format F     json, ndjson or csv, when FILE's extension does not say (needed for -)
          --data-as SHAPE     records (default: one file per record) or array (one file: every record
                              in one `records` array); the template's data.as otherwise
          --out, -o DIR       the output folder (created if missing); files appear atomically
          --name PATTERN      each file's name, bound per record (default {{index}}.pdf or .png;
                              index is the 0-based record number); may not leave DIR
          --format pdf|png    the output format (default: the --name extension, else pdf)
          --scale S           PNG pixels per point (default 1); --dpi D is the same as --scale D/72
          --pages LIST        the pages of each document to write: 1, 2-3, 1,4, 5- (default: all)
          --jobs, -j N        worker threads (default: one per processor; at most 256)
          --timeout SECONDS   give up on a document after SECONDS — binding aside, layout, pagination
                              and drawing all stop (it is logged as timed out)
          --resume            skip records whose output file already exists (retries, restarts;
                              for numbered PNG pages, the first page's file)
          --fail-fast         stop at the first failed record
          --shard I/N         render only records whose index % N == I, so N machines can split
                              one data file with no coordinator (errors go to errors-I-of-N.ndjson;
                              see galley shards for which shards are done)
        \(CommandSupport.resourceOptionsHelp)
        \(PDFOptions.help)

        On a terminal a progress bar is drawn on stderr; otherwise each record prints one JSON line
        on stdout: {"record": i, "name": "...", "status": "ok"|"failed"|"skipped", "ms": …}.
        Ctrl-C or SIGTERM stops cleanly: renders in flight are cancelled, no partial files stay.

        Every record ends rendered, skipped (--resume), listed in the error log, or — when output
        cannot be written any more (a full disk) and the batch stops — counted as not attempted in
        the summary. Two records whose --name gives the same file: the first in the data keeps it,
        the second is listed as an error. Names may not be errors*.ndjson or start with .galley
        (the batch's own files), and a batch never writes through a symbolic link inside DIR.
        Temporary files a killed run left in DIR are removed when the next run starts.

        EXIT STATUS: 0 all rendered; 1 some records failed or were not attempted; 2 usage or
        template error; 130 interrupted.

        EXAMPLES:
          galley batch Templates/hello.json --data people.ndjson --out out/
          galley batch Templates/hello.json --data people.csv --out cards --name "{{name | lower}}.png" --scale 2
          galley batch Templates/hello.json --data people.ndjson --out out --shard 0/4 --resume
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard let template = arguments.positionals.first else { throw UsageError("missing the TEMPLATE argument") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        guard let data = arguments.value("data", "d") else { throw UsageError("missing --data FILE") }
        guard let out = arguments.value("out", "o") else { throw UsageError("missing --out DIR") }
        var options = BatchOptions(templatePath: template, dataPath: data, outputDirectory: out)
        options.nameTemplate = arguments.value("name")
        if let name = arguments.value("data-format") {
            guard let format = DataFormat(rawValue: name) else {
                throw UsageError("--data-format must be json, ndjson or csv, got '\(name)'")
            }
            options.dataFormat = format
        }
        if let shape = arguments.value("data-as") {
            guard let parsed = DataShape(rawValue: shape) else {
                throw UsageError("--data-as must be records or array, got '\(shape)'")
            }
            options.dataShape = parsed
        }
        options.resourcePolicy = try CommandSupport.resourcePolicy(arguments)
        if let format = arguments.value("format") {
            guard let parsed = OutputFormat(rawValue: format) else { throw UsageError("--format must be pdf or png") }
            options.format = parsed
        }
        let format =
            options.format ?? options.nameTemplate.flatMap { OutputFormat(path: $0) } ?? OutputFormat.pdf
        options.scale = try OutputScale.parse(arguments, format: format)
        options.pages = try CommandSupport.pages(arguments)
        options.pdfStandards = try PDFOptions.standards(arguments)
        options.pdfPasswords = try PDFOptions.passwords(arguments, format: format)
        if let jobs = try arguments.int("jobs") ?? arguments.int("j") {
            guard jobs >= 1 else { throw UsageError("--jobs must be at least 1") }
            if jobs > BatchOptions.maxJobs {
                printError(
                    "galley batch: --jobs \(jobs) is more than \(BatchOptions.maxJobs); using \(BatchOptions.maxJobs)")
            }
            options.jobs = min(jobs, BatchOptions.maxJobs)
        }
        options.timeout = try CommandSupport.timeout(arguments)
        options.resume = arguments.flag("resume")
        options.failFast = arguments.flag("fail-fast")
        if let shard = arguments.value("shard") {
            do {
                options.shard = try Shard(parsing: shard)
            } catch {
                throw UsageError(error.description)
            }
        }
        options.progress = isatty(2) != 0 ? .bar : .jsonLines

        let runner: BatchRunner
        let summary: BatchSummary
        do {
            runner = try BatchRunner(options: options)
            let trap = SignalTrap { _ in runner.cancel() }
            defer { trap.release() }
            summary = try runner.run()
        } catch {
            throw CommandFailure(message: "galley batch: \(error)")
        }
        if summary.interrupted { printError("galley batch: interrupted; outputs in flight were discarded") }
        if summary.stoppedEarly { printError("galley batch: stopped at the first failure (--fail-fast)") }
        if let reason = summary.stopReason {
            printError(
                "galley batch: stopped: output cannot be written (\(reason)); \(summary.notAttempted) record(s) "
                    + "not attempted — free space, then run again with --resume")
        }
        if summary.failed > 0 { printError("galley batch: failures are listed in \(runner.errorLogPath)") }
        printError(summary.line)
        return summary.exitStatus
    }
}
