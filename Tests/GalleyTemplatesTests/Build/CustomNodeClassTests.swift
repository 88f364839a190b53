import Foundation
import Galley
import GalleyLayout
import GalleyTemplates
import Testing

/// The built-in `rainbow` and `chart` classes reached from templates, and their params errors.
@Suite("custom node classes")
struct CustomNodeClassTests {
    static func canvas(_ node: String, data: JSONValue = .object(JSONObject())) throws -> Canvas {
        let template = try Template(text: "{galley: 1, size: [200, 100], body: \(node)}")
        return try #require(try template.bind(data) as? Canvas)
    }

    static func message(_ node: String) -> String? {
        do {
            _ = try canvas(node)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func standardRegistryHasTheBuiltInClasses() {
        #expect(NodeClassRegistry.standard.names.contains("rainbow"))
        #expect(NodeClassRegistry.standard.names.contains("chart"))
    }

    @Test func paramsAreReadAndBound() throws {
        let data = JSONValue.object(
            JSONObject([
                ("sales", .array([.number(3), .number(5)])), ("months", .array([.string("a"), .string("b")])),
            ]))
        let canvas = try Self.canvas(
            #"{type: "node", class: "chart", params: {kind: "line", values: "{{sales}}", labels: "{{months}}", maxValue: 10}}"#,
            data: data)
        let chart = try #require(canvas.nodeFrames().compactMap { $0.node as? ChartNode }.first)
        #expect(chart.kind == .line && chart.values == [3, 5] && chart.labels == ["a", "b"] && chart.maxValue == 10)
        let rainbowCanvas = try Self.canvas(
            ##"{type: "node", class: "rainbow", params: {stripes: 3, direction: "vertical", colors: ["#ff0000"]}}"##)
        let rainbows = rainbowCanvas.nodeFrames().compactMap { $0.node as? RainbowNode }
        let rainbow = try #require(rainbows.first)
        #expect(
            rainbow.stripes == 3 && rainbow.direction == RainbowNode.Direction.vertical && rainbow.colors.count == 1)
    }

    @Test func badParamsGiveClearMessages() {
        let cases: [(String, String)] = [
            (#"{kind: "bar", values: [1, "x"]}"#, "chart: params.values must be an array of numbers"),
            (#"{values: [1]}"#, "chart: params.kind is required"),
            (#"{kind: "radar", values: [1]}"#, #"chart: params.kind must be one of "bar", "line", "area", "pie""#),
            (#"{kind: "bar", values: [1], maxValue: -2}"#, "chart: params.maxValue must be a number above 0"),
            (#"{kind: "bar", values: [1], labels: [1]}"#, "chart: params.labels must be an array of strings"),
        ]
        for (params, expected) in cases {
            let message = Self.message(#"{type: "node", class: "chart", params: \#(params)}"#)
            #expect(message?.contains(expected) == true, "\(message ?? "no error")")
        }
        let rainbow = Self.message(#"{type: "node", class: "rainbow", params: {stripes: 0}}"#)
        #expect(rainbow?.contains("rainbow: params.stripes must be a whole number") == true, "\(rainbow ?? "no error")")
        let colours = Self.message(#"{type: "node", class: "rainbow", params: {colors: ["nope"]}}"#)
        #expect(
            colours?.contains("rainbow: params.colors must be an array of colours") == true, "\(colours ?? "no error")")
    }
}
