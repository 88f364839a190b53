/// An exact decimal number, `coefficient × 10^exponent`, with up to 38 significant digits: what a
/// number written in a template or a data file is, and what arithmetic on such numbers gives.
///
/// The exponent keeps the scale a number was written with: `1.50` is 150 × 10⁻² and prints
/// `1.50`. `+`, `-` and `*` are exact (`0.1 + 0.2` is `0.3`; the scale of a sum is the finer of
/// the two, of a product the sum of both); `/` is exact when the quotient terminates within
/// ``divisionDigits`` significant digits and rounded half to even there otherwise. A result that
/// does not fit 38 digits is nil, and the caller falls back to binary floating point.
struct ExactDecimal: Hashable, Sendable {
    /// The digits, with the sign.
    var coefficient: Int128
    /// The power of ten the coefficient is scaled by; negative for digits after the point.
    var exponent: Int

    /// Significant digits a quotient that does not terminate is rounded to (`1 / 3` is
    /// `0.33333333333333333333`).
    static let divisionDigits = 20
    /// The most digits a coefficient holds: 10^38 is below `Int128.max` (1.7 × 10^38).
    static let maximumDigits = 38

    init(coefficient: Int128, exponent: Int) {
        self.coefficient = coefficient
        self.exponent = exponent
    }

    /// An integer.
    init(_ integer: Int) {
        coefficient = Int128(integer)
        exponent = 0
    }

