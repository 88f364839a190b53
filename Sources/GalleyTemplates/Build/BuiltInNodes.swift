import Foundation
import Galley
import GalleyLayout
import GalleyRender

/// Galley's built-in custom node classes (see docs/custom-nodes.md): templates reach them as
/// `{"type": "node", "class": "rainbow" | "chart", "params": {…}}`.
enum BuiltInNodes {
    static let factories: [String: NodeClassRegistry.Factory] = [
        "rainbow": makeRainbow,
        "chart": makeChart,
    ]

    /// A bad `params` value; the message names the class and the key.
    struct ParamsError: Error, CustomStringConvertible {
        let description: String
    }

    /// `params: {stripes?: int >= 1, colors?: [color], direction?: "horizontal" | "vertical"}`.
    @Sendable static func makeRainbow(_ params: JSONValue) throws -> DisplayNode {
        let reader = try Params("rainbow", params)
        let node = RainbowNode(
            colors: try reader.colors("colors") ?? RainbowNode.defaultColors,
            direction: try reader.choice("direction", RainbowNode.Direction.self) ?? .horizontal)
        if let stripes = try reader.number("stripes") {
            guard stripes >= 1, stripes == stripes.rounded(), stripes <= 10_000 else {
                throw ParamsError(description: "rainbow: params.stripes must be a whole number from 1 to 10000")
            }
            node.stripes = Int(stripes)
        }
        return node
    }

    /// `params: {kind, values | series, labels?, stacked?, horizontal?, legend?, xTitle?, yTitle?, palette?,
    /// color?, axisColor?, gridColor?, minValue?, maxValue?, valueFormat?, showPercentages?, fontSize?}`
    /// (docs/custom-nodes.md).
    @Sendable static func makeChart(_ params: JSONValue) throws -> DisplayNode {
        let reader = try Params("chart", params)
        let kinds = ChartNode.Kind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard let kind = try reader.choice("kind", ChartNode.Kind.self) else {
            throw ParamsError(description: "chart: params.kind is required (one of \(kinds))")
        }
        var series = try chartSeries(reader, kind: kind)
        if let color = try reader.color("color"), !series.isEmpty, series[0].color == nil { series[0].color = color }
        let node = ChartNode(kind: kind, series: series, labels: try reader.strings("labels") ?? [])
        if let palette = try reader.colors("palette") { node.palette = palette }
        if let color = try reader.color("axisColor") { node.axisColor = color }
        if let color = try reader.color("gridColor") { node.gridColor = color }
        node.stacked = try reader.bool("stacked") ?? false
        node.horizontal = try reader.bool("horizontal") ?? false
        node.showsPercentages = try reader.bool("showPercentages") ?? true
        if let legend = try reader.choice("legend", ChartNode.LegendPosition.self) { node.legend = legend }
        node.xTitle = try reader.string("xTitle")
        node.yTitle = try reader.string("yTitle")
        if let size = try reader.number("fontSize") {
            guard size > 0, size <= 200 else {
                throw ParamsError(description: "chart: params.fontSize must be from 0 to 200")
            }
            node.textStyle.fontSize = size
        }
        let minimum = try reader.number("minValue")
        if let maxValue = try reader.number("maxValue") {
            guard maxValue.isFinite, kind == .scatter || maxValue > (minimum ?? 0) else {
                throw ParamsError(description: "chart: params.maxValue must be a number above 0 (and above minValue)")
            }
            node.maxValue = maxValue
        }
        if let minValue = minimum {
            guard minValue.isFinite else { throw ParamsError(description: "chart: params.minValue must be a number") }
            node.minValue = minValue
        }
        if let format = try reader.string("valueFormat") { node.valueFormatter = try valueFormatter(format) }
        return node
    }

    /// `values: [number]` (one series) or `series: [{name?, values | points: [[x, y]], color?}]`.
    private static func chartSeries(_ reader: Params, kind: ChartNode.Kind) throws -> [ChartNode.Series] {
        let pointsHint = "an array of [x, y] pairs"
        func numbers(_ value: JSONValue?, _ key: String) throws -> [Double] {
            guard case .array(let items)? = value, case let numbers = items.compactMap(\.numberValue),
                numbers.count == items.count
            else { throw ParamsError(description: "chart: params.\(key) must be an array of numbers") }
            return numbers
        }
        func points(_ value: JSONValue?, _ key: String) throws -> [Point] {
            guard case .array(let items)? = value else {
                throw ParamsError(description: "chart: params.\(key) must be \(pointsHint)")
            }
            return try items.map { item in
                guard case .array(let pair) = item, pair.count == 2, let x = pair[0].numberValue,
                    let y = pair[1].numberValue
                else { throw ParamsError(description: "chart: params.\(key) must be \(pointsHint)") }
                return Point(x: x, y: y)
            }
        }
        if let list = reader.object["series"], list != .null {
            guard case .array(let items) = list, !items.isEmpty else {
                throw ParamsError(description: "chart: params.series must be a non-empty array of {name, values}")
            }
            return try items.enumerated().map { index, item in
                let key = "series[\(index)]"
                guard case .object(let object) = item else {
                    throw ParamsError(description: "chart: params.\(key) must be an object {name, values}")
                }
                var series = ChartNode.Series(name: object["name"]?.interpolationText ?? "")
                if kind == .scatter {
                    series.points = try points(object["points"], key + ".points")
                } else {
                    series.values = try numbers(object["values"], key + ".values")
                }
                if let color = object["color"], color != .null {
                    guard let parsed = color.stringValue.flatMap(ColorParser.parse) else {
                        throw ParamsError(
                            description: "chart: params.\(key).color must be a colour such as \"#2563eb\"")
                    }
                    series.color = parsed
                }
                return series
            }
        }
        if kind == .scatter { return [ChartNode.Series(points: try points(reader.object["points"], "points"))] }
        return [ChartNode.Series(values: try numbers(reader.object["values"], "values"))]
    }

