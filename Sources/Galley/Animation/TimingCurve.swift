import Foundation

/// How an animation's progress maps to the animated value: `value(at: t)` for `t` in [0, 1]
/// (the fraction of the duration elapsed) gives the fraction of the change applied.
/// Every curve gives 0 at 0 and exactly 1 at 1; springs may overshoot in between.
public enum TimingCurve: Hashable, Sendable {
    case linear
    /// CSS `ease-in`: cubic-bezier(0.42, 0, 1, 1).
    case easeIn
    /// CSS `ease-out`: cubic-bezier(0, 0, 0.58, 1).
    case easeOut
    /// CSS `ease-in-out`: cubic-bezier(0.42, 0, 0.58, 1).
    case easeInOut
    /// A CSS cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2); x1, x2 in [0, 1].
    case cubicBezier(Double, Double, Double, Double)
    /// UIKit's duration-based spring (`UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:…)`): see ``SpringCurve``.
    case spring(dampingRatio: Double, initialVelocity: Double)

    /// The eased fraction at `t` (clamped to [0, 1]).
    /// - Parameters:
    ///   - t: the fraction of the duration elapsed.
    ///   - duration: the animation's duration in seconds; only springs use it (their
    ///     initial velocity is in "animation distances per second", as in UIKit).
    public func value(at t: Double, duration: Double = 1) -> Double {
        let t = min(max(t.isNaN ? 0 : t, 0), 1)
        if t == 0 { return 0 }
        if t == 1 { return 1 }
        switch self {
        case .linear: return t
        case .easeIn: return CubicBezier(0.42, 0, 1, 1).y(forX: t)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1).y(forX: t)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1).y(forX: t)
        case .cubicBezier(let x1, let y1, let x2, let y2): return CubicBezier(x1, y1, x2, y2).y(forX: t)
        case .spring(let damping, let velocity):
            return SpringCurve(dampingRatio: damping, initialVelocity: velocity, duration: duration).value(at: t)
        }
    }

    /// Parses `linear`, `easeIn`, `easeOut`, `easeInOut` (also CSS's `ease-in` spellings),
    /// `spring:DAMPING[,VELOCITY]` and `cubic:x1,y1,x2,y2`.
    public init?(parsing text: String) {
        let lower = text.lowercased().replacingOccurrences(of: "-", with: "")
        switch lower {
        case "linear": self = .linear
        case "easein": self = .easeIn
        case "easeout": self = .easeOut
        case "easeinout", "ease": self = .easeInOut
        default:
            let parts = lower.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let numbers = parts[1].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !numbers.contains(where: { $0 == nil || !$0!.isFinite }) else { return nil }
            let values = numbers.map { $0! }
            switch parts[0] {
            case "spring" where (1...2).contains(values.count) && values[0] > 0:
                self = .spring(dampingRatio: values[0], initialVelocity: values.count > 1 ? values[1] : 0)
            case "cubic", "cubicbezier":
                guard values.count == 4, (0...1).contains(values[0]), (0...1).contains(values[2]) else { return nil }
                self = .cubicBezier(values[0], values[1], values[2], values[3])
            default: return nil
            }
        }
    }
}

/// A CSS timing Bézier solved for x → y (WebKit's UnitBezier: Newton's method, then bisection).
struct CubicBezier {
    let ax, bx, cx, ay, by, cy: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s with x(s) = x.
    func solve(x target: Double, epsilon: Double = 1e-9) -> Double {
        var s = target
        for _ in 0..<8 {
            let error = x(s) - target
            if abs(error) < epsilon { return s }
            let slope = dx(s)
            if abs(slope) < 1e-7 { break }
            s -= error / slope
        }
        var low = 0.0
        var high = 1.0
        s = target
        for _ in 0..<60 {
            let value = x(s)
            if abs(value - target) < epsilon { return s }
            if target > value { low = s } else { high = s }
            s = (low + high) / 2
        }
        return s
    }

    func y(forX target: Double) -> Double { y(solve(x: target)) }
}

/// UIKit's duration-based spring, as a damped harmonic oscillator in normalised time.
///
/// UIKit documents the parameters, not the formula; Galley uses this one. With `u = t / duration`
/// in [0, 1], the displacement `y(u) = value(u) - 1` obeys `y'' + 2ζω₀ y' + ω₀² y = 0` with
/// `y(0) = -1` and `y'(0) = v · duration`, where `ζ` is the damping ratio (1 = critically
/// damped, no overshoot; smaller oscillates) and `v` the initial velocity in animation distances
/// per second (UIKit: "1 = the total animation distance traversed in one second"). The natural
/// frequency is chosen so that the slowest decaying envelope falls to 1/1000 of the distance at
/// the end of the duration — `ω₀ = ln(1000) / ζ` for `ζ ≤ 1` and `ln(1000) / (ζ − √(ζ²−1))` for
/// `ζ > 1` — so the animation settles within its duration as UIKit's does; `value(1)` is exactly 1.
public struct SpringCurve: Hashable, Sendable {
    public let dampingRatio: Double
    public let initialVelocity: Double
    public let duration: Double

    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = max(dampingRatio, 0.01)
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    /// ω₀ in radians per unit of normalised time.
    public var naturalFrequency: Double {
        let zeta = dampingRatio
        let settle = log(1000.0)
        return zeta <= 1 ? settle / zeta : settle / (zeta - (zeta * zeta - 1).squareRoot())
    }

    public func value(at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        let zeta = dampingRatio
        let w0 = naturalFrequency
        let v = initialVelocity * duration
        let y: Double
        if abs(zeta - 1) < 1e-9 {
            y = (-1 + (v - w0) * u) * exp(-w0 * u)
        } else if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (v - zeta * w0) / wd
            y = exp(-zeta * w0 * u) * (-cos(wd * u) + b * sin(wd * u))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let c1 = (v + r2) / (r1 - r2)
            let c2 = -1 - c1
            y = c1 * exp(r1 * u) + c2 * exp(r2 * u)
        }
        return 1 + y
    }
}
