import Galley
import GalleyText

/// One element of a template, compiled: its type, bound-or-literal properties, element slots
/// (`child`, `overlay`, …), children, and its `if` / `each` directives.
final class ElementTemplate: Sendable {
    struct Repetition: Sendable {
        let items: CompiledValue
        /// The name the current item goes by inside the repeated element (`as`, default "item").
        let name: String
    }

    let type: String
    let path: JSONPath
    /// `FILE:LINE:COL: at PATH`, the element's place as errors and warnings name it.
    let originDescription: String
    let condition: CompiledValue?
    let repetition: Repetition?
    let properties: [String: CompiledValue]
    /// The literal properties, evaluated once: every record starts from this dictionary.
    let literalValues: [String: JSONValue]
    /// The properties with bindings, evaluated per record.
    let boundProperties: [(key: String, value: CompiledValue)]
    /// Every property key, its UTF-8 length and where its value is (`propertyValue(_:bound:)`):
    /// a few keys per element, so a scan that compares lengths first beats hashing the key.
    private let lookupKeys: [String]
    private let lookupLengths: [Int]
    /// The literal value of each key in `lookupKeys`, or its index in `boundProperties`.
    private let lookupSlots: [LookupSlot]
    /// A bit per key length (modulo 64): most absent keys are rejected without a comparison.
    private let lookupLengthMask: UInt64

    private enum LookupSlot: Sendable {
        case literal(JSONValue)
        case bound(Int)
    }

    /// The style keys (StyleApplier) this element sets, so only those are looked up.
    let styleKeys: [String]
    /// Whether any layer key (LayerApplier) is set, so elements without one skip those lookups.
    let hasLayerKeys: Bool
    /// Whether any pagination key (`applyPagination`) is set, so elements without one skip it.
    let hasPaginationKeys: Bool
    /// Whether any paragraph key (TextBuilder) is set, so text without one keeps the default.
    let hasParagraphKeys: Bool
    /// Whether `id` or `debugName` is set.
    let hasIdentityKeys: Bool
    /// `lang`: the language of this element and its subtree (filters, text), when set.
    let language: CompiledValue?
    /// `lang` checked once when it is a literal (a bound one is checked per record).
    let literalLocale: FormatLocale?
    /// `dir`: the base direction of this element and its subtree, when set.
    let direction: CompiledValue?
    /// The literal TEXTSTYLE keys (TextBuilder) that are not null, applied to every record's style
    /// without going through the other keys.
    let literalTextStyle: [(key: String, value: JSONValue)]
    let slots: [String: ElementTemplate]
    let children: [ElementTemplate]
    /// The key each child came from (`children`, or a table's `header` / `rows`, a row's `cells`).
    let childKeys: [String]

    init(
        type: String, path: JSONPath, origin: String, condition: CompiledValue?, repetition: Repetition?,
        properties: [String: CompiledValue], slots: [String: ElementTemplate], children: [ElementTemplate],
        childKeys: [String] = []
    ) {
        self.type = type
        self.path = path
        originDescription = origin
        self.condition = condition
        self.repetition = repetition
        self.properties = properties
        var literalValues = [String: JSONValue]()
        var boundProperties = [(key: String, value: CompiledValue)]()
        for (key, value) in properties {
            if case .literal(let literal) = value {
                literalValues[key] = literal
            } else {
                boundProperties.append((key, value))
            }
        }
        self.literalValues = literalValues
        self.boundProperties = boundProperties.sorted { $0.key < $1.key }
        var lookupKeys = [String]()
        var lookupSlots = [LookupSlot]()
        for (index, bound) in self.boundProperties.enumerated() {
            lookupKeys.append(bound.key)
            lookupSlots.append(.bound(index))
        }
        for (key, value) in literalValues.sorted(by: { $0.key < $1.key }) {
            lookupKeys.append(key)
            lookupSlots.append(.literal(value))
        }
        self.lookupKeys = lookupKeys
        self.lookupSlots = lookupSlots
        lookupLengths = lookupKeys.map(\.utf8.count)
        lookupLengthMask = lookupLengths.reduce(0) { $0 | (1 &<< UInt64($1 & 63)) }
        styleKeys = StyleApplier.keys.filter { properties[$0] != nil }
        hasLayerKeys = properties.keys.contains(where: LayerApplier.keys.contains)
        hasPaginationKeys = properties.keys.contains(where: ElementBuilder.paginationKeys.contains)
        hasParagraphKeys = properties.keys.contains(where: TextBuilder.paragraphKeys.contains)
        hasIdentityKeys = properties["id"] != nil || properties["debugName"] != nil
        language = properties["lang"]
        literalLocale = language?.literal?.stringValue.flatMap(FormatLocale.init(tag:))
        direction = properties["dir"]
        literalTextStyle = literalValues.filter { TextBuilder.styleKeys.contains($0.key) && $0.value != .null }
            .sorted { $0.key < $1.key }
        self.slots = slots
        self.children = children
        self.childKeys = childKeys.count == children.count ? childKeys : children.map { _ in "children" }
    }
}

/// A node built from an element names it by the element's file location and JSON path in
/// warnings.
extension ElementTemplate: NodeOrigin {}

extension ElementTemplate {
    /// The value of property `key`: its literal, or its entry in `bound` (the values of
    /// `boundProperties` for one record); nil when the element does not set it.
    func propertyValue(_ key: String, bound: [JSONValue]) -> JSONValue? {
        let length = key.utf8.count
        guard lookupLengthMask & (1 &<< UInt64(length & 63)) != 0 else { return nil }
        for index in lookupLengths.indices where lookupLengths[index] == length && lookupKeys[index] == key {
            switch lookupSlots[index] {
            case .literal(let value): return value
            case .bound(let slot): return bound[slot]
            }
        }
        return nil
    }
}
