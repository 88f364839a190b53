import GalleyLayout
import GalleyRender

/// One element's properties evaluated for one record, read by kind. A value of the wrong kind
/// (possible only through a binding; literals were checked at compile time) is an error that
/// names the record, the key's place in the template and what was expected.
struct BoundProperties {
    let element: ElementTemplate
    /// The values of `element.boundProperties`, in their order.
    let boundValues: [JSONValue]
    let site: BuildSite

    init(_ element: ElementTemplate, scope: BindingScope, site: BuildSite) throws(TemplateError) {
        self.element = element
        self.site = site
        // Literals were evaluated at compile time and are read from the element; only bindings
        // are evaluated per record (no per-record dictionary).
        var boundValues = [JSONValue]()
        if !element.boundProperties.isEmpty {
            boundValues.reserveCapacity(element.boundProperties.count)
            for (key, compiled) in element.boundProperties {
                boundValues.append(try site.evaluate(compiled, in: scope, at: element.path.appending(key)))
            }
        }
        self.boundValues = boundValues
    }

    subscript(key: String) -> JSONValue? { element.propertyValue(key, bound: boundValues) }

    /// The bound properties with their values for this record, in key order.
    var boundEntries: Zip2Sequence<[(key: String, value: CompiledValue)], [JSONValue]> {
        zip(element.boundProperties, boundValues)
    }

    private func read<T>(_ key: String, _ kind: ValueKind, _ parse: (JSONValue) -> T?) throws(TemplateError) -> T? {
        guard let value = self[key], value != .null else { return nil }
        if let problem = ValueReader.problem(value, kind) {
            throw site.error(at: element.path.appending(key), problem + " (from a binding)")
        }
        guard let parsed = parse(value) else {
            throw site.error(
                at: element.path.appending(key), "expected \(kind.expectation), got \(ValueReader.describe(value))")
        }
        return parsed
    }

    func number(_ key: String, _ kind: ValueKind = .number) throws(TemplateError) -> Double? {
        try read(key, kind, ValueReader.number)
    }

    /// A whole number in `range` (`ValueLimits`): anything else — a fraction, a number too
    /// large for an `Int`, one out of range — is a located error, never a conversion trap.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(TemplateError) -> Int? {
        try read(key, .integer(range)) { ValueReader.integer($0, in: range) }
    }

    func bool(_ key: String) throws(TemplateError) -> Bool? { try read(key, .bool, \.boolValue) }

    func string(_ key: String) throws(TemplateError) -> String? {
        guard let value = self[key], value != .null else { return nil }
        switch value {
        case .string(let s): return s
        case .number, .bool: return value.interpolationText
        default:
            throw site.error(at: element.path.appending(key), "expected a string, got \(ValueReader.describe(value))")
        }
    }

    func dimension(_ key: String) throws(TemplateError) -> GalleyLayout.Dimension? {
        try read(key, .dimension, ValueReader.dimension)
    }
    func color(_ key: String) throws(TemplateError) -> Color? { try read(key, .color, ValueReader.color) }
    func corners(_ key: String) throws(TemplateError) -> CornerRadii? { try read(key, .corners, ValueReader.corners) }
    func insets(_ key: String) throws(TemplateError) -> EdgeInsets? { try read(key, .insets, ValueReader.insets) }

    func point(_ key: String) throws(TemplateError) -> Point? {
        try read(key, .pair, ValueReader.pair).map { Point(x: $0.0, y: $0.1) }
    }

    func size(_ key: String) throws(TemplateError) -> Size? {
        try read(key, .pair, ValueReader.pair).map { Size(width: max(0, $0.0), height: max(0, $0.1)) }
    }

    /// An enum from its template string.
    func choice<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(TemplateError) -> T?
    where T.RawValue == String {
        guard let value = self[key], value != .null else { return nil }
        guard let text = value.stringValue, let parsed = T(rawValue: text) else {
            let kind = ElementSchema.keys(for: element.type)?[key] ?? .string
            throw site.error(
                at: element.path.appending(key), "expected \(kind.expectation), got \(ValueReader.describe(value))")
        }
        return parsed
    }
}
