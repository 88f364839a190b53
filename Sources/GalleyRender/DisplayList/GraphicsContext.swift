import GalleyLayout

/// The drawing API that draw routines use: it records display items, it does not paint.
///
/// A draw routine gets a context whose origin is the node's top-left corner. Everything it
/// draws becomes part of an immutable display list that the PNG and PDF writers read later,
/// on any thread. A context belongs to the one task that draws into it.
public final class GraphicsContext {
    /// Unchecked exclusivity: private, used by one task, and every access is a single
    /// statement that calls out to nothing while it lasts (a draw routine's closure runs between
    /// accesses, never inside one), so accesses cannot overlap; the runtime check ran for every
    /// item recorded.
    @exclusivity(unchecked) private var stack: [[DisplayItem]] = [[]]
    /// Whether structure markers are recorded (tagged PDF output); when false they cost nothing.
    public let recordsStructure: Bool
    /// The roles of the structure elements open here, innermost last.
    public private(set) var openRoles: [StructureRole] = []
    private var artifactDepth = 0

    /// - Parameter recordsStructure: record structure markers (`beginStructure`, `artifact`).
    public init(recordsStructure: Bool = false) {
        self.recordsStructure = recordsStructure
    }

    /// Opens a structure element (tagged PDF); close it with `endStructure()`.
    public func beginStructure(_ element: StructureElement) {
        guard recordsStructure else { return }
        append(.structure(.begin(element)))
        openRoles.append(element.role)
    }

    /// Closes the innermost structure element.
    public func endStructure() {
        guard recordsStructure, !openRoles.isEmpty else { return }
        append(.structure(.end))
        openRoles.removeLast()
    }

    /// Whether what is drawn now is inside an artifact.
    public var isInArtifact: Bool { artifactDepth > 0 }

    /// Records what `body` draws as an artifact of `kind` (tagged PDF): not document content.
    public func artifact(_ kind: ArtifactKind, _ body: (GraphicsContext) throws -> Void) rethrows {
        guard recordsStructure else { return try body(self) }
        append(.structure(.beginArtifact(kind)))
        artifactDepth += 1
        defer {
            artifactDepth -= 1
            append(.structure(.endArtifact))
        }
        try body(self)
    }

    /// The items recorded so far at the top level.
    public var items: [DisplayItem] { stack[0] }

    /// Takes the recorded items and leaves the context empty.
    public func takeItems() -> [DisplayItem] {
        let result = stack[0]
        stack = [[]]
        return result
    }

    public func append(_ item: DisplayItem) {
        stack[stack.count - 1].append(item)
    }

    public func append(contentsOf items: [DisplayItem]) {
        // Into a group opened for them (a node's drawing, translated): the group takes the array
        // itself instead of a copy (appended to later, it is copied then, as before).
        if stack[stack.count - 1].isEmpty {
            stack[stack.count - 1] = items
        } else {
            stack[stack.count - 1].append(contentsOf: items)
        }
    }

    public func fill(_ path: Path, color: Color) {
        guard !color.isInvisible, !path.isEmpty else { return }
        append(.fill(path, color))
    }

    public func fill(_ rect: Rect, color: Color) {
        fill(Path(rect: rect), color: color)
    }

    public func stroke(_ path: Path, color: Color, lineWidth: Double) {
        guard !color.isInvisible, lineWidth > 0, !path.isEmpty else { return }
        append(.stroke(path, color, lineWidth: lineWidth))
    }

    public func draw(_ run: GlyphRun) {
        guard !run.glyphs.isEmpty else { return }
        append(.glyphs(run))
    }

    public func draw(_ image: ImageBuffer, in rect: Rect, interpolation: ImageInterpolation = .smooth) {
        append(.image(image, rect, interpolation))
    }

    /// Records an SVG stretched over `rect` (drawn as vectors by every writer).
    public func draw(_ image: VectorImage, in rect: Rect) {
        append(.vector(image, rect))
    }

    /// Records barcode modules scaled over `rect` (snapped to device pixels in raster output).
    public func draw(_ shapes: ModuleShapes, in rect: Rect, color: Color) {
        guard !color.isInvisible, !shapes.rects.isEmpty else { return }
        append(.modules(shapes, rect, color))
    }

    public func addLink(_ rect: Rect, to target: LinkTarget) {
        append(.link(rect, target))
    }

    public func addAnchor(_ name: String, at point: Point) {
        append(.anchor(name, point))
    }

    /// Records what `body` draws as one group with a transform, clip, opacity and shadow.
    /// A group that changes nothing is flattened into its parent. `reservingCapacity`: the items
    /// `body` is expected to draw (a node's subnodes and layer), so the group's list is made at
    /// its size once instead of growing; 0 when not known (a list a body hands over whole,
    /// `append(contentsOf:)`, is then adopted without a copy).
    public func withGroup(
        transform: AffineTransform = .identity, clip: Path? = nil, opacity: Double = 1,
        shadow: Shadow? = nil, reservingCapacity: Int = 0, _ body: (GraphicsContext) throws -> Void
    ) rethrows {
        // A group that changes nothing draws straight into its parent: the same items in the
        // same order as collecting them apart and splicing them in, without the array and copy.
        if transform.isIdentity, clip == nil, opacity >= 1, shadow == nil {
            try body(self)
            return
        }
        stack.append([])
        // Reserved in place: a local array handed to the stack would share its buffer, and the
        // first append would copy it.
        if reservingCapacity > 0 { stack[stack.count - 1].reserveCapacity(reservingCapacity) }
        defer {
            let items = stack.removeLast()
            if !items.isEmpty, opacity > 0 {
                append(
                    .group(
                        DisplayGroup(transform: transform, clip: clip, opacity: opacity, shadow: shadow, items: items)))
            }
        }
        try body(self)
    }

    /// Records `body`'s drawing moved by an offset.
    public func translated(x: Double, y: Double, _ body: (GraphicsContext) throws -> Void) rethrows {
        try withGroup(transform: .translation(x: x, y: y), body)
    }
}
