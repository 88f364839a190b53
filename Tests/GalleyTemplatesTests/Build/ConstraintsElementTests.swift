import Foundation
import Galley
import GalleyLayout
import GalleyTemplates
import Testing

/// The template `constraints` element: anchors named by child ids, bound constants, multipliers and priorities,
/// intrinsic sizes, located errors, conflicts that fail the render and ambiguity that `galley check` warns about.
@Suite("constraints element")
struct ConstraintsElementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func canvas(_ body: String, size: String = "[400, 200]", data: String = "{}") throws -> Canvas {
        let template = try Template(text: "{galley: 1, size: \(size), body: \(body)}")
        return try #require(try template.bind(try JSONParser.parse(data, file: "data").value) as? Canvas)
    }

    /// Frames of the identified nodes.
    static func frames(_ canvas: Canvas) -> [String: Rect] {
        var result: [String: Rect] = [:]
        for (node, frame) in canvas.nodeFrames() { if let id = node.identifier { result[id] = frame } }
        return result
    }

    static func message(_ body: String, data: String = "{}") -> String {
        do {
            let canvas = try canvas(body, data: data)
            _ = try canvas.displayPage()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static let yellowBlue = """
        {type: "constraints",
         children: [{type: "box", id: "yellow", background: "#ff0"}, {type: "box", id: "blue", background: "#00f"}],
         constraints: [
           {first: "yellow.leading", second: "parent.leading", constant: 20},
           {first: "yellow.top", second: "parent.top", constant: 20},
           {first: "yellow.bottom", second: "parent.bottom", constant: -20},
           {first: "blue.top", second: "parent.top", constant: 20},
           {first: "blue.bottom", second: "parent.bottom", constant: -20},
           {first: "yellow.width", second: "blue.width"},
           {first: "blue.leading", second: "yellow.trailing", constant: "{{spacing}}"},
           {first: "blue.trailing", second: "parent.trailing", constant: -20, priority: "{{blue}}"},
           {first: "yellow.trailing", relation: "==", second: "parent.trailing", constant: -20, priority: "{{yellow}}"}]}
        """

    @Test func boundConstantsAndPrioritiesAreTwoLayouts() throws {
        let on = Self.frames(try Self.canvas(Self.yellowBlue, data: #"{spacing: 10, yellow: "low", blue: 750}"#))
        #expect(on["yellow"] == Rect(x: 20, y: 20, width: 175, height: 160))
        #expect(on["blue"] == Rect(x: 205, y: 20, width: 175, height: 160))
        let off = Self.frames(try Self.canvas(Self.yellowBlue, data: #"{spacing: 100, yellow: "high", blue: 250}"#))
        #expect(off["yellow"] == Rect(x: 20, y: 20, width: 360, height: 160))
        #expect(off["blue"] == Rect(x: 480, y: 20, width: 360, height: 160))
    }

    @Test func seedTemplatesLayOutAsTheSeedDescribes() throws {
        let template = try Template.load(
            path: Self.root.appendingPathComponent("Templates/constraints-switch.json").path)
        let off = Self.frames(try #require(try template.bind(template.sampleData ?? .null) as? Canvas))
        let onData = try JSONParser.parse(
            try String(
                contentsOf: Self.root.appendingPathComponent("Templates/data/constraints-switch-on.json"),
                encoding: .utf8), file: "on"
        ).value
        let on = Self.frames(try #require(try template.bind(onData) as? Canvas))
        #expect(on["yellow"]?.width == 175 && on["blue"]?.width == 175)
        #expect(on["blue"]?.minX == 205, "10 pt after yellow")
        #expect(off["yellow"]?.width == 360 && off["blue"]?.minX == 480, "blue pushed off the 400 pt canvas")
        #expect(on["switch"]?.size == Size(width: 51, height: 31) && off["switch"]?.size == on["switch"]?.size)
        #expect(
            on["knob"]?.minX == (on["switch"]?.minX ?? 0) + 22 && off["knob"]?.minX == (off["switch"]?.minX ?? 0) + 2)
    }

    @Test func intrinsicSizesHugAndResist() throws {
        // A box measured 80×30 pulled to the trailing edge at 500: hugging below 500 lets it stretch, above
        // 500 keeps it at 80; without its intrinsic size it rests at zero height.
        func frame(_ intrinsic: String) throws -> Rect? {
            let body = """
                {type: "constraints", children: [{type: "box", id: "b", size: [80, 30]}],
                 constraints: [{first: "b.leading", second: "parent.leading"}, {first: "b.top", second: "parent.top"},
                               {first: "b.trailing", second: "parent.trailing", priority: 500}],
                 intrinsicSize: [\(intrinsic)]}
                """
            return Self.frames(try Self.canvas(body))["b"]
        }
        #expect(try frame(#"{child: "b", contentHugging: [200, "low"]}"#) == Rect(x: 0, y: 0, width: 400, height: 30))
        #expect(try frame(#"{child: "b", contentHugging: 600}"#) == Rect(x: 0, y: 0, width: 80, height: 30))
        #expect(try frame(#"{child: "b", enabled: false}"#) == Rect(x: 0, y: 0, width: 400, height: 0))
    }

    @Test func errorsNameTheConstraint() {
        let child = #"children: [{type: "box", id: "a", size: [10, 10]}]"#
        let unknown = Self.message(
            #"{type: "constraints", \#(child), constraints: [{first: "b.left", second: "parent.left"}]}"#)
        #expect(
            unknown.contains("$.body.constraints[0].first") && unknown.contains("no child is named \"b\""), "\(unknown)"
        )
        #expect(unknown.contains("did you mean \"a\""), "suggests the nearest name: \(unknown)")
        let attribute = Self.message(#"{type: "constraints", \#(child), constraints: [{first: "a.middle"}]}"#)
        #expect(attribute.contains("is not an anchor") && attribute.contains("firstBaseline"), "\(attribute)")
        let priority = Self.message(
            #"{type: "constraints", \#(child), constraints: [{first: "a.width", constant: 5, priority: "{{p}}"}]}"#,
            data: "{p: 1001}")
        #expect(priority.contains("constraints[0].priority") && priority.contains("from 1 to 1000"), "\(priority)")
        let key = Self.message(#"{type: "constraints", \#(child), constraints: [{first: "a.width", constnat: 5}]}"#)
        #expect(key.contains("unknown key \"constnat\"") && key.contains("constant"), "\(key)")
        let rule = Self.message(
            #"{type: "constraints", \#(child), constraints: [{first: "a.leading", second: "parent.left"}]}"#)
        #expect(rule.contains("$.body.constraints[0]") && rule.contains("leading/trailing"), "\(rule)")
        let twice = Self.message(
            #"{type: "constraints", children: [{type: "box", id: "a"}, {type: "box", id: "a"}], constraints: [{first: "a.width", constant: 1}]}"#
        )
        #expect(twice.contains("2 children are named \"a\""), "\(twice)")
    }

    @Test func conflictingRequiredConstraintsFailTheRenderNamingThem() throws {
        let body = """
            {type: "constraints", children: [{type: "box", id: "card"}],
             constraints: [{first: "card.leading", second: "parent.leading", constant: 20},
                           {first: "card.trailing", second: "parent.trailing", constant: -20},
                           {first: "card.top", second: "parent.top"}, {first: "card.height", constant: 10},
                           {id: "wide", first: "card.width", constant: 500}]}
            """
        let canvas = try Self.canvas(body)
        // Laid out as Auto Layout does (the later constraint left out), so `galley layout` can show it…
        #expect(Self.frames(canvas)["card"]?.width == 360)
        // …but it cannot be drawn: the error names the element and the conflicting constraints.
        #expect(throws: ConstraintLayoutFailure.self) { try canvas.displayPage() }
        let message = Self.message(body)
        #expect(message.contains("at $.body"), "\(message)")
        #expect(message.contains("required constraints conflict"), "\(message)")
        #expect(message.contains("constraints[0] card.leading == parent.leading + 20"), "\(message)")
        #expect(message.contains("constraints[4] wide: card.width == 500"), "\(message)")
    }

    @Test func ambiguousLayoutsAreWarnings() throws {
        // Two boxes share 300 pt between them at equal hugging: their split is not determined.
        let body = """
            {type: "constraints", children: [{type: "box", id: "a", size: [20, 10]}, {type: "box", id: "b", size: [20, 10]}],
             constraints: [{first: "a.leading", second: "parent.leading"}, {first: "b.leading", second: "a.trailing"},
                           {first: "b.trailing", second: "parent.trailing"},
                           {first: "a.top", second: "parent.top"}, {first: "b.top", second: "parent.top"}]}
            """
        let warnings = try Self.canvas(body, size: "[300, 100]").warnings().map(\.message)
        #expect(
            warnings.contains { $0.contains("(a)") && $0.contains("width") && $0.contains("ambiguous") }, "\(warnings)")
        #expect(try Self.canvas(Self.yellowBlue, data: #"{spacing: 10, yellow: "low", blue: 750}"#).warnings().isEmpty)
    }
}
