import Galley
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

    /// `params: {kind: "bar" | "line", values: [number], labels?: [string], color?, axisColor?,
    /// gridColor?, maxValue?: number > 0}`.
    @Sendable static func makeChart(_ params: JSONValue) throws -> DisplayNode {
        let reader = try Params("chart", params)
        guard let kind = try reader.choice("kind", ChartNode.Kind.self) else {
            throw ParamsError(description: "chart: params.kind is required (\"bar\" or \"line\")")
        }
        guard case .array(let items)? = reader.object["values"],
            case let values = items.compactMap(\.numberValue), values.count == items.count
        else {
            throw ParamsError(description: "chart: params.values must be an array of numbers")
        }
        let node = ChartNode(kind: kind, values: values, labels: try reader.strings("labels") ?? [])
        if let color = try reader.color("color") { node.color = color }
        if let color = try reader.color("axisColor") { node.axisColor = color }
        if let color = try reader.color("gridColor") { node.gridColor = color }
        if let maxValue = try reader.number("maxValue") {
            guard maxValue > 0, maxValue.isFinite else {
                throw ParamsError(description: "chart: params.maxValue must be a number above 0")
            }
            node.maxValue = maxValue
        }
        return node
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
                throw ParamsError(description: "\(name): params must be an object, got \(ValueReader.describe(value))")
            }
        }

        private func fail(_ key: String, _ expected: String) -> ParamsError {
            ParamsError(description: "\(name): params.\(key) must be \(expected)")
        }

        func number(_ key: String) throws -> Double? {
            guard let value = object[key], value != .null else { return nil }
            guard let number = value.numberValue else { throw fail(key, "a number") }
            return number
        }

        func color(_ key: String) throws -> Color? {
            guard let value = object[key], value != .null else { return nil }
            guard let color = ValueReader.color(value) else { throw fail(key, "a colour such as \"#2563eb\"") }
            return color
        }

        func colors(_ key: String) throws -> [Color]? {
            guard let value = object[key], value != .null else { return nil }
            guard case .array(let items) = value, !items.isEmpty else {
                throw fail(key, "a non-empty array of colours")
            }
            return try items.map { item in
                guard let color = ValueReader.color(item) else {
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
