#!/usr/bin/python3
"""Writes the seed corpus of each fuzz target (scripts/fuzz) into OUT/<target>/, and its libFuzzer dictionary
(the words its format is made of, which mutation rarely finds alone) into OUT/<target>.dict.

Seeds come from the repository, never committed as binaries: the example templates in Templates/ (each with
its example data put in as `sampleData`, arrays cut to three elements), the layout fixtures of
Tests/GalleyTemplatesTests/LayoutFixtures, the hand-written seeds in Tests/FuzzSeeds/<target>/ (the hostile
shapes of issue 14), the inputs earlier runs found (Tests/GalleyTemplatesTests/Fuzz/Findings), the example data
files as JSON, NDJSON and CSV, and small images Pillow writes in every format and variant the decoders handle.

Usage: scripts/fuzz-seeds.py OUT   (run from the repository root; needs python3-pil)
"""
import csv
import glob
import io
import json
import os
import shutil
import sys

from PIL import Image, ImageDraw


def shortened(value, depth=0):
    """The value with every array cut to three elements and long strings to 200 characters."""
    if isinstance(value, list):
        return [shortened(v, depth + 1) for v in value[:3]]
    if isinstance(value, dict):
        return {k: shortened(v, depth + 1) for k, v in value.items()}
    if isinstance(value, str):
        return value[:200]
    return value


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def template_seeds(out):
    folder = os.path.join(out, "templates")
    for path in sorted(glob.glob("Templates/*.json")):
        name = os.path.basename(path)
        if name.endswith(".data.json") or name == "galley.schema.json":
            continue
        with open(path, "rb") as f:
            text = f.read()
        data_path = path[: -len(".json")] + ".data.json"
        if os.path.exists(data_path):
            with open(data_path, encoding="utf-8") as f:
                data = json.load(f)
            # The template as written (JSON5 comments and all), its data put in front as sampleData.
            sample = shortened(data[0] if isinstance(data, list) and data else data)
            brace = text.index(b"{")
            text = text[: brace + 1] + b'"sampleData":' + compact(sample) + b"," + text[brace + 1 :]
        write(folder, name, text)
    for path in sorted(glob.glob("Tests/GalleyTemplatesTests/LayoutFixtures/*/*.json")):
        if path.endswith(".expected.json"):
            continue
        with open(path, encoding="utf-8") as f:
            fixture = json.load(f)
        group = os.path.basename(os.path.dirname(path))
        write(folder, "layout-" + group + "-" + os.path.basename(path), compact(fixture))


def data_seeds(out):
    """Data files, each behind the byte that tells galley-fuzz its format: c (CSV), j (JSON), n (NDJSON)."""
    folder = os.path.join(out, "data")
    paths = sorted(glob.glob("Templates/*.data.json")) + sorted(glob.glob("Templates/data/*.json"))
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data = shortened(json.load(f))
        stem = os.path.basename(path)[: -len(".json")]
        # JSON5 as a template author writes it, JSON as a program does.
        with open(path, "rb") as f:
            original = f.read()
        write(folder, stem + ".json", b"j" + (original if len(original) <= 4096 else compact(data)))
        records = data if isinstance(data, list) else [data]
        write(folder, stem + ".ndjson", b"n" + b"\n".join(compact(r) for r in records) + b"\n")
        flat = [flatten(r) for r in records if isinstance(r, dict)]
        if flat:
            fields = sorted({k for r in flat for k in r})
            text = io.StringIO()
            writer = csv.DictWriter(text, fieldnames=fields, lineterminator="\r\n")
            writer.writeheader()
            writer.writerows(flat)
            write(folder, stem + ".csv", b"c" + text.getvalue().encode())


def flatten(record, prefix=""):
    """A record's scalar members, nested names joined with dots (how a CSV header names them)."""
    flat = {}
    for key, value in record.items():
        name = prefix + key
        if isinstance(value, dict):
            flat.update(flatten(value, name + "."))
        elif isinstance(value, list):
            flat[name] = json.dumps(value)[:200]
        else:
            flat[name] = value
    return flat


