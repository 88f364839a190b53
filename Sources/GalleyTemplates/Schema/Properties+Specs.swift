import Galley
import GalleyLayout

/// The keys of layout specs, with Texture's defaults (texture-layout-semantics), and the element
/// slots of every element that holds others.
enum SpecProperties {
    static let all: [Property] = stack + others + slots

    static let stack: [Property] = [
        Property(
            "direction", .choice(StackDirection.self), default: "horizontal", on: .only([.stack]),
            "The main axis: children in a row or a column.", example: "vertical",
            apply: .parameters { $0.spec.direction = $1.typed(StackDirection.self) ?? .horizontal }),
        Property(
            "spacing", .length(), default: 0, on: .only([.stack]), "The space between children.", example: "4mm",
            apply: .parameters { $0.spec.spacing = $1.number }),
        Property(
            "justifyContent", .choice(StackJustifyContent.self), default: "start", on: .only([.stack]),
            "Where children sit on the main axis (`spaceEvenly` is Galley's, with its CSS meaning).",
            example: "spaceBetween",
            apply: .parameters { $0.spec.justifyContent = $1.typed(StackJustifyContent.self) ?? .start }),
        Property(
            "alignItems", .choice(StackAlignItems.self), default: "stretch", on: .only([.stack]),
            conflicts: [.init(key: "verticalAlign", reason: "give a stack verticalAlign or alignItems, not both")],
            "Where children sit on the cross axis (Texture's default is `stretch`).", example: "center",
            apply: .parameters { $0.spec.alignItems = $1.typed(StackAlignItems.self) ?? .stretch }),
        Property(
            "flexWrap", .choice(StackFlexWrap.self), default: "noWrap", on: .only([.stack]),
            "Whether children that do not fit wrap onto more lines.", example: "wrap",
            apply: .parameters { $0.spec.flexWrap = $1.typed(StackFlexWrap.self) ?? .noWrap }),
        Property(
            "alignContent", .choice(StackAlignContent.self), default: "start", on: .only([.stack]),
            "With `flexWrap`: where the lines sit on the cross axis.", example: "spaceBetween",
            apply: .parameters { $0.spec.alignContent = $1.typed(StackAlignContent.self) ?? .start }),
        Property(
            "lineSpacing", .length(), default: 0, on: .only([.stack]),
            "With `flexWrap`: the space between lines.", example: "0.125in",
            apply: .parameters { $0.spec.lineSpacing = $1.number }),
    ]

    static let others: [Property] = [
        Property(
            "insets", .insets(infinity: true), default: 0, on: .only([.inset]),
            "The space around the child: one length, or each side's; `\"inf\"` pushes the child to the opposite side.",
            example: ["top": "1cm", "left": 24], apply: .parameters { $0.spec.insets = $1.insets }),
        Property(
            "centering", .choice(CenteringOptions.self), default: "xy", on: .only([.center]),
            "The axes to centre on (a template `center` centres both ways; Texture's class default is none).",
            example: "x", apply: .parameters { $0.spec.centering = $1.typed(CenteringOptions.self) ?? .xy }),
        Property(
            "sizing", .choice(SizingOptions.self), default: "default", on: .only([.center, .relative]),
            "Whether the spec shrinks to its child on an axis instead of filling the space.", example: "minimumXY",
            apply: .parameters { $0.spec.sizing = $1.typed(SizingOptions.self) ?? .default }),
        Property(
            "horizontal", .choice(RelativePosition.self), default: "none", on: .only([.relative]),
            "The child's horizontal place.", example: "end",
            apply: .parameters { $0.spec.horizontal = $1.typed(RelativePosition.self) ?? .none }),
        Property(
            "vertical", .choice(RelativePosition.self), default: "none", on: .only([.relative]),
            "The child's vertical place.", example: "center",
            apply: .parameters { $0.spec.vertical = $1.typed(RelativePosition.self) ?? .none }),
        Property(
            "ratio", .nonNegativeNumber, default: 1, on: .only([.ratio]), "Height divided by width.", example: 0.5625,
            apply: .parameters { $0.spec.ratio = $1.number }),
        Property(
            "sizing", .choice(AbsoluteSizing.self), default: "default", on: .only([.absolute]),
            "`default` fills the space given; `sizeToFit` is as large as the children's union.", example: "sizeToFit",
            apply: .parameters { $0.spec.absoluteSizing = $1.typed(AbsoluteSizing.self) ?? .default }),
        Property(
            "location", .choice(CornerLocation.self), default: "topRight", on: .only([.corner]),
            "The corner of the child the `corner` element is centred on.", example: "bottomLeft",
            apply: .parameters { $0.spec.location = $1.typed(CornerLocation.self) ?? .topRight }),
        Property(
            "offset", .point, default: [0, 0], on: .only([.corner]), "Moves the corner element from the corner.",
            example: [-4, 4], apply: .parameters { $0.spec.offset = $1.point }),
        Property(
            "wrapsCorner", .bool, default: false, on: .only([.corner]),
            "Whether the spec grows to include the corner element.", example: true,
            apply: .parameters { $0.spec.wrapsCorner = $1.bool }),
    ]

    /// Keys whose values are elements.
    static let slots: [Property] = [
        Property(
            "child", .element,
            on: .only([.box, .inset, .overlay, .background, .center, .relative, .ratio, .corner, .wrapper]),
            "The element laid out inside (a box's child makes it a container: its layer applies to the child's subtree).",
            example: ["type": "text", "text": "Hi"], apply: .slot),
        Property(
            "children", .elements, on: .only([.stack, .absolute, .constraints]), "The elements laid out.",
            example: [["type": "text", "text": "a"], ["type": "text", "text": "b"]], apply: .slot),
        Property(
            "overlay", .element, on: .only([.overlay]), "The element laid out over the child.",
            example: ["type": "box", "background": "#0002"], apply: .slot),
        Property(
            "background", .element, on: .only([.background]), "The element laid out behind the child.",
            example: ["type": "box", "background": "#eee"], apply: .slot),
        Property(
            "corner", .element, on: .only([.corner]), "The element placed on the child's corner.",
            example: ["type": "box", "size": [12, 12], "background": "red", "cornerRadius": 6], apply: .slot),
        Property(
            "header", .elements, on: .only([.table]), "The header row's cells.",
            example: [["type": "text", "text": "Item"]], apply: .slot),
        Property(
            "rows", .elements, on: .only([.table]), "The body rows: `row` elements, usually one with `each`.",
            example: [["type": "row", "each": "{{items}}", "cells": [["type": "text", "text": "{{item.name}}"]]]],
            apply: .slot),
        Property(
            "cells", .elements, on: .only([.row]), "The row's cells: any elements, one per column (`colSpan` more).",
            example: [["type": "text", "text": "{{item.name}}"]], apply: .slot),
    ]
}
