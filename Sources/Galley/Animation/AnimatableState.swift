import GalleyLayout
import GalleyRender
import Glibc

/// A layer transform as animatable components, applied about the node's centre in the order
/// scale, rotation, translation (Core Animation's `transform` of a layer with anchor point 0.5).
public struct LayerTransform: Hashable, Sendable {
    public var scaleX: Double = 1
    public var scaleY: Double = 1
    /// Radians; positive turns clockwise on the page.
    public var rotation: Double = 0
    public var translationX: Double = 0
    public var translationY: Double = 0

    public static let identity = LayerTransform()

    public init(
        scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translationX: Double = 0, translationY: Double = 0
    ) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.translationX = translationX
        self.translationY = translationY
    }

    /// Decomposes an affine transform without skew (scale, then rotation, then translation).
    public init(_ m: AffineTransform) {
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        let rotation = atan2(m.b, m.a)
        let determinant = m.a * m.d - m.b * m.c
        self.init(
            scaleX: sx, scaleY: sx == 0 ? 0 : determinant / sx, rotation: rotation, translationX: m.tx,
            translationY: m.ty)
    }

    public var affine: AffineTransform {
        AffineTransform.scale(x: scaleX, y: scaleY)
            .concatenating(.rotation(rotation))
            .concatenating(.translation(x: translationX, y: translationY))
    }

    public var isIdentity: Bool { self == .identity }
}

/// The animatable properties of a node: frame (in the animation's coordinate space), opacity,
/// background colour, corner radii, transform and shadow.
public struct AnimatableState: Hashable, Sendable {
    public var frame: Rect
    public var opacity: Double
    public var backgroundColor: Color?
    public var cornerRadii: CornerRadii
    public var transform: LayerTransform
    public var shadow: Shadow?

    public init(
        frame: Rect, opacity: Double = 1, backgroundColor: Color? = nil, cornerRadii: CornerRadii = .zero,
        transform: LayerTransform = .identity, shadow: Shadow? = nil
    ) {
        self.frame = frame
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.cornerRadii = cornerRadii
        self.transform = transform
        self.shadow = shadow
    }

    /// The state a node's layer gives it at `frame`.
    public init(layer: LayerProperties, frame: Rect, inheritedOpacity: Double = 1) {
        self.init(
            frame: frame, opacity: layer.opacity * inheritedOpacity, backgroundColor: layer.backgroundColor,
            cornerRadii: layer.cornerRadii, transform: LayerTransform(layer.transform), shadow: layer.shadow)
    }

    /// The same state, faded to `opacity`.
    public func withOpacity(_ opacity: Double) -> AnimatableState {
        var copy = self
        copy.opacity = opacity
        return copy
    }

    /// Linear interpolation at fraction `f` (already eased; may lie outside [0, 1] for springs,
    /// opacity and colour components are clamped).
    public static func interpolate(_ a: AnimatableState, _ b: AnimatableState, _ f: Double) -> AnimatableState {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        let frame = Rect(
            x: mix(a.frame.minX, b.frame.minX), y: mix(a.frame.minY, b.frame.minY),
            width: max(0, mix(a.frame.width, b.frame.width)), height: max(0, mix(a.frame.height, b.frame.height)))
        var color: Color?
        if a.backgroundColor != nil || b.backgroundColor != nil {
            // A missing colour is the other colour, fully transparent.
            let ca = a.backgroundColor ?? b.backgroundColor!.withAlpha(0)
            let cb = b.backgroundColor ?? a.backgroundColor!.withAlpha(0)
            func channel(_ x: Double, _ y: Double) -> Double { min(max(mix(x, y), 0), 1) }
            color = Color(
                red: channel(ca.red, cb.red), green: channel(ca.green, cb.green), blue: channel(ca.blue, cb.blue),
                alpha: channel(ca.alpha, cb.alpha))
        }
        let transform = LayerTransform(
            scaleX: mix(a.transform.scaleX, b.transform.scaleX), scaleY: mix(a.transform.scaleY, b.transform.scaleY),
            rotation: mix(a.transform.rotation, b.transform.rotation),
            translationX: mix(a.transform.translationX, b.transform.translationX),
            translationY: mix(a.transform.translationY, b.transform.translationY))
        var shadow: Shadow?
        if let from = a.shadow ?? b.shadow.map(Self.faded), let to = b.shadow ?? a.shadow.map(Self.faded) {
            // A missing shadow is the other one, fully transparent: it fades in or out in place.
            func channel(_ x: Double, _ y: Double) -> Double { min(max(mix(x, y), 0), 1) }
            shadow = Shadow(
                offset: Point(x: mix(from.offset.x, to.offset.x), y: mix(from.offset.y, to.offset.y)),
                blurRadius: max(0, mix(from.blurRadius, to.blurRadius)),
                color: Color(
                    red: channel(from.color.red, to.color.red), green: channel(from.color.green, to.color.green),
                    blue: channel(from.color.blue, to.color.blue), alpha: channel(from.color.alpha, to.color.alpha)))
        }
        return AnimatableState(
            frame: frame, opacity: min(max(mix(a.opacity, b.opacity), 0), 1), backgroundColor: color,
            cornerRadii: a.cornerRadii.interpolated(to: b.cornerRadii, fraction: f), transform: transform,
            shadow: shadow)
    }

    private static func faded(_ shadow: Shadow) -> Shadow {
        Shadow(offset: shadow.offset, blurRadius: shadow.blurRadius, color: shadow.color.withAlpha(0))
    }
}

extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// When and how one animation runs: Texture's `defaultLayoutTransitionDuration`/`…Delay` and a curve.
public struct AnimationTiming: Hashable, Sendable {
    /// Seconds.
    public var duration: Double
    /// Seconds before the animation starts.
    public var delay: Double
    public var curve: TimingCurve

    /// Texture's defaults: 0.2 s, no delay; Galley eases in and out.
    public static let `default` = AnimationTiming(duration: 0.2, delay: 0, curve: .easeInOut)

    public init(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut) {
        self.duration = max(0, duration)
        self.delay = max(0, delay)
        self.curve = curve
    }

    /// The eased fraction of the change at `time` seconds after the animation began.
    public func fraction(at time: Double) -> Double {
        if time <= delay { return 0 }
        if duration <= 0 || time >= delay + duration { return 1 }
        return curve.value(at: (time - delay) / duration, duration: duration)
    }

    public var end: Double { delay + duration }
}
