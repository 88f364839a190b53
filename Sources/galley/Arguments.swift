/// A small command-line parser: options (`--name value`, `--name=value`, `-o value`), flags
/// and positionals. The toolchain ships no argument parser, and the CLI needs little.
struct Arguments {
    private(set) var positionals: [String] = []
    /// Every value given for each option, in order (`--allow-dir` may be repeated).
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: option names that take a value (without dashes; short names too).
    ///   - flagNames: option names that take none.
    init(_ raw: [String], valued: Set<String>, flags flagNames: Set<String>) throws(UsageError) {
        var index = 0
        while index < raw.count {
            let argument = raw[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                positionals.append(contentsOf: raw[index...])
                break
            }
            var name = String(argument.drop(while: { $0 == "-" }))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagNames.contains(name) {
                guard value == nil else { throw UsageError("option --\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard index < raw.count else { throw UsageError("option \(argument) needs a value") }
                    value = raw[index]
                    index += 1
                }
                options[name, default: []].append(value ?? "")
            } else {
                throw UsageError("unknown option \(argument)")
            }
        }
    }

    /// The option's value (the last one, when it was given more than once).
    func value(_ names: String...) -> String? {
        for name in names { if let value = options[name]?.last { return value } }
        return nil
    }

    /// Every value of a repeatable option, in the order given.
    func values(_ name: String) -> [String] { options[name] ?? [] }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func double(_ names: String...) throws(UsageError) -> Double? {
        for name in names {
            guard let text = options[name]?.last else { continue }
            guard let value = Double(text), value.isFinite else {
                throw UsageError("--\(name) expects a number, got '\(text)'")
            }
            return value
        }
        return nil
    }

    func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = options[name]?.last else { return nil }
        guard let value = Int(text) else { throw UsageError("--\(name) expects a whole number, got '\(text)'") }
        return value
    }
}

/// A mistake in how the command was called (exit status 2).
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
