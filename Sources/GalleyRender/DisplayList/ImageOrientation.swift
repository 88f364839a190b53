/// How a stored image is turned or mirrored to be shown upright: the eight values of the EXIF
/// (TIFF) `Orientation` tag, named as `CGImagePropertyOrientation` names them.
///
/// Decoders apply it, so an ``ImageBuffer``'s pixels are always upright; the orientation is kept
/// only beside original file bytes (``ImageBuffer/encodedOrientation``), which are still stored
/// the camera's way.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// 6: turned 90° clockwise (how most phones store a photo taken upright).
    case right = 6
    /// 7: mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// 8: turned 90° anticlockwise.
    case left = 8

    /// Whether the shown image's width is the stored image's height.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The transform from stored-image coordinates (pixels, origin top left, `width` x `height`
    /// as stored) to shown-image coordinates: drawing the stored image through it shows the
    /// image upright. Each case follows the EXIF 2.3 table; `up` is the identity.
    public func transform(storedWidth width: Double, storedHeight height: Double) -> AffineTransform {
        switch self {
        case .up: .identity
        case .upMirrored: AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: width, ty: 0)
        case .down: AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: width, ty: height)
        case .downMirrored: AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        case .leftMirrored: AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .right: AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: height, ty: 0)
        case .rightMirrored: AffineTransform(a: 0, b: -1, c: -1, d: 0, tx: height, ty: width)
        case .left: AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        }
    }

    /// The orientation that undoes this one (turning back what `right` turned).
    public var inverse: ImageOrientation {
        switch self {
        case .right: .left
        case .left: .right
        default: self  // mirrors and the half turn undo themselves
        }
    }
}
