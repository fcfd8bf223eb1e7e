#!/usr/bin/env bash
# tipc preview in a real browser (Docs/preview.md): renders the Definitions catalogs and the
# recipe test catalog (English, German, Japanese; Tests/TipsPreviewTests/Inputs/recipe-app)
# with `tipc preview`, measures every card in headless Chromium (scripts/preview/measure.py),
# turns the measurements into lints with `tipc preview --measurements`, and requires the
# recipe catalog's German action title that is too long for an iPhone to be reported with its
# locale and width; checks that `tipc preview --png` writes a PNG per tip. Then screenshots the notes-app catalog's MarkdownTip at iPhone width and
# compares it with its golden (Tests/TipsPreviewTests/Golden/notes-app-MarkdownTip.png) with a
# tolerance (scripts/preview/compare_png.py), so a styling change fails until the golden is
# refreshed: bash scripts/check-preview.sh --update-golden (also refreshes Docs/images).
# Last, the right-to-left test catalog (English, Hebrew, Arabic; Tests/TipsPreviewTests/Inputs/rtl-app):
# every Hebrew and Arabic card is drawn mirrored (scripts/preview/check_rtl.py: close button left
# of the title, image right of the texts, first action rightmost, text from the right edge) and
# English not, and its Hebrew action title too long for an iPhone is measured and reported (W500).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
update=no
[ "${1:-}" = "--update-golden" ] && update=yes
bash scripts/install-browser.sh
# Japanese needs a font with its glyphs, or every character is measured as a box.
if ! fc-list 2>/dev/null | grep -qi "IPAGothic"; then
    echo "check-preview: installing fonts-ipafont-gothic"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends fonts-ipafont-gothic > /dev/null
fi
python=.build/browser-venv/bin/python
if ! "$python" -c 'import PIL' 2>/dev/null; then
    .build/browser-venv/bin/pip install --quiet --disable-pip-version-check "Pillow==11.0.0"
fi
swift build --product tipc > /dev/null
tipc=$(swift build --show-bin-path)/tipc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# 1. Definitions: every catalog renders and is measured; what overflows is printed.
"$tipc" preview --defs Definitions --output "$work/definitions.html"
"$python" scripts/preview/measure.py "$work/definitions.html" "$work/definitions.json"
"$tipc" preview --defs Definitions --measurements "$work/definitions.json" --color never | tee "$work/definitions.txt" | grep -E 'warning|linted' || true

# 2. The recipe catalog: its German action title is truncated at iPhone width.
recipes=Tests/TipsPreviewTests/Inputs/recipe-app
"$tipc" preview --defs "$recipes" --assets "$recipes/Assets" --output "$work/recipes.html"
"$python" scripts/preview/measure.py "$work/recipes.html" "$work/recipes.json"
"$tipc" preview --defs "$recipes" --measurements "$work/recipes.json" --color never > "$work/recipes.txt" || true
# expect_reported FILE PATTERN WHAT: FILE (tipc's output) has a line matching PATTERN.
expect_reported() {
    if grep -Eq "$2" "$1"; then
        echo "check-preview: $3 is reported:"
        grep -E "$2" "$1" | sed 's/^/  /'
    else
        echo "check-preview: FAIL: $3 is not reported; tipc said:"
        cat "$1"
        failures=$((failures + 1))
    fi
}
expect_reported "$work/recipes.txt" \
    "Localizable.xcstrings:[0-9]+:[0-9]+: warning: the title of action 'save' of tip 'SaveRecipeTip' is truncated in de at iPhone width .*\[W500\]" \
    "the German action title too long for an iPhone (W500)"
if grep -q "in en at iPhone width (popover and inline, large text)" "$work/recipes.txt" \
    && grep -q "action 'save'.* in en at iPhone" "$work/recipes.txt"; then
    echo "check-preview: FAIL: the English action title fits and must not be reported"
    failures=$((failures + 1))
fi

# 3. tipc's own screenshots (--png): one PNG per tip of the recipe catalog, at iPhone width.
"$tipc" preview --defs "$recipes" --assets "$recipes/Assets" --width iphone --png "$work" 2> "$work/png.txt"
for tip in SaveRecipeTip TimerTip ShoppingListTip; do
    if ! head -c 8 "$work/recipe-app-$tip.png" 2>/dev/null | od -An -c | grep -q "P   N   G"; then
        echo "check-preview: FAIL: tipc preview --png wrote no PNG for $tip"; cat "$work/png.txt"
        failures=$((failures + 1))
    fi
done
echo "check-preview: $(cat "$work/png.txt")"

# 4. The notes-app screenshot against its golden.
golden=Tests/TipsPreviewTests/Golden/notes-app-MarkdownTip.png
"$tipc" preview --defs Definitions/notes-app --width iphone --locale en --output "$work/notes.html"
"$python" scripts/preview/measure.py "$work/notes.html" "$work/notes.json" --screenshots "$work/shots" --only-tip MarkdownTip
if [ "$update" = yes ]; then
    cp "$work/shots/MarkdownTip.png" "$golden"
    cp "$work/shots/MarkdownTip.png" Docs/images/preview-notes-app.png
    echo "check-preview: golden and Docs/images/preview-notes-app.png refreshed"
elif ! "$python" scripts/preview/compare_png.py "$golden" "$work/shots/MarkdownTip.png"; then
    mkdir -p .build/preview-check && cp "$work/shots/"MarkdownTip*.png .build/preview-check/
    echo "check-preview: the new screenshot and its diff are in .build/preview-check/"
    failures=$((failures + 1))
fi
# 5. Right to left: mirrored in the browser, and measured like any other card.
rtl=Tests/TipsPreviewTests/Inputs/rtl-app
"$tipc" preview --defs "$rtl" --output "$work/rtl.html"
if ! "$python" scripts/preview/check_rtl.py "$work/rtl.html" --rtl he --rtl ar; then
    failures=$((failures + 1))
fi
"$python" scripts/preview/measure.py "$work/rtl.html" "$work/rtl.json"
"$tipc" preview --defs "$rtl" --measurements "$work/rtl.json" --color never > "$work/rtl.txt" || true
expect_reported "$work/rtl.txt" \
    "Localizable.xcstrings:[0-9]+:[0-9]+: warning: the title of action 'later' of tip 'SyncTip' is truncated in he at iPhone width .*\[W500\]" \
    "the Hebrew action title too long for an iPhone, measured right to left (W500)"
if [ "$update" = yes ]; then
    "$tipc" preview --defs "$rtl" --width iphone --locale he --output "$work/rtl-he.html"
    "$python" scripts/preview/measure.py "$work/rtl-he.html" "$work/rtl-he.json" --screenshots "$work/rtl-shots" --only-tip SyncTip
    cp "$work/rtl-shots/SyncTip.png" Docs/images/preview-rtl-he.png
    echo "check-preview: Docs/images/preview-rtl-he.png refreshed"
fi
echo "check-preview: $failures failures, $((SECONDS - started)) s"
[ "$failures" -eq 0 ]
