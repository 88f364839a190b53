"""An independent model of Texture's layout specs, written from
/work/shared/texture-layout-semantics.md (not from Galley's Swift code).

It interprets a fixture template (the JSON of TEMPLATE-FORMAT.md, `box` leaves only) and
returns the `galley layout --json` dump. Used only by generate.py, at generation time.
"""
import math

INF = math.inf
NAN = math.nan
FLT_EPSILON = 1.1920928955078125e-07


def ceil_px(f):
    return math.ceil(f - FLT_EPSILON) if math.isfinite(f) else f


def floor_px(f):
    return math.floor(f + FLT_EPSILON) if math.isfinite(f) else f


def round_px(f):
    # half away from zero
    return math.floor(f + 0.5) if f >= 0 else -math.floor(-f + 0.5)


def valid(v):
    return math.isfinite(v) and 0 <= v < 1e7


class Range:
    def __init__(self, minw, minh, maxw, maxh):
        self.min = [minw, minh]
        self.max = [maxw, maxh]

    @staticmethod
    def exact(w, h):
        return Range(w, h, w, h)

    def __repr__(self):
        return f"Range({self.min}..{self.max})"


def clamp(r, size):
    return [max(r.min[i], min(r.max[i], size[i])) for i in (0, 1)]


def intersect(a, b):
    out = Range(0, 0, 0, 0)
    for i in (0, 1):
        a1, a2, b1, b2 = a.min[i], a.max[i], b.min[i], b.max[i]
        if a2 < b1:
            lo = hi = a2
        elif b2 < a1:
            lo = hi = a1
        else:
            lo, hi = max(a1, b1), min(a2, b2)
        out.min[i], out.max[i] = lo, hi
    return out


def resolve_dim(d, parent, auto):
    if d is None or d == "auto":
        return auto
    if isinstance(d, str) and d.endswith("%"):
        return float(d[:-1]) / 100 * parent
    return float(d)


def resolve_style(el, parent):
    """The element's own style range resolved against parentSize (per axis)."""
    r = Range(0, 0, INF, INF)
    for i, (k, kmin, kmax) in enumerate((("width", "minWidth", "maxWidth"), ("height", "minHeight", "maxHeight"))):
        exact = resolve_dim(el.get(k), parent[i], NAN)
        lo = resolve_dim(el.get(kmin), parent[i], 0)
        hi = resolve_dim(el.get(kmax), parent[i], INF)
        # a percentage of an undefined parent is NaN: treated as missing
        if math.isnan(lo):
            lo = 0
        if math.isnan(hi):
            hi = INF
        if hi <= lo:
            a = b = lo
        elif math.isnan(exact):
            a, b = lo, hi
        elif exact > hi:
            a = b = hi
        elif exact < lo:
            a = b = lo
        else:
            a = b = exact
        r.min[i], r.max[i] = a, b
    return r


class Layout:
    def __init__(self, el, size, subs=None):
        # every layout ceils its size (ASLayout.mm:98)
        self.el = el
        self.size = [ceil_px(size[0]), ceil_px(size[1])]
        self.subs = subs or []  # list of [layout, [x, y]]
        self.ascender = el.get("ascender", 0)
        self.descender = el.get("descender", 0)


def is_node(el):
    return el["type"] == "box"


def layout_that_fits(el, cs, parent):
    if el["type"] in ("inset", "overlay", "background"):
        return calculate(el, cs, parent)
    return calculate(el, intersect(cs, resolve_style(el, parent)), parent)


def calculate(el, cs, parent):
    t = el["type"]
    if t == "box":
        if "child" in el:
            child = layout_that_fits(el["child"], cs, list(cs.max))
            return Layout(el, child.size, [[child, [0, 0]]])
        return Layout(el, clamp(cs, el.get("size", [0, 0])))
    if t == "spacer":
        return Layout(el, list(cs.min))
    if t == "wrapper":
        c = layout_that_fits(el["child"], cs, list(cs.max))
        return Layout(el, [max(cs.min[i], c.size[i]) for i in (0, 1)], [[c, [0, 0]]])
    if t == "stack":
        return stack(el, cs)
    if t == "inset":
        return inset(el, cs, parent)
    if t == "overlay":
        c = layout_that_fits(el["child"], cs, parent)
        o = layout_that_fits(el["overlay"], Range.exact(*c.size), list(c.size))
        return Layout(el, c.size, [[c, [0, 0]], [o, [0, 0]]])
    if t == "background":
        c = layout_that_fits(el["child"], cs, parent)
        b = layout_that_fits(el["background"], Range.exact(*c.size), parent)
        return Layout(el, c.size, [[b, [0, 0]], [c, [0, 0]]])
    if t == "center":
        c = el.get("centering", "xy")  # the template default (SpecBuilder.swift)
        h = "center" if c in ("x", "xy") else "none"
        v = "center" if c in ("y", "xy") else "none"
        return relative(el, cs, h, v)
    if t == "relative":
        return relative(el, cs, el.get("horizontal", "none"), el.get("vertical", "none"))
    if t == "ratio":
        return ratio(el, cs)
    if t == "absolute":
        return absolute(el, cs)
    if t == "corner":
        return corner(el, cs)
    raise ValueError(t)


