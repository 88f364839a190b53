import Foundation
import GalleyRender

/// Parses the template's COLOR values: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
/// `rgb(r,g,b)`, `rgba(r,g,b,a)` and CSS basic colour names.
enum ColorParser {
    static let named: [String: (UInt8, UInt8, UInt8)] = [
        "black": (0, 0, 0), "silver": (192, 192, 192), "gray": (128, 128, 128), "grey": (128, 128, 128),
        "white": (255, 255, 255), "maroon": (128, 0, 0), "red": (255, 0, 0), "purple": (128, 0, 128),
        "fuchsia": (255, 0, 255), "magenta": (255, 0, 255), "green": (0, 128, 0), "lime": (0, 255, 0),
        "olive": (128, 128, 0), "yellow": (255, 255, 0), "navy": (0, 0, 128), "blue": (0, 0, 255),
        "teal": (0, 128, 128), "aqua": (0, 255, 255), "cyan": (0, 255, 255), "orange": (255, 165, 0),
    ]

    static func parse(_ text: String) -> Color? {
        // Fast path: "#rrggbb", the common case, bound once per record (row backgrounds).
        if text.utf8.count == 7, text.utf8.first == UInt8(ascii: "#") {
            // The six digits accumulated in one integer (an array of them was an allocation per call).
            var rgb: UInt32 = 0
            var digits = 0
            for byte in text.utf8.dropFirst() {
                guard let digit = hexValue(byte) else { break }
                rgb = rgb << 4 | UInt32(digit)
                digits += 1
            }
            if digits == 6 {
                return Color(
                    rgb8: UInt8(rgb >> 16), UInt8(truncatingIfNeeded: rgb >> 8), UInt8(truncatingIfNeeded: rgb))
            }
        }
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "transparent" { return .clear }
        if let rgb = named[value] { return Color(rgb8: rgb.0, rgb.1, rgb.2) }
        if value.hasPrefix("#") { return hex(value.dropFirst()) }
        if value.hasPrefix("rgb") { return functional(value) }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let nibbles = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch nibbles.count {
        case 3, 4:
            let c = nibbles.map { $0 * 17 }
            return Color(rgb8: c[0], c[1], c[2], alpha: c.count == 4 ? Double(c[3]) / 255 : 1)
        case 6, 8:
            let c = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] * 16 + nibbles[$0 + 1] }
            return Color(rgb8: c[0], c[1], c[2], alpha: c.count == 4 ? Double(c[3]) / 255 : 1)
        default:
            return nil
        }
    }

    private static func functional(_ value: String) -> Color? {
        guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
        let name = value[..<open]
        let parts = value[value.index(after: open)..<value.index(before: value.endIndex)]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let numbers = parts.compactMap(Double.init)
        guard numbers.count == parts.count else { return nil }
        switch (name, numbers.count) {
        case ("rgb", 3), ("rgba", 4), ("rgba", 3):
            guard numbers.prefix(3).allSatisfy({ (0...255).contains($0) }) else { return nil }
            let alpha = numbers.count == 4 ? numbers[3] : 1
            guard (0...1).contains(alpha) else { return nil }
            return Color(red: numbers[0] / 255, green: numbers[1] / 255, blue: numbers[2] / 255, alpha: alpha)
        default:
            return nil
        }
    }
}
