/// The stand-in a display pass records where it deferred a layer (an image, a rasterized
/// subtree) to display it later, possibly on another thread.
///
/// Markers are the display-list builder's private business: every one is replaced by its
/// layer's items before the page leaves the builder, so no `DisplayPage`, no writer and no user
/// ever sees one. `DisplayPage` and the writers check that in debug builds, which makes every
/// display list the test suite produces a test of it. A marker is an anchor whose name starts
/// with a NUL, which no template, DSL or writer can produce (the PDF painter drops NULs).
package enum PendingLayerMarker {
    private static let prefix = "\u{0}galley.pending-layer."

    /// The marker of deferred layer `index`.
    package static func item(_ index: Int) -> DisplayItem { .anchor(prefix + String(index), .zero) }

    /// The deferred layer an item stands for, or nil for any other item.
    package static func index(of item: DisplayItem) -> Int? {
        guard case .anchor(let name, _) = item, name.hasPrefix(prefix) else { return nil }
        return Int(name.dropFirst(prefix.count))
    }

    /// Whether a marker is left anywhere in `items`, at any depth.
    package static func occurs(in items: [DisplayItem]) -> Bool {
        items.contains { item in
            if index(of: item) != nil { return true }
            if case .group(let group) = item { return occurs(in: group.items) }
            return false
        }
    }
}
