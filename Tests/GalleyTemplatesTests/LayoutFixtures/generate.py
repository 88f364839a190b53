#!/usr/bin/env python3
"""Writes the layout fixtures: <spec>/<name>.json (a template) and <name>.expected.json (its
`galley layout --json` dump), computed by model.py, an independent model of Texture's layout
written from texture-layout-semantics.md. Galley is never run here.

Usage: python3 Tests/GalleyTemplatesTests/LayoutFixtures/generate.py
"""
import itertools
import json
import os
import shutil

from model import template_dump

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = {}  # (spec, name) -> template


def box(id, w=0, h=0, **style):
    el = {"type": "box", "id": id, "size": [w, h]}
    el.update(style)
    return el


def container(id, child, **style):
    el = {"type": "box", "id": id, "child": child}
    el.update(style)
    return el


def stack(children, **options):
    el = {"type": "stack"}
    el.update(options)
    el["children"] = children
    return el


def spec(t, **keys):
    el = {"type": t}
    el.update(keys)
    return el


def add(group, name, body, size=(200, 100), constrained=None, fit=None):
    template = {"galley": 1, "size": list(size)}
    if constrained:
        template["constrainedSize"] = {"min": list(constrained[0]), "max": list(constrained[1])}
    if fit:
        template["fit"] = fit
    template["body"] = body
    key = (group, name)
    assert key not in FIXTURES, key
    FIXTURES[key] = template


def three(prefix="i", sizes=((20, 10), (30, 20), (40, 15)), **style):
    return [box(f"{prefix}{k}", w, h, **style) for k, (w, h) in enumerate(sizes)]


LOOSE = ((0, 0), (300, 200))

# ------------------------------------------------------------------ stack: justify × direction
for direction in ("horizontal", "vertical"):
    for justify in ("start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly"):
        add("stack", f"justify-{justify}-{direction}",
            stack(three(), direction=direction, justifyContent=justify), size=(200, 100))
        add("stack", f"justify-{justify}-{direction}-spacing",
            stack(three(), direction=direction, justifyContent=justify, spacing=7), size=(150, 90))
    for justify in ("center", "end", "spaceBetween", "spaceAround"):
        add("stack", f"justify-{justify}-{direction}-overflow",
            stack(three(sizes=((60, 50), (70, 60), (80, 70))), direction=direction, justifyContent=justify),
            size=(100, 100))
    for justify in ("spaceBetween", "spaceAround", "spaceEvenly"):
        add("stack", f"justify-{justify}-{direction}-single",
            stack([box("only", 30, 20)], direction=direction, justifyContent=justify), size=(101, 71))
    # shrink-wrapped: justification has no room to act
    add("stack", f"justify-center-{direction}-loose",
        stack(three(), direction=direction, justifyContent="center"), constrained=LOOSE, fit="content")

# ------------------------------------------------------------------ stack: alignItems / alignSelf
for direction in ("horizontal", "vertical"):
    for align in ("start", "center", "end", "stretch"):
        add("stack", f"align-{align}-{direction}",
            stack(three(sizes=((20, 10), (31, 21), (40, 15))), direction=direction, alignItems=align), size=(200, 101))
        add("stack", f"align-{align}-{direction}-loose",
            stack(three(sizes=((20, 10), (31, 21), (40, 15))), direction=direction, alignItems=align),
            constrained=LOOSE, fit="content")
    for self_align in ("start", "center", "end", "stretch"):
        kids = three()
        kids[1]["alignSelf"] = self_align
        add("stack", f"alignself-{self_align}-{direction}",
            stack(kids, direction=direction, alignItems="center"), size=(120, 80))
    add("stack", f"default-options-{direction}", stack(three(), direction=direction), size=(150, 60))

add("stack", "default-direction-horizontal", stack(three()), size=(150, 60))
add("stack", "stretch-explicit-cross-size", stack([box("a", 10, 10, height=20), box("b", 10, 10)]), size=(100, 50))
add("stack", "stretch-min-cross-suppresses", stack([box("a", 10, 10, minHeight=5), box("b", 10, 10)]), size=(100, 50))
add("stack", "stretch-max-does-not-cap", stack([box("a", 10, 10, maxHeight=20), box("b", 10, 10)]), size=(100, 50))
add("stack", "stretch-loose-tallest-item",
    stack([box("a", 10, 10), box("b", 10, 35), box("c", 10, 0)]), constrained=LOOSE, fit="content")
