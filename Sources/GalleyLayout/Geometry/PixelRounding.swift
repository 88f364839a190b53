// Texture's pixel rounding helpers (ASInternalHelpers.mm:209-254) at the output's pixel grid.

/// The grid layout rounds to: Texture's screen scale, chosen per output.
///
/// Texture rounds every layout to the pixels of the screen it draws on. Galley's "screen" is the
/// output: a PNG rounds to its device pixels (`scale` = pixels per point: 1 at 72 dpi, 2 at 144),
/// while a PDF is not a pixel grid and keeps fractional positions (`.exact`), so ten 72.4 pt rows
/// end at 724 pt rather than drifting to 729 and an inset of 13.5 stays 13.5. Outside any output
/// (`galley layout`, the layout fixtures, tests) the scale is 1, Texture's on a 1x screen.
/// `DocumentWriter` binds it for each render; layout reads it through the helpers below.
public enum PixelGrid {
    /// The grid of a vector output: no rounding at all.
    public static let exact = Double.infinity

    /// Pixels per point of the output being laid out (1 outside any output; ``exact`` for PDF).
    @TaskLocal public static var scale: Double = 1

    /// Runs `body` (a layout, a pagination, a page's drawing) on the grid of `scale`.
    public static func withScale<T>(_ scale: Double, _ body: () throws -> T) rethrows -> T {
        try $scale.withValue(scale.isNaN || scale <= 0 ? 1 : scale, operation: body)
    }
}

/// `FLT_EPSILON`, the nudge Texture applies before ceiling and flooring.
public let floatEpsilon = Double(Float.ulpOfOne)

/// `ASCeilPixelValue`: `ceil((f - FLT_EPSILON) * scale) / scale`, so 10.0000001 stays 10.
@inlinable
public func ceilPx(_ value: Double) -> Double {
    ceilPx(value, scale: PixelGrid.scale)
}

/// `ceilPx` on a grid read once by the caller (`PixelGrid.scale` is a task-local lookup).
@inlinable
public func ceilPx(_ value: Double, scale: Double) -> Double {
    guard scale.isFinite else { return value }
    return ((value - floatEpsilon) * scale).rounded(.up) / scale
}

/// `ASFloorPixelValue`: `floor((f + FLT_EPSILON) * scale) / scale`, so 9.9999999 becomes 10.
@inlinable
public func floorPx(_ value: Double) -> Double {
    let scale = PixelGrid.scale
    guard scale.isFinite else { return value }
    return ((value + floatEpsilon) * scale).rounded(.down) / scale
}

/// `ASRoundPixelValue`: `round(f * scale) / scale`, halves away from zero (2.5 → 3, -2.5 → -3).
@inlinable
public func roundPx(_ value: Double) -> Double {
    let scale = PixelGrid.scale
    guard scale.isFinite else { return value }
    return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
}

/// Foundation's `MAX(a, b)`, which is `a < b ? b : a`: a NaN `b` yields `a`, a NaN `a` stays NaN.
@inline(__always)
func fMax(_ a: Double, _ b: Double) -> Double {
    a < b ? b : a
}

/// Foundation's `MIN(a, b)`, which is `a < b ? a : b`: a NaN `b` yields NaN, a NaN `a` yields `b`.
@inline(__always)
func fMin(_ a: Double, _ b: Double) -> Double {
    a < b ? a : b
}

/// `ASPointsValidForSize`: finite, at least 0 and below 1e7.
@inline(__always)
func isValidForSize(_ points: Double) -> Bool {
    points.isFinite && points >= 0 && points < 1e7
}
