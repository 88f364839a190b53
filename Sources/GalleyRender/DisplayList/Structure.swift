/// A standard structure type of tagged PDF (ISO 32000-1 §14.8.4): what a part of the page is
/// to a screen reader or a reflowing viewer.
public enum StructureRole: String, Hashable, Sendable, CaseIterable {
    case document = "Document"
    case part = "Part"
    case art = "Art"
    case sect = "Sect"
    case div = "Div"
    case blockQuote = "BlockQuote"
    case caption = "Caption"
    case toc = "TOC"
    case toci = "TOCI"
    case index = "Index"
    case nonStruct = "NonStruct"
    case h1 = "H1"
    case h2 = "H2"
    case h3 = "H3"
    case h4 = "H4"
    case h5 = "H5"
    case h6 = "H6"
    case paragraph = "P"
    case list = "L"
    case listItem = "LI"
    case label = "Lbl"
    case listBody = "LBody"
    case table = "Table"
    case tableHead = "THead"
    case tableBody = "TBody"
    case tableFoot = "TFoot"
    case tableRow = "TR"
    case tableHeader = "TH"
    case tableData = "TD"
    case span = "Span"
    case quote = "Quote"
    case note = "Note"
    case reference = "Reference"
    case code = "Code"
    case link = "Link"
    case figure = "Figure"
    case formula = "Formula"

    /// The heading of `level` (1…6; deeper levels are H6).
    public static func heading(level: Int) -> StructureRole {
        [.h1, .h2, .h3, .h4, .h5, .h6][min(max(level, 1), 6) - 1]
    }

    /// 1…6 for H1…H6, nil for any other role.
    public var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    /// Grouping elements hold other elements; what a node with such a role draws itself (a
    /// table's grid, a row's background) is decoration, an artifact.
    public var isGrouping: Bool {
        switch self {
        case .document, .part, .art, .sect, .div, .blockQuote, .toc, .index, .nonStruct, .list, .table, .tableHead,
            .tableBody, .tableFoot, .tableRow:
            true
        default: false
        }
    }

    /// Elements whose text children are their own content rather than paragraphs of their own
    /// (a table cell's text, a list item's label).
    public var holdsText: Bool {
        switch self {
        case .tableHeader, .tableData, .listItem, .label, .listBody, .caption, .toci, .paragraph, .span, .quote,
            .note, .reference, .code, .link, .figure, .formula, .h1, .h2, .h3, .h4, .h5, .h6:
            true
        default: false
        }
    }

    /// Figures and formulas need an alternate description (PDF/UA-1 §7.3, §7.7).
    public var needsAlternateDescription: Bool { self == .figure || self == .formula }
}

/// Which cells a table header cell (TH) heads (the `/Scope` attribute, PDF/UA-1 §7.5).
public enum HeaderScope: String, Hashable, Sendable {
    case column = "Column"
    case row = "Row"
    case both = "Both"
}

/// One element of a document's structure tree, as the display list carries it.
///
/// `id` is the element's identity for the whole document: a node cut by a page break opens
/// its element again on the next page with the same id, and the PDF writer continues the one
/// element rather than starting a second.
public struct StructureElement: Hashable, Sendable {
    public var id: Int
    public var role: StructureRole
    /// The alternate description (`/Alt`): what a figure shows, for readers who cannot see it.
    public var alternateText: String?
    /// The text the content stands for when its glyphs would not extract as it (`/ActualText`).
    public var actualText: String?
    /// The element's language (BCP 47, `/Lang`) when it differs from the document's.
    public var language: String?
    /// For header cells: the cells they head.
    public var headerScope: HeaderScope?
    /// Where the element came from (a template element's `FILE:LINE:COL: at PATH`), for errors.
    public var origin: String?

    public init(
        id: Int, role: StructureRole, alternateText: String? = nil, actualText: String? = nil,
        language: String? = nil, headerScope: HeaderScope? = nil, origin: String? = nil
    ) {
        self.id = id
        self.role = role
        self.alternateText = alternateText
        self.actualText = actualText
        self.language = language
        self.headerScope = headerScope
        self.origin = origin
    }
}

/// Content that is not part of the document's logical content (ISO 32000-1 §14.8.2.2):
/// running headers and footers, repeated table headers, backgrounds and rules.
public enum ArtifactKind: Hashable, Sendable {
    /// A page's running header.
    case header
    /// A page's running footer (page numbers).
    case footer
    /// Other pagination furniture: a table header repeated on a continuation page.
    case pagination
    /// Decoration: backgrounds, borders, rules, shadows, grids.
    case layout
}

/// A structure marker in the display list: tagged PDF output opens and closes structure
/// elements and artifacts where these occur; raster output ignores them. Markers are balanced
/// within a page.
public enum StructureMark: Hashable, Sendable {
    case begin(StructureElement)
    case end
    case beginArtifact(ArtifactKind)
    case endArtifact
}
