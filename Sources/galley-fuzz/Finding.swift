/// A broken invariant of a fuzz target: the process must crash, because a crash is how libFuzzer
/// learns of a finding (it saves the input and stops). Only galley-fuzz calls this; no product code
/// traps on its input.
func fuzzFinding(_ message: String) -> Never {
    fatalError(message)
}
