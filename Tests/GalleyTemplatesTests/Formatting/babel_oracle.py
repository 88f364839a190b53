"""The formatting oracle: Babel (PyPI, pinned to 2.12.1, whose CLDR 42 is the CLDR of Debian 12's ICU 72)
formats each case of formatting.jsonl independently of ICU; prints one JSON list of strings.

Each case's "babel" object says which Babel call stands for the Galley filter. Two things Babel 2.12 does
not do are applied here from CLDR's rules: currency spacing (a no-break space between a currency symbol
that ends in a letter and a digit, CLDR currencySpacing) and the default numbering system of ar-EG (Arabic-
Indic digits with the "arab" symbols of CLDR 42's ar.xml; Babel 2.12 prints Latin digits only). For the
same reason the fixture has no negative ar-EG amount of money: ar's Latin currency pattern has a negative
subpattern of its own (RLM before the minus), the arab one has none, so Babel cannot stand for it.
Rounding is half-up (Galley's default) unless the case names another mode.
"""
import datetime
import decimal
import json
import sys
import zoneinfo

from babel import Locale
from babel.dates import format_date, format_datetime, format_skeleton, format_time
from babel.numbers import (format_compact_decimal, format_currency, format_decimal, format_percent,
                           parse_pattern)

ARAB_SYMBOLS = {"decimal": "\u066b", "group": "\u066c", "percentSign": "\u066a\u061c", "minusSign": "\u061c-"}
ARAB_LOCALES = {"ar-EG"}
ROUNDING = {"halfUp": decimal.ROUND_HALF_UP, "halfEven": decimal.ROUND_HALF_EVEN, "down": decimal.ROUND_DOWN,
            "up": decimal.ROUND_UP, "floor": decimal.ROUND_FLOOR, "ceiling": decimal.ROUND_CEILING}


def arab(text, locale, number=True):
    """Latin digits (and, for a number, its symbols) to the arab numbering system (CLDR 42 ar.xml).
    Babel writes ar's symbols with or without their LRM marks; both forms are mapped."""
    if number:
        symbols = locale.number_symbols
        marks = {symbols["percentSign"]: "percentSign", "%": "percentSign", symbols["minusSign"]: "minusSign",
                 "-": "minusSign", symbols["group"]: "group", symbols["decimal"]: "decimal"}
        for latin, key in marks.items():
            text = text.replace(latin, "\0" + key + "\0")
        for key, value in ARAB_SYMBOLS.items():
            text = text.replace("\0" + key + "\0", value)
    return text.translate({ord("0") + i: 0x0660 + i for i in range(10)})


def currency_spacing(text, symbol):
    """CLDR currencySpacing: a symbol ending (or starting) in a letter gets a no-break space next to a digit."""
    index = text.find(symbol)
    if index < 0:
        return text
    end = index + len(symbol)
    if end < len(text) and text[end].isdigit() and symbol[-1].isalpha():
        text = text[:end] + "\u00a0" + text[end:]
    if index > 0 and text[index - 1].isdigit() and symbol[0].isalpha():
        text = text[:index] + "\u00a0" + text[index:]
    return text


def number_pattern(base, spec):
    pattern = parse_pattern(base.pattern)
    if "min" in spec or "max" in spec:
        low = spec.get("min", 0)
        pattern.frac_prec = (low, max(low, spec.get("max", low)))
    if spec.get("grouping") is False:
        pattern.grouping = (1000, 1000)
    return pattern


def run(case):
    tag = case["lang"]
    locale = Locale.parse(tag.replace("-", "_"))
    spec = case["babel"]
    value = case["value"]
    fn = spec["fn"]
    if fn in ("date", "datetime", "time", "skeleton"):
        zone = zoneinfo.ZoneInfo(spec.get("tz", "UTC"))
        moment = datetime.datetime.fromtimestamp(value, tz=datetime.timezone.utc).astimezone(zone)
        if fn == "skeleton":
            text = format_skeleton(spec["skeleton"], moment, tzinfo=zone, locale=locale)
        elif fn == "date":
            text = format_date(moment.date(), spec["format"], locale=locale)
        elif fn == "time":
            text = format_time(moment, spec["format"], tzinfo=zone, locale=locale)
        else:
            text = format_datetime(moment, spec["format"], tzinfo=zone, locale=locale)
        return arab(text, locale, number=False) if tag in ARAB_LOCALES else text
    number = decimal.Decimal(repr(float(value)))
    with decimal.localcontext() as context:
        context.rounding = ROUND_MODE(spec)
        if fn == "decimal":
            pattern = number_pattern(locale.decimal_formats[None], spec)
            if "min" not in spec and "max" not in spec:
                pattern.frac_prec = (0, 20)
            text = pattern.apply(number, locale)
        elif fn == "percent":
            text = number_pattern(locale.percent_formats[None], spec).apply(number, locale)
        elif fn == "currency":
            code = spec["code"]
            display = spec.get("display", "symbol")
            if display == "name":
                text = format_currency(number, code, locale=locale, format_type="name")
            else:
                pattern = locale.currency_formats["standard"].pattern
                if display == "code":
                    pattern = pattern.replace("\u00a4", "\u00a4\u00a4")
                text = format_currency(number, code, format=pattern, locale=locale, currency_digits=True)
                symbol = code if display == "code" else locale.currency_symbols.get(code, code)
                text = currency_spacing(text, symbol)
        elif fn == "compact":
            text = format_compact_decimal(number, format_type=spec.get("length", "short"), locale=locale,
                                          fraction_digits=spec.get("digits", 0))
        else:
            raise ValueError(fn)
    return arab(text, locale) if tag in ARAB_LOCALES else text


def ROUND_MODE(spec):
    return ROUNDING[spec.get("rounding", "halfUp")]


def main():
    cases = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    print(json.dumps([run(case) for case in cases], ensure_ascii=False))


main()