def inset(el, cs, parent):
    ins = el.get("insets", 0)
    if not isinstance(ins, dict):
        ins = {"top": ins, "left": ins, "bottom": ins, "right": ins}
    get = lambda k: INF if ins.get(k, 0) == "inf" else float(ins.get(k, 0))
    top, left, bottom, right = get("top"), get("left"), get("bottom"), get("right")
    pairs = [(left, right), (top, bottom)]
    cmin, cmax, cparent = [0, 0], [0, 0], [0, 0]
    for i, (a, b) in enumerate(pairs):
        fin = (a if math.isfinite(a) else 0) + (b if math.isfinite(b) else 0)
        cmin[i] = 0 if (math.isinf(a) or math.isinf(b)) else max(0, cs.min[i] - a - b)
        cmax[i] = max(0, cs.max[i] - fin)
        p = parent[i] - a - b
        cparent[i] = 0 if math.isnan(p) else max(0, p)
    c = layout_that_fits(el["child"], Range(cmin[0], cmin[1], cmax[0], cmax[1]), cparent)
    want = []
    for i, (a, b) in enumerate(pairs):
        s = c.size[i] + a + b
        want.append(s if math.isfinite(s) else cs.max[i])
    size = clamp(cs, want)
    pos = []
    for i, (a, b) in enumerate(pairs):
        if math.isfinite(a):
            pos.append(a)
        elif math.isfinite(b):
            pos.append(size[i] - b - c.size[i])
        else:
            r = round_px((size[i] - c.size[i]) / 2)
            pos.append(size[i] - r - c.size[i])
    return Layout(el, size, [[c, pos]])


def relative(el, cs, h, v):
    sizing = el.get("sizing", "default")
    parent = [cs.max[i] if valid(cs.max[i]) else NAN for i in (0, 1)]
    posn = [h, v]
    cr = Range(0 if h != "none" else cs.min[0], 0 if v != "none" else cs.min[1], cs.max[0], cs.max[1])
    c = layout_that_fits(el["child"], cr, parent)
    size = clamp(cs, [cs.max[i] if math.isfinite(cs.max[i]) else c.size[i] for i in (0, 1)])
    if sizing in ("minimumX", "minimumXY"):
        size[0] = min(size[0], c.size[0])
    if sizing in ("minimumY", "minimumXY"):
        size[1] = min(size[1], c.size[1])
    size = clamp(cs, size)
    f = {"none": 0, "start": 0, "center": 0.5, "end": 1}
    pos = [round_px((size[i] - c.size[i]) * f[posn[i]]) for i in (0, 1)]
    return Layout(el, size, [[c, pos]])


def ratio(el, cs):
    r = float(el.get("ratio", 1))
    cands = []
    if valid(cs.max[0]):
        cands.append(clamp(cs, [cs.max[0], floor_px(r * cs.max[0])]))
    if valid(cs.max[1]) and r > 0:
        cands.append(clamp(cs, [floor_px(cs.max[1] / r), cs.max[1]]))
    if cands:
        def dist(s):
            return abs(s[1] / s[0] - r) if s[0] else INF
        best = cands[0]
        for s in cands[1:]:
            if dist(s) < dist(best):
                best = s
        c = layout_that_fits(el["child"], intersect(cs, Range.exact(*best)), best)
    else:
        c = layout_that_fits(el["child"], cs, [NAN, NAN])
    return Layout(el, c.size, [[c, [0, 0]]])


