import Galley
import GalleyLayout
import GalleyRender
import Testing

/// Between the ends of a canvas transition, nodes are drawn inside their parents' layers: an ancestor's clip
/// and transform apply to its moving children, as on a static page.
@Suite("canvas transitions: ancestors between the ends")
struct TransitionHierarchyTests {
    /// A parent box (id "frame", 100×60) at (`x`, 20) with `configure` on its layer, holding a red child
    /// 150×40 that starts 50 pt left of the frame (it overhangs the frame's left edge).
    static func canvas(x: Double, configure: (inout LayerProperties) -> Void) -> Canvas {
        let child = BoxNode(intrinsicSize: Size(width: 150, height: 40))
        child.style.layoutPosition = Point(x: -50, y: 0)
        child.identifier = "picture"
        child.layer.backgroundColor = Color(rgb8: 220, 0, 0)
        let frame = BoxNode()
        frame.identifier = "frame"
        frame.style.width = .points(100)
        frame.style.height = .points(60)
        frame.layer.backgroundColor = Color(rgb8: 0, 0, 200)
        configure(&frame.layer)
        frame.automaticallyManagesSubnodes = true
        frame.layoutSpecBlock = { _ in AbsoluteLayoutSpec(children: [child]) }
        frame.style.layoutPosition = Point(x: x, y: 20)
        let canvas = Canvas(body: AbsoluteLayoutSpec(children: [frame]), size: Size(width: 400, height: 100))
        canvas.background = .white
        return canvas
    }

    @Test func aClippingParentClipsItsMovingChildren() throws {
        let animation = try CanvasTransition.animation(
            from: Self.canvas(x: 0) { $0.clipsToBounds = true }, to: Self.canvas(x: 200) { $0.clipsToBounds = true },
            timing: AnimationTiming(duration: 1, curve: .linear))
        let roles = Dictionary(animation.tracks.map { ($0.key, $0.parent) }) { a, _ in a }
        #expect(roles["#picture"] == "#frame", "the child is drawn in its parent's layer")
        let image = try RasterRenderer.render(animation.frame(at: 0.5), scale: 1)
        // The frame is at x 100…200; its child reaches from 50 but is clipped at 100.
        #expect(image.pixel(x: 150, y: 30).r == 220, "the child inside the frame")
        #expect(image.pixel(x: 75, y: 30) == (255, 255, 255, 255), "clipped before the frame's edge")
        // Without the clip the child shows past the edge (what flat drawing always did).
        let unclipped = try CanvasTransition.animation(
            from: Self.canvas(x: 0) { _ in }, to: Self.canvas(x: 200) { _ in },
            timing: AnimationTiming(duration: 1, curve: .linear))
        #expect(try RasterRenderer.render(unclipped.frame(at: 0.5), scale: 1).pixel(x: 75, y: 30).r == 220)
    }

    @Test func aParentsTransformAppliesToItsChildren() throws {
        // The frame is scaled to half about its centre: its child (from 50 pt left of the frame) shows only
        // inside the frame's scaled box and its half-size overhang, at the ends and in between.
        let shrink = AffineTransform.scale(x: 0.5, y: 0.5)
        let animation = try CanvasTransition.animation(
            from: Self.canvas(x: 0) { $0.transform = shrink }, to: Self.canvas(x: 200) { $0.transform = shrink },
            timing: AnimationTiming(duration: 1, curve: .linear))
        for progress in [0.0, 0.5, 1.0] {
            let image = try RasterRenderer.render(animation.frame(at: progress), scale: 1)
            let x = Int(200 * progress)
            // The scaled frame spans x+25…x+75, y 35…65; its child x+0…x+75, y 35…55 (scaled about the
            // frame's centre); unscaled it would cover x−50…x+100, y 20…60.
            #expect(image.pixel(x: x + 90, y: 25) == (255, 255, 255, 255), "nothing where unscaled (\(progress))")
            #expect(image.pixel(x: x + 30, y: 40).r == 220, "the scaled child (\(progress))")
        }
    }
}
