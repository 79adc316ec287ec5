/// Finds the known word closest to a misspelt one, for "did you mean" hints in ``UsageError``.
///
/// Distance is the optimal string alignment distance (insertions, deletions, substitutions and swaps of
/// two neighbouring characters each cost 1), so `--nmae` is one step from `--name`.
enum Suggestion {
    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    ///
    /// A candidate qualifies when its distance is at most a third of the longer word's length (and at
    /// least 1 is always allowed, at most 3). Ties go to the earlier candidate.
    ///
    /// - Parameters:
    ///   - word: What the user typed.
    ///   - candidates: The known spellings.
    /// - Returns: The closest candidate, or `nil` when none is close.
    /// - Complexity: O(*n* · *m* · *k*) for *k* candidates of length *m* and a word of length *n*.
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(Array(word), Array(candidate))
            let allowed = min(3, max(1, max(word.count, candidate.count) / 3))
            guard distance <= allowed else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// The optimal string alignment distance between two character arrays.
    ///
    /// - Parameters:
    ///   - a: The first word's characters.
    ///   - b: The second word's characters.
    /// - Returns: The number of single-character edits (including adjacent swaps) turning `a` into `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var rows = [Int](repeating: 0, count: (a.count + 1) * width)
        for j in 0...b.count { rows[j] = j }
        for i in 1...a.count {
            rows[i * width] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(
                    rows[(i - 1) * width + j] + 1,
                    rows[i * width + j - 1] + 1,
                    rows[(i - 1) * width + j - 1] + cost
                )
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[(i - 2) * width + j - 2] + 1)
                }
                rows[i * width + j] = value
            }
        }
        return rows[a.count * width + b.count]
    }
}
