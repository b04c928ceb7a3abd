"""A person on the device-code verification page: `device_signin.py URL USER_CODE USERNAME SECRET`
opens the page in headless Chromium, types the code, signs in and confirms."""
import sys

from headless import click, fill, log, shot, start, wait_for_title

url, user_code, username, secret = sys.argv[1:5]
driver = start()
try:
    driver.get(url)
    wait_for_title(driver, "Enter code")
    shot(driver, "device-01-enter-user-code")
    fill(driver, "user_code", user_code)
    click(driver, "next")
    wait_for_title(driver, "Sign in")
    shot(driver, "device-02-sign-in")
    fill(driver, "username", username)
    click(driver, "next")
    wait_for_title(driver, "Enter code")
    shot(driver, "device-03-enter-code")
    fill(driver, "code", secret)
    click(driver, "next")
    wait_for_title(driver, "Are you trying to sign in?")
    shot(driver, "device-04-confirm")
    click(driver, "continue")
    wait_for_title(driver, "You're signed in")
    shot(driver, "device-05-signed-in")
    log("device signed in")
finally:
    driver.quit()
