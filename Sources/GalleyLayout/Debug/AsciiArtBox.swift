// A port of Texture's ASAsciiArtBoxCreator.mm: draws a parent and its children's ascii art as boxes.

/// Draws boxes around child strings, as Texture's `ASAsciiArtBoxCreator` does.
///
/// Example: `horizontal(children: ["a", "b"], parent: "stack")` is
/// ```
/// --stack--
/// |  a  b  |
/// ---------
/// ```
enum AsciiArtBox {
    static let padding = 2

    /// Children side by side, vertically centred (extra line at the top), inside a box titled `parent`.
    static func horizontal(children: [String], parent: String) -> String {
        if children.isEmpty { return parent }
        let childLines = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let lineCount = childLines.map(\.count).max() ?? 0
        var padded: [[String]] = []
        for var lines in childLines {
            let missing = lineCount - lines.count
            let top = (missing + 1) / 2
            let bottom = missing / 2
            let blank = String(repeating: " ", count: length(lines[0]))
            lines.insert(contentsOf: Array(repeating: blank, count: top), at: 0)
            lines.append(contentsOf: Array(repeating: blank, count: bottom))
            padded.append(lines)
        }
        let pad = String(repeating: " ", count: padding)
        var concatenated: [String] = []
        for index in 0..<lineCount {
            var line = "|" + pad
            for lines in padded { line += lines[index] + pad }
            line += "|"
            concatenated.append(line)
        }
        let total = length(concatenated[0])
        if total < length(parent) {
            let difference = length(parent) + 2 * padding - total
            let left = "|" + String(repeating: " ", count: (difference + 1) / 2)
            let right = String(repeating: " ", count: difference / 2) + "|"
            concatenated = concatenated.map { left + $0.dropFirst().dropLast() + right }
        }
        return addTopAndBottom(concatenated, parent: parent).joined(separator: "\n")
    }

    /// Children stacked and horizontally centred (extra space on the left) inside a box titled `parent`.
    static func vertical(children: [String], parent: String) -> String {
        if children.isEmpty { return parent }
        let childLines = children.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let maxChildLength = childLines.map { length($0[0]) }.max() ?? 0
        var leftPadding = 0
        var rightPadding = 0
        if maxChildLength < length(parent) {
            let difference = length(parent) + 2 * padding - maxChildLength
            leftPadding = (difference + 1) / 2
            rightPadding = difference / 2
        }
        let rightString = String(repeating: " ", count: rightPadding + padding) + "|"
        let leftString = String(repeating: " ", count: leftPadding + padding)
        var result: [String] = []
        for lines in childLines {
            let spare = maxChildLength - length(lines[0])
            let leftLine = "|" + String(repeating: " ", count: (spare + 1) / 2) + leftString
            let rightLine = String(repeating: " ", count: spare / 2) + rightString
            for line in lines { result.append(leftLine + line + rightLine) }
        }
        return addTopAndBottom(result, parent: parent).joined(separator: "\n")
    }

    /// Adds a bottom border and a top border with `parent` centred in it (extra dash on the left).
    private static func addTopAndBottom(_ lines: [String], parent: String) -> [String] {
        let total = length(lines[0])
        let spare = Swift.max(0, total - length(parent))
        let top = String(repeating: "-", count: (spare + 1) / 2) + parent + String(repeating: "-", count: spare / 2)
        return [top] + lines + [String(repeating: "-", count: total)]
    }

    /// NSString length: UTF-16 code units.
    private static func length(_ string: String) -> Int { string.utf16.count }
}
