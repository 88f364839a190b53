/// Pagination directives attached to nodes by identity: `keepTogether`, `keepWithNext`, and a
/// paragraph's orphan/widow minimums (lines kept at the bottom / top of a page).
public final class PaginationHints {
    public var keepTogether: Set<ObjectIdentifier> = []
    public var keepWithNext: Set<ObjectIdentifier> = []
    public var lineMinimums: [ObjectIdentifier: (orphans: Int, widows: Int)] = [:]
    /// Defaults for paragraphs without their own: at least 2 lines each side of a break.
    public var orphans = 2
    public var widows = 2

    public init() {}

    public func keepTogether(_ node: DisplayNode) { keepTogether.insert(ObjectIdentifier(node)) }
    public func keepWithNext(_ node: DisplayNode) { keepWithNext.insert(ObjectIdentifier(node)) }
    public func setLineMinimums(_ node: DisplayNode, orphans: Int?, widows: Int?) {
        lineMinimums[ObjectIdentifier(node)] = (orphans ?? self.orphans, widows ?? self.widows)
    }
}
