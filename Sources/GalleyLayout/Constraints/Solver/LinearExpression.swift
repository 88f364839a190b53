/// One term of a ``LinearExpression``: a coefficient times a variable.
public struct LinearTerm: Sendable {
    /// The variable.
    public var variable: ConstraintVariable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates a term.
    public init(_ variable: ConstraintVariable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A sum of terms plus a constant: `2·x + y − 10`.
///
/// Build one with the arithmetic operators on variables, expressions and numbers (`x * 2 + y - 10`), then relate
/// two sides with `==`, `<=` or `>=` to get a ``LinearConstraint``. A variable may appear in several terms; the
/// solver adds their coefficients.
public struct LinearExpression: Sendable, CustomStringConvertible {
    /// The terms, in the order they were written.
    public var terms: [LinearTerm]
    /// The constant part.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    public init(terms: [LinearTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// An expression that is just a number.
    public init(_ constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// An expression that is one variable (times a coefficient).
    public init(_ variable: ConstraintVariable, coefficient: Double = 1) {
        self.init(terms: [LinearTerm(variable, coefficient: coefficient)], constant: 0)
    }

    /// Whether every coefficient and the constant are finite numbers.
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// The expression's value when each variable takes `value(variable)`.
    public func evaluate(_ value: (ConstraintVariable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * value($1.variable) }
    }

    /// `2*x + y - 10`: terms with coefficients of 1 unwritten, then the constant when it is not 0.
    public var description: String {
        var text = ""
        for term in terms {
            let magnitude = abs(term.coefficient)
            let sign = term.coefficient < 0 ? "-" : "+"
            let factor = magnitude == 1 ? "" : "\(formatNumber(magnitude))*"
            text += text.isEmpty ? (sign == "-" ? "-" : "") : " \(sign) "
            text += factor + term.variable.description
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += " \(constant < 0 ? "-" : "+") \(formatNumber(abs(constant)))" }
        return text
    }
}

// The arithmetic that builds expressions. Only concrete overloads (no generic operators), so the type checker
// settles `x + 1` quickly and ordinary arithmetic on numbers is not slowed down.
extension LinearExpression {
    /// The sum of two expressions.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(terms: lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// The expression plus a number.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(terms: lhs.terms, constant: lhs.constant + rhs)
    }

    /// A number plus the expression.
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }

    /// The expression plus a variable.
    public static func + (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearExpression {
        lhs + LinearExpression(rhs)
    }

    /// A variable plus the expression.
    public static func + (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + rhs
    }

    /// The expression negated.
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand * -1 }

    /// The difference of two expressions.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }

    /// The expression minus a number.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }

    /// A number minus the expression.
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { lhs + -rhs }

    /// The expression minus a variable.
    public static func - (lhs: LinearExpression, rhs: ConstraintVariable) -> LinearExpression {
        lhs + LinearExpression(rhs, coefficient: -1)
    }

    /// A variable minus the expression.
    public static func - (lhs: ConstraintVariable, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs) + -rhs
    }

    /// The expression scaled by a number.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(
            terms: lhs.terms.map { LinearTerm($0.variable, coefficient: $0.coefficient * rhs) },
            constant: lhs.constant * rhs)
    }

    /// The expression scaled by a number.
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs * lhs }

    /// The expression divided by a number.
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs * (1 / rhs) }
}

extension ConstraintVariable {
    /// The variable plus a number.
    public static func + (lhs: ConstraintVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }

    /// A number plus the variable.
    public static func + (lhs: Double, rhs: ConstraintVariable) -> LinearExpression { LinearExpression(rhs) + lhs }

    /// The sum of two variables.
    public static func + (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearExpression {
        LinearExpression(lhs) + LinearExpression(rhs)
    }

    /// The variable minus a number.
    public static func - (lhs: ConstraintVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }

    /// A number minus the variable.
    public static func - (lhs: Double, rhs: ConstraintVariable) -> LinearExpression { lhs - LinearExpression(rhs) }

    /// The difference of two variables.
    public static func - (lhs: ConstraintVariable, rhs: ConstraintVariable) -> LinearExpression {
        LinearExpression(lhs) - LinearExpression(rhs)
    }

    /// The variable negated.
    public static prefix func - (operand: ConstraintVariable) -> LinearExpression {
        LinearExpression(operand, coefficient: -1)
    }

    /// The variable times a number.
    public static func * (lhs: ConstraintVariable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs, coefficient: rhs)
    }

    /// A number times the variable.
    public static func * (lhs: Double, rhs: ConstraintVariable) -> LinearExpression {
        LinearExpression(rhs, coefficient: lhs)
    }

    /// The variable divided by a number.
    public static func / (lhs: ConstraintVariable, rhs: Double) -> LinearExpression {
        LinearExpression(lhs, coefficient: 1 / rhs)
    }
}
