import GalleyLayout
import GalleyRender

/// A node whose subnodes are placed by Auto Layout constraints (the template `constraints` element): UIKit's
/// superview holding constraints between its subviews, with the node's own layer (background, corners, clip…)
/// around them.
///
/// Its layout spec is ``spec`` (a `ConstraintLayoutSpec` (GalleyLayout)), solved in the node's size range; its subnodes are
/// exactly the spec's children (automatic subnode management). Two data states of a template are two specs with
/// different constants or priorities, so animating between them moves every child from its frame in one solved
/// layout to its frame in the other — what `UIView.animate { layoutIfNeeded() }` shows.
///
/// Problems are reported where the rest of Galley reports them:
/// - Required constraints that conflict, or a constraint that breaks the anchor rules, make the node impossible
///   to draw as written: drawing it throws ``ConstraintLayoutFailure`` naming the constraints (a render or
///   `galley check` fails for that record). The layout itself still happens without the broken constraint, as
///   Auto Layout does, so `galley layout` shows what the solver made of the rest.
/// - Children whose frames the constraints leave open are warnings (``layoutWarnings(size:)``): `galley check`
///   prints `child[1] (blue): left, right, centerX ambiguous`.
///
/// Example: a 400×200 node holding yellow and blue with the seed's constraints (yellow 20 from the left, blue 20
/// from the right at priority high, equal widths, 10 pt between them) lays them out at (20, 20, 175, 160) and
/// (205, 20, 175, 160).
public final class ConstraintLayoutNode: DisplayNode, DrawingNode {
    /// The spec that places the subnodes; its children are this node's subnodes.
    public let spec: ConstraintLayoutSpec

    /// Creates the node around `spec`.
    public init(spec: ConstraintLayoutSpec) {
        self.spec = spec
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// `constraints`.
    public override var typeName: String { "constraints" }

    /// The spec's children, for ascii art.
    public override var layoutChildren: [any LayoutElement] { spec.children }

    /// The constraints spec, laid out in the node's own range.
    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? { spec }

    /// The ambiguous children at `size`: one sentence each, naming the anchors the constraints leave open.
    public override func layoutWarnings(size: Size) -> [String] {
        spec.ambiguousAnchors(in: SizeRange(exactly: size)).map { ambiguity in
            "constraints: \(ambiguity): the constraints do not determine them (add a constraint or give one of two "
                + "competing constraints a higher priority)"
        }
    }

    /// What the last layout could not honour, and where the node came from.
    public struct Parameters: Hashable, Sendable {
        /// The conflicts and invalid constraints of the last solve, one sentence each; empty when all is well.
        public var problems: [String]
        /// The template element's place, when the node came from one.
        public var origin: String?
    }

    /// The problems of the most recent layout.
    public func drawParameters() -> Parameters {
        var problems: [String] = []
        if let solution = spec.lastSolution {
            problems += solution.invalidConstraints.map(\.description)
            problems += solution.conflicts.map(\.description)
            if let failure = solution.failure { problems.append(failure) }
        }
        return Parameters(problems: problems, origin: origin?.originDescription)
    }

    /// Draws nothing of its own; throws ``ConstraintLayoutFailure`` when the layout broke a constraint.
    public static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        guard parameters.problems.isEmpty else {
            throw ConstraintLayoutFailure(origin: parameters.origin, problems: parameters.problems)
        }
    }
}

/// A constraints node that cannot be drawn as written: required constraints that conflict (a minimal set, the
/// left-out one last) or constraints that break the anchor rules.
public struct ConstraintLayoutFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The element's place (`FILE:LINE:COL: at PATH`), when known.
    public var origin: String?
    /// One sentence per problem.
    public var problems: [String]

    /// `scene.json:4:9: at $.body: required constraints conflict: …`.
    public var description: String {
        (origin.map { "\($0): " } ?? "") + problems.joined(separator: "; ")
    }
}
