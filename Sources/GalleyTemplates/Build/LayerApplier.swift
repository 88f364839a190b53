import Galley
import GalleyLayout
import GalleyRender

/// Applies the layer keys of drawn nodes: background, corners, border, opacity, clip,
/// rasterize, shadow, link and bookmark.
enum LayerApplier {
    /// The keys `apply` reads.
    static let keys: Set<String> = [
        "background", "cornerRadius", "opacity", "clip", "rasterize", "border", "shadow", "link", "bookmark",
        "bookmarkLevel",
    ]

    static func apply(_ p: BoundProperties, to node: DisplayNode, site: BuildSite) throws(TemplateError) {
        guard p.element.hasLayerKeys else { return }
        var layer = node.layer
        if let v = try p.color("background") { layer.backgroundColor = v }
        if let v = try p.corners("cornerRadius") { layer.cornerRadii = v }
        if let v = try p.number("opacity", .unitInterval) { layer.opacity = v }
        if let v = try p.bool("clip") { layer.clipsToBounds = v }
        if let v = try p.bool("rasterize") { layer.rasterizesSubtree = v }
        if case .object(let border)? = p["border"] {
            layer.borderWidth = border["width"].flatMap(ValueReader.number) ?? 1
            layer.borderColor = border["color"].flatMap(ValueReader.color) ?? .black
        }
        if case .object(let shadow)? = p["shadow"] {
            let offset = shadow["offset"].flatMap(ValueReader.pair) ?? (0, 2)
            layer.shadow = Shadow(
                offset: Point(x: offset.0, y: offset.1),
                blurRadius: shadow["blur"].flatMap(ValueReader.number) ?? 4,
                color: shadow["color"].flatMap(ValueReader.color) ?? Color(red: 0, green: 0, blue: 0, alpha: 0.33))
        }
        node.layer = layer
        if case .object(let transition)? = p["transition"] {
            node.transitionTiming = try timing(transition, path: p.element.path.appending("transition"), site: site)
        }
        if let link = try p.string("link"), !link.isEmpty, !(node is TextNode) {
            node.link = link.hasPrefix("#") ? .destination(String(link.dropFirst())) : .url(link)
        }
        if let title = try p.string("bookmark") {
            node.bookmark = (title, Int(try p.number("bookmarkLevel", .integer) ?? 1))
            node.exportsAnchor = true
        }
    }

    /// `transition: {duration, delay, curve}`: overrides the default animation for this node.
    private static func timing(_ object: JSONObject, path: JSONPath, site: BuildSite) throws(TemplateError)
        -> AnimationTiming
    {
        var timing = AnimationTiming.default
        if let duration = object["duration"].flatMap(ValueReader.number) { timing.duration = max(0, duration) }
        if let delay = object["delay"].flatMap(ValueReader.number) { timing.delay = max(0, delay) }
        if let text = object["curve"]?.stringValue {
            guard let curve = TimingCurve(parsing: text) else {
                throw site.error(
                    at: path.appending("curve"), "unknown timing curve \"\(text)\"",
                    hint: "linear, easeIn, easeOut, easeInOut, spring:DAMPING, cubic:x1,y1,x2,y2")
            }
            timing.curve = curve
        }
        return timing
    }
}
