import Foundation
import GalleyLayout
import GalleyRender

/// Reads template values by kind. Every function returns nil when the value is not of the
/// kind; `problem(_:_:)` says whether a value fits a kind at all (compile-time checks).
enum ValueReader {
    static func number(_ value: JSONValue) -> Double? {
        if case .number(let n) = value, n.value.isFinite { return n.value }
        return nil
    }

    /// A whole number in `range` as an `Int`; nil for anything else (a fraction, NaN, a number
    /// out of range — `Int(_:)` would trap on one past ±9.2e18).
    static func integer(_ value: JSONValue, in range: ClosedRange<Int>) -> Int? {
        guard let n = number(value), n.rounded() == n, Double(range.lowerBound) <= n, n <= Double(range.upperBound)
        else { return nil }
        return Int(exactly: n)
    }

    static func dimension(_ value: JSONValue) -> GalleyLayout.Dimension? {
        switch value {
        case .number(let n) where n.value.isFinite: return .points(n.value)
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed == "auto" { return .auto }
            if trimmed.hasSuffix("%"), let percent = Double(trimmed.dropLast()), percent.isFinite {
                return .fraction(percent / 100)
            }
            if trimmed.hasSuffix("pt"), let points = Double(trimmed.dropLast(2)), points.isFinite {
                return .points(points)
            }
            return nil
        default: return nil
        }
    }

    static func color(_ value: JSONValue) -> Color? {
        if case .string(let text) = value { return ColorParser.parse(text) }
        return nil
    }

    static func pair(_ value: JSONValue) -> (Double, Double)? {
        guard case .array(let items) = value, items.count == 2, let a = number(items[0]), let b = number(items[1])
        else { return nil }
        return (a, b)
    }

    /// One radius for every corner, or `[topLeft, topRight, bottomRight, bottomLeft]` (CSS `border-radius` order).
    static func corners(_ value: JSONValue) -> CornerRadii? {
        if let all = number(value) { return all >= 0 ? CornerRadii(all) : nil }
        guard case .array(let items) = value, items.count == 4 else { return nil }
        let radii = items.compactMap(number)
        guard radii.count == 4, radii.allSatisfy({ $0 >= 0 }) else { return nil }
        return CornerRadii(topLeft: radii[0], topRight: radii[1], bottomRight: radii[2], bottomLeft: radii[3])
    }

    /// A number, or `"inf"` for infinity (inset values and size-range maxima).
    static func numberOrInfinity(_ value: JSONValue) -> Double? {
        if case .string(let text) = value, ["inf", "infinity"].contains(text.lowercased()) { return .infinity }
        return number(value)
    }

    static func insets(_ value: JSONValue) -> EdgeInsets? {
        if let all = numberOrInfinity(value) { return EdgeInsets(top: all, left: all, bottom: all, right: all) }
        guard case .object(let object) = value else { return nil }
        var sides = [Double]()
        for side in ["top", "left", "bottom", "right"] {
            guard let v = object[side] else {
                sides.append(0)
                continue
            }
            guard let n = numberOrInfinity(v) else { return nil }
            sides.append(n)
        }
        guard object.keys.allSatisfy({ ["top", "left", "bottom", "right"].contains($0) }) else { return nil }
        return EdgeInsets(top: sides[0], left: sides[1], bottom: sides[2], right: sides[3])
    }

    /// Why `value` is not of `kind`, or nil when it is. Elements are checked by the compiler.
    static func problem(_ value: JSONValue, _ kind: ValueKind) -> String? {
        let fits: Bool
        switch kind {
        case .number: fits = number(value) != nil
        case .nonNegativeNumber: fits = (number(value) ?? -1) >= 0
        case .unitInterval: fits = number(value).map { (0...1).contains($0) } ?? false
        case .numberIn(let range): fits = number(value).map(range.contains) ?? false
        case .integer(let range): fits = integer(value, in: range) != nil
        case .bool: if case .bool = value { fits = true } else { fits = false }
        case .string: if case .string = value { fits = true } else { fits = false }
        case .dimension: fits = dimension(value) != nil
        case .color: fits = color(value) != nil
        case .choice(let values): fits = value.stringValue.map(values.contains) ?? false
        case .pair: fits = pair(value) != nil
        case .insets: fits = insets(value) != nil
        case .corners: fits = corners(value) != nil
        case .element, .object: if case .object = value { fits = true } else { fits = false }
        case .elements, .array: if case .array = value { fits = true } else { fits = false }
        case .any: fits = true
        case .numberOr(let range, let values):
            fits = number(value).map(range.contains) ?? value.stringValue.map(values.contains) ?? false
        }
        return fits ? nil : "expected \(kind.expectation), got \(describe(value))"
    }

    /// A short rendering of a value for error messages.
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
