import Foundation
import GalleyRender

/// Loads the images templates name — files inside a template's ``ResourceFolders`` or `data:`
/// URIs —, decodes them within a document's ``ImagePixelBudget``, and keeps decoded images in a
/// cache a whole batch shares. Bitmaps (PNG, JPEG, GIF, WebP, TIFF) decode to an `ImageBuffer` (GalleyRender);
/// an SVG is parsed once into a `VectorImage` (GalleyRender) (it costs the pixel budget nothing: it is drawn as
/// vectors), its relative references resolving next to it.
///
/// The cache holds at most `cacheBytes` of images (pixels plus any JPEG bytes kept for PDF
/// pass-through), evicting the least recently used, and admits an image on its second request
/// (`Doorkeeper`): a logo every record draws is decoded twice and then shared, while a photo
/// only one record has is never kept, so memory stays flat over a batch of distinct photos.
/// Safe to share between threads; two threads missing the same image may both decode it.
public final class ImageLoader: Sendable {
    /// The default cache budget: 256 MB of decoded images.
    public static let defaultCacheBytes = 256 << 20
    /// The largest image file (or decoded `data:` URI) read: 256 MB.
    public static let maxFileBytes = 256 << 20

    /// Hits, misses and what the cache holds.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var bytes = 0
        public var entries = 0
    }

    /// A loaded image: a bitmap, or an SVG drawn as vectors.
    public enum Graphic: Sendable {
        case bitmap(ImageBuffer)
        case vector(VectorImage)

        /// What the cache charges for it.
        var byteCount: Int {
            switch self {
            case .bitmap(let image): image.byteCount
            // librsvg's parsed tree is a few times the source.
            case .vector(let image): image.sourceByteCount * 4
            }
        }
    }

    private struct State {
        var cache: LRUCache<String, Graphic>
        var doorkeeper = Doorkeeper()
        var hits = 0
        var misses = 0
    }

    /// The most decoded images the cache keeps, in bytes.
    public let cacheBytes: Int
    private let state: Locked<State>

    /// A loader whose cache keeps at most `cacheBytes` (0 turns the cache off).
    public init(cacheBytes: Int = ImageLoader.defaultCacheBytes) {
        self.cacheBytes = cacheBytes
        state = Locked(State(cache: LRUCache(byteBudget: cacheBytes)))
    }

    /// The decoded, upright bitmap `source` names: a path relative to the template's folder (or
    /// an absolute one) inside `folders`, or a `data:image/...;base64,` URI.
    /// - Throws: `ResourceError` naming `source`: outside the folders, unreadable, corrupt, an SVG
    ///   (use ``graphic(_:folders:budget:)``), or over what is left of `budget`.
    public func image(_ source: String, folders: ResourceFolders, budget: ImagePixelBudget) throws(ResourceError)
        -> ImageBuffer
    {
        switch try graphic(source, folders: folders, budget: budget) {
        case .bitmap(let image): return image
        case .vector: throw ResourceError("image \(ResourceFolders.quoted(source)) is an SVG; a bitmap is needed here")
        }
    }

    /// The image `source` names, a bitmap or an SVG (by its `.svg`/`.svgz` name, its `data:image/svg+xml`
    /// type or its content).
    /// - Throws: `ResourceError` naming `source`: outside the folders, unreadable, corrupt, or a bitmap
    ///   over what is left of `budget`.
    public func graphic(_ source: String, folders: ResourceFolders, budget: ImagePixelBudget) throws(ResourceError)
        -> Graphic
    {
        // (`source.prefix(5).lowercased() == "data:"`, without making two strings per image drawn.)
        let isData = source.utf8.prefix(5).lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            .elementsEqual("data:".utf8)
        // Made only for a message or a first charge (a thumbnail in every row is drawn many times).
        var name: String { isData ? "image from a data: URI" : "image \(ResourceFolders.quoted(source))" }
        let key: String
        if isData {
            key = source
        } else if let resolved = budget.resolvedPath(of: source) {
            key = resolved
        } else {
            do {
                key = try folders.resolve(source)
            } catch {
                throw ResourceError("image \(error.description)")
            }
            budget.remember(resolvedPath: key, of: source)
        }
        // One decoded buffer per image per document: a header logo drawn on every page is one
        // image object in the PDF, shared by every page.
        if let mine = budget.image(for: key) { return .bitmap(mine) }
        if let cached = cached(key) {
            if case .bitmap(let image) = cached { try budget.charge(image, key: key, name: name) }
            return cached
        }
        let bytes = isData ? try Self.dataURIBytes(source) : try Self.read(key, source: source)
        let graphic: Graphic
        if Self.isSVG(bytes, source: source) {
            do {
                graphic = .vector(try VectorImage(svg: bytes, baseFile: isData ? nil : key))
            } catch {
                throw ResourceError(
                    "\(name) cannot be read: \(error.description.replacingOccurrences(of: "image decode failed: ", with: ""))"
                )
            }
        } else {
            graphic = .bitmap(try decode(bytes, key: key, name: name, budget: budget))
        }
        store(graphic, for: key)
        return graphic
    }

    private func decode(_ bytes: [UInt8], key: String, name: String, budget: ImagePixelBudget) throws(ResourceError)
        -> ImageBuffer
    {
        let image: ImageBuffer
        do {
            image = try ImageDecoder.decode(bytes, maxPixels: budget.decodeLimit(for: key))
        } catch {
            switch error {
            case .imageTooLarge(let width, let height, _):
                try budget.charge(width, height, key: key, name: name)
                throw ResourceError("\(name) is over the pixel budget")  // charge always throws here
            case .imageDecode(let message): throw ResourceError("\(name) cannot be decoded: \(message)")
            default: throw ResourceError("\(name) cannot be decoded: \(error)")
            }
        }
        try budget.charge(image, key: key, name: name)
        return image
    }

    /// An SVG by name (`.svg`, `.svgz`, `data:image/svg+xml`), or by content when no bitmap format claims it:
    /// XML whose first kilobytes hold `<svg`, or gzip data (an `.svgz` under another name).
    static func isSVG(_ bytes: [UInt8], source: String) -> Bool {
        let lowered = source.prefix(64).lowercased()
        if lowered.hasPrefix("data:") { return lowered.hasPrefix("data:image/svg+xml") }
        let path = source.lowercased()
        if path.hasSuffix(".svg") || path.hasSuffix(".svgz") { return true }
        guard ImageDecoder.Format(sniffing: bytes) == nil else { return false }
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.hasPrefix("<") && head.contains("<svg")
    }

    /// Counters and occupancy of the decoded-image cache.
    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                hits: state.hits, misses: state.misses, evictions: state.cache.evictions, bytes: state.cache.bytes,
                entries: state.cache.count)
        }
    }

    /// Empties the cache.
    public func removeAll() {
        state.withLock { $0.cache.removeAll() }
    }

    private func cached(_ key: String) -> Graphic? {
        state.withLock { state in
            let found = state.cache.value(for: key)
            if found == nil { state.misses += 1 } else { state.hits += 1 }
            return found
        }
    }

    private func store(_ image: Graphic, for key: String) {
        // The key's own bytes count too: a data: URI key is as long as the file.
        let cost = image.byteCount + key.utf8.count
        guard cost <= cacheBytes else { return }
        state.withLock { state in
            // A small image (a logo, an icon: at most 1/64 of the budget) is kept at once, so a
            // batch decodes it once; a large one waits for its second miss, so a photo only one
            // record has never fills the cache.
            guard cost <= cacheBytes / 64 || state.doorkeeper.admits(hash: key.hashValue) else { return }
            state.cache.insert(image, for: key, cost: cost)
        }
    }

    private static func read(_ path: String, source: String) throws(ResourceError) -> [UInt8] {
        do {
            return try ResourceFolders.readFile(path, reference: source, maxBytes: maxFileBytes)
        } catch {
            throw ResourceError("image \(error.description)")
        }
    }

    private static func dataURIBytes(_ uri: String) throws(ResourceError) -> [UInt8] {
        guard let comma = uri.firstIndex(of: ","), uri[..<comma].lowercased().hasSuffix(";base64"),
            let data = Data(base64Encoded: String(uri[uri.index(after: comma)...]))
        else {
            throw ResourceError("unreadable data: URI (expected data:image/png;base64,…)")
        }
        guard data.count <= maxFileBytes else {
            throw ResourceError("the image from a data: URI is \(data.count) bytes, over the limit of \(maxFileBytes)")
        }
        return [UInt8](data)
    }
}

