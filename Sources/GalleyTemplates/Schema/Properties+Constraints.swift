import Galley
import GalleyLayout

/// The keys of the `constraints` element: its children placed by Auto Layout constraints with
/// priorities, solved with Cassowary (`ConstraintLayoutSpec`). Anchors name children by `id`, so
/// they are resolved per record, when the children exist (``ConstraintsBuilder``).
enum ConstraintProperties {
    static let all: [Property] = [
        Property(
            "constraints", constraints, default: [], on: .only([.constraints]),
            "The constraints, each `first relation multiplier × second + constant` at a priority.",
            example: [["first": "blue.leading", "second": "yellow.trailing", "constant": 10]],
            apply: .parameters { $0.constraints.constraints = $1.typed([ConstraintTemplate].self) ?? [] }),
        Property(
            "intrinsicSize", intrinsicSizes, default: [], on: .only([.constraints]),
            "A child's content hugging and compression resistance (default 250 and 750), or `enabled: false` for a child sized by constraints alone.",
            example: [["child": "blue", "contentHugging": [250, "high"], "compressionResistance": 750]],
            apply: .parameters { $0.constraints.intrinsicSizes = $1.typed([IntrinsicSizeTemplate].self) ?? [] }),
        Property(
            "layoutDirection", .choice(LayoutDirection.self), default: "leftToRight", on: .only([.constraints]),
            "Which edge `leading` and `trailing` are: `rightToLeft` mirrors a layout built from them.",
            example: "rightToLeft",
            apply: .parameters { $0.constraints.layoutDirection = $1.typed(LayoutDirection.self) ?? .leftToRight }),
    ]

    /// A priority: `required` (1000), `high` (750), `low` (250) or a number from 1 to 1000.
    static let priority: PropertyKind = {
        let names = ["required", "high", "low"]
        let expectation = "a number from 1 to 1000 or one of \"required\", \"high\", \"low\""
        return PropertyKind(
            summary: "number 1–1000 or `required` \\| `high` \\| `low`", expectation: expectation,
            schema: [
                "anyOf": [
                    ["type": "number", "minimum": 1, "maximum": 1000], ["enum": .array(names.map { .string($0) })],
                ]
            ]
        ) { value, _ in
            if case .string(let name) = value, let priority = priorityNames[name] { return .success(.typed(priority)) }
            if let number = PropertyKind.numeric(value), let priority = ConstraintPriority(validating: number) {
                return .success(.typed(priority))
            }
            let hint = value.stringValue.flatMap { Suggestion.hint(for: $0, in: names, listing: false) }
            return .failure(.expected(expectation, got: value, hint: hint))
        }
    }()

    static let priorityNames: [String: ConstraintPriority] = ["required": .required, "high": .high, "low": .low]

    /// One priority for both axes, or `[horizontal, vertical]`.
    static let axisPriorities = PropertyKind(
        summary: "priority, or `[horizontal, vertical]`",
        expectation: "a priority (1–1000, \"required\", \"high\", \"low\") or [horizontal, vertical]",
        schema: [
            "anyOf": [priority.schema, ["type": "array", "items": priority.schema, "minItems": 2, "maxItems": 2]]
        ]
    ) { value, context in
        func one(_ item: JSONValue) -> Result<ConstraintPriority, PropertyProblem> {
            priority.convert(item, context).map { $0.typed(ConstraintPriority.self) ?? .required }
        }
        if case .array(let items) = value {
            guard items.count == 2 else {
                return .failure(.expected("a priority or [horizontal, vertical]", got: value))
            }
            switch (one(items[0]), one(items[1])) {
            case (.success(let horizontal), .success(let vertical)):
                return .success(.typed(AxisPriorities(horizontal: horizontal, vertical: vertical)))
            case (.failure(let problem), _): return .failure(problem.inside(.index(0)))
            case (_, .failure(let problem)): return .failure(problem.inside(.index(1)))
            }
        }
        return one(value).map { .typed(AxisPriorities(horizontal: $0, vertical: $0)) }
    }