add("stack", "cross-capped-by-stack-max",
    stack([box("a", 10, 80), box("b", 10, 10)], alignItems="start"), size=(100, 50))
add("stack", "cross-max-range",
    stack([box("a", 10, 80), box("b", 10, 10)], alignItems="start"), constrained=((0, 0), (100, 50)), fit="content")
add("stack", "center-odd-floors",
    stack([box("a", 10, 10), box("b", 10, 21)], alignItems="center", direction="horizontal"), size=(100, 30))
add("stack", "empty", stack([]), constrained=((12, 7), (300, 200)), fit="content")
add("stack", "empty-exact", stack([]), size=(50, 40))

# ------------------------------------------------------------------ stack: spacing before/after
add("stack", "spacing-before-after",
    stack([box("a", 10, 10, spacingBefore=5), box("b", 10, 10, spacingAfter=8), box("c", 10, 10, spacingBefore=3)],
          spacing=2), constrained=LOOSE, fit="content")
add("stack", "spacing-before-after-vertical",
    stack([box("a", 10, 10, spacingBefore=5), box("b", 10, 10, spacingAfter=8), box("c", 10, 10)],
          spacing=4, direction="vertical"), size=(60, 100))
add("stack", "spacing-before-after-justify-end",
    stack([box("a", 10, 10, spacingBefore=5), box("b", 10, 10, spacingAfter=8)], justifyContent="end"),
    size=(100, 20))

# ------------------------------------------------------------------ flex: grow
for direction in ("horizontal", "vertical"):
    add("flex", f"grow-one-{direction}",
        stack([box("a", 20, 20), box("b", 20, 20, flexGrow=1), box("c", 20, 20)], direction=direction), size=(150, 150))
    add("flex", f"grow-unequal-{direction}",
        stack([box("a", 20, 20, flexGrow=1), box("b", 20, 20, flexGrow=2), box("c", 20, 20, flexGrow=3)],
              direction=direction), size=(161, 161))
    add("flex", f"shrink-unequal-{direction}",
        stack([box("a", 60, 60, flexShrink=1), box("b", 40, 40, flexShrink=2), box("c", 50, 50, flexShrink=1)],
              direction=direction), size=(100, 100))
    add("flex", f"shrink-default-zero-{direction}",
        stack([box("a", 60, 60), box("b", 60, 60)], direction=direction), size=(100, 100))
add("flex", "grow-remainder-first", stack([box("a", 0, 10, flexGrow=1), box("b", 0, 10, flexGrow=1)]), size=(11, 10))
add("flex", "grow-floors-to-zero", stack([box("a", 0, 10, flexGrow=1), box("b", 0, 10, flexGrow=1)]), size=(1, 10))
add("flex", "grow-with-spacing",
    stack([box("a", 10, 10, flexGrow=1), box("b", 10, 10, flexGrow=1)], spacing=10), size=(100, 10))
add("flex", "grow-min-loses-to-flex",
    stack([box("a", 10, 10, flexGrow=1, maxWidth=20), box("b", 10, 10)]), size=(100, 10))
add("flex", "grow-loose-no-violation", stack([box("a", 10, 10, flexGrow=1)]), constrained=LOOSE, fit="content")
add("flex", "grow-range-min", stack([box("a", 10, 10, flexGrow=1), box("b", 10, 10)]),
    constrained=((80, 0), (300, 200)), fit="content")
add("flex", "shrink-mixed-zero", stack([box("a", 60, 10, flexShrink=1), box("b", 60, 10)]), size=(100, 10))
add("flex", "shrink-fractional",
    stack([box("a", 50, 10, flexShrink=1), box("b", 50, 10, flexShrink=1), box("c", 50, 10, flexShrink=1)]),
    size=(100, 10))
