#!/bin/sh
# Regenerates shape/cases.tests from HarfBuzz's hb-shape (libharfbuzz-bin), the oracle for the
# shape phase. Run from the repository root: sh Tests/GalleyTextTests/Fixtures/shape/generate.sh
# Line format: font-path;face-index;language;direction;features;text;expected hb-shape output
# (glyph id = cluster (code point index) + x advance, @x,y offsets when non-zero; font units).
set -eu
cd "$(dirname "$0")"
NOTO=/usr/share/fonts/truetype/noto
CJK=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
out=cases.tests
: > "$out"
case_() { # font index lang dir features text
    expected=$(hb-shape --no-glyph-names --font-funcs=ot --face-index="$2" --language="$3" --direction="$4" \
        ${5:+--features="$5"} "$1" "$6")
    printf '%s;%s;%s;%s;%s;%s;%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$expected" >> "$out"
}
LIB=../../../../Fonts/LiberationSans-Regular.ttf
case_ "$LIB" 0 en ltr "" "AVATAR To"
case_ "$LIB" 0 en ltr "" "office fluffy affine Ünïcödé"
case_ "$LIB" 0 en ltr "-kern" "AVATAR To"
case_ "$LIB" 0 en ltr "tnum" "1234567890"
case_ "$NOTO/NotoNaskhArabic-Regular.ttf" 0 ar rtl "" "مرحبا بالعالم"
case_ "$NOTO/NotoSansHebrew-Regular.ttf" 0 he rtl "" "שָׁלוֹם עוֹלָם"
case_ "$NOTO/NotoSansDevanagari-Regular.ttf" 0 hi ltr "" "नमस्ते दुनिया क्षत्रिय"
case_ "$NOTO/NotoSansThai-Regular.ttf" 0 th ltr "" "สวัสดีชาวโลก น้ำ"
if [ -f "$CJK" ]; then
    case_ "$CJK" 0 ja ltr "" "日本語のテキスト、組版。"
    case_ "$CJK" 0 zh ltr "" "你好，世界！"
else
    echo "fonts-noto-cjk missing: CJK cases skipped" >&2
fi
echo "wrote $(wc -l < "$out") cases to $(pwd)/$out"