/// The pixels one document's images may decode to together (`ResourcePolicy`'s
/// `maxImagePixelsPerDocument`) and what they have used; each distinct image is counted once,
/// however many times or pages it is drawn. One per document, made when it is bound.
public final class ImagePixelBudget: Sendable {
    /// The most pixels the document's images may have together.
    public let limit: Int
    /// The pixels used, each image charged (by its resolved path or URI) with its buffer, and
    /// the path each image reference resolved to: the document looks each one up in its
    /// folders once (a logo in every page's header, a thumbnail in every table row). Nothing
    /// is read again after the first use either: the document keeps the image's buffer.
    private let state = Locked((used: 0, charged: [String: ImageBuffer](), resolved: [String: String]()))

    /// A budget of `limit` pixels, none used.
    public init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The pixels charged so far.
    public var used: Int { state.withLock { $0.used } }

    /// The largest image the decoder may allocate for `key`: what is left, or the whole budget
    /// for an image already charged (it fitted then).
    func decodeLimit(for key: String) -> Int {
        state.withLock { $0.charged[key] != nil ? limit : limit - $0.used }
    }

    /// The canonical path `reference` resolved to earlier in this document, if it did.
    func resolvedPath(of reference: String) -> String? {
        state.withLock { $0.resolved[reference] }
    }