add("flex", "shrink-to-zero", stack([box("a", 50, 10, flexShrink=1), box("b", 100, 10)]), size=(100, 10))
add("flex", "basis-points", stack([box("a", 10, 10, flexBasis=40), box("b", 10, 10)]), size=(100, 10))
add("flex", "basis-percent", stack([box("a", 10, 10, flexBasis="25%"), box("b", 10, 10, flexBasis="50%")]),
    size=(200, 10))
add("flex", "basis-percent-loose-is-auto", stack([box("a", 10, 10, flexBasis="25%")]),
    constrained=LOOSE, fit="content")
add("flex", "basis-grow", stack([box("a", 10, 10, flexBasis=30, flexGrow=1), box("b", 10, 10, flexBasis=10,
                                                                                    flexGrow=1)]), size=(100, 10))
add("flex", "optimized-grow-shrink", stack([box("a", 30, 10, flexGrow=1, flexShrink=1), box("b", 20, 10)]),
    size=(100, 10))
add("flex", "two-grow-shrink-not-optimized",
    stack([box("a", 30, 10, flexGrow=1, flexShrink=1), box("b", 20, 10, flexGrow=1, flexShrink=1)]), size=(100, 10))
add("flex", "spacer-grow",
    stack([box("a", 10, 10), spec("spacer", flexGrow=1), box("b", 10, 10)]), size=(100, 10))
add("flex", "spacer-grow-vertical",
    stack([box("a", 10, 10), spec("spacer", flexGrow=1), box("b", 10, 10), spec("spacer", flexGrow=2)],
          direction="vertical"), size=(30, 100))

# ------------------------------------------------------------------ wrap
wrap_items = [box(f"w{k}", 30 + (k % 3) * 5, 10 + (k % 4) * 3) for k in range(7)]
for ac in ("start", "center", "end", "spaceBetween", "spaceAround", "stretch"):
    add("wrap", f"align-content-{ac}", stack(wrap_items, flexWrap="wrap", alignContent=ac), size=(100, 100))
    add("wrap", f"align-content-{ac}-linespacing",
        stack(wrap_items, flexWrap="wrap", alignContent=ac, lineSpacing=6, spacing=3), size=(100, 100))
    add("wrap", f"align-content-{ac}-vertical",
        stack(wrap_items, flexWrap="wrap", alignContent=ac, direction="vertical", alignItems="start"), size=(120, 50))
for ai in ("start", "center", "end"):
    add("wrap", f"align-items-{ai}", stack(wrap_items, flexWrap="wrap", alignItems=ai, lineSpacing=2),
        size=(100, 100))
add("wrap", "no-wrap-overflow", stack(wrap_items, flexWrap="noWrap", alignItems="start"), size=(100, 40))
add("wrap", "loose", stack(wrap_items, flexWrap="wrap", alignItems="start", spacing=4),
    constrained=((0, 0), (90, "inf")), fit="content")
add("wrap", "grow-per-line",
    stack([box("a", 40, 10, flexGrow=1), box("b", 40, 10), box("c", 40, 10, flexGrow=1), box("d", 30, 10)],
          flexWrap="wrap", alignItems="start"), size=(100, 40))
add("wrap", "justify-per-line",
    stack([box("a", 40, 10), box("b", 40, 10), box("c", 40, 10)], flexWrap="wrap", justifyContent="center",
          alignItems="start"), size=(100, 40))
add("wrap", "spacing-before-after",
    stack([box("a", 40, 10, spacingBefore=10), box("b", 40, 10, spacingAfter=5), box("c", 40, 10)],
          flexWrap="wrap", alignItems="start"), size=(100, 40))
add("wrap", "single-item-too-big", stack([box("a", 140, 10), box("b", 10, 10)], flexWrap="wrap",
                                          alignItems="start"), size=(100, 40))

