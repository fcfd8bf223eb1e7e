"""Opens a `tipc test --timeline` SVG in headless Chromium and reads the time axis back as the
browser lays it out: every label must name a real day and time of the run (`day 2 09:00`,
or `09:05` later the same day), the days must count up from day 1 with their dates one
calendar day apart, and no two labels may overlap on screen."""
import datetime, re, sys
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service

svg, start = sys.argv[1], datetime.date.fromisoformat(sys.argv[2])
options = webdriver.ChromeOptions()
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    options.add_argument(flag)
# Debian's browser and driver by path (selenium's manager would go to the network first).
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
label_re = re.compile(r"^(?:day (\d+) )?(\d\d):(\d\d)(?::\d\d(?:\.\d{3})?)?$")
try:
    driver.get("file://" + svg)
    labels = driver.find_elements(By.CSS_SELECTOR, "text.axis-label")
    dates = driver.find_elements(By.CSS_SELECTOR, "text.axis-date")
    failures = []
    boxes, day, days_seen, previous_minutes = [], 0, [], -1
    for label in labels:
        text = label.text.strip()
        m = label_re.match(text)
        if not m:
            failures.append(f"label {text!r} is not a day and a time")
            continue
        minutes = int(m.group(2)) * 60 + int(m.group(3))
        if m.group(1):
            if int(m.group(1)) <= day:
                failures.append(f"label {text!r}: day {m.group(1)} after day {day}")
            day = int(m.group(1))
            days_seen.append(day)
        elif day == 0:
            failures.append(f"label {text!r}: a time with no day before it")
        elif minutes < previous_minutes:
            failures.append(f"label {text!r}: earlier than the label before it on day {day}")
        previous_minutes = minutes
        r = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.left, b.right];", label)
        boxes.append((r[0], r[1], text))
    if not labels or not labels[0].text.startswith("day 1 "):
        failures.append("the first label is not on day 1")
    expected = [(start + datetime.timedelta(days=d - 1)).isoformat() for d in days_seen]
    shown = [d.text.strip() for d in dates]
    if shown != expected:
        failures.append(f"dates {shown} are not the labelled days' dates {expected}")
    for (l1, r1, t1), (l2, r2, t2) in zip(boxes, boxes[1:]):
        if l2 < r1:
            failures.append(f"labels {t1!r} and {t2!r} overlap on screen ({r1:.1f} > {l2:.1f})")
    for f in failures:
        print("timeline:", f)
    print(f"timeline: {len(labels)} axis labels read back over days {days_seen[:1]}..{days_seen[-1:]}, {len(failures)} problems")
    sys.exit(1 if failures or len(days_seen) < 2 else 0)
finally:
    driver.quit()
