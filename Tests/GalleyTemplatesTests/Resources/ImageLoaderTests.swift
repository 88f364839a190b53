import Foundation
import GalleyTestSupport
import Testing

@testable import GalleyTemplates

/// The per-document pixel budget and the decoded-image cache of `ImageLoader`.
@Suite("image loader")
struct ImageLoaderTests {
    /// A canvas with one image per source, in a stack.
    static func imagesTemplate(_ sources: [String], in sandbox: ResourceSandbox, budget: Int) throws -> Template {
        let children = sources.map { "{type: \"image\", src: \(ResourceSandbox.jsonString($0))}" }
        return try Template(
            text:
                "{galley: 1, size: [400, 400], body: {type: \"stack\", children: [\(children.joined(separator: ", "))]}}",
            file: "t.json", directory: sandbox.template.path,
            policy: ResourcePolicy(maxImagePixelsPerDocument: budget))
    }

    @Test func theBudgetCoversAllOfADocumentsImages() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        // a, b and c are 100 x 100: 20,000 pixels fit a budget of 25,000; the third does not.
        let tight = try Self.imagesTemplate(["a.png", "b.png", "c.png"], in: sandbox, budget: 25_000)
        let message = try #require(ResourceSandbox.bindError(tight, record: 4))
        #expect(message.contains("$.body.children[2].src"), "\(message)")
        #expect(
            message.contains(
                "record 4: image \"c.png\" is 100x100 (10,000 pixels); with the 20,000 pixels of this document's "
                    + "other images that is over their budget of 25,000 pixels; raise the budget with --max-pixels"),
            "\(message)")
        #expect(
            ResourceSandbox.bindError(
                try Self.imagesTemplate(["a.png", "b.png", "c.png"], in: sandbox, budget: 30_000)) == nil)
        // One image drawn three times is counted once; each document has a budget of its own.
        let repeated = try Self.imagesTemplate(["a.png", "a.png", "./a.png"], in: sandbox, budget: 10_000)
        let resources = RenderResources.forTemplate(repeated)
        for _ in 0..<3 { _ = try repeated.bind(.object(JSONObject()), resources: resources) }
    }

    @Test func anImageOverTheWholeBudgetIsRefusedFromItsHeader() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        // A PNG header claiming 100,000 x 100,000 pixels (40 GB decoded) and no real data.
        let bomb = PNGChunks.header(width: 100_000, height: 100_000)
        try Data(bomb).write(to: sandbox.template.appendingPathComponent("bomb.png"))
        let message = try #require(
            ResourceSandbox.bindError(try Self.imagesTemplate(["bomb.png"], in: sandbox, budget: 1_000_000)))
        #expect(
            message.contains(
                "image \"bomb.png\" is 100000x100000 (10,000,000,000 pixels), over the budget of 1,000,000 pixels "
                    + "for all of a document's images"), "\(message)")
    }

    @Test func theCacheKeepsRepeatedImagesWithinItsBudget() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let folders = try ResourceFolders(templateFolder: sandbox.template.path)
        // Each 100 x 100 image costs 40,000 bytes: room for two.
        let loader = ImageLoader(cacheBytes: 90_000)
        func load(_ name: String) throws {
            _ = try loader.image(name, folders: folders, budget: ImagePixelBudget(limit: 1_000_000))
        }
        // Seen once, an image is not kept (a photo only one record has).
        for name in ["a.png", "b.png", "c.png"] { try load(name) }
        #expect(loader.statistics.entries == 0 && loader.statistics.misses == 3)
        // Its second request keeps it; the third hits.
        try load("a.png")
        try load("a.png")
        #expect(loader.statistics.entries == 1 && loader.statistics.hits == 1)
        try load("b.png")
        try load("c.png")
        // b then c were admitted: a, the least recently used, was evicted to stay within budget.
        #expect(loader.statistics.entries == 2 && loader.statistics.evictions == 1, "\(loader.statistics)")
        #expect(loader.statistics.bytes <= 90_000)
        try load("./c.png")  // the same file by another path: the same entry
        #expect(loader.statistics.hits == 2)
    }

    /// A document looks each image reference up in its folders once (a thumbnail in every row);
    /// the next document looks it up again, so a file replaced in between by a link that leaves
    /// the folders is refused there, as it would be without the memory.
    @Test func eachDocumentResolvesAReferenceOnce() throws {
        let sandbox = try ResourceSandbox()
        defer { sandbox.remove() }
        let folders = try ResourceFolders(templateFolder: sandbox.template.path)
        let loader = ImageLoader(cacheBytes: 0)
        let document = ImagePixelBudget(limit: 1_000_000)
        #expect(document.resolvedPath(of: "sub/../a.png") == nil)
        for _ in 0..<3 { _ = try loader.image("sub/../a.png", folders: folders, budget: document) }
        let canonical = try folders.resolve("a.png")
        #expect(document.resolvedPath(of: "sub/../a.png") == canonical)
        #expect(document.resolvedPath(of: "a.png") == nil)
        #expect(document.used == 10_000)

        let file = sandbox.template.appendingPathComponent("a.png")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "../outside.png")
        // This document already has the image (resolved and decoded before the swap)...
        #expect(try loader.image("sub/../a.png", folders: folders, budget: document).width == 100)
        // ...the next one resolves the reference afresh and is refused.
        let next = ImagePixelBudget(limit: 1_000_000)
        #expect(throws: ResourceError.self) {
            try loader.image("sub/../a.png", folders: folders, budget: next)
        }
        #expect(next.resolvedPath(of: "sub/../a.png") == nil)
    }
}
