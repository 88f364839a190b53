/// A compiled binding expression: the part of `{{ … }}` before any filters.
indirect enum Expression: Hashable, Sendable {
    /// A literal number, string, bool or null.
    case literal(JSONValue)
    /// A data path such as `item.price` or `items[0].name`.
    case path(PathExpression)
    /// `!operand`.
    case not(Expression)
    /// `lhs op rhs` for a comparison (`== != < <= > >=`, which do not chain).
    case binary(BinaryOperator, Expression, Expression)
    /// `first op₁ operand₁ op₂ operand₂ …`: a run of one left-associative precedence level
    /// (`||`, `&&`, `+ -` or `* / %`), evaluated left to right as the nested binary operations
    /// it stands for. Kept flat so a sum of 50,000 terms is a loop, not 50,000 nested calls
    /// (which overflowed the stack when evaluated, compared or freed).
    case chain(Expression, [ChainLink])
    /// `c₁ ? v₁ : c₂ ? v₂ : … : otherwise`: the first case whose condition is truthy gives the
    /// value (a missing condition counts as false). A run of conditionals in the `:` branch is
    /// kept flat for the same reason as `chain`.
    case conditional([ConditionalCase], otherwise: Expression)
}

/// One `op operand` of a ``Expression/chain(_:_:)``.
struct ChainLink: Hashable, Sendable {
    let op: BinaryOperator
    let operand: Expression
}

/// One `condition ? value` of a ``Expression/conditional(_:otherwise:)``.
struct ConditionalCase: Hashable, Sendable {
    let condition: Expression
    let value: Expression
}

/// The binary operators, loosest-binding first: `||`, `&&`, the comparisons, then arithmetic
/// (`+ -`, then `* / %`).
enum BinaryOperator: String, Hashable, Sendable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    /// `+ - * / %`: numbers in, a number out.
    var isArithmetic: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .remainder: true
        default: false
        }
    }
}

/// A path into the data or the scope's locals: a root name followed by member and index steps.
struct PathExpression: Hashable, Sendable {
    /// One step after the root.
    enum Step: Hashable, Sendable {
        /// `.name` or `["name"]`.
        case key(String)
        /// `[3]`.
        case index(Int)
        /// `[expression]`, e.g. `rates[item.currency]`: a number indexes, a string names a member.
        case dynamic(Expression)
    }

    /// The first name: a local (`item`, `index`, `page`, …) or a top-level data key.
    var root: String
    /// The steps after the root.
    var steps: [Step]
    /// The path as written, for error messages.
    var text: String
}
