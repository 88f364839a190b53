import Synchronization

/// Where every value (and every object key) of a parsed document starts in its source text.
///
/// The map is a flat, pre-order list of nodes parallel to the ``JSONValue`` tree: one node per
/// value holding the byte offset of the value and of its key, plus the size of its subtree so a
/// lookup can skip siblings. This costs one small append per value while parsing, instead of a
/// dictionary insert keyed by a path, and offsets become line:column only when asked for.
public final class SourceMap: Sendable {
    /// One value's offsets; `subtreeSize` counts the node itself and all its descendants.
    struct Node: Sendable {
        var valueOffset: Int
        var keyOffset: Int
        var subtreeSize: Int
    }

    private let nodes: [Node]
    private let root: JSONValue
    private let utf8: [UInt8]
    /// Where the lines start, found on the first location asked for: a batch parses every record
    /// with a map, and nearly none is ever asked where a value is (that scan of each record's
    /// text was a tenth of reading it).
    private let lineStartsFound = Mutex<[Int]?>(nil)

    init(nodes: [Node], root: JSONValue, utf8: [UInt8]) {
        self.nodes = nodes
        self.root = root
        self.utf8 = utf8
    }

    private var lineStarts: [Int] {
        lineStartsFound.withLock { found in
            if let found { return found }
            let starts = Self.lineStarts(of: utf8)
            found = starts
            return starts
        }
    }

    /// The location of the value at `path`, or `nil` when the document has no such value.
    public func location(of path: JSONPath) -> SourceLocation? {
        guard let index = nodeIndex(of: path) else { return nil }
        return location(ofOffset: nodes[index].valueOffset)
    }

    /// The location of the key that names the value at `path`.
    ///
    /// Returns `nil` when the path does not exist or its last step is not an object member.
    public func keyLocation(of path: JSONPath) -> SourceLocation? {
        guard let index = nodeIndex(of: path), nodes[index].keyOffset >= 0 else { return nil }
        return location(ofOffset: nodes[index].keyOffset)
    }

    /// Converts a UTF-8 byte offset in the source into a line and a character column.
    func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, utf8.count))
        let lineStarts = self.lineStarts
        // Binary search for the last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let start = lineStarts[low]
        let column = String(decoding: utf8[start..<clamped], as: UTF8.self).count + 1
        return SourceLocation(line: low + 1, column: column)
    }

    /// Walks the value tree and the node list together to find the node for `path`.
    private func nodeIndex(of path: JSONPath) -> Int? {
        guard !nodes.isEmpty else { return nil }
        var nodeIndex = 0
        var value = root
        for component in path.components {
            let childPosition: Int
            switch (component, value) {
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                childPosition = index
                value = elements[index]
            case (.key(let key), .object(let object)):
                guard let position = object.entries.lastIndex(where: { $0.key == key }) else { return nil }
                childPosition = position
                value = object.entries[position].value
            default:
                return nil
            }
            // The first child follows its parent; skip whole subtrees to reach the wanted one.
            var child = nodeIndex + 1
            for _ in 0..<childPosition {
                guard child < nodes.count else { return nil }
                child += nodes[child].subtreeSize
            }
            guard child < nodes.count else { return nil }
            nodeIndex = child
        }
        return nodeIndex
    }

    /// Byte offsets at which lines start: 0, and after each LF, CRLF or lone CR.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }
}
