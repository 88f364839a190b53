/// "Did you mean": the known name nearest to a mistyped one — an unknown key, element type, filter,
/// style name, enum value or unit.
enum Suggestion {
    /// The nearest of `candidates` to `word`, or nil when none is close: the same name in another
    /// case, else the fewest edits (insert, delete, replace, swap two neighbours) within a third of the
    /// word's length (at least one, at most three).
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == lowered { return candidate }
            let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = min(3, max(1, word.count / 3))
        return best.distance <= allowed ? best.name : nil
    }

    /// `hint` with " (did you mean …?)" style advice: `did you mean "fontSize"?`, or the list of known names.
    static func hint(for word: String, in candidates: [String], listing: Bool = true) -> String? {
        if let match = nearest(to: word, in: candidates) { return "did you mean \"\(match)\"?" }
        guard listing else { return nil }
        return "known: " + candidates.sorted().joined(separator: ", ")
    }

    /// The optimal string alignment distance (Damerau–Levenshtein without repeated edits of a substring).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