def picture(mode, size=(12, 9)):
    """A small picture with edges, a gradient and (when the mode has it) transparency."""
    image = Image.new("RGBA", size, (250, 250, 250, 255))
    draw = ImageDraw.Draw(image)
    for x in range(size[0]):
        draw.line([(x, 0), (x, size[1] // 2)], fill=(x * 20 % 256, 80, 200 - x * 10 % 200, 255))
    draw.rectangle([2, size[1] // 2, size[0] - 3, size[1] - 2], fill=(20, 160, 40, 128))
    if mode == "RGBA":
        return image
    if mode == "P":
        return image.convert("RGB").convert("P", palette=Image.ADAPTIVE, colors=8)
    if mode == "I;16":
        return image.convert("L").convert("I").point(lambda v: v * 257).convert("I;16")
    return image.convert(mode)


def encoded(image, fmt, **options):
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def exif(orientation):
    data = Image.Exif()
    data[0x0112] = orientation
    return data.tobytes()


def image_seeds(out):
    folder = os.path.join(out, "images")
    seeds = {}
    for mode in ["RGB", "RGBA", "L", "LA", "P", "1", "I;16"]:
        seeds["png-" + mode.replace(";", "") + ".png"] = encoded(picture(mode), "PNG")
    seeds["png-interlaced.png"] = encoded(picture("RGB"), "PNG", interlace=1)
    seeds["png-exif6.png"] = encoded(picture("RGB"), "PNG", exif=exif(6))
    palette = picture("P")
    palette.info["transparency"] = 0
    seeds["png-trns.png"] = encoded(palette, "PNG")
    seeds["png-long.png"] = encoded(picture("RGB", (300, 1)), "PNG")
    for mode in ["RGB", "L", "CMYK"]:
        seeds["jpeg-" + mode + ".jpg"] = encoded(picture(mode), "JPEG", quality=60)
    seeds["jpeg-progressive.jpg"] = encoded(picture("RGB"), "JPEG", quality=60, progressive=True)
    seeds["jpeg-exif8.jpg"] = encoded(picture("RGB"), "JPEG", quality=60, exif=exif(8))
    seeds["jpeg-420.jpg"] = encoded(picture("RGB", (17, 13)), "JPEG", quality=50, subsampling=2)
    seeds["gif.gif"] = encoded(picture("P"), "GIF")
    frames = [picture("RGB"), picture("RGB").transpose(Image.FLIP_LEFT_RIGHT)]
    seeds["gif-animated.gif"] = encoded(frames[0], "GIF", save_all=True, append_images=frames[1:], duration=50)
    seeds["webp-lossy.webp"] = encoded(picture("RGB"), "WEBP", quality=50)
    seeds["webp-lossless.webp"] = encoded(picture("RGBA"), "WEBP", lossless=True)
    seeds["webp-alpha.webp"] = encoded(picture("RGBA"), "WEBP", quality=50)
    seeds["webp-animated.webp"] = encoded(frames[0], "WEBP", save_all=True, append_images=frames[1:], duration=50)
    for mode, compression in [("RGB", None), ("RGBA", "tiff_lzw"), ("L", "tiff_deflate"), ("CMYK", None),
                              ("P", "packbits"), ("1", "group4"), ("RGB", "jpeg")]:
        options = {"compression": compression} if compression else {}
        seeds["tiff-" + mode + "-" + str(compression) + ".tif"] = encoded(picture(mode), "TIFF", **options)
    for name, data in seeds.items():
        write(folder, name, data)
    for path in sorted(glob.glob("Templates/assets/*.png")) + ["Tests/GalleyRenderTests/Fixtures/ycck.jpg"]:
        shutil.copy(path, os.path.join(folder, os.path.basename(path)))


SVGS = {
    "shapes.svg": """<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
<rect x="1" y="1" width="20" height="10" rx="2" fill="#c33" stroke="navy" stroke-width="0.5"/>
<circle cx="30" cy="20" r="6" fill-opacity="0.5"/><path d="M2 28 L10 15 Q20 5 38 28 Z" fill="none" stroke="green"/>
</svg>""",
    "gradients.svg": """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 20">
<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></radialGradient>
<pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2"/></pattern></defs>
<rect width="25" height="20" fill="url(#g)"/><rect x="25" width="25" height="10" fill="url(#r)"/>
<rect x="25" y="10" width="25" height="10" fill="url(#p)"/></svg>""",
    "text-use-clip.svg": """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60mm" height="20mm">
<defs><clipPath id="c"><circle cx="10" cy="10" r="8"/></clipPath><g id="u"><rect width="5" height="5"/></g></defs>
<text x="2" y="15" font-family="sans-serif" font-size="10">Galley &#233;</text>
<use xlink:href="#u" x="40" y="2" transform="rotate(10)"/><rect width="20" height="20" clip-path="url(#c)" fill="teal"/>
<image width="4" height="4" href="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="/>
</svg>""",
    "filter-mask.svg": """<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30">
<defs><filter id="f"><feGaussianBlur stdDeviation="1.5"/><feOffset dx="1" dy="1"/></filter>
<mask id="m"><rect width="30" height="15" fill="white"/></mask></defs>
<g filter="url(#f)" mask="url(#m)" opacity="0.8"><ellipse cx="15" cy="15" rx="12" ry="6" fill="orange"/></g>
<style>.s { stroke: black; stroke-dasharray: 2 1 }</style><polyline class="s" points="0,0 10,5 20,0 30,5" fill="none"/>
</svg>""",
}


def svg_seeds(out):
    folder = os.path.join(out, "svg")
    for name, text in SVGS.items():
        write(folder, name, text.encode())
    for path in sorted(glob.glob("Templates/assets/*.svg")):
        shutil.copy(path, os.path.join(folder, os.path.basename(path)))


def dictionary(out, target, words):
    """A libFuzzer dictionary: one quoted word a line, bytes outside printable ASCII escaped as \\xNN."""
    def quoted(word):
        data = word.encode() if isinstance(word, str) else word
        return '"' + "".join(chr(b) if 32 <= b < 127 and b not in (34, 92) else "\\x%02x" % b for b in data) + '"'
    with open(os.path.join(out, target + ".dict"), "w") as f:
        f.write("".join(quoted(w) + "\n" for w in sorted(set(words), key=repr)))


def schema_words():
    """Every property name and string value of Templates/galley.schema.json."""
    with open("Templates/galley.schema.json", encoding="utf-8") as f:
        schema = json.load(f)
    words = set()

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "properties" and isinstance(item, dict):
                    words.update(item.keys())
                if key in ("enum", "const"):
                    words.update(v for v in (item if isinstance(item, list) else [item]) if isinstance(v, str))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(schema)
    return words


def dictionaries(out):
    json_words = ["true", "false", "null", "Infinity", "-Infinity", "NaN", "0x1F", "1e19", "9.3e18", "1e308",
                  "-0", "\\u0000", "\\ud83d\\ude00", "/*", "*/", "//", "\xef\xbb\xbf", "[", "]", "{", "}", ":", ","]
    binding = ["{{", "}}", "|", " | default:", " | number:2", " | currency:EUR", " | date:'yyyy-MM-dd'", " | upper",
               " | lower", " | sum:'", "&&", "||", "??", "?", " : ", "==", "!=", "<=", ">=", "!", "%", "index", "item",
               "page", "pages", "length", "data:image/png;base64,", "data:image/svg+xml;base64,", "assets/logo.png",
               "assets/avatar.png", "assets/galley-logo.svg", "../", "/etc/passwd"]
    dictionary(out, "templates", sorted(schema_words()) + json_words + binding +
               ["chart", "pie", "donut", "bar", "line", "area", "scatter", "series", "values", "labels", "legend",
                "palette", "stacked", "points", "rating", "progress", "sampleData", "galley"])
    dictionary(out, "data", json_words + ['""', '"', "\r\n", "\n", "\r", ",,", "\t", "c", "j", "n"])
    dictionary(out, "images", [b"IHDR", b"IDAT", b"PLTE", b"tRNS", b"eXIf", b"IEND", b"acTL", b"fcTL", b"gAMA",
                               b"iCCP", b"\xff\xd8\xff", b"\xff\xc0", b"\xff\xc2", b"\xff\xc4", b"\xff\xdb",
                               b"\xff\xda", b"\xff\xd9", b"\xff\xdd", b"\xff\xe1", b"\xff\xee", b"Exif\x00\x00",
                               b"Adobe", b"GIF89a", b"NETSCAPE2.0", b"RIFF", b"WEBP", b"VP8 ", b"VP8L", b"VP8X",
                               b"ALPH", b"ANIM", b"ANMF", b"II*\x00", b"MM\x00*", b"\x12\x01", b"\x01\x12"])
    dictionary(out, "svg", ["<svg", "</svg>", "xmlns=\"http://www.w3.org/2000/svg\"", "viewBox", "width", "height",
                            "<rect", "<circle", "<ellipse", "<path", " d=\"", "<polygon", "<polyline", "<line",
                            "<text", "<tspan", "<g", "<use", "xlink:href", "href", "<defs", "<symbol", "<image",
                            "<pattern", "<mask", "<clipPath", "<filter", "<feGaussianBlur", "<feTurbulence",
                            "<feMorphology", "<feConvolveMatrix", "<feImage", "<linearGradient", "<radialGradient",
                            "<stop", "<style>", "<marker", "<switch", "<foreignObject", "transform=", "matrix(",
                            "rotate(", "scale(", "url(#", "stroke-dasharray", "stroke-width", "font-size", "opacity",
                            "<!DOCTYPE", "<!ENTITY", "&#x", "<![CDATA[", "data:image/png;base64,", "stdDeviation",
                            "numOctaves", "baseFrequency", "patternUnits", "userSpaceOnUse", "objectBoundingBox",
                            "1e9", "-1e9", "100%", "em", "mm", "in"])


def committed_seeds(out):
    """Tests/FuzzSeeds/TARGET/*, and the inputs earlier runs found (kept as regression tests)."""
    for path in sorted(glob.glob("Tests/GalleyTemplatesTests/Fuzz/Findings/*")):
        shutil.copy(path, os.path.join(out, "templates", "finding-" + os.path.basename(path)))
    for path in sorted(glob.glob("Tests/FuzzSeeds/*/*")):
        target = os.path.basename(os.path.dirname(path))
        os.makedirs(os.path.join(out, target), exist_ok=True)
        shutil.copy(path, os.path.join(out, target, os.path.basename(path)))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    shutil.rmtree(out, ignore_errors=True)
    template_seeds(out)
    data_seeds(out)
    image_seeds(out)
    svg_seeds(out)
    committed_seeds(out)
    dictionaries(out)


main()
