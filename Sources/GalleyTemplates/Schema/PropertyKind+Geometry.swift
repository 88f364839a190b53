import GalleyLayout
import GalleyRender

/// Lengths (with units), dimensions, points, sizes, corner radii and insets.
extension PropertyKind {
    /// A length in points (`Length`), at least `minimum` when given.
    static func length(minimum: Double? = nil) -> PropertyKind {
        let bound = minimum.map { " ≥ \(text($0))" } ?? ""
        let expectation = Length.description(minimum: minimum)
        return PropertyKind(
            summary: "[length](#lengths)\(bound)", expectation: expectation, schema: ["$ref": "#/$defs/length"]
        ) { value, _ in
            points(value, minimum: minimum, expectation: expectation).map(PropertyValue.number)
        }
    }

    /// A length, a percentage of the parent (`"50%"`) or `"auto"`; never negative.
    static let dimension = PropertyKind(
        summary: "[length](#lengths) ≥ 0, `\"50%\"` or `\"auto\"`",
        expectation:
            "a length of 0 or more (a number of points, \"25mm\", \"1in\"), a percentage such as \"50%\", or \"auto\"",
        schema: ["$ref": "#/$defs/dimension"]
    ) { value, _ in
        let expectation = "a length of 0 or more, a percentage such as \"50%\", or \"auto\""
        if case .string(let text) = value, text.trimmingSpaces() == "auto" { return .success(.dimension(.auto)) }
        switch Length.read(value) {
        case .points(let points)?:
            guard points >= 0 else {
                return .failure(.expected(expectation, got: value, hint: "sizes cannot be negative"))
            }
            return .success(.dimension(.points(points)))
        case .percent(let percent)?:
            guard percent >= 0 else {
                return .failure(.expected(expectation, got: value, hint: "sizes cannot be negative"))
            }
            return .success(.dimension(.fraction(percent / 100)))
        case .problem(let message, let hint)?: return .failure(PropertyProblem(message, hint: hint))
        case nil: return .failure(.expected(expectation, got: value))
        }
    }

    /// `[x, y]`: two lengths.
    static let point = PropertyKind(
        summary: "`[x, y]` [lengths](#lengths)", expectation: "an array of two lengths, such as [120, 40]",
        schema: ["type": "array", "items": ["$ref": "#/$defs/length"], "minItems": 2, "maxItems": 2]
    ) { value, _ in
        pair(value, minimum: nil).map { .point(Point(x: $0.0, y: $0.1)) }
    }

    /// `[width, height]`: two lengths of 0 or more.
    static let size = PropertyKind(
        summary: "`[width, height]` [lengths](#lengths) ≥ 0",
        expectation: "an array of two lengths of 0 or more, such as [120, 40]",
        schema: ["type": "array", "items": ["$ref": "#/$defs/length"], "minItems": 2, "maxItems": 2]
    ) { value, _ in
        pair(value, minimum: 0).map { .size(Size(width: $0.0, height: $0.1)) }
    }

