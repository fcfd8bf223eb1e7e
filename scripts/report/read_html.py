"""Opens a report's HTML page in headless Chromium and compares every rendered figure
(`data-figure` cells, as the browser lays them out) with the JSON report's."""
import json, sys
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service

html, report_path = sys.argv[1], sys.argv[2]
options = webdriver.ChromeOptions()
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    options.add_argument(flag)
# Debian's browser and driver by path: left to find them itself, selenium's manager goes to
# the network (Chrome for Testing) first.
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + html)
    cells = driver.find_elements(By.CSS_SELECTOR, "td[data-figure]")
    rows = json.load(open(report_path))["rows"]
    failures = 0
    for cell in cells:
        row = rows[int(cell.get_attribute("data-row"))]
        key = cell.get_attribute("data-figure")
        value = row[key]
        expected = "—" if value is None else ("%.4f" % value if isinstance(value, float) or key in ("conversionRate", "conversionLower", "conversionUpper") else str(value))
        if cell.text.strip() != expected:
            print(f"{row['tip']} [{row['variant']}] {key}: page shows {cell.text!r}, JSON {expected}"); failures += 1
    charts = len(driver.find_elements(By.CSS_SELECTOR, "svg rect"))
    print(f"html: {len(cells)} rendered figures compared, {charts} chart bars, {failures} differences")
    sys.exit(1 if failures or not cells else 0)
finally:
    driver.quit()
