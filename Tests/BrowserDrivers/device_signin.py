"""A person on the device-code verification page: `device_signin.py URL USER_CODE USERNAME SECRET
[PASSWORD [CONTACT]]` opens the page in headless Chromium, types the code, signs in (with the email
code SECRET, or with PASSWORD and then the second factor's code SECRET, first registering CONTACT
as that factor when given) and confirms."""
import sys

from headless import click, fill, log, shot, start, wait_for_title

url, user_code, username, secret = sys.argv[1:5]
password = sys.argv[5] if len(sys.argv) > 5 else None
contact = sys.argv[6] if len(sys.argv) > 6 else None
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
    if password is None:
        wait_for_title(driver, "Enter code")
        shot(driver, "device-03-enter-code")
    else:
        wait_for_title(driver, "Enter password")
        fill(driver, "password", password)
        click(driver, "next")
        if contact is not None:
            wait_for_title(driver, "Add a way to verify your identity")
            shot(driver, "device-03-register-second-factor")
            fill(driver, "contact", contact)
            click(driver, "next")
        wait_for_title(driver, "Verify your identity")
        shot(driver, "device-03-second-factor")
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
