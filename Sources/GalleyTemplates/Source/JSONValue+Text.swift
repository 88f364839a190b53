/// Rendering values as text: compact JSON, and the form used when a value is interpolated into a string.
extension JSONValue {
    /// Compact JSON text for this value (`NaN` and `Infinity` are written JSON5-style).
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The text a value contributes to an interpolated string such as `"Total: {{total}}"`.
    ///
    /// Strings are inserted as they are, numbers as they were written (``JSONNumber/text``: `1.50`
    /// stays `1.50`, a 20-digit ID stays whole; a number made from a `Double` in its shortest form,
    /// `3` for 3.0), bools as `true`/`false`, `null` as the empty string, and arrays and objects as
    /// compact JSON.
    public var interpolationText: String {
        switch self {
        case .string(let string): return string
        case .number(let number): return number.text
        case .bool(let bool): return bool ? "true" : "false"
        case .null: return ""
        case .array, .object: return jsonText
        }
    }

    /// `3` for 3.0, `-0` for -0.0 is written `0`, `2.5` for 2.5, `1e+300` for 1e300.
    static func numberText(_ number: Double) -> String { JSONNumber.binaryText(number) }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += number.jsonText
        case .string(let string): Self.writeQuoted(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, entry) in object.entries.enumerated() {
                if index > 0 { output += "," }
                Self.writeQuoted(entry.key, to: &output)
                output += ":"
                entry.value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
