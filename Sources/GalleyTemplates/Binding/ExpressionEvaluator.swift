import Foundation

/// Walks a compiled ``Expression`` against a scope. `nil` results mean "missing path".
struct ExpressionEvaluator {
    let scope: BindingScope

    /// Evaluates `expression`; on a missing path returns `nil` and records the first missing path's text.
    func evaluate(_ expression: Expression, missing: inout String?) throws(BindingError) -> JSONValue? {
        switch expression {
        case .literal(let value):
            return value
        case .path(let path):
            let value = try resolve(path, missing: &missing)
            if value == nil, missing == nil { missing = path.text }
            return value
        case .not(let operand):
            var ignored: String?
            return .bool(!Binder.truthiness(try evaluate(operand, missing: &ignored) ?? .null))
        case .conditional(let cases, let otherwise):
            for option in cases {
                var ignored: String?
                if Binder.truthiness(try evaluate(option.condition, missing: &ignored) ?? .null) {
                    return try evaluate(option.value, missing: &missing)
                }
            }
            return try evaluate(otherwise, missing: &missing)
        case .chain(let first, let links):
            return try evaluateChain(first, links, missing: &missing)
        case .binary(let op, let left, let right):
            guard let lhs = try evaluate(left, missing: &missing), let rhs = try evaluate(right, missing: &missing)
            else {
                return nil
            }
            return .bool(try Self.compare(lhs, op, rhs))
        }
    }

    /// A chain, left to right, with the results of the nested binary operations it stands for:
    /// `&&` and `||` stop at the first operand that decides them (a missing path counts as
    /// false and makes a bool); arithmetic stops at the first missing operand (missing).
    private func evaluateChain(_ first: Expression, _ links: [ChainLink], missing: inout String?)
        throws(BindingError) -> JSONValue?
    {
        guard let op = links.first?.op else { return try evaluate(first, missing: &missing) }
        if op == .and || op == .or {
            var ignored: String?
            var result = Binder.truthiness(try evaluate(first, missing: &ignored) ?? .null)
            for link in links {
                // `a && b && c` is `(a && b) && c`: once decided, the rest is not evaluated.
                if result == (op == .or) { break }
                result = Binder.truthiness(try evaluate(link.operand, missing: &ignored) ?? .null)
            }
            return .bool(result)
        }
        guard var value = try evaluate(first, missing: &missing) else { return nil }
        for link in links {
            guard let rhs = try evaluate(link.operand, missing: &missing) else { return nil }
            value = .number(try Self.arithmetic(value, link.op, rhs))
        }
        return value
    }

    private func resolve(_ path: PathExpression, missing: inout String?) throws(BindingError) -> JSONValue? {
        guard var value = scope.lookup(path.root) else { return nil }
        for step in path.steps {
            switch step {
            case .key(let key):
                guard let next = value[key] else { return nil }
                value = next
            case .index(let index):
                guard let next = value[index] else { return nil }
                value = next
            case .dynamic(let expression):
                switch try evaluate(expression, missing: &missing) {
                case .number(let number)? where number >= 0 && number == number.rounded() && number < 1e15:
                    guard let next = value[Int(number)] else { return nil }
                    value = next
                case .string(let key)?:
                    guard let next = value[key] else { return nil }
                    value = next
                default:
                    return nil
                }
            }
        }
        return value
    }

    /// `+ - * / %` on numbers (a string holding a number counts, as CSV data is text).
    static func arithmetic(_ lhs: JSONValue, _ op: BinaryOperator, _ rhs: JSONValue) throws(BindingError) -> Double {
        guard let a = lhs.arithmeticValue, let b = rhs.arithmeticValue else {
            throw BindingError.typeMismatch(
                message: "cannot compute \(lhs.kindName) \(op.rawValue) \(rhs.kindName): both must be numbers")
        }
        switch op {
        case .add: return a + b
        case .subtract: return a - b
        case .multiply: return a * b
        case .divide, .remainder:
            guard b != 0 else { throw BindingError.typeMismatch(message: "division by zero") }
            return op == .divide ? a / b : a.truncatingRemainder(dividingBy: b)
        default: return .nan
        }
    }

    static func compare(_ lhs: JSONValue, _ op: BinaryOperator, _ rhs: JSONValue) throws(BindingError) -> Bool {
        switch (op, lhs, rhs) {
        case (.equal, _, _): return lhs == rhs
        case (.notEqual, _, _): return lhs != rhs
        case (_, .number(let a), .number(let b)): return ordered(a, op, b)
        case (_, .string(let a), .string(let b)): return ordered(a, op, b)
        default:
            throw BindingError.typeMismatch(
                message: "cannot compare \(lhs.kindName) with \(rhs.kindName) using \(op.rawValue)")
        }
    }

    private static func ordered<T: Comparable>(_ a: T, _ op: BinaryOperator, _ b: T) -> Bool {
        switch op {
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        case .equal: return a == b
        case .notEqual, .and, .or, .add, .subtract, .multiply, .divide, .remainder: return a != b
        }
    }
}

extension JSONValue {
    /// The number arithmetic uses: a number, or a string that holds one.
    var arithmeticValue: Double? {
        switch self {
        case .number(let n): n
        case .string(let s): Double(s.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
