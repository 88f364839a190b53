import GalleyLayout
import GalleyRender

/// A plain node with an intrinsic content size (the template `box`): its size is the
/// constrained range's clamp of `intrinsicSize`. With a `layoutSpecBlock` it is a container
/// whose size comes from its content instead.
public final class BoxNode: DisplayNode {
    public var intrinsicSize: Size {
        didSet { if intrinsicSize != oldValue { invalidateCalculatedLayout() } }
    }

    public init(intrinsicSize: Size = .zero) {
        self.intrinsicSize = intrinsicSize
        super.init()
    }

    public override var typeName: String { "box" }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        intrinsicSize
    }
}
