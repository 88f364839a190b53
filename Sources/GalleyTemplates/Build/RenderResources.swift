import Foundation
import Galley
import GalleyRender
import GalleyText

/// What building documents shares across records and threads: fonts, the image loader (with its
/// decoded-image cache) and the registered custom node classes. Immutable or internally locked;
/// share one per batch. What a template may read and decode is its `ResourcePolicy`'s.
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

    /// Resources for a template: the shared fonts plus the template's own font folders, and a
    /// fresh image loader (share one `RenderResources` across a batch's records).
    ///
    /// The font folders were checked against the template's ``ResourceFolders`` when it was
    /// loaded; a symbolic link inside one that leads outside them is skipped, unread.
    public static func forTemplate(
        _ template: Template, images: ImageLoader = ImageLoader(), nodeClasses: NodeClassRegistry = .standard
    ) -> RenderResources {
        guard !template.fontFolders.isEmpty else {
            return RenderResources(fonts: .shared, images: images, nodeClasses: nodeClasses)
        }
        // The bundled fonts are Galley's own, so their folder is allowed beside the template's;
        // it is walked by its canonical path, the form `resolve` compares (GALLEY_FONTS may be
        // relative, the fallback path holds "..").
        let bundled = ResourceFolders.canonical(FontRegistry.bundledFontsFolder) ?? FontRegistry.bundledFontsFolder
        let folders = (try? template.resourceFolders.allowing([bundled])) ?? template.resourceFolders
        let fonts = FontRegistry(folders: [bundled] + template.fontFolders, admit: { try? folders.resolve($0) })
        return RenderResources(fonts: fonts, images: images, nodeClasses: nodeClasses)
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
