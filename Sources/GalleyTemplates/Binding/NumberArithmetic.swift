/// Arithmetic and comparison of data numbers (docs/templates.md, Numbers):
///
/// - A number is the decimal it was written as; a string that reads as a number (a CSV field
///   such as `"1.50"`) counts as that number in arithmetic, ordering and the number filters.
/// - `+`, `-`, `*` and `%` are exact on decimals; `/` is exact when the quotient terminates within
///   20 significant digits and rounded half to even there otherwise (``ExactDecimal``).
/// - A result past 38 digits, and anything involving `NaN` or an infinity, is computed in binary
///   floating point instead.
enum NumberArithmetic {
    /// The number a value stands for in arithmetic: a number, or a string that reads as one.
    static func number(_ value: JSONValue) -> JSONNumber? {
        switch value {
        case .number(let number): number
        case .string(let text): JSONNumber(parsing: text)
        default: nil
        }
    }

    /// `lhs op rhs` for `+ - * / %`.
    static func apply(_ lhs: PipelineValue, _ op: BinaryOperator, _ rhs: PipelineValue) throws(BindingError)
        -> JSONNumber
    {
        guard let a = lhs.numberValue, let b = rhs.numberValue else {
            throw BindingError.typeMismatch(
                message: "cannot compute \(lhs.kindName) \(op.rawValue) \(rhs.kindName): both must be numbers")
        }
        if op == .divide || op == .remainder, b.value == 0 {
            throw BindingError.typeMismatch(message: "division by zero")
        }
        if let x = a.exact, let y = b.exact {
            let exact: ExactDecimal?
            switch op {
            case .add: exact = x + y
            case .subtract: exact = x - y
            case .multiply: exact = x * y
            case .divide: exact = x.divided(by: y)
            case .remainder: exact = x.remainder(dividingBy: y)
            default: exact = nil
            }
            if let exact { return JSONNumber(exact) }
        }
        return JSONNumber(binary(a.value, op, b.value))
    }

    private static func binary(_ a: Double, _ op: BinaryOperator, _ b: Double) -> Double {
        switch op {
        case .add: a + b
        case .subtract: a - b
        case .multiply: a * b
        case .divide: a / b
        case .remainder: a.truncatingRemainder(dividingBy: b)
        default: .nan
        }
    }

    /// -1, 0 or 1; nil when either is NaN.
    static func compare(_ a: JSONNumber, _ b: JSONNumber) -> Int? {
        if let x = a.exact, let y = b.exact, let order = ExactDecimal.compare(x, y) { return order }
        if a.value.isNaN || b.value.isNaN { return nil }
        return a.value < b.value ? -1 : (a.value == b.value ? 0 : 1)
    }

    /// The sum of `values` (numbers or numeric strings), exact while every term is a decimal.
    static func sum(_ values: [JSONNumber]) -> JSONNumber {
        var exact: ExactDecimal? = ExactDecimal(0)
        var binary = 0.0
        for value in values {
            binary += value.value
            if let total = exact, let term = value.exact { exact = total + term } else { exact = nil }
        }
        return exact.map(JSONNumber.init) ?? JSONNumber(binary)
    }
}
