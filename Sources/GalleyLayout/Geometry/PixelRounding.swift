// Texture's pixel rounding helpers (ASInternalHelpers.mm:209-254) at Galley's screen scale of 1.

/// The layout pixel grid: Galley lays out on a 1-point pixel grid whatever the output scale, so PDF and PNG share one layout.
public let screenScale: Double = 1

/// `FLT_EPSILON`, the nudge Texture applies before ceiling and flooring.
public let floatEpsilon = Double(Float.ulpOfOne)

/// `ASCeilPixelValue`: `ceil((f - FLT_EPSILON) * scale) / scale`, so 10.0000001 stays 10.
@inlinable
public func ceilPx(_ value: Double) -> Double {
    ((value - floatEpsilon) * screenScale).rounded(.up) / screenScale
}

/// `ASFloorPixelValue`: `floor((f + FLT_EPSILON) * scale) / scale`, so 9.9999999 becomes 10.
@inlinable
public func floorPx(_ value: Double) -> Double {
    ((value + floatEpsilon) * screenScale).rounded(.down) / screenScale
}

/// `ASRoundPixelValue`: `round(f * scale) / scale`, halves away from zero (2.5 → 3, -2.5 → -3).
@inlinable
public func roundPx(_ value: Double) -> Double {
    (value * screenScale).rounded(.toNearestOrAwayFromZero) / screenScale
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
