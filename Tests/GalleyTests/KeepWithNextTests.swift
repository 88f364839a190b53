import Galley
import GalleyLayout
import Testing

/// `keepWithNext`: a block stays on the page of the block after it, even when the page could
/// end exactly at the next block's top (the gap after the kept block).
@Suite("keep with next")
struct KeepWithNextTests {
    @Test func headingIsNotLeftAloneWhenThePageEndsAtTheNextBlock() {
        // Blocks at 0…80, 85…95 (the heading) and 100…150; the page holds 100 points. A cut
        // at 100 (the next block's top) would leave the heading alone; it moves to page 2.
        let heading = BoxNode(intrinsicSize: Size(width: 10, height: 10))
        let hints = PaginationHints()
        hints.keepWithNext(heading)
        let body = StackLayoutSpec(
            direction: .vertical, spacing: 5,
            children: [
                BoxNode(intrinsicSize: Size(width: 10, height: 80)), heading,
                BoxNode(intrinsicSize: Size(width: 10, height: 50)),
            ])
        let document = PagedDocument(
            body: body, pageSize: Size(width: 100, height: 120), margins: EdgeInsets(all: 10), hints: hints)
        let pagination = document.paginate()
        #expect(pagination.slices.map(\.bottom) == [85, 150])
        #expect(pagination.slices.map(\.top) == [0, 85])
    }
}
