import GalleyLayout
import Testing

@Suite("Cassowary solver")
struct ConstraintSolverTests {
    let x = ConstraintVariable("x")
    let y = ConstraintVariable("y")
    let z = ConstraintVariable("z")

    @Test func docExampleFillsTheRoomLeft() throws {
        let solver = ConstraintSolver()
        let left = ConstraintVariable("left")
        let width = ConstraintVariable("width")
        try solver.add(left >= 20)
        try solver.add(left + width <= 380)
        try solver.add((width == 500).withPriority(.high))
        #expect(solver.value(of: left) == 20)
        #expect(solver.value(of: width) == 360)
    }

    @Test func higherPriorityStrictlyDominatesAnyNumberOfLowerOnes() throws {
        // A weighted sum would let 50 violated 250s outweigh one 251; Auto Layout's priorities do not.
        let solver = ConstraintSolver()
        try solver.add((x == 0).withPriority(ConstraintPriority(251)))
        for _ in 0..<50 { try solver.add((x == 10).withPriority(.low)) }
        #expect(solver.value(of: x) == 0)
        // Within one priority the violations add up: two pulls to 10 beat one to 0.
        let equal = ConstraintSolver()
        try equal.add((y == 0).withPriority(.low))
        try equal.add((y == 10).withPriority(.low))
        try equal.add((y == 10).withPriority(.low))
        #expect(equal.value(of: y) == 10)
    }

