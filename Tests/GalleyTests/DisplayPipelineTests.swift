import Foundation
import Galley
import GalleyLayout
import GalleyRender
import GalleyTestSupport
import Synchronization
import Testing

/// A node whose draw routine spins until cancelled, recording when it stopped.
final class SpinNode: DisplayNode, DrawingNode {
    final class Probe: Hashable, Sendable {
        let stoppedAt = Mutex<ContinuousClock.Instant?>(nil)
        /// When a check last said "go on".
        let lastGoOn = Mutex<ContinuousClock.Instant?>(nil)
        static func == (a: Probe, b: Probe) -> Bool { a === b }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    struct Parameters: Hashable, Sendable { let probe: Probe }
    let probe = Probe()

    func drawParameters() -> Parameters { Parameters(probe: probe) }

    static func draw(
        _ parameters: Parameters, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
        isRasterizing: Bool
    ) throws {
        while !isCancelled() {
            parameters.probe.lastGoOn.withLock { $0 = .now }
            context.fill(bounds, color: .black)
            usleep(1000)
        }
        parameters.probe.stoppedAt.withLock { $0 = .now }
    }
}

@Suite("cancellation")
struct CancellationTests {
    @Test(arguments: OutputFormat.allCases)
    func spinningDrawRoutineStopsAtTheDeadlineAndLeavesNoFile(format: OutputFormat) throws {
        let spinner = SpinNode()
        spinner.style.preferredSize = Size(width: 20, height: 20)
        let body = StackLayoutSpec(
            direction: .vertical, children: [LayerFixtures.box(Size(width: 10, height: 10), .black), spinner])
        let canvas = Canvas(body: body, size: Size(width: 40, height: 40))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "galley-spin-\(UUID()).\(format.rawValue)"
        ).path
        // The source's own deadline is at or before this one (it is made first).
        let source = CancellationSource(timeout: 0.1)
        let deadline = ContinuousClock.now + .milliseconds(100)
        #expect(throws: RenderCancelled(reason: .timedOut)) {
            try DocumentWriter.write(
                canvas, to: path, options: OutputOptions(format: format, cancellation: source, rasterCache: nil))
        }
        let stopped = try #require(spinner.probe.stoppedAt.withLock { $0 })
        let lastGoOn = try #require(spinner.probe.lastGoOn.withLock { $0 })
        // Deterministic: no check after the deadline let the routine go on, so it stopped at the
        // first check past the deadline. The routine checks every millisecond, so on a machine
        // that schedules it, it stops within a few ms (measured 1-2 ms on a quiet machine); the
        // wall-clock bound below only catches a hang, since a loaded CI machine may not run the
        // thread for a while.
        #expect(lastGoOn < deadline + .milliseconds(1), "a check \(lastGoOn - deadline) after the deadline said go on")
        #expect(stopped - deadline < .seconds(2), "stopped \(stopped - deadline) after the deadline")
        print("spinning \(format.rawValue) draw stopped \(stopped - deadline) after its deadline")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

extension RenderCancelled: Equatable {
    public static func == (a: RenderCancelled, b: RenderCancelled) -> Bool { a.reason == b.reason }
}

@Suite("concurrent display")
struct ConcurrentDisplayTests {
    /// Many independent layers: rasterized badges (two equal), image nodes, rounded clips.
    static func page() -> any LayoutElement {
        var children = [any LayoutElement]()
        for index in 0..<6 {
            children.append(LayerFixtures.rasterizedBadge(text: index == 5 ? "R0" : "R\(index)"))
            let image = ImageNode(image: LayerFixtures.gridImage, contentMode: ContentMode.allCases[index * 2])
            image.style.preferredSize = Size(width: 30, height: 30)
            image.layer.cornerRadius = 6
            image.layer.clipsToBounds = true
            image.layer.opacity = 0.8
            children.append(image)
        }
        children.append(LayerFixtures.shadowCard())
        return StackLayoutSpec(direction: .horizontal, spacing: 2, flexWrap: .wrap, children: children)
    }

    @Test func concurrentDisplayMatchesSequentialDisplay() throws {
        for scale in [1.0, 2.0] {
            let sequential = try Canvas(body: Self.page(), size: Size(width: 300, height: 120)).displayPage(
                options: DisplayOptions(rasterizationScale: scale, rasterCache: nil, maxConcurrentLayers: 1))
            for _ in 0..<4 {
                let concurrent = try Canvas(body: Self.page(), size: Size(width: 300, height: 120)).displayPage(
                    options: DisplayOptions(
                        rasterizationScale: scale, rasterCache: RasterCache(byteBudget: 1 << 20), maxConcurrentLayers: 4
                    ))
                #expect(Self.sameItems(sequential.items, concurrent.items))
                let a = try RasterRenderer.render(sequential, scale: scale)
                let b = try RasterRenderer.render(concurrent, scale: scale)
                #expect(a.pixels == b.pixels)
            }
        }
    }

