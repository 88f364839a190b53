/// Which pages of a document to write: `--pages 2-3`, `1,4`, `5-` (page 5 to the end).
///
/// Pages are numbered from 1. A selection names pages in increasing order without repeats;
/// it is checked against a document's page count when the document is written.
public struct PageSelection: Hashable, Sendable, CustomStringConvertible {
    /// One part of a selection: pages `first` through `last` (nil: to the end).
    struct Range: Hashable, Sendable {
        let first: Int
        let last: Int?
    }

    let ranges: [Range]
    /// The text the selection was parsed from.
    public let description: String

    /// Parses `N`, `N-M`, `N-` and comma-separated lists of them.
    /// - Throws: a message naming the part that is not a page range.
    public init(parsing text: String) throws(PageSelectionError) {
        var ranges: [Range] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let piece = part.trimmingCharacters(in: " ")
            let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
            func page(_ digits: Substring) throws(PageSelectionError) -> Int {
                guard let value = Int(digits), value >= 1, value <= 1_000_000 else {
                    throw PageSelectionError(
                        "'\(piece)' in --pages '\(text)' is not a page number (pages are numbered from 1)")
                }
                return value
            }
            let range: Range
            switch bounds.count {
            case 1: range = Range(first: try page(bounds[0]), last: try page(bounds[0]))
            case 2 where bounds[1].isEmpty: range = Range(first: try page(bounds[0]), last: nil)
            case 2:
                let first = try page(bounds[0])
                let last = try page(bounds[1])
                guard first <= last else { throw PageSelectionError("--pages '\(text)': \(piece) runs backwards") }
                range = Range(first: first, last: last)
            default:
                throw PageSelectionError("--pages '\(text)': '\(piece)' is not N, N-M or N-")
            }
            if let previous = ranges.last, range.first <= previous.last ?? Int.max {
                throw PageSelectionError("--pages '\(text)': list pages in increasing order, each once")
            }
            ranges.append(range)
        }
        self.ranges = ranges
        description = text
    }

    /// The first page the selection names (1-based): the file `--resume` looks for.
    public var firstPage: Int { ranges.first?.first ?? 1 }

    /// The 0-based indices of the selected pages of a document with `pageCount` pages.
    /// - Throws: when the selection names a page the document does not have.
    public func indices(pageCount: Int) throws(PageSelectionError) -> [Int] {
        var indices: [Int] = []
        for range in ranges {
            let last = range.last ?? pageCount
            guard range.first <= pageCount, last <= pageCount else {
                throw PageSelectionError(
                    "--pages \(description) asks for page \(max(range.first, last)), but the document has "
                        + "\(pageCount) page\(pageCount == 1 ? "" : "s")")
            }
            indices.append(contentsOf: (range.first - 1)..<last)
        }
        return indices
    }
}

/// A page selection that cannot be parsed or does not fit the document.
public struct PageSelectionError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> Substring {
        var text = self
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return text
    }
}
