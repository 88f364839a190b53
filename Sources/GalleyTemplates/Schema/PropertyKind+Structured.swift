import Galley
import GalleyRender
import GalleyText

/// Colours, objects of fields, arrays, maps, and the kinds with their own syntax (weights, line
/// heights, timing curves, style names).
extension PropertyKind {
    static let color = PropertyKind.simple(
        "[colour](#colours)", "a colour such as \"#1e293b\", \"#fff\", \"rgba(0,0,0,0.5)\" or \"navy\"",
        schema: ["$ref": "#/$defs/color"]
    ) { value in
        guard case .string(let text) = value, let color = ColorParser.parse(text) else { return nil }
        return .color(color)
    }

    /// An object of `fields`. Absent fields take their defaults (unless `fillsDefaults` is false: a
    /// span's absent style keys keep the element's); `make` builds the value from them (field name →
    /// converted value) and may reject a combination (a watermark needs text or image).
    static func object(
        _ summary: String, fields: [Property], fillsDefaults: Bool = true,
        make: @escaping @Sendable ([String: PropertyValue]) -> Result<PropertyValue, PropertyProblem>
    ) -> PropertyKind {
        let defaults = fields.reduce(into: [String: PropertyValue]()) { defaults, field in
            if fillsDefaults, let value = field.defaultValue,
                case .success(let converted) = field.kind.convert(value, .empty)
            {
                defaults[field.name] = converted
            }
        }
        var properties = JSONObject()
        for field in fields { properties[field.name] = field.schema }
        let required = fields.filter(\.required).map { JSONValue.string($0.name) }
        var schema: JSONValue = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema = schema.merging(["required": .array(required)]) }
        let expectation = "an object {" + fields.map(\.name).joined(separator: ", ") + "}"
        var kind = PropertyKind(summary: summary, expectation: expectation, schema: schema) { value, context in
            guard case .object(let object) = value else { return .failure(.expected(expectation, got: value)) }
            var values = defaults
            for (key, item) in object.entries {
                guard let field = fields.first(where: { $0.name == key }) else {
                    return .failure(unknownField(key, in: fields).inside(.key(key)))
                }
                if item == .null { continue }
                switch field.kind.convert(item, context) {
                case .success(let converted): values[key] = converted
                case .failure(let problem): return .failure(problem.inside(.key(key)))
                }
            }
            for field in fields where field.required && object[field.name] == nil {
                return .failure(PropertyProblem("missing \"\(field.name)\"", hint: field.meaning))
            }
            return make(values)
        }
        kind.shape = .object
        kind.fields = fields
        return kind
    }

    /// An array whose items are each of `item`'s kind; `make` builds the value from the converted items.
    static func array(
        of item: PropertyKind, _ summary: String, nonEmpty: Bool = false,
        make: @escaping @Sendable ([PropertyValue]) -> PropertyValue
    ) -> PropertyKind {
        let expectation = (nonEmpty ? "a non-empty array of " : "an array of ") + item.expectation
        var schema: JSONValue = ["type": "array", "items": item.schema]
        if nonEmpty { schema = schema.merging(["minItems": 1]) }
        var kind = PropertyKind(summary: summary, expectation: expectation, schema: schema) { value, context in
            guard case .array(let elements) = value, !nonEmpty || !elements.isEmpty else {
                return .failure(.expected(expectation, got: value))
            }
            var converted: [PropertyValue] = []
            converted.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                switch item.convert(element, context) {
                case .success(let one): converted.append(one)
                case .failure(let problem): return .failure(problem.inside(.index(index)))
                }
            }
            return .success(make(converted))
        }
        kind.shape = .array
        kind.items = [item]
        return kind
    }

    /// An object whose every value is of `item`'s kind, keyed by any name (`styles`, `data.columns`).
    static func map(of item: PropertyKind, _ summary: String) -> PropertyKind {
        let expectation = "an object of names to " + item.expectation
        var kind = PropertyKind(
            summary: summary, expectation: expectation,
            schema: ["type": "object", "additionalProperties": item.schema]
        ) { value, context in
            guard case .object(let object) = value else { return .failure(.expected(expectation, got: value)) }
            var converted: [(String, PropertyValue)] = []
            for (key, element) in object.entries {
                switch item.convert(element, context) {
                case .success(let one): converted.append((key, one))
                case .failure(let problem): return .failure(problem.inside(.key(key)))
                }
            }
            return .success(.typed(converted))
        }
        kind.shape = .map
        kind.items = [item]
        return kind
    }

    /// A font weight: 1–1000 or a name (`bold`).
    static let weight: PropertyKind = {
        let names = FontWeightName.names
        let expectation = "a number from 1 to 1000 or one of " + names.map { "\"\($0)\"" }.joined(separator: ", ")
        return PropertyKind(
            summary: "number 1–1000 or " + names.map { "`\($0)`" }.joined(separator: ", "), expectation: expectation,
            schema: [
                "anyOf": [
                    ["type": "number", "minimum": 1, "maximum": 1000], ["enum": .array(names.map { .string($0) })],
                ]
            ]
        ) { value, _ in
            if let number = numeric(value), number.isFinite {
                guard (1...1000).contains(number) else { return .failure(.expected(expectation, got: value)) }
                return .success(.integer(Int(number)))
            }
            guard case .string(let name) = value, let weight = FontWeightName.table[name.lowercased()] else {
                let hint = value.stringValue.flatMap { Suggestion.hint(for: $0, in: names, listing: false) }
                return .failure(.expected(expectation, got: value, hint: hint))
            }
            return .success(.integer(weight))
        }
    }()

    /// A line height: a multiple of the font size (`1.4`), or a length (`"14pt"`, `{points: 14}`).
    static let lineHeight = PropertyKind(
        summary: "number ≥ 0 (× font size), or a [length](#lengths) string or `{points: 14}`",
        expectation: "a multiple of the font size of 0 or more (1.4), a length such as \"14pt\", or {points: 14}",
        schema: [
            "anyOf": [
                ["type": "number", "minimum": 0], ["type": "string"],
                [
                    "type": "object", "properties": ["points": ["$ref": "#/$defs/length"]],
                    "additionalProperties": false,
                ],
            ]
        ]
    ) { value, _ in
        let expectation = "a multiple of the font size of 0 or more (1.4), a length such as \"14pt\", or {points: 14}"
        switch value {
        case .number(let number):
            guard number.value.isFinite, number.value >= 0 else { return .failure(.expected(expectation, got: value)) }
            return .success(.typed(LineHeight.multiple(number.value)))
        case .string(let text):
            if let number = JSONNumber(parsing: text), number.value >= 0 {
                return .success(.typed(LineHeight.multiple(number.value)))
            }
            return points(value, minimum: 0, expectation: expectation).map { .typed(LineHeight.points($0)) }
        case .object(let object):
            guard object.count == 1, let length = object["points"] else {
                return .failure(.expected(expectation, got: value))
            }
            return points(length, minimum: 0, expectation: "a length of 0 or more").map {
                .typed(LineHeight.points($0))
            }
            .mapError { $0.inside(.key("points")) }
        default:
            return .failure(.expected(expectation, got: value))
        }
    }

    /// An animation curve: `linear`, `easeIn`, `easeOut`, `easeInOut`, `spring:DAMPING[,VELOCITY]`,
    /// `cubic:x1,y1,x2,y2`.
    static let timingCurve = PropertyKind.simple(
        "`linear` \\| `easeIn` \\| `easeOut` \\| `easeInOut` \\| `spring:D[,V]` \\| `cubic:x1,y1,x2,y2`",
        "a timing curve: linear, easeIn, easeOut, easeInOut, spring:DAMPING[,VELOCITY] or cubic:x1,y1,x2,y2",
        schema: ["type": "string"]
    ) { value in
        guard case .string(let text) = value, let curve = TimingCurve(parsing: text) else { return nil }
        return .typed(curve)
    }

    /// The name of a text style under the template's `styles`, resolved to the style.
    static let styleName = PropertyKind(
        summary: "name of a style under `styles`", expectation: "the name of a style under \"styles\"",
        schema: ["type": "string"]
    ) { value, context in
        guard case .string(let name) = value else {
            return .failure(.expected("the name of a style under \"styles\"", got: value))
        }
        guard let style = context.textStyles[name] else {
            let known = context.textStyles.keys.sorted()
            return .failure(
                PropertyProblem(
                    "no text style named \"\(name)\"",
                    hint: Suggestion.hint(for: name, in: known, listing: false)
                        ?? "define it under \"styles\""
                        + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))")))
        }
        return .success(.typed(NamedTextStyle(name: name, style: style)))
    }
}

/// Font weight names and their numbers (CSS Fonts 4).
enum FontWeightName {
    static let table: [String: Int] = [
        "thin": 100, "extralight": 200, "light": 300, "regular": 400, "normal": 400, "medium": 500,
        "semibold": 600, "bold": 700, "extrabold": 800, "black": 900,
    ]
    static let names = table.keys.sorted()
}

/// A `style` key's value: the name and the style it names (the default style applied under it).
struct NamedTextStyle: Sendable {
    let name: String
    let style: TextStyle
}

extension JSONValue {
    /// This object with `other`'s members added (schema building).
    func merging(_ other: JSONObject) -> JSONValue {
        guard case .object(var object) = self else { return self }
        for (key, value) in other.entries { object[key] = value }
        return .object(object)
    }
}
