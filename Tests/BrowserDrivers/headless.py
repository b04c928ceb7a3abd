"""Headless Chromium for the emulator's page tests: Debian's chromium and chromium-driver, driven
by selenium, never downloading a driver. Screenshots go to $NATIVEAUTH_SCREENSHOT_DIR."""
import os
import sys

os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = os.environ.get("NATIVEAUTH_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("NATIVEAUTH_CHROMEDRIVER", "/usr/bin/chromedriver")


def log(message):
    # The CLI discards its browser's output: a test reads the log from $NATIVEAUTH_BROWSER_LOG.
    path = os.environ.get("NATIVEAUTH_BROWSER_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as log_file:
            log_file.write("[browser] " + message + "\n")
    else:
        print("[browser] " + message, file=sys.stderr, flush=True)


def start(extra_arguments=()):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=720,760", "--no-first-run", "--disable-extensions", *extra_arguments):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})  # script errors, for a failure's report
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def shot(driver, name):
    folder = os.environ.get("NATIVEAUTH_SCREENSHOT_DIR")
    if folder:
        os.makedirs(folder, exist_ok=True)
        driver.save_screenshot(os.path.join(folder, name + ".png"))
        log("screenshot " + name)


def title(driver):
    return driver.find_element(By.ID, "title").text


def wait_for_title(driver, expected, timeout=20):
    """Waits until the page's title is `expected` (or one of them, for a tuple); returns it. A page
    that is still loading (no title yet, or a title of the page being left) is waited through."""
    wanted = expected if isinstance(expected, tuple) else (expected,)
    WebDriverWait(driver, timeout).until(lambda d: _title_or_none(d) in wanted)
    return _title_or_none(driver)


def _title_or_none(driver):
    try:
        return title(driver)
    except Exception:  # the page is still loading, or was just left (a stale element)
        return None


def fill(driver, field, text):
    element = driver.find_element(By.ID, field)
    element.clear()
    element.send_keys(text)


def click(driver, button):
    driver.find_element(By.ID, button).click()
