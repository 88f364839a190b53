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
        case .binary(.and, let left, let right):
            var ignored: String?
            guard Binder.truthiness(try evaluate(left, missing: &ignored) ?? .null) else { return .bool(false) }
            return .bool(Binder.truthiness(try evaluate(right, missing: &ignored) ?? .null))
        case .binary(.or, let left, let right):
            var ignored: String?
            if Binder.truthiness(try evaluate(left, missing: &ignored) ?? .null) { return .bool(true) }
            return .bool(Binder.truthiness(try evaluate(right, missing: &ignored) ?? .null))
        case .binary(let op, let left, let right):
            guard let lhs = try evaluate(left, missing: &missing), let rhs = try evaluate(right, missing: &missing) else {
                return nil
            }
            return .bool(try Self.compare(lhs, op, rhs))
        }
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
        case .notEqual, .and, .or: return a != b
        }
    }
}