    static let constraint = PropertyKind.object(
        "`{first, relation, second, multiplier, constant, priority, id}`",
        fields: [
            .field(
                "first", .string, required: true,
                "The constrained anchor, `NAME.ATTRIBUTE`: NAME is `parent` or a child's `id`; ATTRIBUTE is left, right, top, bottom, leading, trailing, width, height, centerX, centerY or firstBaseline.",
                example: "blue.leading"),
            .field(
                "relation", .choice(ConstraintRelation.self), default: "==", "`==`, `<=` or `>=`.", example: ">="),
            .field(
                "second", .string,
                "The anchor `first` is related to; without it only a size may be constrained, to the constant.",
                example: "yellow.trailing"),
            .field("multiplier", .number(), default: 1, "What `second` is multiplied by.", example: 0.5),
            .field("constant", .number(), default: 0, "What is added to `second`.", example: 10),
            .field(
                "priority", priority, default: "required",
                "How much the constraint matters: a higher priority always wins over a lower one.", example: "high"),
            .field("id", .string, "Names the constraint in messages.", example: "spacing"),
        ]
    ) { fields in
        .success(
            .typed(
                ConstraintTemplate(
                    first: fields["first"]?.text ?? "",
                    relation: fields["relation"]?.typed(ConstraintRelation.self) ?? .equal,
                    second: fields["second"]?.text, multiplier: fields["multiplier"]?.number ?? 1,
                    constant: fields["constant"]?.number ?? 0,
                    priority: fields["priority"]?.typed(ConstraintPriority.self) ?? .required,
                    identifier: fields["id"]?.text)))
    }

    static let constraints = PropertyKind.array(of: constraint, "array of constraints") { items in
        .typed(items.compactMap { $0.typed(ConstraintTemplate.self) })
    }

    static let intrinsicSize = PropertyKind.object(
        "`{child, contentHugging, compressionResistance, enabled}`",
        fields: [
            .field("child", .string, required: true, "The child's `id`.", example: "blue"),
            .field(
                "contentHugging", axisPriorities, default: 250,
                "Resistance to growing past the child's measured size.", example: [250, "high"]),
            .field(
                "compressionResistance", axisPriorities, default: 750,
                "Resistance to shrinking below the child's measured size.", example: 750),
            .field(
                "enabled", .bool, default: true,
                "Whether the measured size enters at all (false: a child sized by its constraints alone).",
                example: false),
        ]
    ) { fields in
        let defaults = IntrinsicSizePriorities()
        return .success(
            .typed(
                IntrinsicSizeTemplate(
                    child: fields["child"]?.text ?? "",
                    priorities: IntrinsicSizePriorities(
                        contentHugging: fields["contentHugging"]?.typed(AxisPriorities.self) ?? defaults.contentHugging,
                        compressionResistance: fields["compressionResistance"]?.typed(AxisPriorities.self)
                            ?? defaults.compressionResistance,
                        usesIntrinsicSize: fields["enabled"]?.bool ?? true))))
    }

    static let intrinsicSizes = PropertyKind.array(of: intrinsicSize, "array of `{child, …}`") { items in
        .typed(items.compactMap { $0.typed(IntrinsicSizeTemplate.self) })
    }
}

/// A `constraints` element's values for one record.
struct ConstraintsParameters: Sendable {
    var constraints: [ConstraintTemplate] = []
    var intrinsicSizes: [IntrinsicSizeTemplate] = []
    var layoutDirection = LayoutDirection.leftToRight
}

/// One constraint as written: its anchors still names, resolved against the children per record.
struct ConstraintTemplate: Sendable {
    var first: String
    var relation: ConstraintRelation
    var second: String?
    var multiplier: Double
    var constant: Double
    var priority: ConstraintPriority
    var identifier: String?
}

/// One `intrinsicSize` entry: a child's name and its priorities.
struct IntrinsicSizeTemplate: Sendable {
    var child: String
    var priorities: IntrinsicSizePriorities
}
