"""Checks in headless Chromium that a `tipc preview` page draws right-to-left cards mirrored,
as SwiftUI lays a tip out in Arabic or Hebrew, and left-to-right cards not: for every card
(`dir` from the page), the close button at the trailing edge (left of the title, right to
left; at its trailing corner when the image is above), a leading image on the leading side (right of the texts), horizontal actions in
reading order (the first rightmost), and each title's first line starting at the leading
edge (text aligned to the start). Requires at least one card of each direction and of
each locale named by --rtl. Prints one line per failure and a summary; exit 1 on failure.
Usage: check_rtl.py PAGE.html --rtl he --rtl ar"""
import argparse, os, sys
from browser import open_driver

parser = argparse.ArgumentParser()
parser.add_argument("page")
parser.add_argument("--rtl", action="append", default=[], help="a locale that must have right-to-left cards")
args = parser.parse_args()

BOXES = """
const out = [];
const box = el => { if (!el) return null; const r = el.getBoundingClientRect(); return {left: r.left, right: r.right}; };
for (const card of document.querySelectorAll('.card')) {
  const title = card.querySelector('[data-role=title]');
  const range = document.createRange();
  range.selectNodeContents(title);
  const line = range.getClientRects()[0];
  out.push({
    name: [card.dataset.tip, card.dataset.locale, card.dataset.width, card.dataset.size, card.dataset.scheme,
           card.dataset.presentation].join(' '),
    locale: card.dataset.locale, dir: card.getAttribute('dir'), css: getComputedStyle(card).direction,
    title: box(title), firstLine: line ? {left: line.left, right: line.right} : null,
    close: box(card.querySelector('[data-role=close]')),
    leading: !!card.querySelector('.body.leading'),
    image: card.querySelector('.body.leading') ? box(card.querySelector('[data-role=image]')) : null,
    texts: box(card.querySelector('.texts')),
    actions: card.querySelector('.actions.horizontal')
      ? Array.from(card.querySelectorAll('.actions.horizontal [data-role^="action:"]')).map(box) : [],
  });
}
return out;
"""

driver = open_driver()
try:
    driver.get("file://" + os.path.abspath(args.page))
    cards = driver.execute_script(BOXES)
finally:
    driver.quit()

failures = []
counts = {"rtl": 0, "ltr": 0}
locales = set()
EPS = 1.0
for c in cards:
    rtl = c["dir"] == "rtl"
    counts["rtl" if rtl else "ltr"] += 1
    if rtl:
        locales.add(c["locale"])
    def fail(what):
        failures.append(f"{c['name']} ({c['dir']}): {what}")
    if c["css"] != ("rtl" if rtl else "ltr"):
        fail(f"the browser lays it out {c['css']}")
    if c["close"]:
        # Beside the title when the image leads; above it (the accessibility sizes), the
        # button sits over the title's trailing corner: then its centre is on that side.
        close, title = c["close"], c["title"]
        centre = lambda b: (b["left"] + b["right"]) / 2
        if c["leading"]:
            if rtl and not close["right"] <= title["left"] + EPS:
                fail(f"close button {close} is not left of the title {title}")
            if not rtl and not close["left"] >= title["right"] - EPS:
                fail(f"close button {close} is not right of the title {title}")
        elif (centre(close) < centre(title)) != rtl:
            fail(f"close button {close} is not at the title's trailing corner {title}")
    if c["image"]:
        if rtl and not c["image"]["left"] >= c["texts"]["right"] - EPS:
            fail(f"image {c['image']} is not right of the texts {c['texts']}")
        if not rtl and not c["image"]["right"] <= c["texts"]["left"] + EPS:
            fail(f"image {c['image']} is not left of the texts {c['texts']}")
    a = c["actions"]
    for first, second in zip(a, a[1:]):
        if rtl and not first["left"] >= second["right"] - EPS:
            fail(f"action {first} is not right of the next {second}")
        if not rtl and not first["right"] <= second["left"] + EPS:
            fail(f"action {first} is not left of the next {second}")
    line = c["firstLine"]
    if line:
        if rtl and abs(line["right"] - c["title"]["right"]) > 2:
            fail(f"the title's first line {line} does not start at the right edge {c['title']['right']}")
        if not rtl and abs(line["left"] - c["title"]["left"]) > 2:
            fail(f"the title's first line {line} does not start at the left edge {c['title']['left']}")

for locale in args.rtl:
    if locale not in locales:
        failures.append(f"no right-to-left card for {locale}")
if counts["ltr"] == 0:
    failures.append("no left-to-right card to compare with")
for f in failures[:40]:
    print("check_rtl: FAIL: " + f)
print(f"check_rtl: {counts['rtl']} right-to-left and {counts['ltr']} left-to-right cards checked "
      f"(right to left: {', '.join(sorted(locales)) or 'none'}); {len(failures)} failures")
sys.exit(1 if failures else 0)
