"""$BROWSER for `nativeauth signin --browser`: opens the sign-in URL (the last argument) in headless
Chromium and signs in as a person would, from the page's fields and buttons.

Environment: NATIVEAUTH_TEST_USERNAME (typed unless the page prefilled it), NATIVEAUTH_TEST_SECRET
(the email code or the password), NATIVEAUTH_TEST_WRONG_FIRST=1 (type a wrong code first),
NATIVEAUTH_SCREENSHOT_PREFIX (names of the screenshots). When anything fails, the browser is sent
to the app's loopback redirect with an error, so the command stops at once instead of timing out."""
import os
import sys
import traceback
import urllib.parse

from headless import click, fill, log, shot, start, wait_for_title
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

url = sys.argv[-1]
prefix = os.environ.get("NATIVEAUTH_SCREENSHOT_PREFIX", "")
username = os.environ.get("NATIVEAUTH_TEST_USERNAME", "")
secret = os.environ["NATIVEAUTH_TEST_SECRET"]
driver = start()
try:
    driver.get(url)
    wait_for_title(driver, "Sign in")
    shot(driver, prefix + "01-sign-in")
    field = driver.find_element("id", "username")
    if field.get_attribute("value") != username and username:
        fill(driver, "username", username)
    click(driver, "next")
    if wait_for_title(driver, ("Enter code", "Enter password")) == "Enter code":
        shot(driver, prefix + "02-enter-code")
        if os.environ.get("NATIVEAUTH_TEST_WRONG_FIRST") == "1":
            fill(driver, "code", "00000000")
            click(driver, "next")
            WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "error"))
            shot(driver, prefix + "03-wrong-code")
        fill(driver, "code", secret)
    else:
        shot(driver, prefix + "02-enter-password")
        fill(driver, "password", secret)
    click(driver, "next")
    wait_for_title(driver, "Signed in")
    shot(driver, prefix + "04-back-in-the-terminal")
    log("signed in: Signed in")
except Exception:
    traceback.print_exc()
    query = urllib.parse.parse_qs(urllib.parse.urlparse(url).query)
    redirect = query.get("redirect_uri", [""])[0]
    state = query.get("state", [""])[0]
    if redirect:
        failure = urllib.parse.urlencode({"error": "server_error", "error_description": "the test's browser failed", "state": state})
        try:
            driver.get(redirect + "/?" + failure)
        except Exception:
            pass
    sys.exit(1)
finally:
    driver.quit()
