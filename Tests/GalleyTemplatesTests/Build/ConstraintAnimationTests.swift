import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTemplates
import Testing

/// The two seed-003 scenes animated between their data states: every frame between the two solved layouts
/// at the curve's value, in the animation's states and in the drawn pixels.
@Suite("constraint animations: seed-003 scenes")
struct ConstraintAnimationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func document(_ template: Template, _ data: String) throws -> any Document {
        let text = try String(contentsOf: root.appendingPathComponent(data), encoding: .utf8)
        return try template.bind(try JSONParser.parse(text, file: data).value)
    }

    /// The solved frame of every identified node, as `galley layout` reports it.
    static func frames(_ document: any Document) throws -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for entry in try document.pageFrames(0).nodes { if let id = entry.node.identifier { frames[id] = entry.frame } }
        return frames
    }

    static func lerp(_ a: Rect, _ b: Rect, _ f: Double) -> Rect {
        Rect(
            x: a.minX + (b.minX - a.minX) * f, y: a.minY + (b.minY - a.minY) * f,
            width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
    }

    /// Checks each identified node's animated frame against the two solved layouts at the curve's value, for
    /// every frame of a 1 s animation at 20 fps; returns the animation.
    static func checkFrames(_ template: String, _ a: String, _ b: String, curve: TimingCurve) throws -> LayoutAnimation
    {
        let template = try Template.load(path: root.appendingPathComponent(template).path)
        let from = try document(template, a)
        let to = try document(template, b)
        let start = try frames(from)
        let end = try frames(to)
        let animation = try CanvasTransition.animation(
            from: from, to: to, timing: AnimationTiming(duration: 1, curve: curve))
        let progresses = TransitionTimeline.playing(duration: 1).sampledProgress(fps: 20)
        #expect(progresses.count == 21)
        for progress in progresses {
            let states = animation.states(at: progress)
            let eased = curve.value(at: progress)
            for (id, frame) in end {
                let expected = lerp(try #require(start[id]), frame, eased)
                let actual = try #require(states["#" + id]?.frame)
                let error = max(
                    abs(actual.minX - expected.minX), abs(actual.minY - expected.minY),
                    abs(actual.width - expected.width), abs(actual.height - expected.height))
                #expect(error < 1e-9, "\(id) at \(progress): \(actual) vs \(expected)")
            }
        }
        return animation
    }

    @Test func blueIsPushedInFromTheRightThenSharesTheWidth() throws {
        let animation = try Self.checkFrames(
            "Templates/constraints-switch.json", "Templates/constraints-switch.data.json",
            "Templates/data/constraints-switch-on.json", curve: .easeInOut)
        // In pixels: blue's left edge at 480 → 205 (off the 400 pt canvas at first, from far to near); yellow's
        // right edge at 380 → 195. Sampled on the row y = 180, inside both views.
        let blue = (r: UInt8(0x3b), g: UInt8(0x82), b: UInt8(0xf6))
        var previousEdge = 481.0
        for progress in [0.25, 0.5, 0.75] {
            let image = try RasterRenderer.render(animation.frame(at: progress), scale: 1)
            let eased = TimingCurve.easeInOut.value(at: progress)
            let edge = 480 + (205 - 480) * eased
            let yellowEdge = 380 + (195 - 380) * eased
            #expect(edge < previousEdge)
            previousEdge = edge
            if edge + 3 < 400 {
                let inside = image.pixel(x: Int(edge) + 3, y: 180)
                #expect(inside.r == blue.r && inside.g == blue.g && inside.b == blue.b, "blue at \(edge + 3)")
            }
            let gap = image.pixel(x: Int(yellowEdge) + 3, y: 180)
            #expect(gap.b > 200 && gap.r > 200, "background between yellow (\(yellowEdge)) and blue (\(edge))")
            let yellow = image.pixel(x: Int(yellowEdge) - 3, y: 180)
            #expect(yellow.r > 240 && yellow.b < 40, "yellow up to \(yellowEdge)")
        }
        // Backwards, a spacing of 100 pushes blue off again: the same frames in reverse.
        let back = try Self.checkFrames(
            "Templates/constraints-switch.json", "Templates/data/constraints-switch-on.json",
            "Templates/constraints-switch.data.json", curve: .linear)
        #expect(back.states(at: 1)["#blue"]?.frame.minX == 480)
    }

    @Test func theRedBottomConstraintMovesEveryViewBelow() throws {
        let animation = try Self.checkFrames(
            "Templates/constraints-slider.json", "Templates/constraints-slider.data.json",
            "Templates/data/constraints-slider-b.json", curve: .spring(dampingRatio: 0.7, initialVelocity: 0))
        // Red grows by 100 and yellow, blue and green move down 100 together: the gaps stay 10 pt.
        for progress in [0.3, 0.6] {
            let states = animation.states(at: progress)
            let red = try #require(states["#red"]?.frame)
            let yellow = try #require(states["#yellow"]?.frame)
            let green = try #require(states["#green"]?.frame)
            #expect(abs(yellow.minY - (red.maxY + 10)) < 1e-9 && abs(green.minY - (yellow.minY + 120)) < 1e-9)
            let image = try RasterRenderer.render(animation.frame(at: progress), scale: 1)
            // Green's top edge in pixels: white above it, green below.
            let top = Int(green.minY.rounded(.up))
            #expect(image.pixel(x: 160, y: top + 2).g > 150 && image.pixel(x: 160, y: top + 2).r < 100)
            #expect(image.pixel(x: 160, y: top - 3).r == 255)
        }
    }
}
