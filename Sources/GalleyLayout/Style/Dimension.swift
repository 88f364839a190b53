import Foundation

/// A length that is automatic, in points, or a fraction of the parent's length (Texture's `ASDimension`).
///
/// Example: `Dimension.fraction(0.5).resolve(parent: 300, autoValue: 0) == 150`, and
/// `Dimension(parsing: "50%") == .fraction(0.5)`.
public enum Dimension: Hashable, Sendable {
    /// No value: resolves to the caller's auto value.
    case auto
    /// A length in points.
    case points(Double)
    /// A fraction (0...1) of the parent's length.
    case fraction(Double)

    /// Whether the dimension is a fraction of the parent's length.
    public var isFraction: Bool {
        if case .fraction = self { return true }
        return false
    }

    /// `ASDimensionResolve`: autoValue for `.auto`, the value for `.points`, value × parent for `.fraction`
    /// (NaN for an undefined parent, infinity for an infinite one).
    @inline(__always)
    public func resolve(parent: Double, autoValue: Double) -> Double {
        switch self {
        case .auto: return autoValue
        case .points(let value): return value
        case .fraction(let value): return value * parent
        }
    }

    /// Parses Texture's string form (`ASDimensionMake(NSString *)`): `"10pt"` is points, `"50%"` a fraction,
    /// and `"auto"` or **any other string, such as `"100"`, is `.auto`**, as in Texture.
    ///
    /// Returns nil only when a `pt` or `%` suffix follows something that is not a number (`"wide%"`), which
    /// Texture would silently read as 0.
    public init?(parsing string: String) {
        let text = string.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("pt") {
            guard let value = Double(text.dropLast(2).trimmingCharacters(in: .whitespaces)) else { return nil }
            self = .points(value)
        } else if text.hasSuffix("%") {
            guard let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)) else { return nil }
            self = .fraction(value / 100)
        } else {
            self = .auto
        }
    }
}

extension Dimension: CustomStringConvertible {
    /// `NSStringFromASDimension`: `"10pt"` (`%.0fpt`), `"50%"` (`%.0f%%`), or `"Auto"`.
    public var description: String {
        switch self {
        case .auto: return "Auto"
        case .points(let value): return String(format: "%.0fpt", value)
        case .fraction(let value): return String(format: "%.0f%%", value * 100)
        }
    }
}

/// A width and a height as dimensions (Texture's `ASLayoutSize`).
public struct LayoutSize: Hashable, Sendable {
    /// The horizontal dimension.
    public var width: Dimension
    /// The vertical dimension.
    public var height: Dimension

    /// Creates a layout size from two dimensions.
    public init(width: Dimension, height: Dimension) {
        self.width = width
        self.height = height
    }

    /// Both dimensions auto.
    public static let auto = LayoutSize(width: .auto, height: .auto)

    /// `ASLayoutSizeResolveSize`: resolves both dimensions against a parent size.
    public func resolve(parentSize: Size, autoSize: Size) -> Size {
        Size(
            width: width.resolve(parent: parentSize.width, autoValue: autoSize.width),
            height: height.resolve(parent: parentSize.height, autoValue: autoSize.height)
        )
    }
}

extension LayoutSize: CustomStringConvertible {
    /// `NSStringFromASLayoutSize`: `{100pt, 50%}`.
    public var description: String { "{\(width), \(height)}" }
}
