/// The recursive-descent core of ``JSONParser``, working on UTF-8 bytes.
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
    mutating func parseValue() throws(ParseFailure) -> JSONValue {
        try skipTrivia()
        guard position < bytes.count else {
            throw failure("unexpected end of input", hint: "expected a value")
        }
        let nodeIndex = nodes.count
        nodes.append(SourceMap.Node(valueOffset: position, keyOffset: -1, subtreeSize: 1))
        switch bytes[position] {
        case UInt8(ascii: "{"):
            let value = try parseObject(nodeIndex: nodeIndex)
            nodes[nodeIndex].subtreeSize = nodes.count - nodeIndex
            return value
        case UInt8(ascii: "["):
            let value = try parseArray()
            nodes[nodeIndex].subtreeSize = nodes.count - nodeIndex
            return value
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

    /// Parses `{ key: value, ... }`, rejecting duplicate keys.
    private mutating func parseObject(nodeIndex: Int) throws(ParseFailure) -> JSONValue {
        let openOffset = position
        try enterContainer()
        position += 1
        var entries: [(key: String, value: JSONValue)] = []
        // Small objects check duplicates by scanning; larger ones switch to a set.
        var keySet = Set<String>()
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw unterminated("object", openOffset: openOffset) }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                break
            }
            let keyOffset = position
            let key = try parseKey()
            if let firstIndex = duplicateIndex(of: key, in: entries, keySet: &keySet) {
                let firstNode = childNodeIndex(parent: nodeIndex, position: firstIndex)
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
            let childIndex = nodes.count
            let value: JSONValue
            do throws(ParseFailure) {
                value = try parseValue()
            } catch {
                var error = error
                error.reversedPath.append(.key(key))
                throw error
            }
            nodes[childIndex].keyOffset = keyOffset
            entries.append((key: key, value: value))
            try skipTrivia()
            guard position < bytes.count else { throw unterminated("object", openOffset: openOffset) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                break
            } else {
                var error = failure(
                    "expected ',' or '}' after the value of '\(key)', found \(describeCurrent())",
                    hint: "separate members with commas")
                error.reversedPath.append(.key(key))
                throw error
            }
        }
        depth -= 1
        return .object(JSONObject(entries))
    }

    /// Parses `[ value, ... ]`.
    private mutating func parseArray() throws(ParseFailure) -> JSONValue {
        let openOffset = position
        try enterContainer()
        position += 1
        var elements: [JSONValue] = []
        while true {
            try skipTrivia()
            guard position < bytes.count else { throw unterminated("array", openOffset: openOffset) }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                break
            }
            let index = elements.count
            do throws(ParseFailure) {
                elements.append(try parseValue())
                try skipTrivia()
            } catch {
                var error = error
                error.reversedPath.append(.index(index))
                throw error
            }
            guard position < bytes.count else { throw unterminated("array", openOffset: openOffset) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                break
            } else {
                var error = failure(
                    "expected ',' or ']' after element \(index), found \(describeCurrent())",
                    hint: "separate elements with commas")
                error.reversedPath.append(.index(index))
                throw error
            }
        }
        depth -= 1
        return .array(elements)
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