def absolute(el, cs):
    sizing = el.get("sizing", "default")
    size = [cs.max[i] if valid(cs.max[i]) else NAN for i in (0, 1)]
    subs = []
    for ch in el.get("children", []):
        pos = ch.get("position", [0, 0])
        auto = Range(0, 0, cs.max[0] - pos[0], cs.max[1] - pos[1])
        rng = resolve_auto(ch, size, auto)
        subs.append([layout_that_fits(ch, rng, size), list(pos)])
    out = list(size)
    for i in (0, 1):
        if sizing == "sizeToFit" or not math.isfinite(cs.max[i]):
            out[i] = max([cs.min[i]] + [p[i] + l.size[i] for l, p in subs])
    return Layout(el, clamp(cs, out), subs)


def resolve_auto(el, parent, auto):
    r = Range(0, 0, 0, 0)
    for i, (k, kmin, kmax) in enumerate((("width", "minWidth", "maxWidth"), ("height", "minHeight", "maxHeight"))):
        exact = resolve_dim(el.get(k), parent[i], NAN)
        lo = resolve_dim(el.get(kmin), parent[i], auto.min[i])
        hi = resolve_dim(el.get(kmax), parent[i], auto.max[i])
        if hi <= lo:
            a = b = lo
        elif math.isnan(exact):
            a, b = lo, hi
        elif exact > hi:
            a = b = hi
        elif exact < lo:
            a = b = lo
        else:
            a = b = exact
        r.min[i], r.max[i] = a, b
    return r


def corner(el, cs):
    parent = [cs.max[i] if valid(cs.max[i]) else NAN for i in (0, 1)]
    c = layout_that_fits(el["child"], cs, parent)
    k = layout_that_fits(el["corner"], cs, parent)
    loc = el.get("location", "topRight")
    off = el.get("offset", [0, 0])
    px = c.size[0] if loc in ("topRight", "bottomRight") else 0
    py = c.size[1] if loc in ("bottomLeft", "bottomRight") else 0
    kpos = [px - k.size[0] / 2 + off[0], py - k.size[1] / 2 + off[1]]
    if not el.get("wrapsCorner", False):
        return Layout(el, c.size, [[c, [0, 0]], [k, kpos]])
    x0, y0 = min(0, kpos[0]), min(0, kpos[1])
    x1, y1 = max(c.size[0], kpos[0] + k.size[0]), max(c.size[1], kpos[1] + k.size[1])
    size = clamp(cs, [x1 - x0, y1 - y0])
    return Layout(el, size, [[c, [-x0, -y0]], [k, [kpos[0] - x0, kpos[1] - y0]]])


# ---------------------------------------------------------------- stack

