/// The keys of the rows one commit wrote to one table, as the commit log keeps them: single
/// integer keys that follow each other (a bulk insert's rowids) as ranges, a few bytes each,
/// other keys one by one — so the log of a save of a million rows holds a range, not a set of
/// a million keys.
struct WrittenKeys: Sendable {
    /// Keys not in ``ranges``.
    private(set) var keys: Set<RowKey> = []
    /// Runs of consecutive single integer keys, in the order written.
    private(set) var ranges: [ClosedRange<Int64>] = []

    /// These keys, one by one.
    init(_ keys: Set<RowKey> = []) { self.keys = keys }

    /// Adds a key: to the last range when it follows it.
    mutating func insert(_ key: RowKey) {
        if let value = key.integerValue {
            if let last = ranges.last, last.upperBound < .max, value == last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...value
                return
            }
            if let last = ranges.last, last.contains(value) { return }
            return ranges.append(value...value)
        }
        keys.insert(key)
    }

    /// Whether the commit wrote the row `key`.
    /// - Complexity: O(*r*) in the ranges, O(1) for the other keys.
    func contains(_ key: RowKey) -> Bool {
        if let value = key.integerValue, ranges.contains(where: { $0.contains(value) }) { return true }
        return keys.contains(key)
    }

    /// Every key, made into a set (for ``StoreCommit/rows``).
    var all: Set<RowKey> {
        var all = keys
        for range in ranges { for value in range { all.insert(RowKey(.integer(value))) } }
        return all
    }

    /// How many keys.
    var count: Int { ranges.reduce(keys.count) { $0 + $1.count } }
}
