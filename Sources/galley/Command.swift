import Foundation
import GalleyAllocator

/// One subcommand: its name, help text and entry point.
protocol Command {
    /// The command as a value (existential metatypes crash this compiler in the runner).
    static var spec: CommandSpec { get }
    static var name: String { get }
    static var summary: String { get }
    /// Usage, options and examples shown by `galley NAME --help`.
    static var help: String { get }
    static var valuedOptions: Set<String> { get }
    static var flagOptions: Set<String> { get }
    /// Runs the command; returns the exit status.
    static func run(_ arguments: Arguments) throws -> Int32
}

/// Exit statuses, documented in `galley --help` and the README.
enum ExitStatus {
    static let success: Int32 = 0
    static let someFailed: Int32 = 1
    static let usage: Int32 = 2
}

/// A subcommand as a plain value.
struct CommandSpec {
    let name: String
    let summary: String
    let help: String
    let valuedOptions: Set<String>
    let flagOptions: Set<String>
    let run: (Arguments) throws -> Int32
}

extension Command {
    static var spec: CommandSpec {
        CommandSpec(
            name: name, summary: summary, help: help, valuedOptions: valuedOptions, flagOptions: flagOptions,
            run: { try run($0) })
    }
}

enum CommandRunner {
    static func run(_ raw: [String], commands: [CommandSpec]) -> Int32 {
        guard let first = raw.first, first != "--help", first != "-h", first != "help" else {
            print(overview(commands))
            return raw.isEmpty ? ExitStatus.usage : ExitStatus.success
        }
        if first == "--version" {
            print("galley 0.1.0 (\(Allocator.description))")
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            printError(
                "galley: unknown command '\(first)'. Commands: \(commands.map(\.name).joined(separator: ", ")). See galley --help."
            )
            return ExitStatus.usage
        }
        let rest = Array(raw.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help)
            return ExitStatus.success
        }
        do {
            let arguments = try Arguments(rest, valued: command.valuedOptions, flags: command.flagOptions)
            return try command.run(arguments)
        } catch let error as UsageError {
            printError("galley \(command.name): \(error.description). See galley \(command.name) --help.")
            return ExitStatus.usage
        } catch let error as CommandFailure {
            printError(error.message)
            return error.status
        } catch {
            printError("galley \(command.name): \(error)")
            return ExitStatus.usage
        }
    }

    static func overview(_ commands: [CommandSpec]) -> String {
        let width = commands.map(\.name.count).max() ?? 8
        let lines = commands.map {
            "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary
        }
        return """
            galley — renders JSON layout templates with data to PDF and PNG, offscreen.

            USAGE: galley COMMAND [OPTIONS]   (galley COMMAND --help for each)

            COMMANDS:
            \(lines.joined(separator: "\n"))

            EXIT STATUS: 0 success; 1 some outputs failed (batch); 2 usage, template or data error.

            EXAMPLES:
              galley render Templates/hello.json --data Templates/hello.data.json -o out/hello.pdf
              galley batch Templates/hello.json --data people.ndjson --out out/
            """
    }
}

/// A failure already phrased for the user, with its exit status.
struct CommandFailure: Error {
    let message: String
    var status: Int32 = ExitStatus.usage
}
