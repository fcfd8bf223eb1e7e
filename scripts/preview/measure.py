"""Opens a `tipc preview` page in headless Chromium and writes what the browser laid out:
for every card and every text on it (title, message, each action), its box and what its
content needs (clientWidth/scrollWidth, clientHeight/scrollHeight) and its line height, with
the card's data- attributes, as the JSON `tipc preview --measurements` reads. It judges
nothing: the lints are tipc's (Sources/TipsPreview/PreviewLints.swift).
With --screenshots DIR it also saves one PNG per tip article (DIR/<tip>.png); with
--only-tip NAME just that tip's.
Usage: measure.py PAGE.html OUT.json [--screenshots DIR] [--only-tip NAME]"""
import argparse, json, os, sys, time
from selenium.webdriver.common.by import By
from browser import open_driver

parser = argparse.ArgumentParser()
parser.add_argument("page")
parser.add_argument("out")
parser.add_argument("--screenshots")
parser.add_argument("--only-tip")
args = parser.parse_args()

driver = open_driver()
MEASURE = """
const out = [];
const keys = ['catalog', 'tip', 'locale', 'width', 'size', 'scheme', 'presentation'];
for (const card of document.querySelectorAll('.card')) {
  const base = {};
  for (const k of keys) base[k] = card.dataset[k];
  const boxes = [['card', card]];
  for (const el of card.querySelectorAll('[data-role]')) {
    const role = el.dataset.role;
    if (role === 'title' || role === 'message' || role.startsWith('action:')) boxes.push([role, el]);
  }
  for (const [role, el] of boxes) {
    const lh = role === 'card' ? 0 : parseFloat(getComputedStyle(el).lineHeight) || 0;
    out.push(Object.assign({}, base, {role: role, clientWidth: el.clientWidth, scrollWidth: el.scrollWidth,
      clientHeight: el.clientHeight, scrollHeight: el.scrollHeight, lineHeight: lh}));
  }
}
return out;
"""
try:
    started = time.time()
    driver.get("file://" + os.path.abspath(args.page))
    measurements = driver.execute_script(MEASURE)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"measurements": measurements}, f, ensure_ascii=False, indent=1)
    shots = 0
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
        # An element screenshot is clipped to the window: make the window as tall as the page.
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1500, min(height + 100, 16000))
        for article in driver.find_elements(By.CSS_SELECTOR, "article.tip"):
            tip = article.get_attribute("data-tip")
            if args.only_tip and tip != args.only_tip:
                continue
            article.screenshot(os.path.join(args.screenshots, tip + ".png"))
            shots += 1
    print(f"measure: {len(measurements)} boxes measured, {shots} screenshots, {time.time() - started:.1f} s in the browser")
finally:
    driver.quit()
