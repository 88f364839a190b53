/// A JSON object that keeps its members in source order.
///
/// Order matters for templates (style keys, error messages, round-tripping), so members are an
/// ordered list rather than a dictionary. Equality and hashing are order-sensitive: two objects
/// are equal when they have the same members in the same order. Lookup by key is a linear
/// scan, which is the fastest choice for the small objects templates and records consist of.
public struct JSONObject: Hashable, Sendable {
    /// The members in source order. Keys are unique when the object comes from ``JSONParser``.
    public var entries: [(key: String, value: JSONValue)]

    /// Creates an object from ordered members.
    public init(_ entries: [(key: String, value: JSONValue)] = []) {
        self.entries = entries
    }

    /// The value of the member named `key`, or `nil` when there is none.
    ///
    /// Setting a value replaces an existing member in place or appends a new one; setting `nil`
    /// removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The member names in source order.
    public var keys: [String] { entries.map(\.key) }

    /// The number of members.
    public var count: Int { entries.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `lhs` and `rhs` have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (left, right) in zip(lhs.entries, rhs.entries) where left.key != right.key || left.value != right.value {
            return false
        }
        return true
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}
