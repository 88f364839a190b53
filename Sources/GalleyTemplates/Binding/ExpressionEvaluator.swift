import Foundation

/// Walks a compiled ``Expression`` against a scope. `nil` results mean "missing path".
struct ExpressionEvaluator {
    let scope: BindingScope

    /// Evaluates `expression`; on a missing path returns `nil` and records the first missing path's text.
    func evaluate(_ expression: Expression, missing: inout String?) throws(BindingError) -> PipelineValue? {
        switch expression {
        case .literal(let value):
            return .value(value)
        case .path(let path):
            let value = try resolve(path, missing: &missing)
            if value == nil, missing == nil { missing = path.text }
            return value.map(PipelineValue.value)
        case .not(let operand):
            var ignored: String?
            return .value(.boolean(!(try evaluate(operand, missing: &ignored)?.isTruthy ?? false)))
        case .conditional(let cases, let otherwise):
            for option in cases {
                var ignored: String?
                if try evaluate(option.condition, missing: &ignored)?.isTruthy ?? false {
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
            return .value(.boolean(try Self.compare(lhs.jsonValue, op, rhs.jsonValue)))
        }
    }

    /// A chain, left to right, with the results of the nested binary operations it stands for:
    /// `&&` and `||` stop at the first operand that decides them (a missing path counts as
    /// false and makes a bool); arithmetic stops at the first missing operand (missing), and its
    /// running result stays a `JSONNumber` (no box per step).
    private func evaluateChain(_ first: Expression, _ links: [ChainLink], missing: inout String?)
        throws(BindingError) -> PipelineValue?
    {
        guard let op = links.first?.op else { return try evaluate(first, missing: &missing) }
        if op == .and || op == .or {
            var ignored: String?
            var result = try evaluate(first, missing: &ignored)?.isTruthy ?? false
            for link in links {
                // `a && b && c` is `(a && b) && c`: once decided, the rest is not evaluated.
                if result == (op == .or) { break }
                result = try evaluate(link.operand, missing: &ignored)?.isTruthy ?? false
            }
            return .value(.boolean(result))
        }
        guard var value = try evaluate(first, missing: &missing) else { return nil }
        for link in links {
            guard let rhs = try evaluate(link.operand, missing: &missing) else { return nil }
            value = .number(try NumberArithmetic.apply(value, link.op, rhs))
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
                case .number(let number)?, .value(.number(let number))?:
                    guard number.value >= 0 && number.value == number.value.rounded() && number.value < 1e15,
                        let next = value[Int(number.value)]
                    else { return nil }
                    value = next
                case .string(let key)?, .value(.string(let key))?:
                    guard let next = value[key] else { return nil }
                    value = next
                default:
                    return nil
                }
            }
        }
        return value
    }

    /// `== !=` compare structurally, except that a number equals a string that reads as the same
    /// number (CSV data is text: `"2" == 2`); `< <= > >=` compare as numbers when both sides are
    /// numbers or read as numbers (`"10" > "9"`), else two strings in code-point order.
    static func compare(_ lhs: JSONValue, _ op: BinaryOperator, _ rhs: JSONValue) throws(BindingError) -> Bool {
        switch op {
        case .equal: return equal(lhs, rhs)
        case .notEqual: return !equal(lhs, rhs)
        default: break
        }
        if let a = NumberArithmetic.number(lhs), let b = NumberArithmetic.number(rhs) {
            return orderedNumbers(a, op, b)
        }
        if case .string(let a) = lhs, case .string(let b) = rhs { return ordered(a, op, b) }
        throw BindingError.typeMismatch(
            message: "cannot compare \(lhs.kindName) with \(rhs.kindName) using \(op.rawValue)")
    }

    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .string(let text)), (.string(let text), .number(let a)):
            guard let b = JSONNumber(parsing: text) else { return false }
            return NumberArithmetic.compare(a, b) == 0
        default:
            return lhs == rhs
        }
    }

    private static func orderedNumbers(_ a: JSONNumber, _ op: BinaryOperator, _ b: JSONNumber) -> Bool {
        guard let order = NumberArithmetic.compare(a, b) else { return false }
        return ordered(order, op, 0)
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