    /// 10^n for n in 0...38.
    static let powersOfTen: [Int128] = {
        var powers: [Int128] = [1]
        for _ in 1...38 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    var isZero: Bool { coefficient == 0 }
    var isNegative: Bool { coefficient < 0 }

    /// The number of digits in the coefficient (1 for zero).
    var digitCount: Int {
        let magnitude = coefficient.magnitude
        var count = 1
        while count <= Self.maximumDigits, UInt128(Self.powersOfTen[count]) <= magnitude { count += 1 }
        return count
    }

    /// This number with `exponent` lowered to `target` (more digits after the point), or nil
    /// when the coefficient would overflow.
    func rescaled(to target: Int) -> ExactDecimal? {
        guard target <= exponent else { return nil }
        let shift = exponent - target
        guard shift <= Self.maximumDigits else {
            return coefficient == 0 ? ExactDecimal(coefficient: 0, exponent: target) : nil
        }
        let (scaled, overflow) = coefficient.multipliedReportingOverflow(by: Self.powersOfTen[shift])
        guard !overflow, scaled.magnitude < UInt128(Self.powersOfTen[Self.maximumDigits]) else { return nil }
        return ExactDecimal(coefficient: scaled, exponent: target)
    }

    /// `a` and `b` at the finer of their two exponents, or nil on overflow.
    static func aligned(_ a: ExactDecimal, _ b: ExactDecimal) -> (Int128, Int128, exponent: Int)? {
        let exponent = min(a.exponent, b.exponent)
        guard let x = a.rescaled(to: exponent), let y = b.rescaled(to: exponent) else { return nil }
        return (x.coefficient, y.coefficient, exponent)
    }

    static func + (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? {
        guard let (x, y, exponent) = aligned(a, b) else { return nil }
        return checked(x + y, exponent)  // Two coefficients below 10^38 cannot overflow Int128 when added.
    }

    static func - (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? {
        guard let (x, y, exponent) = aligned(a, b) else { return nil }
        return checked(x - y, exponent)
    }

    static func * (a: ExactDecimal, b: ExactDecimal) -> ExactDecimal? {
        let (product, overflow) = a.coefficient.multipliedReportingOverflow(by: b.coefficient)
        guard !overflow else { return nil }
        return checked(product, a.exponent + b.exponent)
    }

    /// The quotient: exact at the scale `a.exponent - b.exponent` (or finer) when it terminates
    /// within ``divisionDigits`` digits, else rounded half to even to that many; nil for a zero
    /// divisor or on overflow.
    func divided(by divisor: ExactDecimal) -> ExactDecimal? {
        guard !divisor.isZero else { return nil }
        if isZero { return ExactDecimal(coefficient: 0, exponent: exponent - divisor.exponent) }
        // Scale the dividend up until the quotient has enough digits: digits(a·10^k) - digits(b) ≥ wanted.
        let wanted = Self.divisionDigits + 1
        let shift = max(0, min(Self.maximumDigits - digitCount, wanted + divisor.digitCount - digitCount))
        let numerator = coefficient * Self.powersOfTen[shift]
        var quotient = numerator / divisor.coefficient
        let remainder = numerator % divisor.coefficient
        var resultExponent = exponent - divisor.exponent - shift
        if remainder != 0 {
            // Round half to even on the remainder, then to `divisionDigits` significant digits.
            let twice = remainder.magnitude * 2
            let divisorMagnitude = divisor.coefficient.magnitude
            let negative = (coefficient < 0) != (divisor.coefficient < 0)
            if twice > divisorMagnitude || (twice == divisorMagnitude && quotient % 2 != 0) {
                quotient += negative ? -1 : 1
            }
            var result = ExactDecimal(coefficient: quotient, exponent: resultExponent)
            let excess = result.digitCount - Self.divisionDigits
            if excess > 0 { result = result.roundedHalfEven(droppingDigits: excess) }
            return result.trimmed(downTo: exponent - divisor.exponent)
        }
        // Exact: drop the zeros the scaling added, back to the ideal exponent.
        var result = ExactDecimal(coefficient: quotient, exponent: resultExponent)
        result = result.trimmed(downTo: exponent - divisor.exponent)
        resultExponent = result.exponent
        return Self.checked(result.coefficient, resultExponent)
    }

    /// `a % b` with the sign of `a` (truncated division, as `%` on integers); nil for a zero divisor.
    func remainder(dividingBy divisor: ExactDecimal) -> ExactDecimal? {
        guard !divisor.isZero, let (x, y, exponent) = Self.aligned(self, divisor) else { return nil }
        return ExactDecimal(coefficient: x % y, exponent: exponent)
    }

    /// -1, 0 or 1 as `a` is below, equal to or above `b`; nil when they cannot be aligned.
    static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int? {
        let (signA, signB) = (a.coefficient.signum(), b.coefficient.signum())
        if signA != signB { return signA < signB ? -1 : 1 }
        if signA == 0 { return 0 }
        if let (x, y, _) = aligned(a, b) { return x < y ? -1 : (x == y ? 0 : 1) }
        // Too far apart to align: the one with more integer digits is larger in magnitude.
        let (sizeA, sizeB) = (a.exponent + a.digitCount, b.exponent + b.digitCount)
        guard sizeA != sizeB else { return nil }
        return (sizeA < sizeB) == (signA > 0) ? -1 : 1
    }

    /// The number rounded to `decimals` digits after the point, half away from zero (as
    /// accountants round); more digits are added as zeros. Nil on overflow.
    func rounded(toDecimals decimals: Int) -> ExactDecimal? {
        if exponent >= -decimals { return rescaled(to: -decimals) }
        let drop = -decimals - exponent
        guard drop <= Self.maximumDigits else { return ExactDecimal(coefficient: 0, exponent: -decimals) }
        let divisor = Self.powersOfTen[drop]
        var quotient = coefficient / divisor
        let remainder = (coefficient % divisor).magnitude
        if remainder * 2 >= UInt128(divisor) { quotient += coefficient < 0 ? -1 : 1 }
        return ExactDecimal(coefficient: quotient, exponent: -decimals)
    }

    /// `count` low digits dropped, rounding half to even.
    private func roundedHalfEven(droppingDigits count: Int) -> ExactDecimal {
        let divisor = Self.powersOfTen[min(count, Self.maximumDigits)]
        var quotient = coefficient / divisor
        let twice = (coefficient % divisor).magnitude * 2
        if twice > UInt128(divisor) || (twice == UInt128(divisor) && quotient % 2 != 0) {
            quotient += coefficient < 0 ? -1 : 1
        }
        return ExactDecimal(coefficient: quotient, exponent: exponent + count)
    }

    /// Trailing zeros removed while the exponent stays at or below `limit`.
    func trimmed(downTo limit: Int) -> ExactDecimal {
        var result = self
        while result.exponent < limit, result.coefficient != 0, result.coefficient % 10 == 0 {
            result.coefficient /= 10
            result.exponent += 1
        }
        if result.coefficient == 0, result.exponent < limit { result.exponent = limit }
        return result
    }

    /// Nil when a coefficient exceeds 38 digits.
    private static func checked(_ coefficient: Int128, _ exponent: Int) -> ExactDecimal? {
        guard coefficient.magnitude < UInt128(powersOfTen[maximumDigits]) else { return nil }
        return ExactDecimal(coefficient: coefficient, exponent: exponent)
    }
}
