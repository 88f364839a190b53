import GalleyLayout
import GalleyRender

/// One side of a scene transition: a page of a document — a template bound to its data, or a DSL report —
/// as a view controller's view is one side of a UIKit transition.
public struct Scene {
    /// The document the scene shows.
    public let document: any Document
    /// The page shown (0-based; a canvas has only page 0).
    public let page: Int
    /// A name for messages (the template's file, say).
    public let name: String

    /// Creates a scene.
    public init(document: any Document, page: Int = 0, name: String = "") {
        self.document = document
        self.page = page
        self.name = name
    }

    /// The page as drawn, with the document's paper where it sets no background of its own.
    public func displayPage(options: DisplayOptions = DisplayOptions()) throws -> DisplayPage {
        var page = try document.displayPage(self.page, options: options)
        page.background = page.background ?? document.paper
        return page
    }

    /// The frame of every element with an `id` (the first, when one repeats), in page coordinates.
    public func elementFrames() throws -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for entry in try document.pageFrames(page).nodes {
            if let id = entry.node.identifier, frames[id] == nil { frames[id] = entry.frame }
        }
        return frames
    }

    /// Whether some element `id` appears in both scenes (a shared element to zoom).
    public func sharesIdentifiers(with other: Scene) -> Bool {
        guard let mine = try? elementFrames(), let theirs = try? other.elementFrames() else { return false }
        return mine.keys.contains { theirs[$0] != nil }
    }
}
