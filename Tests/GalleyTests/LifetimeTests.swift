import Galley
import GalleyLayout
import GalleyText
import Testing

/// A laid-out and displayed document is freed when the caller lets it go: no reference
/// cycle through cached layouts (a batch of thousands of documents must not grow).
@Suite struct LifetimeTests {
    @Test func canvasAndNodesAreFreedAfterLayoutAndDisplay() throws {
        weak var weakText: TextNode?
        weak var weakBox: BoxNode?
        weak var weakCanvas: Canvas?
        do {
            let text = TextNode("freed?", style: TextStyle(fontSize: 12))
            let box = BoxNode(intrinsicSize: Size(width: 10, height: 10))
            let canvas = Canvas(
                body: StackLayoutSpec(direction: .vertical, children: [text, box]), size: Size(width: 100, height: 50))
            _ = try canvas.displayPage()
            _ = canvas.layout()
            weakText = text
            weakBox = box
            weakCanvas = canvas
        }
        #expect(weakCanvas == nil)
        #expect(weakText == nil)
        #expect(weakBox == nil)
    }
}
