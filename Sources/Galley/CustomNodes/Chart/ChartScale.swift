import Foundation

/// A value axis: its ends and gridline values, about four steps of 1, 2, 2.5 or 5 times a power of ten.
///
/// Example: data from 0 to 9 gives 0…10 with ticks 0, 2.5, 5, 7.5, 10; data from -3 to 7 gives -5…7.5 with
/// ticks -5, -2.5, 0, 2.5, 5, 7.5 (the ends rounded out to whole steps).
struct ChartScale: Hashable, Sendable {
    var lower: Double
    var upper: Double
    var ticks: [Double]

    /// The scale for data from `low` to `high`; a given `minimum` or `maximum` is kept exactly.
    init(low: Double, high: Double, minimum: Double? = nil, maximum: Double? = nil) {
        var low = minimum ?? low
        var high = maximum ?? high
        if !low.isFinite { low = 0 }
        if !high.isFinite { high = 0 }
        if high < low { swap(&low, &high) }
        if high == low { high = low + 1 }
        let step = Self.step(for: high - low)
        lower = minimum ?? (low / step).rounded(.down) * step
        upper = maximum ?? (high / step).rounded(.up) * step
        var ticks = [Double]()
        var tick = (lower / step).rounded(.up) * step
        while tick <= upper + step * 1e-9, ticks.count < 100 {
            ticks.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        self.ticks = ticks
    }

    /// The fraction of the axis `value` lies at (0 at `lower`, 1 at `upper`), clamped.
    func fraction(_ value: Double) -> Double {
        guard upper > lower else { return 0 }
        return min(1, max(0, (value - lower) / (upper - lower)))
    }

    /// About a quarter of `range`, rounded up to 1, 2, 2.5 or 5 times a power of ten.
    static func step(for range: Double) -> Double {
        guard range > 0, range.isFinite else { return 0.25 }
        let rough = range / 4
        let magnitude = pow(10, Foundation.floor(Foundation.log10(rough)))
        return [1, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= rough * (1 - 1e-12) } ?? 10 * magnitude
    }
}
