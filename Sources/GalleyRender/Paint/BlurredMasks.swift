import Glibc

/// Shadow masks already blurred, by the mask they were blurred from.
///
/// A document's shadows repeat: the same card drawn on every page, the same summary box in every
/// record of a batch. Blurring is the costly part of a shadow (three box passes each way: 24 M
/// instructions, an eighth of a whole bank statement, for one 438 x 218 mask at the PDF's
/// resolution), so a mask seen before is copied from here instead. An entry holds the mask it
/// was blurred from and compares it byte for byte, so a hash collision is a miss, never a wrong
/// shadow; it goes in on its second miss (`Doorkeeper`), so a shadow one record alone has is
/// never kept. The painters share one cache (`shared`) under a lock, taken twice per shadow;
/// tests make their own.
final class BlurredMasks: Sendable {
    private struct Key: Hashable {
        let width: Int
        let height: Int
        let sigma: Double
        /// A hash of the unblurred rows (what the entry's `source` holds in full).
        let rows: Int
    }

    private struct Entry {
        let source: [UInt8]
        let blurred: [UInt8]
    }

    private struct State {
        var entries = LRUCache<Key, Entry>(byteBudget: 16 << 20)
        var doorkeeper = Doorkeeper()
        /// Masks copied from an entry instead of blurred.
        var hits = 0
    }

    private let state = Locked(State())

    /// The cache the painters use.
    static let shared = BlurredMasks()

    /// Blurs the A8 bitmap `data` in place (`BoxBlur.blurAlpha`), from a mask blurred before
    /// when there is one.
    func blurAlpha(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
        guard sigma > 0, width > 0, height > 0 else { return }
        let key = Key(
            width: width, height: height, sigma: sigma,
            rows: Self.hash(data, width: width, height: height, stride: stride))
        if let entry = state.withLock({ $0.entries.value(for: key) }),
            Self.matches(entry.source, data, width: width, height: height, stride: stride)
        {
            Self.copy(entry.blurred, into: data, width: width, height: height, stride: stride)
            state.withLock { $0.hits += 1 }
            return
        }
        let admitted = state.withLock { $0.doorkeeper.admits(hash: key.hashValue) }
        let source = admitted ? Self.packed(data, width: width, height: height, stride: stride) : []
        BoxBlur.blurAlpha(data, width: width, height: height, stride: stride, sigma: sigma)
        guard admitted else { return }
        let entry = Entry(source: source, blurred: Self.packed(data, width: width, height: height, stride: stride))
        state.withLock { $0.entries.insert(entry, for: key, cost: 2 * width * height + 64) }
    }

    /// How many masks were copied from an entry instead of blurred.
    var hits: Int { state.withLock { $0.hits } }

    /// A multiply-xor hash over eight bytes at a time, its result mixed by `Hasher`: SipHash over
    /// every byte was 1.2 M instructions for the statement's mask. A weak hash costs nothing in
    /// safety here — an entry is used only after a byte-for-byte compare, so masks made to
    /// collide only make misses, as with no cache.
    private static func hash(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        let words = width / 8
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride)
            for w in 0..<words {
                h = (h ^ row.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)) &* 0x0000_0100_0000_01B3
                h ^= h >> 29
            }
            for b in (words * 8)..<width {
                h = (h ^ UInt64(row.load(fromByteOffset: b, as: UInt8.self))) &* 0x0000_0100_0000_01B3
            }
        }
        var hasher = Hasher()
        hasher.combine(h)
        return hasher.finalize()
    }

    /// The bitmap's rows without their stride padding.
    private static func packed(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                (base + y * width).initialize(from: data + y * stride, count: width)
            }
            count = width * height
        }
    }

    private static func matches(
        _ source: [UInt8], _ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int
    ) -> Bool {
        guard source.count == width * height else { return false }
        return source.withUnsafeBufferPointer { packed in
            guard let base = packed.baseAddress else { return false }
            return (0..<height).allSatisfy { y in memcmp(base + y * width, data + y * stride, width) == 0 }
        }
    }

    private static func copy(
        _ rows: [UInt8], into data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int
    ) {
        rows.withUnsafeBufferPointer { packed in
            guard let base = packed.baseAddress else { return }
            for y in 0..<height {
                (data + y * stride).update(from: base + y * width, count: width)
            }
        }
    }
}
