import Galley
import GalleyLayout
import GalleyTemplates
import Testing

/// An `id` on a layout spec (a stack row) groups the unidentified nodes it lays out, so in a transition they
/// travel with their row instead of matching by position on the page.
@Suite("transition groups from spec ids")
struct TransitionGroupTests {
    static let template = """
        {galley: 1, size: [300, 200], body: {type: "stack", direction: "vertical", spacing: 10, children: [
          {type: "stack", id: "row-{{item.name}}", each: "{{rows}}", direction: "horizontal", spacing: 20, children: [
            {type: "text", text: "{{item.name}}", font: "Liberation Sans", fontSize: 20},
            {type: "text", text: "{{item.score}}", font: "Liberation Sans", fontSize: 20}]}]}}
        """

    @Test func textsTravelWithTheirRow() throws {
        let template = try Template(text: Self.template)
        let a = try template.bind(
            try JSONParser.parse(#"{rows: [{name: "Ada", score: 1}, {name: "Bob", score: 2}]}"#, file: "a").value)
        let b = try template.bind(
            try JSONParser.parse(#"{rows: [{name: "Bob", score: 3}, {name: "Ada", score: 1}]}"#, file: "b").value)
        let animation = try CanvasTransition.animation(
            from: a, to: b, timing: AnimationTiming(duration: 1, curve: .linear))
        let roles = Dictionary(animation.tracks.map { ($0.key, $0.role) }) { first, _ in first }
        #expect(
            roles["#row-Ada/text[0]"] == .matched && roles["#row-Bob/text[1]"] == .matched, "\(roles.keys.sorted())")
        let start = animation.states(at: 0)
        let end = animation.states(at: 1)
        // Ada's name moves down a row and keeps its text (no cross-fade); Bob's score moves up and changes.
        let adaName = try #require(animation.tracks.first { $0.key == "#row-Ada/text[0]" })
        #expect((end["#row-Ada/text[0]"]?.frame.minY ?? 0) > (start["#row-Ada/text[0]"]?.frame.minY ?? 0))
        #expect(adaName.fromContent == adaName.toContent)
        #expect((end["#row-Bob/text[1]"]?.frame.minY ?? 1) < (start["#row-Bob/text[1]"]?.frame.minY ?? 0))
    }
}
