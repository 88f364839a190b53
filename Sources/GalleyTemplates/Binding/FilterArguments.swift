/// The arguments written after a filter's name: `number:2`, `currency:"EUR", display:"code"`,
/// `date:"yMMMd", timeZone:"Europe/Berlin"`, `replace:"-", "–"` — positional literals first,
/// then `name:literal` pairs — read and checked when the template is compiled.
struct FilterArguments {
    /// One argument as written.
    struct Argument {
        /// The name of a `name:value` argument; nil for a positional one.
        let name: String?
        let value: JSONValue
        /// 1-based column of the argument in the binding string.
        let column: Int
    }

    let filter: String
    let all: [Argument]
    /// Where the filter's name is, for errors about a missing argument.
    let column: Int

    var positional: [Argument] { all.filter { $0.name == nil } }

    /// Fails unless every named argument is one of `names` and there are at most `maxPositional` positional ones.
    func allow(named names: Set<String>, positional maxPositional: Int) throws(BindingSyntaxError) {
        for argument in all {
            if let name = argument.name, !names.contains(name) {
                throw BindingSyntaxError(
                    message: "filter '\(filter)' has no option '\(name)'", column: argument.column,
                    hint: names.isEmpty
                        ? "it takes no options" : "its options: \(names.sorted().joined(separator: ", "))")
            }
        }
        let extra = positional.dropFirst(maxPositional)
        if let first = extra.first {
            throw BindingSyntaxError(
                message: maxPositional == 0
                    ? "filter '\(filter)' takes no argument"
                    : "filter '\(filter)' takes at most \(maxPositional) argument(s)",
                column: first.column)
        }
    }

    /// The `index`th positional argument or the argument called `name`, whichever is written.
    func value(_ name: String, orPosition index: Int? = nil) -> Argument? {
        if let named = all.first(where: { $0.name == name }) { return named }
        guard let index else { return nil }
        let positional = self.positional
        return index < positional.count ? positional[index] : nil
    }

    func string(_ name: String, orPosition index: Int? = nil, example: String) throws(BindingSyntaxError) -> String? {
        guard let argument = value(name, orPosition: index) else { return nil }
        guard case .string(let text) = argument.value else {
            throw BindingSyntaxError(
                message: "filter '\(filter)': '\(name)' must be a string", column: argument.column,
                hint: "e.g. \(example)")
        }
        return text
    }

    func choice(_ name: String, orPosition index: Int? = nil, _ choices: [String]) throws(BindingSyntaxError) -> String?
    {
        let example = "\(filter):\(index == nil ? name + ":" : "")\"\(choices[0])\""
        guard let text = try string(name, orPosition: index, example: example) else { return nil }
        guard choices.contains(text) else {
            throw BindingSyntaxError(
                message: "filter '\(filter)': \(name) \"\(text)\" is not one of \(choices.joined(separator: ", "))",
                column: value(name, orPosition: index)?.column ?? column)
        }
        return text
    }

    func integer(_ name: String, orPosition index: Int? = nil, in range: ClosedRange<Int>) throws(BindingSyntaxError)
        -> Int?
    {
        guard let argument = value(name, orPosition: index) else { return nil }
        guard case .number(let written) = argument.value, case let number = written.value, number == number.rounded(),
            number >= Double(range.lowerBound), number <= Double(range.upperBound)
        else {
            throw BindingSyntaxError(
                message:
                    "filter '\(filter)': \(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)",
                column: argument.column, hint: "e.g. \(filter):\(index == nil ? name + ":" : "")\(range.lowerBound + 1)"
            )
        }
        return Int(number)
    }

    func bool(_ name: String) throws(BindingSyntaxError) -> Bool? {
        guard let argument = value(name) else { return nil }
        guard case .bool(let flag) = argument.value else {
            throw BindingSyntaxError(
                message: "filter '\(filter)': \(name) must be true or false", column: argument.column)
        }
        return flag
    }
}