    @Test func pagesDisplayConcurrentlyOnManyThreads() async throws {
        let cache = RasterCache(byteBudget: 1 << 20)
        let reference = try RasterRenderer.render(
            Canvas(body: Self.page(), size: Size(width: 300, height: 120)).displayPage(
                options: DisplayOptions(rasterCache: nil, maxConcurrentLayers: 1)), scale: 1)
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let page = try Canvas(body: Self.page(), size: Size(width: 300, height: 120)).displayPage(
                        options: DisplayOptions(rasterCache: cache, maxConcurrentLayers: 3))
                    return try RasterRenderer.render(page, scale: 1).pixels
                }
            }
            for try await pixels in group { #expect(pixels == reference.pixels) }
        }
    }

    /// Display-list equality, comparing bitmaps by pixels (ImageBuffer equality is identity).
    static func sameItems(_ a: [DisplayItem], _ b: [DisplayItem]) -> Bool {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.image(let i, let r, let m), .image(let j, let s, let n)):
                guard r == s, m == n, i.width == j.width, i.height == j.height, i.pixels == j.pixels else {
                    return false
                }
            case (.group(let g), .group(let h)):
                guard g.transform == h.transform, g.clip == h.clip, g.opacity == h.opacity, g.shadow == h.shadow,
                    sameItems(g.items, h.items)
                else { return false }
            default:
                guard x == y else { return false }
            }
        }
        return true
    }
}

@Suite("raster cache")
struct RasterCacheTests {
    @Test func equalRasterizedSubtreesAcrossDocumentsHit() throws {
        let cache = RasterCache(byteBudget: 4 << 20)
        var images = [ImageBuffer]()
        for _ in 0..<3 {
            let canvas = Canvas(body: LayerFixtures.layersRow(), size: Size(width: 284, height: 60))
            let page = try canvas.displayPage(options: DisplayOptions(rasterizationScale: 2, rasterCache: cache))
            images.append(contentsOf: Self.images(in: page.items))
        }
        // The first document's bitmap is not kept (a subtree only one document has is never
        // cached); the second's is, and the third reuses it.
        #expect(images.count == 3)
        #expect(images[0] !== images[1] && images[1] === images[2])
        #expect(images[0].pixels == images[1].pixels)
        let statistics = cache.statistics
        #expect(statistics.misses == 2 && statistics.hits == 1 && statistics.entries == 1)
        #expect(statistics.bytes == 100 * 4 * 100, "the bitmap (its key holds no image)")
    }

    @Test func byteBudgetEvictsTheLeastRecentlyUsed() {
        let bitmap = {
            ImageBuffer(width: 10, height: 10, stride: 40, pixels: [UInt8](repeating: 0, count: 400), isOpaque: false)
        }
        let key = { (n: Int) in
            RasterCache.Key(items: [.anchor("k\(n)", .zero)], size: Size(width: 10, height: 10), scale: 1)
        }
        let cache = RasterCache(byteBudget: 800)
        // Each bitmap is offered twice: a key is admitted on its second offer.
        cache.insert(bitmap(), for: key(1))
        #expect(cache.image(for: key(1)) == nil)
        cache.insert(bitmap(), for: key(1))
        cache.insert(bitmap(), for: key(2))
        cache.insert(bitmap(), for: key(2))
        #expect(cache.image(for: key(1)) != nil)  // 1 is now more recent than 2
        cache.insert(bitmap(), for: key(3))
        cache.insert(bitmap(), for: key(3))
        #expect(cache.image(for: key(2)) == nil)
        #expect(cache.image(for: key(1)) != nil)
        #expect(cache.image(for: key(3)) != nil)
        let statistics = cache.statistics
        #expect(statistics.evictions == 1 && statistics.entries == 2 && statistics.bytes == 800)
        #expect(statistics.hits == 3 && statistics.misses == 2)
        // A key's images count against the budget with its bitmap.
        let photo = ImageBuffer(
            width: 10, height: 10, stride: 40, pixels: [UInt8](repeating: 0, count: 400), isOpaque: true)
        let heavy = RasterCache.Key(
            items: [.image(photo, Rect(x: 0, y: 0, width: 10, height: 10), .smooth)], size: Size(width: 10, height: 10),
            scale: 1)
        cache.insert(bitmap(), for: heavy)
        cache.insert(bitmap(), for: heavy)
        #expect(cache.statistics.bytes == 800 && cache.statistics.entries == 1, "400 for the bitmap, 400 for its photo")
        // A bitmap larger than the whole budget is not stored.
        for _ in 0..<2 {
            cache.insert(
                ImageBuffer(
                    width: 20, height: 20, stride: 80, pixels: [UInt8](repeating: 0, count: 1600), isOpaque: false),
                for: key(4))
        }
        #expect(cache.image(for: key(4)) == nil)
        cache.removeAll()
        #expect(cache.statistics.entries == 0 && cache.statistics.hits == 0 && cache.statistics.bytes == 0)
    }

    static func images(in items: [DisplayItem]) -> [ImageBuffer] {
        items.flatMap { item -> [ImageBuffer] in
            switch item {
            case .image(let image, _, _): [image]
            case .group(let group): images(in: group.items)
            default: []
            }
        }
    }
}
