/// Lengths as templates write them: a number of points, or a string with a unit — `"12pt"`,
/// `"25mm"`, `"2.5cm"`, `"1in"` — and, where a key allows it, a percentage of the parent (`"50%"`).
/// A point is 1/72 inch, so 1in = 72pt, 1cm = 72/2.54pt and 1mm = 72/25.4pt.
enum Length {
    /// The units a length may carry and their size in points.
    static let units: [(name: String, points: Double)] = [
        ("pt", 1), ("mm", 72 / 25.4), ("cm", 72 / 2.54), ("in", 72),
    ]

    /// What a length looks like, for "expected …" in errors and the reference.
    static let description = "a length (a number of points, or \"12pt\", \"25mm\", \"2.5cm\", \"1in\")"

    /// "a length of 0 or more (a number of points, …)".
    static func description(minimum: Double?) -> String {
        guard let minimum else { return description }
        return
            "a length of \(JSONNumber.binaryText(minimum)) or more (a number of points, or \"12pt\", \"25mm\", \"1in\")"
    }

    /// A length's value or why it is not one.
    enum Reading {
        case points(Double)
        case percent(Double)
        case problem(String, hint: String?)
    }

    /// Reads a number (points) or a string: a number with a unit, a percentage, or a plain number
    /// as text (CSV data is text, so `"12"` is 12 points); nil for anything that is no length at
    /// all (the caller says what was expected).
    static func read(_ value: JSONValue) -> Reading? {
        switch value {
        case .number(let number):
            return number.value.isFinite ? .points(number.value) : .problem("a length must be finite", hint: nil)
        case .string(let text):
            return read(text)
        default:
            return nil
        }
    }

    static func read(_ raw: String) -> Reading? {
        let text = raw.trimmingSpaces()
        if let number = JSONNumber(parsing: text) {
            return number.value.isFinite ? .points(number.value) : .problem("a length must be finite", hint: nil)
        }
        var end = text.endIndex
        while end > text.startIndex, let last = text[text.index(before: end)...].first, last.isLetter || last == "%" {
            end = text.index(before: end)
        }
        let numberText = String(text[..<end]).trimmingSpaces()
        let unit = String(text[end...])
        guard let number = JSONNumber(parsing: numberText), !unit.isEmpty else { return nil }
        guard number.value.isFinite, abs(number.value) < 1e9 else {
            return .problem("\"\(raw)\" is too large a length", hint: nil)
        }
        if unit == "%" { return .percent(number.value) }
        if let match = units.first(where: { $0.name == unit }) { return .points(number.value * match.points) }
        if let match = units.first(where: { $0.name == unit.lowercased() }) {
            return .problem("unknown unit \"\(unit)\" in \"\(raw)\"", hint: "units are lower case: \"\(match.name)\"")
        }
        let suggestion = Suggestion.nearest(to: unit, in: units.map(\.name) + ["%"]).map {
            "did you mean \"\($0)\"? "
        }
        return .problem(
            "unknown unit \"\(unit)\" in \"\(raw)\"",
            hint: (suggestion ?? "") + "units are pt, mm, cm, in")
    }
}