    /// A tick formatter from number filters as bindings write them: `number`, `number:1`,
    /// `currency:"EUR"`, `compact`, `percent`, with their options (`currency:"EUR", lang:"de-DE"`).
    static func valueFormatter(_ text: String) throws -> @Sendable (Double) -> String {
        var source = text
        // The first charts wrote a bare code, `currency:EUR`; it still means `currency:"EUR"`.
        if let colon = text.firstIndex(of: ":"), text[..<colon] == "currency",
            text[text.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isLetter })
        {
            source = "currency:\"" + text[text.index(after: colon)...] + "\""
        }
        let filters: [Filter]
        do {
            let template = try BindingTemplate(parsing: "{{ value | " + source + " }}")
            guard template.parts.count == 1, case .binding(let bound) = template.parts[0] else {
                throw BindingSyntaxError(message: "expected filters only", column: 1)
            }
            filters = bound.filters
        } catch {
            throw ParamsError(description: "chart: params.valueFormat: \(error)")
        }
        guard filters.allSatisfy({ if case .formatted = $0 { true } else { false } }) else {
            throw ParamsError(
                description: "chart: params.valueFormat must be number filters (number, percent, currency, compact)")
        }
        return { value in
            var result = PipelineValue.number(JSONNumber(value))
            for filter in filters {
                guard let next = try? filter.apply(to: result, missingPath: "") else {
                    return ChartNode.formatValue(value)
                }
                result = next
            }
            return result.interpolationText
        }
    }

    /// Typed reads of a params object, with messages naming `class: params.key`.
    private struct Params {
        let name: String
        let object: JSONObject

        init(_ name: String, _ value: JSONValue) throws {
            self.name = name
            switch value {
            case .object(let object): self.object = object
            case .null: self.object = JSONObject()
            default:
                throw ParamsError(description: "\(name): params must be an object, got \(ValueText.describe(value))")
            }
        }

        private func fail(_ key: String, _ expected: String) -> ParamsError {
            ParamsError(description: "\(name): params.\(key) must be \(expected)")
        }

        func bool(_ key: String) throws -> Bool? {
            guard let value = object[key], value != .null else { return nil }
            guard let bool = value.boolValue else { throw fail(key, "true or false") }
            return bool
        }

        func string(_ key: String) throws -> String? {
            guard let value = object[key], value != .null else { return nil }
            switch value {
            case .string(let text): return text
            case .number, .bool: return value.interpolationText
            default: throw fail(key, "a string")
            }
        }

        func number(_ key: String) throws -> Double? {
            guard let value = object[key], value != .null else { return nil }
            guard let number = value.numberValue else { throw fail(key, "a number") }
            return number
        }

        func color(_ key: String) throws -> Color? {
            guard let value = object[key], value != .null else { return nil }
            guard let color = value.stringValue.flatMap(ColorParser.parse) else {
                throw fail(key, "a colour such as \"#2563eb\"")
            }
            return color
        }

        func colors(_ key: String) throws -> [Color]? {
            guard let value = object[key], value != .null else { return nil }
            guard case .array(let items) = value, !items.isEmpty else {
                throw fail(key, "a non-empty array of colours")
            }
            return try items.map { item in
                guard let color = item.stringValue.flatMap(ColorParser.parse) else {
                    throw fail(key, "an array of colours such as \"#2563eb\"")
                }
                return color
            }
        }

        func strings(_ key: String) throws -> [String]? {
            guard let value = object[key], value != .null else { return nil }
            guard case .array(let items) = value, case let strings = items.compactMap(\.stringValue),
                strings.count == items.count
            else { throw fail(key, "an array of strings") }
            return strings
        }

        func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws -> T?
        where T.RawValue == String {
            guard let value = object[key], value != .null else { return nil }
            guard let raw = value.stringValue, let choice = T(rawValue: raw) else {
                throw fail(key, "one of " + T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
            }
            return choice
        }
    }
}