# ------------------------------------------------------------------ baselines
for which in ("baselineFirst", "baselineLast"):
    kids = [box("a", 20, 30, ascender=24, descender=-6), box("b", 20, 16, ascender=12, descender=-4),
            box("c", 20, 50, ascender=30, descender=-20)]
    add("baseline", f"{which}-exact", stack(kids, alignItems=which), size=(100, 80))
    add("baseline", f"{which}-loose", stack(kids, alignItems=which), constrained=LOOSE, fit="content")
    add("baseline", f"{which}-with-start-self",
        stack(kids[:2] + [box("c", 20, 50, alignSelf="start")], alignItems=which), constrained=LOOSE, fit="content")
    nested = stack([box("n1", 30, 10, ascender=8, descender=-2), box("n2", 30, 14, ascender=11, descender=-3)],
                   direction="vertical")
    add("baseline", f"{which}-nested-vertical",
        stack([box("a", 20, 30, ascender=24, descender=-6), nested], alignItems=which, spacing=5),
        constrained=LOOSE, fit="content")
add("baseline", "zero-ascender", stack([box("a", 20, 30), box("b", 20, 16, ascender=10)], alignItems="baselineFirst"),
    constrained=LOOSE, fit="content")
add("baseline", "wrap-lines",
    stack([box("a", 40, 30, ascender=20), box("b", 40, 16, ascender=12), box("c", 40, 20, ascender=5),
           box("d", 40, 10, ascender=9)], alignItems="baselineFirst", flexWrap="wrap"), size=(100, 100))

# ------------------------------------------------------------------ sizing: min/max/percent/zero
add("sizing", "width-height-points", stack([box("a", 10, 10, width=40, height=30)], alignItems="start"), size=(100, 100))
add("sizing", "percent-exact-parent",
    stack([box("a", 10, 10, width="50%", height="25%"), box("b", 10, 10, width="30%")], alignItems="start"),
    size=(200, 100))
add("sizing", "percent-loose-parent-is-auto",
    stack([box("a", 10, 10, width="50%", height="25%")], alignItems="start"), constrained=LOOSE, fit="content")
add("sizing", "percent-root-body", box("a", 10, 10, width="50%", height="50%"), size=(200, 100))
add("sizing", "min-beats-max", stack([box("a", 10, 10, minWidth=50, maxWidth=30)], alignItems="start"),
    size=(200, 100))
add("sizing", "max-beats-exact", stack([box("a", 10, 10, width=80, maxWidth=60)], alignItems="start"), size=(200, 100))
add("sizing", "min-beats-exact", stack([box("a", 10, 10, width=20, minWidth=35)], alignItems="start"), size=(200, 100))
add("sizing", "clamp-intrinsic-to-max", stack([box("a", 90, 90, maxWidth=30, maxHeight=40)], alignItems="start"),
    size=(200, 100))
add("sizing", "clamp-intrinsic-to-min", stack([box("a", 5, 5, minWidth=30, minHeight=40)], alignItems="start"),
    size=(200, 100))
add("sizing", "parent-range-wins", stack([box("a", 10, 10, minHeight=60)], alignItems="start"), size=(100, 40))
add("sizing", "parent-range-wins-width", box("a", 10, 10, width=500), size=(100, 40))
add("sizing", "zero-size-box", stack([box("a"), box("b", 0, 0), box("c", 10, 10)], alignItems="start"),
    size=(100, 40))
add("sizing", "zero-canvas", stack([box("a", 10, 10)]), size=(1, 1), constrained=((0, 0), (0, 0)))
add("sizing", "zero-range-content", stack([box("a", 0, 0)]), constrained=((0, 0), (0, 0)), fit="content")
add("sizing", "over-constrained-children",
    stack([box("a", 80, 10), box("b", 80, 10), box("c", 80, 10)], alignItems="start"), size=(100, 40))
add("sizing", "body-box-fills-exact", box("a", 10, 10), size=(120, 80))
add("sizing", "body-box-loose", box("a", 10, 10), constrained=((0, 0), (120, 80)), fit="content")
add("sizing", "body-box-min", box("a", 10, 10), constrained=((30, 40), (120, 80)), fit="content")
add("sizing", "fit-content-inf", stack([box("a", 25, 35), box("b", 15, 5)]), size=(500, 500),
    constrained=((0, 0), (500, "inf")), fit="content")
