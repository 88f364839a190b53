/// The output names one batch run has given out, so that a record asking for a name an earlier
/// record has is a per-record error instead of an overwrite that loses the earlier output.
///
/// Names are claimed by the reader, in record order, so which record keeps a name does not
/// depend on how many jobs run: the first in the data file keeps it, every later one is listed
/// in the error log. A name is kept as two 64-bit SipHash values (Swift's `Hasher`, seeded per
/// process): 16 bytes a record, so a batch of millions stays small, and names an attacker chose
/// collide only by chance (about 1 in 10^19 for a million names). Each shard of a sharded
/// batch has its own names; duplicates across shards are not seen.
struct OutputNames {
    private struct Key: Hashable {
        let first: Int
        let second: Int
    }

    private var owners: [Key: Int] = [:]

    /// Claims `name` for record `index`; returns the record that already has it, if any.
    mutating func claim(_ name: String, record index: Int) -> Int? {
        var first = Hasher()
        first.combine(0)
        first.combine(name)
        var second = Hasher()
        second.combine(1)
        second.combine(name)
        let key = Key(first: first.finalize(), second: second.finalize())
        if let owner = owners[key] { return owner }
        owners[key] = index
        return nil
    }
}
