import Galley
import GalleyLayout
import GalleyRender
import GalleyText
import Testing

/// A container cut across pages keeps its group effects on every fragment: opacity, shadow and
/// clip, as when it is drawn whole.
@Suite("paged container fragments")
struct PagedFragmentTests {
    static func document(_ configure: (DisplayNode) -> Void) -> PagedDocument {
        let style = TextStyle(font: "Liberation Sans", fontSize: 12)
        let lines = (1...40).map { TextNode("Line \($0) of a container cut across pages", style: style) }
        let container = BoxNode()
        container.automaticallyManagesSubnodes = true
        container.layoutSpecBlock = { _ in StackLayoutSpec(direction: .vertical, children: lines) }
        configure(container)
        return PagedDocument(
            body: StackLayoutSpec(direction: .vertical, children: [container]), pageSize: Size(width: 300, height: 240),
            margins: EdgeInsets(all: 20))
    }

    /// The groups of a page's items, outermost first.
    static func groups(_ items: [DisplayItem]) -> [DisplayGroup] {
        items.flatMap { item -> [DisplayGroup] in
            guard case .group(let group) = item else { return [] }
            return [group] + groups(group.items)
        }
    }

    static func glyphCount(_ items: [DisplayItem]) -> Int {
        items.reduce(0) { count, item in
            switch item {
            case .glyphs: count + 1
            case .group(let group): count + glyphCount(group.items)
            default: count
            }
        }
    }

    @Test func everyFragmentKeepsOpacityShadowAndClip() throws {
        let shadow = Shadow(
            offset: Point(x: 2, y: 2), blurRadius: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let document = Self.document {
            $0.layer.opacity = 0.5
            $0.layer.shadow = shadow
            $0.layer.clipsToBounds = true
            $0.layer.cornerRadius = 4
        }
        let pagination = document.paginate()
        #expect(pagination.pageCount > 2)
        for index in 0..<pagination.pageCount {
            let page = try document.displayPage(index)
            let groups = Self.groups(page.items)
            let effect = try #require(groups.first { $0.opacity == 0.5 }, "page \(index + 1): no opacity group")
            #expect(effect.shadow == shadow, "page \(index + 1)")
            let clipped = try #require(Self.groups(effect.items).first { $0.clip != nil }, "page \(index + 1): no clip")
            #expect(Self.glyphCount(clipped.items) > 0, "page \(index + 1): the lines are inside the clip")
            #expect(Self.glyphCount(effect.items) == Self.glyphCount(page.items), "page \(index + 1): every line faded")
        }
    }

    /// A plain container adds no effect groups: fragments draw exactly as before.
    @Test func plainContainerFragmentsAddNoGroup() throws {
        let document = Self.document { _ in }
        let pagination = document.paginate()
        for index in 0..<pagination.pageCount {
            let page = try document.displayPage(index)
            // Only the page's clip around the body (the other groups move whole nodes into place).
            let effects = Self.groups(page.items).filter { $0.opacity != 1 || $0.shadow != nil || $0.clip != nil }
            #expect(effects.count == 1, "page \(index + 1)")
        }
    }
}
