import GalleyText

/// Numbers, whole numbers, bools, text, choices and raw JSON.
///
/// Data from CSV is text, so wherever a number or a bool is expected a string that reads as one
/// (`"12"`, `"true"`) is accepted too (docs/templates.md, Numbers).
extension PropertyKind {
    /// A finite number, within `range` when given.
    static func number(_ range: ClosedRange<Double>? = nil) -> PropertyKind {
        let words = range.map { "number \(Self.text($0.lowerBound))–\(Self.text($0.upperBound))" } ?? "number"
        let expectation =
            range.map { "a number from \(Self.text($0.lowerBound)) to \(Self.text($0.upperBound))" }
            ?? "a number"
        var schema: JSONValue = ["type": "number"]
        if let range {
            schema = ["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
        }
        return .simple(words, expectation, schema: schema) { value in
            guard let number = numeric(value), number.isFinite, range?.contains(number) ?? true else { return nil }
            return .number(number)
        }
    }

    /// A number of 0 or more.
    static let nonNegativeNumber = PropertyKind.simple(
        "number ≥ 0", "a number of 0 or more", schema: ["type": "number", "minimum": 0]
    ) { value in
        guard let number = numeric(value), number.isFinite, number >= 0 else { return nil }
        return .number(number)
    }

    /// A whole number in `range`: every count, level and span is bounded where it enters, so no later
    /// conversion to `Int` can trap (a whole number of 1e19 does not fit an `Int`).
    static func integer(_ range: ClosedRange<Int>) -> PropertyKind {
        .simple(
            "whole number \(range.lowerBound)–\(range.upperBound)",
            "a whole number from \(range.lowerBound) to \(range.upperBound)",
            schema: [
                "type": "integer", "minimum": .number(Double(range.lowerBound)),
                "maximum": .number(Double(range.upperBound)),
            ]
        ) { value in
            guard let number = numeric(value), number == number.rounded(), Double(range.lowerBound) <= number,
                number <= Double(range.upperBound), let whole = Int(exactly: number)
            else { return nil }
            return .integer(whole)
        }
    }

    static let bool = PropertyKind.simple("`true` \\| `false`", "true or false", schema: ["type": "boolean"]) { value in
        switch value {
        case .bool(let flag): .bool(flag)
        case .string("true"): .bool(true)
        case .string("false"): .bool(false)
        default: nil
        }
    }

    /// Text; a number or a bool stands for its text (`"{{count}}"` bound to 3 is `"3"`).
    static let string = PropertyKind.simple("text", "a string", schema: ["type": "string"]) { value in
        switch value {
        case .string(let text): .text(text)
        case .number, .bool: .text(value.interpolationText)
        default: nil
        }
    }

    /// A BCP 47 language tag (`lang`), checked by ICU as a whole and converted to a ``FormatLocale``.
    static let languageTag = PropertyKind.simple(
        "BCP 47 language tag", "a BCP 47 language tag such as \"de-DE\", \"fr-CH\" or \"ar-EG\"",
        schema: ["type": "string"]
    ) { value in
        guard case .string(let tag) = value, let locale = FormatLocale(tag: tag) else { return nil }
        return .typed(locale)
    }

    /// Any value, kept as JSON.
    static let json = PropertyKind(summary: "any value", expectation: "any value", schema: [:]) { value, _ in
        .success(.json(value))
    }

    /// One of `names`, converted by `make`; a near miss gets "did you mean".
    static func choice(_ names: [String], _ make: @escaping @Sendable (String) -> (any Sendable)?) -> PropertyKind {
        let expectation = "one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        return PropertyKind(
            summary: names.map { "`\($0)`" }.joined(separator: " \\| "), expectation: expectation,
            schema: ["enum": .array(names.map { .string($0) })]
        ) { value, _ in
            guard case .string(let name) = value else { return .failure(.expected(expectation, got: value)) }
            guard names.contains(name), let made = make(name) else {
                return .failure(
                    .expected(expectation, got: value, hint: Suggestion.hint(for: name, in: names, listing: false)))
            }
            return .success(.typed(made))
        }
    }

    /// One of an enum's raw values (all of them, or `names`).
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(_ type: T.Type, names: [String]? = nil)
        -> PropertyKind where T.RawValue == String
    {
        choice(names ?? T.allCases.map(\.rawValue)) { T(rawValue: $0) }
    }

    /// A nested element (`child`).
    static let element = PropertyKind(
        summary: "element", expectation: "an element object with a \"type\"", schema: ["$ref": "#/$defs/element"],
        convert: { value, _ in .success(.json(value)) }, shape: .element)

    /// An array of elements (`children`).
    static let elements = PropertyKind(
        summary: "array of elements", expectation: "an array of elements",
        schema: ["type": "array", "items": ["$ref": "#/$defs/element"]],
        convert: { value, _ in .success(.json(value)) }, shape: .elements)

    /// A number, or a string that reads as one.
    static func numeric(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): number.value
        case .string(let text): JSONNumber(parsing: text)?.value
        default: nil
        }
    }

    /// `1000`, `0.5`, `-360` for summaries.
    static func text(_ number: Double) -> String { JSONNumber.binaryText(number) }
}
