import Foundation
import Testing

/// `galley --help` and `galley COMMAND --help` for every subcommand: each help text has a USAGE
/// line, examples, and names every option its parser accepts, so help cannot fall behind the
/// options. The commands and their option sets are read from the CLI's source
/// (`Sources/galley/main.swift` and each `*Command.swift`), the same sets `Arguments` parses with.
@Suite("galley help")
struct HelpTests {
    /// One subcommand as its source declares it.
    struct CommandDeclaration: CustomStringConvertible {
        let name: String
        let file: String
        let options: Set<String>
        var description: String { name }
    }

    /// The subcommands registered in `main.swift`, each with the union of its valued and flag options.
    static let commands: [CommandDeclaration] = {
        let sources = CLIRunner.packageRoot.appendingPathComponent("Sources/galley")
        guard let main = try? String(contentsOf: sources.appendingPathComponent("main.swift"), encoding: .utf8) else {
            return []
        }
        return matches(of: #"(\w+Command)\.spec"#, in: main).compactMap { type in
            let file = type + ".swift"
            guard let text = try? String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8),
                let name = matches(of: #"static let name = "([^"]+)""#, in: text).first
            else { return nil }
            var options: Set<String> = []
            for set in ["valuedOptions", "flagOptions"] {
                // `static let valuedOptions: Set<String> = [ "a", "b", ... ]`, possibly over several lines.
                for literal in matches(of: "static let \(set): Set<String> = \\[([^\\]]*)\\]", in: text) {
                    options.formUnion(matches(of: #""([^"]+)""#, in: literal))
                }
            }
            return CommandDeclaration(name: name, file: file, options: options)
        }
    }()

    /// The first capture group of every match of `pattern` in `text`.
    static func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// How an option is written on the command line: `-o` for one letter, `--name` otherwise.
    static func spelling(_ option: String) -> String { option.count == 1 ? "-" + option : "--" + option }

    /// Whether `help` mentions `spelled` as a whole option (`--data` does not count for `--d`).
    static func mentions(_ help: String, _ spelled: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: spelled)
        return !matches(of: "(?<![\\w-])(\(escaped))(?![\\w-])", in: help).isEmpty
    }

    /// The executable runs on mimalloc (GalleyAllocator): `--version` reports the allocator that
    /// actually serves `malloc`, so a link order that lost the override shows here.
    @Test func versionNamesTheAllocatorInUse() throws {
        let result = try CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("galley 0.1.0 (mimalloc "), "\(result.stdout)")
    }

    @Test func sourceDeclaresEveryCommand() {
        let names = Self.commands.map(\.name)
        #expect(
            Set(names) == [
                "render", "rasterize", "layout", "check", "fonts", "batch", "shards", "animate", "serve", "preview",
            ], "\(names)")
        for command in Self.commands where command.name != "check" && command.name != "fonts" {
            #expect(command.options.count >= 3, "\(command.file): option sets not found")
        }
    }

    @Test func overviewListsEveryCommand() throws {
        let result = try CLIRunner.run(["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("USAGE: galley COMMAND") }, "\(result.stdout)")
        for command in Self.commands {
            #expect(lines.contains { $0.hasPrefix("  \(command.name) ") }, "overview does not list \(command.name)")
        }
        #expect(Self.exampleLines(lines, command: nil).count >= 1, "\(result.stdout)")
    }

    @Test(arguments: HelpTests.commands)
    func commandHelpNamesEveryOption(_ command: CommandDeclaration) throws {
        let result = try CLIRunner.run([command.name, "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let help = result.stdout
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("USAGE: galley \(command.name)") }, "\(help)")
        #expect(Self.exampleLines(lines, command: command.name).count >= 1, "no example of \(command.name):\n\(help)")
        for option in command.options.sorted() {
            #expect(
                Self.mentions(help, Self.spelling(option)),
                "galley \(command.name) --help does not mention \(Self.spelling(option)) (\(command.file))")
        }
        // The other way round: every `--option` the help names is one the parser accepts.
        for named in Set(Self.matches(of: #"(?<![\w-])--([a-z][a-z-]*)"#, in: help)) where named != "help" {
            #expect(
                command.options.contains(named),
                "galley \(command.name) --help names --\(named), which it does not accept")
        }
    }

    /// `-h` is the same as `--help`.
    @Test(arguments: HelpTests.commands)
    func shortHelpFlagPrintsTheSameHelp(_ command: CommandDeclaration) throws {
        let long = try CLIRunner.run([command.name, "--help"])
        let short = try CLIRunner.run([command.name, "-h"])
        #expect(short.status == 0)
        #expect(short.stdout == long.stdout)
    }

    /// The lines under `EXAMPLES:` that run galley (`command` when given).
    static func exampleLines(_ lines: [String], command: String?) -> [String] {
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "EXAMPLES:" }) else {
            return []
        }
        let prefix = command.map { "galley \($0) " } ?? "galley "
        return lines[(start + 1)...].filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }
    }
}
