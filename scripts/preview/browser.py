"""The headless Chromium the preview checks drive (measure.py, check_rtl.py): Debian's
browser and driver by path (selenium's manager would go to the network first), one CSS
pixel per device pixel, a window wide enough for the widest card."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def open_driver():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--force-device-scale-factor=1", "--hide-scrollbars", "--window-size=1500,1200"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