def stack(el, cs):
    kids = el.get("children", [])
    if not kids:
        return Layout(el, list(cs.min))
    vertical = el.get("direction", "horizontal") == "vertical"
    M, C = (1, 0) if vertical else (0, 1)
    spacing = el.get("spacing", 0)
    justify = el.get("justifyContent", "start")
    align_items = el.get("alignItems", "stretch")
    wrap = el.get("flexWrap", "noWrap") == "wrap"
    align_content = el.get("alignContent", "start")
    line_spacing = el.get("lineSpacing", 0)
    parent = [cs.min[i] if cs.min[i] == cs.max[i] else NAN for i in (0, 1)]

    def rng(main_lo, main_hi, cross_lo, cross_hi):
        r = Range(0, 0, 0, 0)
        r.min[M], r.max[M], r.min[C], r.max[C] = main_lo, main_hi, cross_lo, cross_hi
        return r

    def align(ch):
        s = ch.get("alignSelf", "auto")
        return align_items if s == "auto" else s

    def cross_range(ch):
        if align(ch) == "stretch":
            st = resolve_style(ch, [NAN, NAN])
            lo = st.min[C] if st.min[C] != 0 else cs.min[C]
            hi = st.max[C] if math.isfinite(st.max[C]) else cs.max[C]
            return lo, hi
        return 0, cs.max[C]

    grow = lambda ch: ch.get("flexGrow", 0)
    shrink = lambda ch: ch.get("flexShrink", 0)
    main_exact = cs.min[M] == cs.max[M]
    optimized = None
    flexers = [i for i, ch in enumerate(kids) if grow(ch) > 0 and shrink(ch) > 0]
    if len(flexers) == 1 and main_exact:
        optimized = flexers[0]

    items = []  # dicts: el, layout
    for i, ch in enumerate(kids):
        if i == optimized:
            items.append({"el": ch, "layout": Layout(ch, [0, 0]), "placeholder": True})
            continue
        lo = resolve_dim(ch.get("flexBasis"), parent[M], 0)
        hi = resolve_dim(ch.get("flexBasis"), parent[M], INF)
        if math.isnan(lo):
            lo, hi = 0, INF
        clo, chi = cross_range(ch)
        items.append({"el": ch, "layout": layout_that_fits(ch, rng(lo, hi, clo, chi), parent), "placeholder": False})

    def main_of(it):
        return it["layout"].size[M]

    def extra(it):
        return it["el"].get("spacingBefore", 0) + it["el"].get("spacingAfter", 0)

    # lines
    lines = []
    if not wrap:
        lines = [items]
    else:
        cur, length = [], 0
        for it in items:
            need = extra(it) + main_of(it) + (spacing if cur else 0)
            if cur and length + need > cs.max[M]:
                lines.append(cur)
                cur, length = [], 0
                need = extra(it) + main_of(it)
            cur.append(it)
            length += need
        lines.append(cur)

    def line_length(line):
        return spacing * (len(line) - 1) + sum(extra(it) + main_of(it) for it in line)

    def violation_of(length):
        if length < cs.min[M]:
            return cs.min[M] - length
        if length > cs.max[M]:
            return cs.max[M] - length
        return 0

    def remeasure_main(it, main):
        clo, chi = cross_range(it["el"])
        it["layout"] = layout_that_fits(it["el"], rng(main, main, clo, chi), parent)
        it["placeholder"] = False

    for line in lines:
        v = violation_of(line_length(line))
        flexed = False
        if abs(v) >= 0.01:
            if v > 0:
                total = sum(grow(it["el"]) for it in line)
                if total > 0:
                    adj = [math.floor(v * grow(it["el"]) / total) for it in line]
                    flexed = True
            else:
                total = sum(main_of(it) * shrink(it["el"]) for it in line)
                if sum(shrink(it["el"]) for it in line) > 0:
                    adj = [-abs(v * main_of(it) * shrink(it["el"]) / total) if total else 0 for it in line]
                    flexed = True
            if flexed:
                rem = v - sum(adj)
                first = next((k for k, a in enumerate(adj) if a != 0), None)
                if first is not None and grow(line[first]["el"]) > 0:
                    adj[first] += rem
                for it, a in zip(line, adj):
                    if a != 0:
                        remeasure_main(it, max(main_of(it) + a, 0))
        if not flexed:
            for it in line:
                if it["placeholder"]:
                    remeasure_main(it, 0)

    # line cross sizes and baselines
    def baseline_of(it):
        a = align(it["el"])
        lay = it["layout"]
        if a == "baselineFirst":
            return lay.ascender
        if a == "baselineLast":
            return lay.size[C] + lay.descender
        return None

    line_cross, line_base = [], []
    for line in lines:
        asc = [baseline_of(it) for it in line if baseline_of(it) is not None]
        base = max(asc) if asc else 0
        if len(lines) == 1 and cs.min[C] == cs.max[C]:
            lc = cs.min[C]
        else:
            desc = [it["layout"].size[C] - baseline_of(it) for it in line if baseline_of(it) is not None]
            others = [it["layout"].size[C] for it in line if baseline_of(it) is None]
            lc = max([(base + max(desc)) if asc else 0] + others)
            if len(lines) == 1:
                lc = max(cs.min[C], min(cs.max[C], lc))
        line_cross.append(lc)
        line_base.append(base)

    # stretch
    total_cross = sum(line_cross) + line_spacing * (len(lines) - 1)
    if len(lines) > 1 and align_content == "stretch" and cs.min[C] - total_cross > 0.01:
        d = (cs.min[C] - total_cross) / len(lines)
        line_cross = [lc + d for lc in line_cross]
    for line, lc in zip(lines, line_cross):
        for it in line:
            if align(it["el"]) == "stretch" and lc - it["layout"].size[C] > 0.01:
                st = resolve_style(it["el"], [NAN, NAN])
                lo = st.min[C] if st.min[C] != 0 else lc
                hi = st.max[C] if math.isfinite(st.max[C]) else lc
                m = main_of(it)
                it["layout"] = layout_that_fits(it["el"], rng(m, m, lo, hi), parent)

    # positions
    total_cross = sum(line_cross) + line_spacing * (len(lines) - 1)
    if total_cross < cs.min[C]:
        cv = cs.min[C] - total_cross
    elif total_cross > cs.max[C]:
        cv = cs.max[C] - total_cross
    else:
        cv = 0
    ac = align_content
    if ac == "spaceBetween" and (cv < 0.01 or len(lines) == 1):
        ac = "start"
    if ac == "spaceAround" and (cv < 0.01 or len(lines) == 1):
        ac = "center"
    cross_off, cross_gap = 0, 0
    if ac == "center":
        cross_off = cv / 2
    elif ac == "end":
        cross_off = cv
    elif ac == "spaceBetween":
        cross_gap = cv / (len(lines) - 1)
    elif ac == "spaceAround":
        cross_gap = cv / len(lines)
        cross_off = cross_gap / 2

    subs = []
    cross_cursor = cross_off
    max_len = 0
    for li, (line, lc, base) in enumerate(zip(lines, line_cross, line_base)):
        if li > 0:
            cross_cursor += line_spacing + cross_gap
        length = line_length(line)
        max_len = max(max_len, length)
        v = violation_of(length)
        n = len(line)
        j = justify
        if j == "spaceBetween" and (v < 0.01 or n == 1):
            j = "start"
        if j == "spaceAround" and (v < 0.01 or n == 1):
            j = "center"
        if j == "spaceEvenly" and v < 0.01:
            j = "center"
        off, gap = 0, 0
        if j == "center":
            off = v / 2
        elif j == "end":
            off = v
        elif j == "spaceBetween":
            gap = v / (n - 1)
        elif j == "spaceAround":
            gap = v / n
            off = gap / 2
        elif j == "spaceEvenly":
            gap = v / (n + 1)
            off = gap
        cursor = off
        for k, it in enumerate(line):
            if k > 0:
                cursor += spacing + gap
            cursor += it["el"].get("spacingBefore", 0)
            lay = it["layout"]
            a = align(it["el"])
            if a == "end":
                co = lc - lay.size[C]
            elif a == "center":
                co = floor_px((lc - lay.size[C]) / 2)
            elif a in ("baselineFirst", "baselineLast"):
                co = base - baseline_of(it)
            else:
                co = 0
            pos = [0, 0]
            pos[M], pos[C] = cursor, cross_cursor + co
            subs.append([lay, pos])
            cursor += lay.size[M] + it["el"].get("spacingAfter", 0)
        cross_cursor += lc
    size = [0, 0]
    size[M] = max_len
    size[C] = sum(line_cross) + line_spacing * (len(lines) - 1)
    out = Layout(el, clamp(cs, size), subs)
    if vertical:
        out.ascender = items[0]["layout"].ascender
        out.descender = items[-1]["layout"].descender
    return out


