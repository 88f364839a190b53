import Galley
import GalleyLayout
import GalleyRender

/// A data-driven table's body rows built on demand: the table's one `row` element with `each`,
/// bound to its item, through a fresh `ElementBuilder` per row (as headers and footers are
/// built per page). The table keeps the items (they are the record's data) and, when an `if`
/// left rows out, which items make rows; never the rows' nodes (`TableRowSource`).
///
/// `makeTable` checks every row once while binding (`validated`), so a binding error is
/// reported by `bindPaged` as before and building a row again cannot fail.
final class TemplateRowSource: TableRowSource {
    private let site: BuildSite
    private let element: ElementTemplate
    private let scope: BindingScope
    private let items: [JSONValue]
    /// The item of each row, when `if` dropped some items (nil: row i is item i).
    private let included: [Int]?
    /// The table's cell padding and grid, applied to each built row.
    private let style: (TableRowNode) -> Void
    let rowCount: Int

    private static let kindsNeedingNodes: Set<ElementKind> = [.table, .pageBreak, .toc]

    /// Whether `rows` (a table's `rows` element templates) can be built on demand: exactly one
    /// `row` element with `each`, whose subtree sets no key that needs its node after pagination
    /// (`Property/keepsNode`: spans across rows, pagination hints, anchors and outline entries).
    static func canBuildOnDemand(_ rows: [ElementTemplate]) -> Bool {
        guard rows.count == 1, let row = rows.first, row.kind == .row, row.repetition != nil else { return false }
        func plain(_ element: ElementTemplate?) -> Bool {
            guard let element else { return true }
            let slots = element.slots
            return !kindsNeedingNodes.contains(element.kind) && !element.keepsNode && plain(slots.child)
                && plain(slots.overlay) && plain(slots.background) && plain(slots.corner)
                && element.children.allSatisfy(plain)
        }
        return plain(row)
    }

    /// Binds `element`'s items in `scope`, builds every row once to check it (and drops it), and
    /// returns the source; nil items (`each` on null) give no rows.
    static func validated(
        _ element: ElementTemplate, scope: BindingScope, site: BuildSite, style: @escaping (TableRowNode) -> Void
    ) throws(TemplateError) -> TemplateRowSource {
        let path = element.path.appending("each")
        var values: [JSONValue] = []
        if let repetition = element.repetition {
            let items = try site.evaluate(repetition.items, in: scope, at: path)
            switch items {
            case .array(let array): values = array
            case .null: break
            default: throw site.error(at: path, "\"each\" expects an array, got \(ValueText.describe(items))")
            }
        }
        var included: [Int] = []
        included.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            // A cancelled render (a timeout) stops checking rows; its document is never drawn.
            if index & 63 == 63, LayoutCancellation.shouldStop { break }
            var builder = ElementBuilder(site: site)
            guard let built = try builder.buildItem(element, item: value, index: index, scope: scope) else { continue }
            guard built is TableRowNode else {
                throw site.error(
                    at: element.path, "a table's rows are \"row\" elements",
                    hint: "{\"type\": \"row\", \"each\": \"{{items}}\", \"cells\": [...]}")
            }
            included.append(index)
        }
        return TemplateRowSource(
            site: site, element: element, scope: scope, items: values,
            included: included.count == values.count ? nil : included, style: style)
    }

    private init(
        site: BuildSite, element: ElementTemplate, scope: BindingScope, items: [JSONValue], included: [Int]?,
        style: @escaping (TableRowNode) -> Void
    ) {
        self.site = site
        self.element = element
        self.scope = scope
        self.items = items
        self.included = included
        self.style = style
        rowCount = included?.count ?? items.count
    }

    func makeRow(_ index: Int) -> TableRowNode {
        let item = included?[index] ?? index
        var builder = ElementBuilder(site: site)
        // Validated while binding, and binding is deterministic: this does not fail. Should it,
        // an empty row keeps the render going (and the debug height check reports it).
        let built = try? builder.buildItem(element, item: items[item], index: item, scope: scope)
        let row = built as? TableRowNode ?? TableRowNode(cells: [])
        style(row)
        return row
    }
}