    /// One radius for every corner, or `[topLeft, topRight, bottomRight, bottomLeft]` (CSS order).
    static let corners = PropertyKind(
        summary: "[length](#lengths) ≥ 0, or `[topLeft, topRight, bottomRight, bottomLeft]`",
        expectation: "a length of 0 or more, or [topLeft, topRight, bottomRight, bottomLeft] (lengths of 0 or more)",
        schema: [
            "anyOf": [
                ["$ref": "#/$defs/length"],
                ["type": "array", "items": ["$ref": "#/$defs/length"], "minItems": 4, "maxItems": 4],
            ]
        ]
    ) { value, _ in
        let expectation = "a length of 0 or more, or an array of four"
        if case .array(let items) = value {
            guard items.count == 4 else { return .failure(.expected(expectation, got: value)) }
            var radii: [Double] = []
            for (index, item) in items.enumerated() {
                switch points(item, minimum: 0, expectation: "a length of 0 or more") {
                case .success(let radius): radii.append(radius)
                case .failure(let problem): return .failure(problem.inside(.index(index)))
                }
            }
            return .success(
                .corners(
                    CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])))
        }
        return points(value, minimum: 0, expectation: expectation).map { .corners(CornerRadii($0)) }
    }

    /// A length for all four sides, or `{top, left, bottom, right}` (absent sides 0); with
    /// `infinity`, a side may be `"inf"` (Texture's INFINITY inset).
    static func insets(infinity: Bool) -> PropertyKind {
        let side: JSONValue =
            infinity ? ["anyOf": [["$ref": "#/$defs/length"], ["const": "inf"]]] : ["$ref": "#/$defs/length"]
        let expectation =
            "a length, or an object {top, left, bottom, right} of lengths" + (infinity ? " or \"inf\"" : "")
        return PropertyKind(
            summary: "[length](#lengths) or `{top, left, bottom, right}`"
                + (infinity ? " (each may be `\"inf\"`)" : ""),
            expectation: expectation,
            schema: [
                "anyOf": [
                    side,
                    [
                        "type": "object", "additionalProperties": false,
                        "properties": ["top": side, "left": side, "bottom": side, "right": side],
                    ],
                ]
            ]
        ) { value, _ in
            func sideValue(_ value: JSONValue) -> Result<Double, PropertyProblem> {
                if infinity, case .string(let text) = value, ["inf", "infinity"].contains(text.lowercased()) {
                    return .success(.infinity)
                }
                return points(value, minimum: nil, expectation: expectation)
            }
            guard case .object(let object) = value else {
                return sideValue(value).map { .insets(EdgeInsets(top: $0, left: $0, bottom: $0, right: $0)) }
            }
            let names = ["top", "left", "bottom", "right"]
            var sides = [0.0, 0, 0, 0]
            for (key, item) in object.entries {
                guard let index = names.firstIndex(of: key) else {
                    return .failure(
                        PropertyProblem("unknown side \"\(key)\"", hint: Suggestion.hint(for: key, in: names)).inside(
                            .key(key)))
                }
                switch sideValue(item) {
                case .success(let length): sides[index] = length
                case .failure(let problem): return .failure(problem.inside(.key(key)))
                }
            }
            return .success(.insets(EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])))
        }
    }

    /// A length in points, or the problem.
    static func points(_ value: JSONValue, minimum: Double?, expectation: String) -> Result<Double, PropertyProblem> {
        switch Length.read(value) {
        case .points(let points)?:
            if let minimum, points < minimum {
                return .failure(
                    PropertyProblem(
                        "expected \(expectation), got \(ValueText.describe(value))", hint: "it cannot be negative"))
            }
            return .success(points)
        case .percent?:
            return .failure(
                PropertyProblem(
                    "a percentage is not a length here, got \(ValueText.describe(value))",
                    hint: "write points or \"25mm\", \"1in\""))
        case .problem(let message, let hint)?:
            return .failure(PropertyProblem(message, hint: hint))
        case nil:
            return .failure(.expected(expectation, got: value))
        }
    }

    /// `[a, b]`: two lengths.
    private static func pair(_ value: JSONValue, minimum: Double?) -> Result<(Double, Double), PropertyProblem> {
        let expectation = "an array of two lengths" + (minimum != nil ? " of 0 or more" : "")
        guard case .array(let items) = value, items.count == 2 else {
            return .failure(.expected(expectation, got: value))
        }
        var numbers: [Double] = []
        for (index, item) in items.enumerated() {
            switch points(item, minimum: minimum, expectation: "a length" + (minimum != nil ? " of 0 or more" : "")) {
            case .success(let length): numbers.append(length)
            case .failure(let problem): return .failure(problem.inside(.index(index)))
            }
        }
        return .success((numbers[0], numbers[1]))
    }
}