# ---------------------------------------------------------------- the dump

def num(v):
    if not math.isfinite(v):
        v = 0
    if v == round(v):
        return str(int(v))
    s = f"{v:.4f}".rstrip("0")
    return s


def flatten(layout, origin, out):
    for sub, pos in layout.subs:
        absolute = [origin[0] + pos[0], origin[1] + pos[1]]
        if is_node(sub.el):
            frame = [ceil_px(absolute[0]), ceil_px(absolute[1])]
            out.append((sub.el, frame + list(sub.size)))
            flatten(sub, frame, out)
        else:
            flatten(sub, absolute, out)


def template_dump(template):
    size = template["size"]
    cs = Range.exact(*size)
    if "constrainedSize" in template:
        c = template["constrainedSize"]
        f = lambda v: INF if v == "inf" else v
        cs = Range(f(c["min"][0]), f(c["min"][1]), f(c["max"][0]), f(c["max"][1]))
    body = layout_that_fits(template["body"], cs, list(cs.max))
    root = Layout({"type": "box"}, body.size, [[body, [0, 0]]])
    page = size if template.get("fit", "size") == "size" else root.size
    nodes = []
    flatten(root, [0, 0], nodes)
    lines = [
        "{" + f'"id": "{el["id"]}", "type": "box", "frame": [' + ", ".join(num(v) for v in frame) + "]}"
        for el, frame in nodes
    ]
    page_text = f'{{"size": [{num(page[0])}, {num(page[1])}], "nodes": [\n    ' + ",\n    ".join(lines) + "\n  ]}"
    return '{"pages": [\n  ' + page_text + "\n]}\n"
