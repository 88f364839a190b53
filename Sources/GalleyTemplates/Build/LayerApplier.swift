import Galley
import GalleyLayout
import GalleyRender

/// Applies the layer keys of drawn nodes: background, corners, border, opacity, clip,
/// rasterize, shadow, link and bookmark.
enum LayerApplier {
    /// The keys `apply` reads.
    static let keys: Set<String> = [
        "background", "cornerRadius", "opacity", "clip", "rasterize", "border", "shadow", "link", "bookmark",
        "bookmarkLevel", "transition", "role", "alt", "lang",
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
            node.bookmark = (title, try p.integer("bookmarkLevel", in: ValueLimits.outlineLevel) ?? 1)
            node.exportsAnchor = true
        }
        try applyAccessibility(p, to: node, site: site)
    }

    /// `role`, `alt` and `lang`: how the node appears in a tagged PDF (docs/pdf.md).
    private static func applyAccessibility(_ p: BoundProperties, to node: DisplayNode, site: BuildSite)
        throws(TemplateError)
    {
        let name = try p.string("role")
        let alt = try p.string("alt")
        let language = try p.string("lang")
        guard name != nil || alt != nil || language != nil else { return }
        var accessibility = node.accessibility ?? NodeAccessibility()
        if let name {
            if name == "Artifact" {
                accessibility.role = .artifact
            } else if let role = StructureRole(rawValue: name) {
                accessibility.role = .element(role)
            } else {
                throw site.error(
                    at: p.element.path.appending("role"), "unknown structure role \"\(name)\"",
                    hint: "one of: Artifact, " + StructureRole.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        if let alt, !alt.isEmpty { accessibility.alternateText = alt }
        if let language, !language.isEmpty { accessibility.language = language }
        node.accessibility = accessibility
    }

    /// `transition: {duration, delay, curve}`: overrides the default animation for this node.
    private static func timing(_ object: JSONObject, path: JSONPath, site: BuildSite) throws(TemplateError)
        -> AnimationTiming
    {
        var timing = AnimationTiming.default
        // Checked here too, not only at compile time: a bound `transition` object comes from data,
        // and its times become frame counts.
        for key in ["duration", "delay"] {
            if let value = object[key], value != .null,
                let problem = ValueReader.problem(value, .numberIn(ValueLimits.seconds))
            {
                throw site.error(at: path.appending(key), problem, hint: "a time in seconds")
            }
        }
        if let duration = object["duration"].flatMap(ValueReader.number) { timing.duration = duration }
        if let delay = object["delay"].flatMap(ValueReader.number) { timing.delay = delay }
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