add("sizing", "fit-size-with-range", stack([box("a", 25, 35)]), size=(300, 200), constrained=((0, 0), (300, 200)))
add("sizing", "stack-own-width", stack([box("a", 10, 10)], width=70, height=30), size=(200, 100))
add("sizing", "stack-own-max", stack([box("a", 90, 10), box("b", 90, 10)], maxWidth=120, alignItems="start"),
    constrained=LOOSE, fit="content")
add("sizing", "stack-own-percent", stack([box("a", 10, 10)], width="50%"), size=(200, 100))
add("sizing", "nested-percent-exact",
    stack([stack([box("a", 10, 10, width="50%")], width=100, height=20, alignItems="start")], alignItems="start"),
    size=(200, 100))

# ------------------------------------------------------------------ inset
add("inset", "basic", spec("inset", insets={"top": 5, "left": 10, "bottom": 15, "right": 20}, child=box("a", 30, 20)),
    constrained=LOOSE, fit="content")
add("inset", "number", spec("inset", insets=8, child=box("a", 30, 20)), size=(100, 60))
add("inset", "default-zero", spec("inset", child=box("a", 30, 20)), size=(100, 60))
add("inset", "inf-left", spec("inset", insets={"top": 0, "left": "inf", "bottom": 0, "right": 10},
                                child=box("a", 30, 20)), size=(100, 60))
add("inset", "inf-top", spec("inset", insets={"top": "inf", "left": 0, "bottom": 5, "right": 0},
                               child=box("a", 30, 20)), size=(100, 60))
add("inset", "inf-both-centers", spec("inset", insets={"top": "inf", "left": "inf", "bottom": "inf", "right": "inf"},
                                        child=box("a", 31, 21)), size=(100, 60))
add("inset", "ignores-own-style", spec("inset", insets=5, width=20, child=box("a", 30, 20)),
    constrained=LOOSE, fit="content")
add("inset", "min-passes-down", spec("inset", insets=5, child=stack([box("a", 10, 10)])),
    constrained=((60, 40), (300, 200)), fit="content")
add("inset", "percent-child", spec("inset", insets=10, child=box("a", 10, 10, width="50%")), size=(120, 60))
add("inset", "too-large", spec("inset", insets=40, child=box("a", 30, 20)), size=(50, 50))
add("inset", "in-stack", stack([spec("inset", insets=4, child=box("a", 10, 10)), box("b", 10, 10)], alignItems="start"),
    constrained=LOOSE, fit="content")

# ------------------------------------------------------------------ overlay / background
add("overlay", "basic", spec("overlay", child=box("a", 40, 30), overlay=box("o", 5, 5)), constrained=LOOSE, fit="content")
add("overlay", "exact", spec("overlay", child=box("a", 40, 30), overlay=box("o", 5, 5)), size=(100, 60))
add("overlay", "overlay-inset", spec("overlay", child=box("a", 40, 30),
                                     overlay=spec("inset", insets=5, child=box("o", 5, 5))), constrained=LOOSE, fit="content")
add("overlay", "overlay-percent", spec("overlay", child=box("a", 40, 30),
                                       overlay=spec("center", child=box("o", 5, 5, width="50%"))),
    constrained=LOOSE, fit="content")
add("overlay", "ignores-own-style", spec("overlay", width=80, child=box("a", 40, 30), overlay=box("o", 5, 5)),
    constrained=LOOSE, fit="content")
add("background", "basic", spec("background", child=box("a", 40, 30), background=box("bg", 5, 5)),
    constrained=LOOSE, fit="content")
add("background", "exact", spec("background", child=box("a", 40, 30), background=box("bg", 5, 5)), size=(100, 60))
add("background", "with-inset", spec("background", child=spec("inset", insets=6, child=box("a", 40, 30)),
                                     background=box("bg")), constrained=LOOSE, fit="content")
add("background", "percent-uses-spec-parent",
    spec("background", child=box("a", 40, 30), background=spec("inset", insets=0, child=box("bg", 1, 1, width="10%"))),
    size=(200, 100))
add("background", "in-stack", stack([spec("background", child=box("a", 20, 10), background=box("bg")),
                                     box("b", 10, 30)], alignItems="end"), constrained=LOOSE, fit="content")

