"""`page_shot.py URL NAME TITLE`: opens URL in headless Chromium, waits for the page's title and
saves a screenshot (the emulator's error page, which no sign-in reaches on purpose)."""
import sys

from headless import shot, start, wait_for_title

url, name, expected = sys.argv[1:4]
driver = start()
try:
    driver.get(url)
    wait_for_title(driver, expected)
    shot(driver, name)
finally:
    driver.quit()
