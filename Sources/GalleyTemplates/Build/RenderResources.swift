import Foundation
import Galley
import GalleyRender
import GalleyText

/// What building documents shares across records and threads: fonts, decoded images and the
/// registered custom node classes. Immutable or internally locked; share one per batch.
public final class RenderResources: Sendable {
    public let fonts: FontRegistry
    public let images: ImageLoader
    public let nodeClasses: NodeClassRegistry

    public init(
        fonts: FontRegistry = .shared, images: ImageLoader = ImageLoader(), nodeClasses: NodeClassRegistry = .standard
    ) {
        self.fonts = fonts
        self.images = images
        self.nodeClasses = nodeClasses
    }

    /// Resources for a template: the shared fonts plus the template's own font folders.
    public static func forTemplate(_ template: Template, nodeClasses: NodeClassRegistry = .standard) -> RenderResources
    {
        let fonts =
            template.fontFolders.isEmpty
            ? FontRegistry.shared
            : FontRegistry(folders: [FontRegistry.bundledFontsFolder] + template.fontFolders)
        return RenderResources(fonts: fonts, nodeClasses: nodeClasses)
    }
}

/// Loads and decodes images once per path (a batch decodes its logo once, not per record).
public final class ImageLoader: Sendable {
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    private let cache = Locked([String: ImageBuffer]())
    /// Images larger than this many pixels are refused (decompression bombs).
    public let maxPixels: Int

    public init(maxPixels: Int = 50_000_000) {
        self.maxPixels = maxPixels
    }

    /// The decoded image at `source`: a path (relative to `directory`) or a `data:` URI.
    public func image(_ source: String, relativeTo directory: String) throws(LoadError) -> ImageBuffer {
        let key = source.hasPrefix("data:") || source.hasPrefix("/") ? source : directory + "/" + source
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let bytes = try load(key)
        let image: ImageBuffer
        do {
            image = try ImageDecoder.decode(bytes, maxPixels: maxPixels)
        } catch {
            throw LoadError(description: "cannot decode image \(describe(source)): \(error)")
        }
        cache.withLock { $0[key] = image }
        return image
    }

    private func load(_ key: String) throws(LoadError) -> [UInt8] {
        if key.hasPrefix("data:") {
            guard let comma = key.firstIndex(of: ","), key[..<comma].hasSuffix(";base64"),
                let data = Data(base64Encoded: String(key[key.index(after: comma)...]))
            else { throw LoadError(description: "unreadable data: URI (expected data:image/png;base64,…)") }
            return [UInt8](data)
        }
        guard let data = FileManager.default.contents(atPath: key) else {
            throw LoadError(description: "cannot read image file '\(key)' (no such file or not readable)")
        }
        return [UInt8](data)
    }

    private func describe(_ source: String) -> String {
        source.hasPrefix("data:") ? "from a data: URI" : "'\(source)'"
    }
}

/// Custom node classes that templates reach with `{"type": "node", "class": NAME, "params": {…}}`.
/// Library users register their own; `standard` holds Galley's built-in ones.
public final class NodeClassRegistry: Sendable {
    /// Makes a node from the element's bound `params`; throws a message on bad params.
    public typealias Factory = @Sendable (JSONValue) throws -> DisplayNode

    private let factories: Locked<[String: Factory]>

    public init(_ factories: [String: Factory] = [:]) {
        self.factories = Locked(factories)
    }

    public static let standard = NodeClassRegistry(BuiltInNodes.factories)

    public func register(_ name: String, factory: @escaping Factory) {
        factories.withLock { $0[name] = factory }
    }

    public func factory(named name: String) -> Factory? { factories.withLock { $0[name] } }

    public var names: [String] { factories.withLock { $0.keys.sorted() } }
}