# ------------------------------------------------------------------ center / relative
for centering in ("none", "x", "y", "xy"):
    for sizing in ("default", "minimumX", "minimumY", "minimumXY"):
        add("center", f"{centering}-{sizing}",
            spec("center", centering=centering, sizing=sizing, child=box("a", 31, 21)), size=(100, 60))
add("center", "default-centering-is-xy", spec("center", child=box("a", 31, 21)), size=(100, 60))
add("center", "loose-range", spec("center", child=box("a", 31, 21)), constrained=LOOSE, fit="content")
add("center", "inf-height", spec("center", child=box("a", 31, 21)), size=(100, 60), constrained=((0, 0), (100, "inf")),
    fit="content")
add("center", "none-passes-min", spec("center", centering="none", child=stack([box("a", 10, 10)])),
    constrained=((50, 40), (100, 60)), fit="content")
add("center", "own-style", spec("center", width=50, height=30, child=box("a", 11, 11)), size=(100, 60))
for h, v in itertools.product(("none", "start", "center", "end"), repeat=2):
    add("relative", f"{h}-{v}", spec("relative", horizontal=h, vertical=v, child=box("a", 31, 21)), size=(100, 61))
add("relative", "defaults", spec("relative", child=box("a", 31, 21)), size=(100, 61))
add("relative", "minimumXY-end", spec("relative", horizontal="end", vertical="end", sizing="minimumXY",
                                      child=box("a", 31, 21)), size=(100, 61))
add("relative", "in-stack", stack([spec("relative", horizontal="end", child=box("a", 10, 10), width=50),
                                   box("b", 20, 20)]), constrained=LOOSE, fit="content")

# ------------------------------------------------------------------ ratio
for r in (0.5, 1, 1.5, 2):
    add("ratio", f"ratio-{r}", spec("ratio", ratio=r, child=box("a")), size=(100, 80))
    add("ratio", f"ratio-{r}-inf-height", spec("ratio", ratio=r, child=box("a")), size=(90, 80),
        constrained=((0, 0), (90, "inf")), fit="content")
add("ratio", "default-one", spec("ratio", child=box("a")), constrained=((0, 0), (70, 200)), fit="content")
add("ratio", "floors", spec("ratio", ratio=0.333, child=box("a")), constrained=((0, 0), (100, 200)), fit="content")
add("ratio", "in-stack", stack([spec("ratio", ratio=0.5, child=box("a"), width=40), box("b", 10, 10)],
                               alignItems="start"), constrained=LOOSE, fit="content")
add("ratio", "unbounded", spec("ratio", ratio=2, child=box("a", 10, 15)), size=(100, 100),
    constrained=((0, 0), ("inf", "inf")), fit="content")

# ------------------------------------------------------------------ absolute
abs_kids = [box("a", 20, 10, position=[5, 5]), box("b", 30, 30, position=[50, 20]),
            box("c", 10, 10, position=[80, 50], width=40)]
add("absolute", "default-sizing", spec("absolute", children=abs_kids), size=(100, 60))
add("absolute", "size-to-fit", spec("absolute", sizing="sizeToFit", children=abs_kids), size=(100, 60),
    constrained=((0, 0), (100, 60)), fit="content")
add("absolute", "inf-max", spec("absolute", children=abs_kids), size=(100, 60),
    constrained=((0, 0), ("inf", "inf")), fit="content")
add("absolute", "explicit-width-clipped", spec("absolute", children=[box("a", 5, 5, width=50, position=[70, 0])]),
    size=(100, 60))
add("absolute", "percent", spec("absolute", children=[box("a", 5, 5, width="50%", height="50%", position=[10, 10])]),
    size=(100, 60))
add("absolute", "no-position", spec("absolute", children=[box("a", 25, 15)]), size=(100, 60))

# ------------------------------------------------------------------ corner
for loc in ("topLeft", "topRight", "bottomLeft", "bottomRight"):
    add("corner", f"{loc}", spec("corner", location=loc, child=box("a", 40, 30), corner=box("k", 10, 10)),
        constrained=LOOSE, fit="content")
    add("corner", f"{loc}-wraps", spec("corner", location=loc, wrapsCorner=True, child=box("a", 40, 30),
                                       corner=box("k", 10, 10)), constrained=LOOSE, fit="content")
