import GalleyLayout
import GalleyTestSupport

// Random constraint systems for the kiwisolver comparison, as JSON the oracle script reads
// (Tests/GalleyLayoutTests/Oracles/kiwi_oracle.py), and their replay on Galley's solver.

/// One `coefficient·x[variable]` term.
struct OracleTerm: Codable {
    var variable: Int
    var coefficient: Double
}

/// `Σ terms + constant (relation) 0` at a priority (1000 = required).
struct OracleConstraint: Codable {
    var terms: [OracleTerm]
    var constant: Double
    var relation: String
    var priority: Double
}

/// add/remove a constraint by index; edit/suggest/unedit a variable.
struct OracleOperation: Codable {
    var kind: String
    var index: Int?
    var variable: Int?
    var value: Double?
    var priority: Double?
}

struct OracleSystem: Codable {
    var variables: Int
    var constraints: [OracleConstraint]
    var operations: [OracleOperation]
}

struct OracleInput: Codable {
    var systems: [OracleSystem]
}

struct OracleResult: Codable {
    var status: String
    var values: [Double]?
    var failed: Int?
    var conflict: [Int]?
}

struct OracleOutput: Codable {
    var results: [OracleResult]
}

/// What Galley's solver made of a system: the same shape as the oracle's result.
func replay(_ system: OracleSystem) throws -> OracleResult {
    let solver = ConstraintSolver()
    let xs = (0..<system.variables).map { ConstraintVariable("x\($0)") }
    let constraints = system.constraints.map { spec in
        let expression = LinearExpression(
            terms: spec.terms.map { LinearTerm(xs[$0.variable], coefficient: $0.coefficient) }, constant: spec.constant)
        let relation = ConstraintRelation(rawValue: spec.relation) ?? .equal
        return LinearConstraint(expression, relation, LinearExpression(), priority: ConstraintPriority(spec.priority))
    }
    let indexOf = Dictionary(uniqueKeysWithValues: constraints.enumerated().map { ($1, $0) })
    for (position, operation) in system.operations.enumerated() {
        do {
            switch operation.kind {
            case "add": try solver.add(constraints[operation.index ?? 0])
            case "remove": try solver.remove(constraints[operation.index ?? 0])
            case "edit":
                try solver.addEditVariable(
                    xs[operation.variable ?? 0], priority: ConstraintPriority(operation.priority ?? 1))
            case "suggest": try solver.suggestValue(operation.value ?? 0, for: xs[operation.variable ?? 0])
            default: try solver.removeEditVariable(xs[operation.variable ?? 0])
            }
        } catch {
            guard case .unsatisfiable(let report) = error else { throw error }
            return OracleResult(
                status: "unsatisfiable", failed: position, conflict: report.conflicting.compactMap { indexOf[$0] })
        }
    }
    return OracleResult(status: "ok", values: xs.map { solver.value(of: $0) })
}

/// Builds random systems from a fixed seed.
struct RandomConstraintSystems {
    var random: SplitMix64
    static let coefficients: [Double] = [1, -1, 2, -2, 0.5, -0.5, 3]
    static let relations = ["==", "<=", ">="]
    /// Required twice as often; 999/251 next to 750/250 check that neighbouring priorities still dominate.
    static let priorities: [Double] = [1000, 1000, 999, 750, 500, 251, 250, 1]

    init(seed: UInt64) {
        random = SplitMix64(state: seed)
    }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// A row over one to three distinct variables.
    mutating func terms(_ count: Int) -> [OracleTerm] {
        let size = min(count, int(1...3))
        var chosen: [Int] = []
        while chosen.count < size {
            let variable = int(0...(count - 1))
            if !chosen.contains(variable) { chosen.append(variable) }
        }
        return chosen.map { OracleTerm(variable: $0, coefficient: pick(Self.coefficients)) }
    }

    /// A satisfiable system with a unique optimum: required constraints hold at a witness point (so every subset
    /// of them is satisfiable), optional ones have random constants, and a stay per variable at its own
    /// priority below 1 makes the lexicographic optimum unique. About half the systems also remove constraints
    /// and drag edit variables through several suggested values. `degenerate` puts every required constraint
    /// through the witness itself (zero slack, many constraints through one vertex).
    mutating func satisfiable(degenerate: Bool) -> OracleSystem {
        let count = degenerate ? int(4...10) : int(2...8)
        let witness = (0..<count).map { _ in Double(int(0...400)) }
        var constraints: [OracleConstraint] = []
        for _ in 0..<(degenerate ? int(12...40) : int(3...16)) {
            let terms = terms(count)
            let priority = pick(Self.priorities)
            let relation = pick(Self.relations)
            let value = terms.reduce(0) { $0 + $1.coefficient * witness[$1.variable] }
            var constant = -value
            if priority < 1000 {
                constant = Double(int(-300...300))
            } else if !degenerate, relation != "==" {
                // Slack on the side the relation allows: `expr <= 0` needs expr = value + constant ≤ 0.
                let slack = Double(int(0...50))
                constant += relation == "<=" ? -slack : slack
            }
            constraints.append(
                OracleConstraint(terms: terms, constant: constant, relation: relation, priority: priority))
        }
        var operations = constraints.indices.map { OracleOperation(kind: "add", index: $0) }
        if int(0...1) == 1 { mutate(&operations, constraints: constraints.count, variables: count) }
        appendStays(&constraints, &operations, count: count)
        return OracleSystem(variables: count, constraints: constraints, operations: operations)
    }

    /// Removals of earlier constraints and edit variables with several suggestions, mixed into the adds.
    mutating func mutate(_ operations: inout [OracleOperation], constraints: Int, variables: Int) {
        var removed: Set<Int> = []
        for _ in 0..<int(1...3) {
            let index = int(0...(constraints - 1))
            guard removed.insert(index).inserted else { continue }
            let after = operations.firstIndex { $0.kind == "add" && $0.index == index } ?? 0
            operations.insert(OracleOperation(kind: "remove", index: index), at: int((after + 1)...operations.count))
        }
        let edited = int(0...(variables - 1))
        operations.append(OracleOperation(kind: "edit", variable: edited, priority: pick([750, 500, 250, 100])))
        for _ in 0..<int(1...4) {
            operations.append(OracleOperation(kind: "suggest", variable: edited, value: Double(int(-200...600))))
        }
        if int(0...2) == 0 { operations.append(OracleOperation(kind: "unedit", variable: edited)) }
    }

    mutating func appendStays(
        _ constraints: inout [OracleConstraint], _ operations: inout [OracleOperation], count: Int
    ) {
        for variable in 0..<count {
            constraints.append(
                OracleConstraint(
                    terms: [OracleTerm(variable: variable, coefficient: 1)], constant: -Double(int(0...400)),
                    relation: "==", priority: 0.5 - Double(variable) * 0.01))
            operations.append(OracleOperation(kind: "add", index: constraints.count - 1))
        }
    }

    /// Dense required systems with random constants over few variables: often unsatisfiable part-way.
    mutating func conflicting() -> OracleSystem {
        let count = int(2...5)
        var constraints: [OracleConstraint] = []
        for _ in 0..<int(4...14) {
            let priority = int(0...3) == 0 ? pick([750, 250]) : 1000.0
            constraints.append(
                OracleConstraint(
                    terms: terms(count), constant: Double(int(-60...60)), relation: pick(Self.relations),
                    priority: priority))
        }
        var operations = constraints.indices.map { OracleOperation(kind: "add", index: $0) }
        appendStays(&constraints, &operations, count: count)
        return OracleSystem(variables: count, constraints: constraints, operations: operations)
    }
}
