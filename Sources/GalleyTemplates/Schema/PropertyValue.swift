import GalleyLayout
import GalleyRender

/// A template value checked against its key's kind and converted once — a literal when the template is
/// loaded, a bound value when its record is bound — into what it means: a length in points, a colour, a
/// `StackDirection`. The appliers of the property table (``Property/apply``) receive these, never JSON.
enum PropertyValue: Sendable {
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case text(String)
    case dimension(GalleyLayout.Dimension)
    case color(Color)
    case point(Point)
    case size(Size)
    case corners(CornerRadii)
    case insets(EdgeInsets)
    case texts([String])
    /// Any value, unconverted (`params` of a custom node, `sampleData`).
    case json(JSONValue)
    /// An enum case or a structure built from an object (a `StackDirection`, a `Shadow`).
    case typed(any Sendable)

    var number: Double {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: 0
        }
    }

    var integer: Int {
        if case .integer(let value) = self { return value }
        return 0
    }

    var bool: Bool {
        if case .bool(let value) = self { return value }
        return false
    }

    var text: String {
        if case .text(let value) = self { return value }
        return ""
    }

    var dimension: GalleyLayout.Dimension {
        if case .dimension(let value) = self { return value }
        return .auto
    }

    var color: Color {
        if case .color(let value) = self { return value }
        return .black
    }

    var point: Point {
        if case .point(let value) = self { return value }
        return .zero
    }

    var size: Size {
        if case .size(let value) = self { return value }
        return .zero
    }

    var corners: CornerRadii {
        if case .corners(let value) = self { return value }
        return .zero
    }

    var insets: EdgeInsets {
        if case .insets(let value) = self { return value }
        return EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    }

    var texts: [String] {
        if case .texts(let value) = self { return value }
        return []
    }

    var json: JSONValue {
        if case .json(let value) = self { return value }
        return .null
    }

    /// The enum case or structure, when it is a `T`.
    func typed<T>(_ type: T.Type) -> T? {
        if case .typed(let value) = self { return value as? T }
        return nil
    }
}

/// Why a value does not fit its kind: the message, what to do, and where inside the value (`[2].width`).
struct PropertyProblem: Error, Sendable {
    var path: [JSONPath.Component] = []
    var message: String
    var hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    /// "expected …, got …".
    static func expected(_ expectation: String, got value: JSONValue, hint: String? = nil) -> PropertyProblem {
        PropertyProblem("expected \(expectation), got \(ValueText.describe(value))", hint: hint)
    }

    /// The same problem one level further out (`.width` inside `[2]`).
    func inside(_ component: JSONPath.Component) -> PropertyProblem {
        var problem = self
        problem.path.insert(component, at: 0)
        return problem
    }
}

/// A short rendering of a value for error messages.
enum ValueText {
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n.text
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
