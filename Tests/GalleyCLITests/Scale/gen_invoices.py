#!/usr/bin/python3
"""Writes the W1 benchmark invoices as NDJSON, one record per line, for the scale-out test.

usage: gen_invoices.py OUT.ndjson [COUNT]   (COUNT defaults to 1000)

The records are those of the benchmark's data generator (bench/data/invoices.json, made with
random.Random(42) before anything else is drawn), so the test renders the real W1 data without
keeping 3.8 MB of it in the repository. Item descriptions and footers are sized against DejaVu
Sans metrics (Pillow/FreeType), as in the benchmark, so they wrap the same way.
"""
import json
import random
import sys

from PIL import ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu"
REG = FONT_DIR + "/DejaVuSans.ttf"
BOLD = FONT_DIR + "/DejaVuSans-Bold.ttf"

# W1 geometry: the description column minus horizontal padding, and the footer width, in pt.
DESC_TEXT_W = 283.28 - 2 * 4
FOOTER_W = 595.28 - 72

_M_REG = ImageFont.truetype(REG, 1000)
_M_BOLD = ImageFont.truetype(BOLD, 1000)


def width(text, size, bold=False):
    f = _M_BOLD if bold else _M_REG
    return f.getlength(text) * size / 1000.0


WORDS = """the of and to in is was for on that with as by at from this be are or an it
have has had not but which their they were been one all would there we more can will
about when some time into only other new year could these two may first then any like
over such our out made after also many before must through back where much your way
well down should because each just those people how too little state good very make
world still own see men work long get here between both life being under never day same
another know while last might great old year off come since against go came right used
take three small large next early young important few public bad able market service
report growth region quarter supply demand network customer product value cost revenue
process system project budget plan review policy support data quality result change
level team strategy model analysis capacity energy transport logistics partner contract
schedule operation facility equipment material program delivery standard performance
forecast inventory shipment margin invoice payment account balance share target risk
measure increase decrease improve maintain develop reduce expand manage provide require
include continue remain follow report expect deliver complete prepare consider review
annual monthly weekly regional national local global internal external financial
technical general specific current previous recent average total overall modest steady
strong significant moderate limited additional primary secondary available consistent""".split()

ITEM_NOUNS = """bracket cable adapter sensor valve hinge panel bearing gasket switch relay
module filter pump fitting clamp spring washer bolt nut screw plate frame housing cover
connector harness controller display battery charger motor gear pulley belt hose nozzle
seal coupling flange manifold regulator thermostat transformer inverter enclosure""".split()
ITEM_ADJ = """stainless galvanised reinforced compact heavy-duty lightweight insulated
waterproof adjustable modular precision industrial standard premium replacement
universal high-temperature low-voltage corrosion-resistant anodised""".split()
ITEM_EXTRA = """with mounting kit|for outdoor installation|including calibration certificate|
with extended warranty and on-site support|supplied in protective packaging|
rated for continuous operation|compatible with previous generation units|
with quick-release fittings and spare seals|pre-assembled and factory tested|
including installation manual and wiring diagram|for use in food-grade environments|
with tamper-evident labels""".replace("\n", "").split("|")

COMPANY_A = """Northwind Acme Globex Initech Umbrella Stark Wayne Tyrell Cyberdyne Soylent
Hooli Vandelay Wonka Gringotts Oscorp Aperture Monarch Virtucon Dunder Sterling""".split()
COMPANY_B = """Logistics Industries Systems Trading Supplies Manufacturing Holdings
Engineering Solutions Partners Dynamics Components""".split()
COMPANY_C = ["Ltd", "GmbH", "Inc.", "LLC", "S.A.", "B.V.", "AB", "Oy"]
STREETS = """Harbour Mill Station Church Market Bridge Park Victoria Kings Queens Orchard
Meadow River Cedar Maple Oak Elm Willow""".split()
STREET_T = ["Street", "Road", "Avenue", "Lane", "Way", "Boulevard", "Place"]
CITIES = [("Amsterdam", "Netherlands"), ("Berlin", "Germany"), ("Lyon", "France"),
          ("Manchester", "United Kingdom"), ("Gothenburg", "Sweden"), ("Porto", "Portugal"),
          ("Turku", "Finland"), ("Graz", "Austria"), ("Ghent", "Belgium"), ("Bologna", "Italy"),
          ("Toronto", "Canada"), ("Denver", "United States")]


def sentence(rng, nwords):
    ws = [rng.choice(WORDS) for _ in range(nwords)]
    if nwords > 8 and rng.random() < 0.5:
        ws[rng.randrange(3, nwords - 3)] += ","
    ws[0] = ws[0].capitalize()
    return " ".join(ws) + "."


def paragraph(rng, target=120):
    out, n = [], 0
    while n < target - 4:
        k = min(rng.randint(8, 22), target - n)
        if k < 4:
            break
        out.append(sentence(rng, k))
        n += k
    return " ".join(out)


def company(rng):
    name = f"{rng.choice(COMPANY_A)} {rng.choice(COMPANY_B)} {rng.choice(COMPANY_C)}"
    city, country = rng.choice(CITIES)
    slug = name.split()[0].lower()
    return {
        "name": name,
        "lines": [
            f"{rng.randint(1, 250)} {rng.choice(STREETS)} {rng.choice(STREET_T)}",
            f"{rng.randint(1000, 99999):05d} {city}",
            country,
            f"billing@{slug}.example",
        ],
    }


def short_desc(rng):
    while True:
        d = f"{rng.choice(ITEM_ADJ).capitalize()} {rng.choice(ITEM_NOUNS)}"
        if rng.random() < 0.5:
            d += f" {rng.choice(['A', 'B', 'C', 'X', 'Z'])}{rng.randint(10, 999)}"
        if width(d, 10) <= 0.85 * DESC_TEXT_W:
            return d


def long_desc(rng):
    while True:
        d = (f"{rng.choice(ITEM_ADJ).capitalize()} {rng.choice(ITEM_ADJ)} {rng.choice(ITEM_NOUNS)} "
             f"{rng.choice(ITEM_EXTRA)}")
        if rng.random() < 0.6:
            d += f", {rng.choice(ITEM_EXTRA)}"
        w = width(d, 10)
        if 1.25 * DESC_TEXT_W <= w <= 1.7 * DESC_TEXT_W:
            return d


def footer_text(rng, number):
    base = (f"Payment is due within 30 days of the invoice date. Please quote invoice {number} "
            "with your payment. ")
    while True:
        t = base + paragraph(rng, rng.randint(30, 40))
        w = width(t, 8)
        if 2.2 * FOOTER_W <= w <= 2.7 * FOOTER_W:
            return t


def invoices(rng, n=1000):
    out = []
    for i in range(n):
        number = f"INV-2024-{i + 1:05d}"
        month, day = rng.randint(1, 12), rng.randint(1, 28)
        long_idx = set(rng.sample(range(30), rng.randint(3, 6)))
        items = []
        for j in range(30):
            items.append({
                "description": long_desc(rng) if j in long_idx else short_desc(rng),
                "qty": rng.randint(1, 24),
                "unit_price": round(rng.uniform(2, 480), 2),
            })
        out.append({
            "number": number,
            "date": f"2024-{month:02d}-{day:02d}",
            "due": f"2024-{month:02d}-{day:02d} + 30 days",
            "seller": company(rng),
            "buyer": company(rng),
            "items": items,
            "footer": footer_text(rng, number),
        })
    return out


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__.strip().splitlines()[2])
    count = int(sys.argv[2]) if len(sys.argv) == 3 else 1000
    records = invoices(random.Random(42), count)
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
