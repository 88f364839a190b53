"""Solves constraint systems with kiwisolver, an independent Cassowary implementation (test oracle only).

Usage: /usr/bin/python3 kiwi_oracle.py systems.json > results.json

Each system lists constraints (terms, constant, relation, priority 1000 = required) and operations on them
(add, remove, edit, suggest, unedit). The operations are replayed in order:
- Required constraints are added to a kiwi solver in that order; the first one kiwi rejects ends the system with
  {"status": "unsatisfiable", "failed": operation index, "conflict": [...]}. The conflict is a deletion filter
  over the required constraints present then, in their order: each is dropped when the rest (with the failing
  one) still make kiwi raise UnsatisfiableConstraint. The set left is irreducible.
- Otherwise the final set (constraints added and not removed, plus each edit variable as `v == last suggested
  value` at its edit priority) is solved lexicographically: priorities strictly dominate lower ones, as in
  Auto Layout and Galley's solver, while kiwi's strengths are a weighted sum. So the optional constraints are
  solved one priority level at a time with explicit error variables, each level's total error fixed (within a
  relative 1e-9) before the next; at every level kiwi sees one strength only, so its weighted sum is exactly
  that level's objective. The result is {"status": "ok", "values": [...]}.
"""
import json
import sys

from kiwisolver import Solver, UnsatisfiableConstraint, Variable

REQUIRED = 1000.0


def expression(constraint, xs):
    expr = 0.0
    for term in constraint["terms"]:
        expr = expr + term["coefficient"] * xs[term["variable"]]
    return expr + constraint["constant"]


def relate(expr, relation):
    if relation == "==":
        return expr == 0
    if relation == "<=":
        return expr <= 0
    return expr >= 0


def satisfiable(constraints, count):
    solver = Solver()
    xs = [Variable("x%d" % i) for i in range(count)]
    try:
        for constraint in constraints:
            solver.addConstraint(relate(expression(constraint, xs), constraint["relation"]))
    except UnsatisfiableConstraint:
        return False
    return True


def replay_required(system):
    """Adds the required constraints in operation order; returns (failed op, conflict) or None."""
    solver = Solver()
    count = system["variables"]
    xs = [Variable("x%d" % i) for i in range(count)]
    constraints = system["constraints"]
    present = []  # indices of required constraints in the solver, in order
    objects = {}
    for op_index, op in enumerate(system["operations"]):
        if op["kind"] == "add" and constraints[op["index"]]["priority"] >= REQUIRED:
            c = constraints[op["index"]]
            kiwi_constraint = relate(expression(c, xs), c["relation"])
            try:
                solver.addConstraint(kiwi_constraint)
            except UnsatisfiableConstraint:
                kept = list(present)
                position = 0
                while position < len(kept):
                    trial = kept[:position] + kept[position + 1:]
                    if satisfiable([constraints[i] for i in trial + [op["index"]]], count):
                        position += 1
                    else:
                        kept = trial
                return op_index, kept + [op["index"]]
            present.append(op["index"])
            objects[op["index"]] = kiwi_constraint
        elif op["kind"] == "remove" and op["index"] in objects:
            solver.removeConstraint(objects.pop(op["index"]))
            present.remove(op["index"])
    return None


def final_set(system):
    """The constraints (as dicts) present after every operation, edit variables included."""
    active = {}
    edits = {}
    for op in system["operations"]:
        kind = op["kind"]
        if kind == "add":
            active[op["index"]] = system["constraints"][op["index"]]
        elif kind == "remove":
            active.pop(op["index"], None)
        elif kind == "edit":
            edits[op["variable"]] = [op["priority"], 0.0]
        elif kind == "suggest":
            edits[op["variable"]][1] = op["value"]
        elif kind == "unedit":
            edits.pop(op["variable"], None)
    result = [active[i] for i in sorted(active)]
    for variable in sorted(edits):
        priority, value = edits[variable]
        result.append({"terms": [{"variable": variable, "coefficient": 1.0}], "constant": -value,
                       "relation": "==", "priority": priority})
    return result


def solve_lexicographic(system):
    count = system["variables"]
    xs = [Variable("x%d" % i) for i in range(count)]
    solver = Solver()
    constraints = final_set(system)
    for c in constraints:
        if c["priority"] >= REQUIRED:
            solver.addConstraint(relate(expression(c, xs), c["relation"]))
    levels = sorted({c["priority"] for c in constraints if c["priority"] < REQUIRED}, reverse=True)
    for level in levels:
        errors = []
        for c in constraints:
            if c["priority"] != level:
                continue
            expr = expression(c, xs)
            plus, minus = Variable("plus"), Variable("minus")
            solver.addConstraint(plus >= 0)
            solver.addConstraint(minus >= 0)
            if c["relation"] == "==":
                solver.addConstraint(expr == plus - minus)
                errors += [plus, minus]
            elif c["relation"] == "<=":
                solver.addConstraint(expr <= plus)
                errors.append(plus)
            else:
                solver.addConstraint(expr >= -minus)
                errors.append(minus)
        softs = [(e == 0) | "strong" for e in errors]
        for soft in softs:
            solver.addConstraint(soft)
        solver.updateVariables()
        total = sum(e.value() for e in errors)
        for soft in softs:
            solver.removeConstraint(soft)
        solver.addConstraint(sum(errors, 0.0) <= total + 1e-9 * max(1.0, total))
    solver.updateVariables()
    return [x.value() for x in xs]


def main():
    with open(sys.argv[1]) as handle:
        systems = json.load(handle)["systems"]
    results = []
    for system in systems:
        failure = replay_required(system)
        if failure is not None:
            results.append({"status": "unsatisfiable", "failed": failure[0], "conflict": failure[1]})
        else:
            results.append({"status": "ok", "values": solve_lexicographic(system)})
    json.dump({"results": results}, sys.stdout)


main()
