import Foundation

/// The address of a value inside a JSON document, printed as `$.body.children[2].type`.
///
/// Errors name a path so the user can find the value even when no source location is known
/// (for example in data that was built in code).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step from a container to a member.
    public enum Component: Hashable, Sendable {
        /// An object member by name.
        case key(String)
        /// An array element by 0-based index.
        case index(Int)
    }

    /// The steps from the root, outermost first. Empty for the root itself.
    public var components: [Component]

    /// The document root, `$`.
    public static let root = JSONPath()

    /// Creates a path from its steps; no steps means the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// This path extended by an object member.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// This path extended by an array element.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path of the containing value, or `nil` for the root.
    public var parent: JSONPath? {
        components.isEmpty ? nil : JSONPath(Array(components.dropLast()))
    }

    /// Paths longer than this many steps are printed with their middle elided.
    static let printedSteps = 24

    /// `$` followed by `.key` for identifier-like keys, `["key"]` for others and `[n]` for indices.
    /// A path past `printedSteps` steps (only hostile nesting makes one) keeps its first and
    /// last steps around `…(N more)…`, so an error stays one readable line.
    public var description: String {
        var text = "$"
        let half = Self.printedSteps / 2
        for (position, component) in components.enumerated() {
            if components.count > Self.printedSteps, position >= half, position < components.count - half {
                if position == half { text += "…(\(components.count - 2 * half) more)…" }
                continue
            }
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isIdentifier(key):
                text += ".\(key)"
            case .key(let key):
                let escaped = key.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                text += "[\"\(escaped)\"]"
            }
        }
        return text
    }

    /// Whether `key` can be printed after a dot: ASCII letter, `_` or `$`, then also digits.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
                return true
            default:
                return false
            }
        }
    }
}
