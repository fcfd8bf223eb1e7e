"""Drives `tipc playground` in headless Chromium as an author would: sets a parameter,
donates, advances the clock and relaunches by clicking the page, and reads back what the
real runtime decided: the tip appears with its explanation, the journal grows, a relaunch
resets the transient parameter. Then saves the session as a scenario (written to the path
given) for `tipc test`. Usage: drive.py URL SCENARIO_OUT [SCREENSHOT.png]"""
import sys, time
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import Select, WebDriverWait

url, scenario_out = sys.argv[1], sys.argv[2]
screenshot = sys.argv[3] if len(sys.argv) > 3 else None
options = webdriver.ChromeOptions()
for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1440,1100"):
    options.add_argument(flag)
options.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 10)
failures = []

def tip(name):
    return driver.find_element(By.CSS_SELECTOR, f'.tip[data-tip="{name}"]')

def status(name):
    return tip(name).get_attribute("data-status")

def journal_count():
    return int(driver.find_element(By.ID, "journal-count").text)

def history_length():
    return len(driver.find_elements(By.CSS_SELECTOR, "#history li"))

def click(id):
    # Each click is one step: wait until the page has rendered its answer.
    before = history_length()
    driver.find_element(By.ID, id).click()
    wait.until(lambda d: history_length() > before)

def check(condition, message):
    if not condition:
        failures.append(message)

try:
    driver.get(url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".tip"))
    check(driver.title == "Tips playground", f"title {driver.title!r}")
    check(status("SaveShortcutTip") == "pending", "SaveShortcutTip starts pending")
    lines0 = journal_count()

    driver.find_element(By.ID, "param-hasHardwareKeyboard").click()
    click("set-hasHardwareKeyboard")
    Select(driver.find_element(By.ID, "donate-event")).select_by_value("manualSave")
    times = driver.find_element(By.ID, "donate-times")
    times.clear()
    times.send_keys("3")
    click("donate")
    wait.until(lambda d: status("SaveShortcutTip") == "available")
    explanation = tip("SaveShortcutTip").find_element(By.CSS_SELECTOR, ".explanation").get_attribute("textContent")
    check("count(manualSave within 7d) = 3, needs >= 3" in explanation, f"explanation beside the tip: {explanation!r}")
    title = tip("SaveShortcutTip").find_element(By.CSS_SELECTOR, ".card .title").text
    check(title != "", "the card shows the tip's title")
    lines1 = journal_count()
    check(lines1 >= lines0 + 3, f"journal grew from {lines0} to {lines1} lines (three donations; a transient parameter is not journalled)")
    check(len(driver.find_element(By.ID, "journal").text.splitlines()) == min(lines1, 200), "the journal lines are shown")

    # A donation with a payload: the fields come from the event's declaration.
    Select(driver.find_element(By.ID, "donate-event")).select_by_value("noteEdited")
    Select(driver.find_element(By.ID, "field-mode")).select_by_value("rich")
    words = driver.find_element(By.ID, "field-wordsAdded")
    words.clear()
    words.send_keys("250")
    times = driver.find_element(By.ID, "donate-times")
    times.clear()
    times.send_keys("1")
    click("donate")
    last = driver.find_elements(By.CSS_SELECTOR, "#history li")[-1].text
    check(last == "donate noteEdited(mode: .rich, wordsAdded: 250)", f"payload step {last!r}")
    if screenshot:
        driver.save_screenshot(screenshot)

    click("advance-1d")
    check("(+1d)" in driver.find_element(By.ID, "clock").text, f"clock {driver.find_element(By.ID, 'clock').text!r}")
    click("relaunch")
    # hasHardwareKeyboard is transient: back to false in the new store, so the tip waits.
    wait.until(lambda d: status("SaveShortcutTip") == "pending")
    check(journal_count() > lines1, "the journal keeps growing")
    check(driver.find_element(By.ID, "error").text == "", f"no error shown: {driver.find_element(By.ID, 'error').text!r}")

    driver.find_element(By.ID, "save").click()
    wait.until(lambda d: d.find_element(By.ID, "scenario").get_attribute("value"))
    text = driver.find_element(By.ID, "scenario").get_attribute("value")
    for expected in ("set hasHardwareKeyboard = true", "donate manualSave x3", "expect SaveShortcutTip available",
                     "advance 1d", "relaunch", "expect SaveShortcutTip pending"):
        check(expected in text, f"saved scenario has {expected!r}")
    with open(scenario_out, "w") as f:
        f.write(text)
finally:
    driver.quit()

if failures:
    print("check-playground: FAILED\n  " + "\n  ".join(failures))
    sys.exit(1)
print("check-playground: the page drove the runtime: tip shown with its explanation, journal grew, relaunch reset the transient parameter")
