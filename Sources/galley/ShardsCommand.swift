import Foundation
import GalleyBatch

/// `galley shards`: how the shards of a batch stand, from their shared output folder alone.
///
/// A command of its own rather than `galley batch --shard I/N --status`: the question is about all
/// N shards at once, and it needs neither the template nor the data, only the folder the shards
/// wrote to (read on a login node, after the array ran).
enum ShardsCommand: Command {
    static let name = "shards"
    static let summary = "which shards of a batch are complete, which records are missing or failed"
    static let valuedOptions: Set<String> = ["of"]
    static let flagOptions: Set<String> = ["errors", "json", "array"]
    static let help = """
        USAGE: galley shards OUT --of N [--array | --errors | --json]

        Reports how the N shards of a batch that wrote to the folder OUT (galley batch, sharded
        I/N) stand, from OUT alone: each shard's latest run (complete, failed, interrupted, stopped, unfinished or not
        started), how many of its records have their output, which records are missing, the failed
        records of every shard's error log in one list, and the shards to run again as a Slurm
        --array list. It reads OUT/shard-I-of-N.json (each run's manifest), OUT/shard-I-of-N.done.ndjson
        (the records whose outputs are in place, checked against the files present) and
        OUT/errors-I-of-N.ndjson (there only when records failed).

        OPTIONS:
          --of N      the number of shards the batch was split into
          --array     print only the shards to run again, as an --array list (1,3-5; empty if none)
          --errors    print every shard's failed records as NDJSON, one list ordered by record:
                      {"shard": "2/4", "record": 17, "name": "...", "error": "..."}
          --json      print the whole report as one JSON object

        Shards that went through all their records but had failures are not in the --array list:
        fix the records first (--errors lists them), then run those shards again; with the batch's
        resume option they render only the records that have no output.

        EXIT STATUS: 0 every record of every shard has its output; 1 shards to run again or records
        failed; 2 usage error, or OUT or a shard file in it cannot be read.

        EXAMPLES:
          galley shards /shared/out --of 8
          sbatch --array="$(galley shards /shared/out --of 8 --array)" galley.sbatch
          galley shards /shared/out --of 8 --errors > failed.ndjson
        """

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard let directory = arguments.positionals.first else { throw UsageError("missing the OUT folder") }
        guard arguments.positionals.count == 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        guard let count = try arguments.int("of") else { throw UsageError("missing --of N, the number of shards") }
        guard count >= 1 else { throw UsageError("--of must be at least 1, got \(count)") }
        let modes = ["array", "errors", "json"].filter(arguments.flag)
        guard modes.count <= 1 else { throw UsageError("--\(modes[0]) and --\(modes[1]) cannot be combined") }

        let report: ShardsReport
        do {
            report = try ShardsReport(directory: directory, count: count)
        } catch {
            throw CommandFailure(message: "galley shards: \(error)")
        }
        switch modes.first {
        case "array"?: print(report.arrayList)
        case "errors"?: print(report.failuresNDJSON, terminator: "")
        case "json"?: print(report.json.jsonText)
        default: print(report.text)
        }
        if modes.first != nil { for warning in report.warnings { printError("galley shards: warning: \(warning)") } }
        return report.isComplete ? ExitStatus.success : ExitStatus.someFailed
    }
}