    @Test func conflictNamesTheMinimalRequiredSet() throws {
        let solver = ConstraintSolver()
        let first = x >= 10
        let second = y >= x + 5
        let unrelated = z == 1
        let soft = (y == 100).withPriority(.high)
        try solver.add(first)
        try solver.add(unrelated)
        try solver.add(soft)
        try solver.add(second)
        #expect(solver.value(of: y) == 100)
        let failing = y <= 12
        #expect {
            try solver.add(failing)
        } throws: { error in
            guard case ConstraintSolverError.unsatisfiable(let report) = error else { return false }
            return report.constraint == failing && report.conflicting == [first, second, failing]
        }
        // The solver is unchanged: same values, and it goes on accepting constraints.
        #expect(!solver.contains(failing))
        #expect(solver.value(of: y) == 100 && solver.value(of: z) == 1)
        try solver.add(y <= 50)
        #expect(solver.value(of: y) == 50)
    }

    @Test func redundantRequiredEqualitiesAreAccepted() throws {
        let solver = ConstraintSolver()
        try solver.add(x == y + 0)
        try solver.add(y == z + 0)
        try solver.add(x == z + 0)
        try solver.add(z == 7)
        #expect([solver.value(of: x), solver.value(of: y)] == [7, 7])
        #expect(throws: ConstraintSolverError.self) { try solver.add(x == 8) }
    }

    @Test func removingAConstraintRestoresTheEarlierSolution() throws {
        let solver = ConstraintSolver()
        try solver.add((x == 30).withPriority(.low))
        let cap = x <= 20
        try solver.add(cap)
        #expect(solver.value(of: x) == 20)
        try solver.remove(cap)
        #expect(solver.value(of: x) == 30)
        #expect(solver.constraints.count == 1)
        #expect {
            try solver.remove(cap)
        } throws: { error in
            guard case ConstraintSolverError.unknownConstraint(let constraint) = error else { return false }
            return constraint == cap
        }
    }

    @Test func editVariablesFollowSuggestionsWithinTheirPriority() throws {
        let solver = ConstraintSolver()
        try solver.add(x >= 0)
        try solver.add(x <= 100)
        try solver.add(y == x * 2 + 10)
        try solver.addEditVariable(x, priority: .high)
        var seen: [Double] = []
        for value in [-50.0, 25, 75, 150, 40] {
            try solver.suggestValue(value, for: x)
            seen.append(solver.value(of: y))
        }
        #expect(seen == [10, 60, 160, 210, 90])
        let snapshot = solver.updateVariables()
        #expect(snapshot[x] == 40 && snapshot[y] == 90)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(throws: ConstraintSolverError.self) { try solver.suggestValue(1, for: x) }
    }

    @Test func editVariableErrors() throws {
        let solver = ConstraintSolver()
        #expect(throws: ConstraintSolverError.self) { try solver.addEditVariable(x, priority: .required) }
        try solver.addEditVariable(x, priority: .low)
        #expect(throws: ConstraintSolverError.self) { try solver.addEditVariable(x, priority: .high) }
        #expect(throws: ConstraintSolverError.self) { try solver.suggestValue(.nan, for: x) }
        #expect(throws: ConstraintSolverError.self) { try solver.removeEditVariable(y) }
    }

    @Test func invalidConstraintsAreRejected() throws {
        let solver = ConstraintSolver()
        let constraint = x >= 1
        try solver.add(constraint)
        #expect(throws: ConstraintSolverError.self) { try solver.add(constraint) }
        #expect(throws: ConstraintSolverError.self) { try solver.add(x * .infinity <= 1) }
        #expect(throws: ConstraintSolverError.self) { try solver.add(x <= .nan) }
    }

    @Test func pivotLimitStopsAndResets() throws {
        let solver = ConstraintSolver()
        solver.pivotLimit = 0
        try solver.add(x == 1)  // a user variable is the subject: no pivot
        #expect {
            try solver.add((x + y == 10).withPriority(.low))
            try solver.add(y <= 3)
            try solver.add((y == 8).withPriority(.high))
        } throws: { error in
            guard case ConstraintSolverError.pivotLimitExceeded = error else { return false }
            return true
        }
        #expect(solver.constraints.isEmpty)
    }

    @Test func degenerateSystemTerminates() throws {
        // 40 variables all forced through one vertex by redundant, zero-constant inequalities in both
        // directions, with optional pulls fighting over them: every pivot is degenerate (Bland's rule).
        let solver = ConstraintSolver()
        let xs = (0..<40).map { ConstraintVariable("x\($0)") }
        for i in xs.indices {
            for j in [(i + 1) % 40, (i * 7) % 40, (i + 13) % 40] where j != i {
                try solver.add(xs[i] >= xs[j])
                try solver.add(LinearExpression(xs[i]) - xs[j] <= 0)
            }
        }
        for (i, v) in xs.enumerated() {
            try solver.add((v == Double(i)).withPriority(i.isMultiple(of: 2) ? .high : .low))
        }
        try solver.add(xs[0] >= 3)
        let values = xs.map(solver.value(of:))
        // All equal (a ring of redundant pairs); the high pulls to 0, 2, …, 38 leave [18, 20], the low pulls to
        // 1, 3, …, 39 narrow it to [19, 20] (an L1 median).
        #expect(Set(values).count == 1)
        #expect(values[0] >= 19 && values[0] <= 20)
    }

    @Test func resultsAreIdenticalAcrossRuns() throws {
        func solve() throws -> [Double] {
            let solver = ConstraintSolver()
            // An optimum that is a whole segment: x + y == 10 with x, y in [0, 10] and no preference.
            try solver.add(x + y == 10)
            try solver.add(x >= 0)
            try solver.add(y >= 0)
            try solver.add((x == 2).withPriority(.low))
            try solver.add((y == 2).withPriority(.low))
            return [solver.value(of: x), solver.value(of: y)]
        }
        let first = try solve()
        for _ in 0..<20 { #expect(try solve() == first) }
        #expect(first[0] + first[1] == 10)
    }

    @Test func expressionsDescribeThemselves() {
        #expect((x * 2 + y - 10).description == "2*x + y - 10")
        #expect((-x + 0.5 * y).description == "-x + 0.5*y")
        #expect((x <= 5).withPriority(ConstraintPriority(500)).description == "x - 5 <= 0 @500")
        #expect((x >= y).labeled("x after y").description == "x after y")
        #expect(ConstraintPriority(2000) == .required && ConstraintPriority(validating: 0.5) == nil)
    }
}
