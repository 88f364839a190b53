import GalleyLayout
import GalleyRender

/// How an image fills its node's bounds (UIKit's content modes).
public enum ContentMode: String, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The rect the image is drawn into, for an image of `imageSize` points in `bounds`.
    /// Content outside `bounds` is clipped by the caller.
    public func rect(for imageSize: Size, in bounds: Rect) -> Rect {
        let (w, h) = (imageSize.width, imageSize.height)
        guard w > 0, h > 0 else { return bounds }
        switch self {
        case .scaleToFill:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w
            let sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return placed(Size(width: w * s, height: h * s), in: bounds, x: 0.5, y: 0.5)
        case .center: return placed(imageSize, in: bounds, x: 0.5, y: 0.5)
        case .top: return placed(imageSize, in: bounds, x: 0.5, y: 0)
        case .bottom: return placed(imageSize, in: bounds, x: 0.5, y: 1)
        case .left: return placed(imageSize, in: bounds, x: 0, y: 0.5)
        case .right: return placed(imageSize, in: bounds, x: 1, y: 0.5)
        case .topLeft: return placed(imageSize, in: bounds, x: 0, y: 0)
        case .topRight: return placed(imageSize, in: bounds, x: 1, y: 0)
        case .bottomLeft: return placed(imageSize, in: bounds, x: 0, y: 1)
        case .bottomRight: return placed(imageSize, in: bounds, x: 1, y: 1)
        }
    }

    private func placed(_ size: Size, in bounds: Rect, x: Double, y: Double) -> Rect {
        Rect(
            x: bounds.minX + (bounds.width - size.width) * x,
            y: bounds.minY + (bounds.height - size.height) * y,
            width: size.width, height: size.height)
    }
}

/// A node showing a bitmap (the template `image`). Its intrinsic size is the image's pixel
/// size, one pixel a point.
public final class ImageNode: DisplayNode, ImageDisplayingNode {
    public struct Parameters: Hashable, Sendable {
        public var image: ImageBuffer
        public var contentMode: ContentMode
    }

    public var image: ImageBuffer {
        didSet { if image != oldValue { invalidateCalculatedLayout() } }
    }
    public var contentMode: ContentMode = .scaleToFill

    public init(image: ImageBuffer, contentMode: ContentMode = .scaleToFill) {
        self.image = image
        self.contentMode = contentMode
        super.init()
    }

    public override var typeName: String { "image" }

    public override func defaultStructureRole(inside parent: StructureRole?) -> StructureRole? { .figure }

    public override func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Size(width: Double(image.width), height: Double(image.height))
    }

    public func drawParameters() -> Parameters { Parameters(image: image, contentMode: contentMode) }

    public static func display(_ parameters: Parameters, isCancelled: CancellationCheck) throws -> ImageBuffer? {
        parameters.image
    }

    public static func imageRect(for parameters: Parameters, image: ImageBuffer, bounds: Rect) -> Rect {
        parameters.contentMode.rect(for: Size(width: Double(image.width), height: Double(image.height)), in: bounds)
    }
}
