/// The core of ``JSONParser``, working on UTF-8 bytes.
///
/// Values, containers and the source map are built here; scalars and trivia live in the
/// `ParserCore+Scalars` and `ParserCore+Trivia` files.
struct ParserCore {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var depth = 0
    /// Source map nodes in pre-order, one per value.
    var nodes: [SourceMap.Node] = []

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        nodes.reserveCapacity(max(16, bytes.count / 16))
    }

    /// Parses one value followed only by trivia.
    mutating func parseDocument() throws(ParseFailure) -> JSONValue {
        let value = try parseValue()
        try skipTrivia()
        if position < bytes.count {
            throw failure(
                "unexpected \(describeCurrent()) after the end of the document",
                hint: "a document holds one value; remove the extra text or wrap the values in an array")
        }
        return value
    }

    /// Parses any value at the current position and records its source map node.
    ///
    /// Iterative: open arrays and objects are frames on an explicit stack rather than nested
    /// calls, so nesting costs heap, not thread stack (a debug build's recursive frames were
    /// 5 KB a level, and a 512 KB thread overflowed at about 100 levels). Depth is still
    /// bounded by ``JSONParser/maximumDepth`` for what walks the value afterwards.
    mutating func parseValue() throws(ParseFailure) -> JSONValue {
        var stack: [Container] = []
        do throws(ParseFailure) {
            var completed = try beginValue(&stack)
            while true {
                if let value = completed {
                    guard !stack.isEmpty else { return value }
                    completed = try resume(&stack, child: value)
                } else {
                    // The innermost container wants its next member or element.
                    completed = try beginValue(&stack)
                }
            }
        } catch {
            // The path of an error is the member or element each open container was reading.
            var error = error
            error.reversedPath.append(contentsOf: stack.reversed().compactMap(\.component))
            throw error
        }
    }

    /// One open array or object.
    private struct Container {
        let isObject: Bool
        let openOffset: Int
        /// Its source map node.
        let nodeIndex: Int
        var entries: [(key: String, value: JSONValue)] = []
        var elements: [JSONValue] = []
        /// Small objects check duplicates by scanning; larger ones switch to a set.
        var keySet = Set<String>()
        /// The member being read: its key, the key's offset and its value's node.
        var key = ""
        var keyOffset = 0
        var childNode = 0
        /// The path step an error here is reported under (nil between members).
        var component: JSONPath.Component?
    }

    /// Starts the value at the current position: a scalar is returned whole; an opening bracket
    /// pushes a container and reads up to its first member (nil: the member comes next).
    private mutating func beginValue(_ stack: inout [Container]) throws(ParseFailure) -> JSONValue? {
        try skipTrivia()
        guard position < bytes.count else {
            throw failure("unexpected end of input", hint: "expected a value")
        }
        let nodeIndex = nodes.count
        nodes.append(SourceMap.Node(valueOffset: position, keyOffset: -1, subtreeSize: 1))
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try enterContainer()
            stack.append(
                Container(isObject: bytes[position] == UInt8(ascii: "{"), openOffset: position, nodeIndex: nodeIndex))
            position += 1
            return try resume(&stack, child: nil)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseString())
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return .number(try parseNumber())
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            return try parseWord()
        default:
            throw failure(
                "unexpected \(describeCurrent())",
                hint: "expected a value: an object, array, string, number, true, false or null")
        }
    }

    /// Continues the innermost container after `child` (its member's value, or nil right after
    /// the opening bracket): returns the finished container, or nil when a value comes next.
    private mutating func resume(_ stack: inout [Container], child: JSONValue?) throws(ParseFailure) -> JSONValue? {
        let top = stack.count - 1
        if stack[top].isObject {
            if let child {
                nodes[stack[top].childNode].keyOffset = stack[top].keyOffset
                // Room for a record's small objects at once: grown from empty one member at a
                // time, an array reallocated at 1, 2 and 4 members (8% of reading a record).
                if stack[top].entries.isEmpty { stack[top].entries.reserveCapacity(8) }
                stack[top].entries.append((key: stack[top].key, value: child))
                stack[top].component = nil
                try skipTrivia()
                guard position < bytes.count else { throw unterminated("object", openOffset: stack[top].openOffset) }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                } else if bytes[position] != UInt8(ascii: "}") {
                    stack[top].component = .key(stack[top].key)
                    throw failure(
                        "expected ',' or '}' after the value of '\(stack[top].key)', found \(describeCurrent())",
                        hint: "separate members with commas")
                }
            }
            // Not a ternary: `nil` there would be JSONValue's nil literal, `.null`.
            if try nextMember(&stack[top]) { return nil }
            return finish(&stack)
        }
        if let child {
            if stack[top].elements.isEmpty { stack[top].elements.reserveCapacity(8) }
            stack[top].elements.append(child)
            try skipTrivia()
            let index = stack[top].elements.count - 1
            stack[top].component = nil
            guard position < bytes.count else { throw unterminated("array", openOffset: stack[top].openOffset) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: "]") {
                stack[top].component = .index(index)
                throw failure(
                    "expected ',' or ']' after element \(index), found \(describeCurrent())",
                    hint: "separate elements with commas")
            }
        }
        try skipTrivia()
        guard position < bytes.count else { throw unterminated("array", openOffset: stack[top].openOffset) }
        if bytes[position] == UInt8(ascii: "]") { return finish(&stack) }
        // The element's errors, and those of the trivia after it, are reported at its index.
        stack[top].component = .index(stack[top].elements.count)
        return nil
    }

    /// Reads up to the next member's value (true), or past the closing `}` (false).
    private mutating func nextMember(_ object: inout Container) throws(ParseFailure) -> Bool {
        try skipTrivia()
        guard position < bytes.count else { throw unterminated("object", openOffset: object.openOffset) }
        if bytes[position] == UInt8(ascii: "}") { return false }
        let keyOffset = position
        let key = try parseKey()
        if let firstIndex = duplicateIndex(of: key, in: object.entries, keySet: &object.keySet) {
            let firstNode = childNodeIndex(parent: object.nodeIndex, position: firstIndex)
            var error = failure(
                "duplicate key '\(key)' (first defined at \(ParseFailure.relatedPlaceholder))",
                hint: "remove or rename one of them", at: keyOffset)
            error.relatedOffset = nodes[firstNode].keyOffset
            error.reversedPath.append(.key(key))
            throw error
        }
        try skipTrivia()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw failure("expected ':' after key '\(key)', found \(describeCurrent())")
        }
        position += 1
        object.key = key
        object.keyOffset = keyOffset
        object.childNode = nodes.count
        object.component = .key(key)
        return true
    }

    /// Pops the innermost container (positioned at its closing bracket) and returns its value.
    private mutating func finish(_ stack: inout [Container]) -> JSONValue {
        position += 1
        depth -= 1
        guard let container = stack.popLast() else { return .null }
        nodes[container.nodeIndex].subtreeSize = nodes.count - container.nodeIndex
        return container.isObject ? .object(JSONObject(container.entries)) : .array(container.elements)
    }

    /// Parses an object key: a quoted string or an unquoted identifier.
    private mutating func parseKey() throws(ParseFailure) -> String {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseString() }
        let start = position
        if Self.isIdentifierStart(byte) {
            while position < bytes.count, Self.isIdentifierPart(bytes[position]) { position += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        }
        throw failure(
            "expected a key, found \(describeCurrent())",
            hint: "keys are quoted strings like \"name\" or identifiers like name")
    }

    /// The index of an earlier member named `key`, or `nil`.
    private func duplicateIndex(
        of key: String, in entries: [(key: String, value: JSONValue)], keySet: inout Set<String>
    ) -> Int? {
        if entries.count < 12 {
            return entries.firstIndex { $0.key == key }
        }
        if keySet.isEmpty { keySet = Set(entries.map(\.key)) }
        if keySet.insert(key).inserted { return nil }
        return entries.firstIndex { $0.key == key }
    }

    /// The node index of the `position`-th child of the container node `parent`.
    private func childNodeIndex(parent: Int, position: Int) -> Int {
        var child = parent + 1
        for _ in 0..<position where child < nodes.count {
            child += max(1, nodes[child].subtreeSize)
        }
        return min(child, nodes.count - 1)
    }

    private mutating func enterContainer() throws(ParseFailure) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw failure(
                "arrays and objects nested deeper than \(JSONParser.maximumDepth) levels",
                hint: "flatten the data")
        }
    }

    private func unterminated(_ kind: String, openOffset: Int) -> ParseFailure {
        var error = failure(
            "unexpected end of input: the \(kind) opened at \(ParseFailure.relatedPlaceholder) is not closed",
            hint: kind == "object" ? "add the missing '}'" : "add the missing ']'")
        error.relatedOffset = openOffset
        return error
    }

    /// A failure at the current position (or at `offset`).
    func failure(_ message: String, hint: String? = nil, at offset: Int? = nil) -> ParseFailure {
        ParseFailure(offset: offset ?? position, message: message, hint: hint)
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