add("corner", "default-location", spec("corner", child=box("a", 40, 30), corner=box("k", 9, 9)),
    constrained=LOOSE, fit="content")
add("corner", "offset", spec("corner", offset=[-3, 4], child=box("a", 40, 30), corner=box("k", 10, 10)),
    constrained=LOOSE, fit="content")
add("corner", "min-inflates-badge", spec("corner", child=box("a", 40, 30), corner=box("k", 10, 10)),
    constrained=((20, 20), (300, 200)), fit="content")

# ------------------------------------------------------------------ wrapper / spacer
add("wrapper", "basic", spec("wrapper", child=box("a", 40, 30)), constrained=LOOSE, fit="content")
add("wrapper", "exact", spec("wrapper", child=box("a", 40, 30)), size=(100, 60))
add("wrapper", "own-style", spec("wrapper", width=60, child=box("a", 40, 30)), constrained=LOOSE, fit="content")
add("spacer", "in-stack-min", stack([spec("spacer", minWidth=15), box("a", 10, 10)]), constrained=LOOSE, fit="content")
add("spacer", "alone", spec("spacer"), constrained=((10, 10), (100, 100)), fit="content")

# ------------------------------------------------------------------ nesting (3+ deep) and containers
card = container("card", spec("inset", insets=8, child=stack([
    container("row", stack([box("icon", 16, 16), box("label", 60, 12, flexGrow=1)], spacing=6, alignItems="center")),
    box("body", 80, 40),
    stack([box("ok", 30, 14), box("cancel", 40, 14)], spacing=4, justifyContent="end"),
], direction="vertical", spacing=5)), flexShrink=1)
add("nesting", "card", card, constrained=LOOSE, fit="content")
add("nesting", "card-exact", card, size=(200, 120))
add("nesting", "card-in-center", spec("center", child=card), size=(240, 160))
deep = box("leaf", 10, 10)
for k in range(5):
    deep = container(f"level{k}", spec("inset", insets=2, child=stack([deep, box(f"side{k}", 5, 5)], spacing=1,
                                                                       direction="vertical" if k % 2 else "horizontal")))
add("nesting", "five-levels", deep, constrained=LOOSE, fit="content")
add("nesting", "five-levels-exact", deep, size=(90, 70))
add("nesting", "stack-in-stack-grow",
    stack([stack([box("a", 10, 10, flexGrow=1), box("b", 10, 10)], flexGrow=1),
           stack([box("c", 10, 10), box("d", 10, 10)], direction="vertical")]), size=(100, 40))
add("nesting", "container-with-size", container("outer", stack([box("in", 20, 20)]), width=50, height=40),
    constrained=LOOSE, fit="content")
add("nesting", "overlay-of-stack-in-inset",
    spec("inset", insets=3, child=spec("overlay", child=stack([box("a", 20, 20), box("b", 20, 10)], alignItems="end"),
                                       overlay=spec("corner", child=box("c", 40, 20), corner=box("k", 6, 6)))),
    constrained=LOOSE, fit="content")
add("nesting", "ratio-in-wrap",
    stack([spec("ratio", ratio=1, child=box(f"r{k}"), width=30) for k in range(5)], flexWrap="wrap", spacing=5,
          lineSpacing=5, alignItems="start"), size=(100, 100))
add("nesting", "absolute-in-stack",
    stack([spec("absolute", sizing="sizeToFit", children=[box("a", 10, 10, position=[5, 5])]), box("b", 10, 10)],
          alignItems="start"), constrained=LOOSE, fit="content")


def main():
    for entry in os.listdir(HERE):
        path = os.path.join(HERE, entry)
        if os.path.isdir(path) and not entry.startswith("__"):
            shutil.rmtree(path)
    for (group, name), template in sorted(FIXTURES.items()):
        directory = os.path.join(HERE, group)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, name + ".json"), "w") as f:
            f.write(json.dumps(template, indent=1) + "\n")
        with open(os.path.join(directory, name + ".expected.json"), "w") as f:
            f.write(template_dump(template))
    print(f"{len(FIXTURES)} fixtures")


if __name__ == "__main__":
    main()
