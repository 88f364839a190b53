import GalleyLayout
import GalleyRender
import Testing

@testable import Galley

/// `ConcurrentLayers.splice` puts the deferred layers' items where their placeholders stand,
/// rebuilding only the groups on the way to one; `DrawOperation.key` identifies a drawing.
@Suite("display list: splicing deferred layers, draw keys")
struct DisplayListSpliceTests {
    /// The splice as first written: every group rebuilt, groups left empty dropped.
    static func referenceSplice(_ results: [[DisplayItem]], into items: [DisplayItem]) -> [DisplayItem] {
        var output = [DisplayItem]()
        for item in items {
            if case .anchor(let name, _) = item, let index = placeholderIndex(name) {
                output.append(contentsOf: results[index])
            } else if case .group(var group) = item {
                group.items = referenceSplice(results, into: group.items)
                if !group.items.isEmpty { output.append(.group(group)) }
            } else {
                output.append(item)
            }
        }
        return output
    }

    static func placeholderIndex(_ name: String) -> Int? {
        for index in 0..<4 {
            if case .anchor(let placeholder, _) = ConcurrentLayers.placeholder(index), placeholder == name {
                return index
            }
        }
        return nil
    }

    /// Random display lists with placeholders at any depth (and some groups holding nothing
    /// but a placeholder whose layer is empty) splice exactly as the reference does.
    @Test func spliceMatchesTheReferenceOnRandomLists() {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func fill(_ x: Double) -> DisplayItem {
            .fill(Path(rect: Rect(x: x, y: 0, width: 1, height: 1)), Color(red: 0, green: 0, blue: 0))
        }
        func list(depth: Int) -> [DisplayItem] {
            (0..<(1 + next(4))).map { _ in
                switch next(depth > 2 ? 2 : 4) {
                case 0: return fill(Double(next(100)))
                case 1: return ConcurrentLayers.placeholder(next(4))
                default:
                    return .group(
                        DisplayGroup(transform: .translation(x: Double(next(9)), y: 0), items: list(depth: depth + 1)))
                }
            }
        }
        for _ in 0..<500 {
            let items = list(depth: 0)
            let results: [[DisplayItem]] = (0..<4).map { index in
                index == 3 ? [] : (0..<next(3)).map { _ in fill(Double(1000 + index)) }
            }
            #expect(ConcurrentLayers.splice(results, into: items) == Self.referenceSplice(results, into: items))
        }
    }

    /// Without a placeholder the list comes back as it was.
    @Test func listWithoutPlaceholdersIsUnchanged() {
        let group = DisplayGroup(
            transform: .translation(x: 2, y: 3),
            items: [.fill(Path(rect: Rect(x: 0, y: 0, width: 4, height: 4)), Color(red: 1, green: 0, blue: 0))])
        let items: [DisplayItem] = [.group(group), .anchor("top", .zero)]
        #expect(ConcurrentLayers.splice([], into: items) == items)
    }

    /// A drawing node; each `Kind` makes another node class with the same parameters.
    final class Stamp<Kind>: DisplayNode, DrawingNode {
        var label = ""
        func drawParameters() -> String { label }
        static func draw(
            _ parameters: String, in context: GraphicsContext, bounds: Rect, isCancelled: CancellationCheck,
            isRasterizing: Bool
        ) throws {}
    }

    enum First {}
    enum Second {}

    /// Equal parameters of one class give equal keys; other parameters or another class do not.
    @Test func drawKeysIdentifyClassAndParameters() {
        func key<Kind>(_ kind: Kind.Type, _ label: String) -> DrawKey {
            let stamp = Stamp<Kind>()
            stamp.label = label
            return DrawOperation(stamp).key
        }
        #expect(key(First.self, "a") == key(First.self, "a"))
        #expect(key(First.self, "a") != key(First.self, "b"))
        #expect(key(First.self, "a") != key(Second.self, "a"))
    }
}
