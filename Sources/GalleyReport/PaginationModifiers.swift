import Galley
import GalleyLayout

/// Where a page break goes relative to content (`.pageBreak(_:)`).
public enum PageBreakPlacement: Sendable {
    case before, after
}

/// Pagination directives (`PaginationHints`, `PageBreakNode`) and table cell spans.
extension ReportContent {
    /// Keeps the element on one page when it fits on one (moves it to the next page otherwise).
    public func keepTogether() -> ModifiedContent {
        onNode { $0.context.hints.keepTogether($0.node) }
    }

    /// Keeps the element on the page of the block that follows it (headings).
    public func keepWithNext() -> ModifiedContent {
        onNode { $0.context.hints.keepWithNext($0.node) }
    }

    /// The least lines of a paragraph left at the bottom of a page (`orphans`) and carried to
    /// the top of the next (`widows`); nil keeps the document's default. Only paragraphs use it.
    public func lineMinimums(orphans: Int? = nil, widows: Int? = nil) -> ModifiedContent {
        modifier { element, context in
            if let text = element as? TextNode { context.hints.setLineMinimums(text, orphans: orphans, widows: widows) }
            return element
        }
    }

    /// A forced page break before or after the content (vertical flow only).
    public func pageBreak(_ placement: PageBreakPlacement = .before) -> Group {
        let content = self
        return Group {
            if placement == .before { PageBreak() }
            content
            if placement == .after { PageBreak() }
        }
    }

    /// How many table columns the cell spans. In a `Column`'s cell the columns it covers get
    /// no cell of their own in that row.
    public func colSpan(_ columns: Int) -> ModifiedContent {
        modifier { element, context in
            context.colSpans[ObjectIdentifier(element)] = max(1, columns)
            return element
        }
    }

    /// How many table rows the cell spans, its own and the ones below (HTML's `rowspan`). In a
    /// `Column`'s cell the rows below get no cell of their own in that column; in a `TableRow`
    /// the rows below leave the column out, as in a template. The cell is as tall as the rows
    /// it spans (the last of them grows when its content is taller), and pagination keeps
    /// those rows together when they fit on a page.
    public func rowSpan(_ rows: Int) -> ModifiedContent {
        modifier { element, context in
            context.rowSpans[ObjectIdentifier(element)] = max(1, rows)
            return element
        }
    }
}