    /// Remembers what `reference` resolved to (`ResourceFolders.resolve`) for this document.
    func remember(resolvedPath path: String, of reference: String) {
        state.withLock { $0.resolved[reference] = path }
    }

    /// The buffer this document already has for `key`, if any.
    func image(for key: String) -> ImageBuffer? {
        state.withLock { $0.charged[key] }
    }

    /// Charges a decoded image to the document, once per `key`, and keeps its buffer for the
    /// document's later uses.
    /// - Throws: when it does not fit what is left, naming the image and the budget.
    func charge(_ image: ImageBuffer, key: String, name: @autoclosure () -> String) throws(ResourceError) {
        try charge(image.width, image.height, key: key, name: name(), buffer: image)
    }

    /// Charges an image of `width` x `height` to the document, once per `key`.
    /// - Throws: when it does not fit what is left, naming the image and the budget.
    func charge(
        _ width: Int, _ height: Int, key: String, name: @autoclosure () -> String, buffer: ImageBuffer? = nil
    ) throws(ResourceError) {
        let pixels = width.multipliedReportingOverflow(by: height)
        let count = pixels.overflow ? Int.max : pixels.partialValue
        let outcome: (fits: Bool, used: Int) = state.withLock { state in
            if state.charged[key] != nil { return (true, state.used) }
            guard count <= limit - state.used else { return (false, state.used) }
            state.used += count
            if let buffer { state.charged[key] = buffer }
            return (true, state.used)
        }
        guard !outcome.fits else { return }
        let size = "\(width)x\(height) (\(pixels.overflow ? "more than " : "")\(Self.grouped(count)) pixels)"
        let advice = "raise the budget with --max-pixels (ResourcePolicy.maxImagePixelsPerDocument)"
        if outcome.used == 0 || count > limit {
            throw ResourceError(
                "\(name()) is \(size), over the budget of \(Self.grouped(limit)) pixels for all of a document's images; "
                    + advice)
        }
        throw ResourceError(
            "\(name()) is \(size); with the \(Self.grouped(outcome.used)) pixels of this document's other images "
                + "that is over their budget of \(Self.grouped(limit)) pixels; \(advice)")
    }

    /// 100000000 → "100,000,000".
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
