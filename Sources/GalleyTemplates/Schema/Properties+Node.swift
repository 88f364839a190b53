import Galley
import GalleyLayout
import GalleyRender

/// The keys of drawn nodes: identity, the layer (Core Animation style), links and outline,
/// tagged-PDF roles and per-node animation.
enum NodeProperties {
    static let all: [Property] = identity + layer + document

    static let identity: [Property] = [
        Property(
            "id", .string, on: .all, keepsNode: true,
            "Names the element: layout dumps, internal links (`#id`) to a node, the anchors of a `constraints` element, and its identity when a layout animates between two data states (a spec's unidentified nodes are matched within it).",
            example: "total", apply: .parameters { $0.node.identifier = $1.text }),
        Property(
            "debugName", .string, on: .all, "The element's name in `galley layout --ascii` (default: its `id`).",
            example: "header logo", apply: .parameters { $0.node.debugName = $1.text }),
    ]

    static let layer: [Property] = [
        Property(
            "background", .color, on: .nodes, "The node's background colour (none by default).",
            example: "#f1f5f9",
            apply: .parameters { value, color in value.node.editLayer { $0.backgroundColor = color.color } }),
        Property(
            "cornerRadius", .corners, default: 0, on: .nodes,
            "Rounds the background and border (and the clip): one radius, or each corner's in CSS order; radii too large for a side shrink together.",
            example: [8, 8, 0, 0],
            apply: .parameters { value, radii in value.node.editLayer { $0.cornerRadii = radii.corners } }),
        Property(
            "border", border, on: .nodes, "A border inside the node's bounds.",
            example: ["width": 1, "color": "#e5e7eb"],
            apply: .parameters { value, border in
                guard let border = border.typed(GridLines.self) else { return }
                value.node.editLayer {
                    $0.borderWidth = border.width
                    $0.borderColor = border.color
                }
            }),
        Property(
            "opacity", .number(0...1), default: 1, on: .nodes,
            "Group opacity: the node and its subnodes are composited, then faded once.", example: 0.5,
            apply: .parameters { value, opacity in value.node.editLayer { $0.opacity = opacity.number } }),
        Property(
            "clip", .bool, default: false, on: .nodes, "Clips the node's subnodes to its bounds (and corners).",
            example: true, apply: .parameters { value, clip in value.node.editLayer { $0.clipsToBounds = clip.bool } }),
        Property(
            "rasterize", .bool, default: false, on: .nodes,
            "Draws the node's whole subtree into one bitmap (an image in a PDF), reused when it is drawn again.",
            example: true,
            apply: .parameters { value, flag in value.node.editLayer { $0.rasterizesSubtree = flag.bool } }),
        Property(
            "shadow", shadow, on: .nodes, "A drop shadow behind the node.",
            example: ["offset": [0, 2], "blur": 6, "color": "rgba(0,0,0,0.25)"],
            apply: .parameters { value, shadow in value.node.editLayer { $0.shadow = shadow.typed(Shadow.self) } }),
        Property(
            "transition", transition, on: .nodes,
            "How this node animates when the document changes between two data states (`galley animate`), instead of the command's timing.",
            example: ["duration": 0.6, "curve": "spring:0.7"],
            apply: .parameters { $0.node.transition = $1.typed(AnimationTiming.self) }),
    ]

    static let document: [Property] = [
        Property(
            "link", .string, on: .nodesExcept([.text, .toc]), keepsNode: true,
            "Makes the node a link: a URL, or `#id` for a node of this document (for text, `link` is a text-style key).",
            example: "https://example.com",
            apply: .parameters { value, link in
                let text = link.text
                value.node.link = text.isEmpty ? nil : text
            }),
        Property(
            "bookmark", .string, on: .nodes, keepsNode: true,
            "An entry of the PDF outline (and of a `toc`) pointing at the node.",
            example: "Summary", apply: .parameters { $0.node.bookmark = $1.text }),
        Property(
            "bookmarkLevel", .integer(ValueLimits.outlineLevel), default: 1, on: .nodes, requires: "bookmark",
            "The bookmark's level in the outline (1 is the top).", example: 2,
            apply: .parameters { $0.node.bookmarkLevel = $1.integer }),
        Property(
            "role", .choice(["Artifact"] + StructureRole.allCases.map(\.rawValue)) { $0 }, on: .nodes,
            "Tagged PDF: the node's structure role (`P`, `H2`, `Figure`, …), or `Artifact` for decoration (default: by node type).",
            example: "H2",
            apply: .parameters { value, role in
                let name = role.typed(String.self) ?? ""
                value.node.editAccessibility {
                    $0.role = name == "Artifact" ? .artifact : StructureRole(rawValue: name).map { .element($0) }
                }
            }),
        Property(
            "alt", .string, on: .nodes, "Tagged PDF: a figure's alternate text (required for figures under PDF/UA).",
            example: "Company logo",
            apply: .parameters { value, alt in
                guard !alt.text.isEmpty else { return }
                value.node.editAccessibility { $0.alternateText = alt.text }
            }),
    ]

    static let border = PropertyKind.object(
        "`{width, color}`",
        fields: [
            .field("width", .length(minimum: 0), default: 1, "The line width.", example: 0.5),
            .field("color", .color, default: "black", "The line colour.", example: "#e5e7eb"),
        ]
    ) { fields in
        .success(.typed(GridLines(width: fields["width"]?.number ?? 1, color: fields["color"]?.color ?? .black)))
    }

    static let shadow = PropertyKind.object(
        "`{offset, blur, color}`",
        fields: [
            .field("offset", .point, default: [0, 2], "How far the shadow falls, right and down.", example: [0, 4]),
            .field("blur", .length(minimum: 0), default: 4, "The blur radius.", example: 8),
            .field("color", .color, default: "rgba(0,0,0,0.33)", "The shadow's colour.", example: "#0000004d"),
        ]
    ) { fields in
        .success(
            .typed(
                Shadow(
                    offset: fields["offset"]?.point ?? Point(x: 0, y: 2), blurRadius: fields["blur"]?.number ?? 4,
                    color: fields["color"]?.color ?? Color(red: 0, green: 0, blue: 0, alpha: 0.33))))
    }

    static let transition = PropertyKind.object(
        "`{duration, delay, curve}`",
        fields: [
            .field("duration", .number(ValueLimits.seconds), default: 0.2, "Seconds the change takes.", example: 0.6),
            .field("delay", .number(ValueLimits.seconds), default: 0, "Seconds before it starts.", example: 0.1),
            .field("curve", .timingCurve, default: "easeInOut", "The timing curve.", example: "spring:0.7"),
        ]
    ) { fields in
        .success(
            .typed(
                AnimationTiming(
                    duration: fields["duration"]?.number ?? 0.2, delay: fields["delay"]?.number ?? 0,
                    curve: fields["curve"]?.typed(TimingCurve.self) ?? .easeInOut)))
    }
}
