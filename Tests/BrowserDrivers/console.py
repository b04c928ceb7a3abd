"""A person using the emulator's console: `console.py BASE_URL ADMIN_TOKEN` signs in with the
admin token, makes a tenant, adds, disables and re-passwords users, watches a code arrive, reads
the request log, queues a fault and clears it, and signs out, in headless Chromium. The sign-ins it
needs are sent with urllib, as an app would. Prints `OK console` when every step did what it should."""
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium.webdriver.common.by import By

from headless import click, fill, log, shot, start, wait_for_title

base, token = sys.argv[1:3]
CLIENT = "e1a70000-0000-4000-8000-000000000001"


def post(path, fields):
    """POSTs a form to the emulator as an app would; returns (status, JSON body)."""
    request = urllib.request.Request(base + path, data=urllib.parse.urlencode(fields).encode(), method="POST",
                                     headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def expect(condition, what):
    if not condition:
        raise AssertionError(what)


def wait_for(condition, what, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except Exception:  # the page is reloading
            pass
        time.sleep(0.2)
    raise AssertionError("timed out: " + what)


driver = start()
try:
    # Not signed in: the console sends the browser to its login page.
    driver.get(base + "/_emulator/console")
    wait_for_title(driver, "Sign in to the console")
    shot(driver, "console-01-login")
    fill(driver, "login-token", "not-the-admin-token-at-all")
    click(driver, "login-submit")
    wait_for_title(driver, "Sign in to the console")
    expect("not the emulator's admin token" in text(driver, "error"), "a wrong token is refused")
    fill(driver, "login-token", token)
    click(driver, "login-submit")
    wait_for_title(driver, "Tenants")
    cookie = driver.get_cookie("nativeauth-console")
    expect(cookie is not None and cookie["httpOnly"] and cookie.get("sameSite") == "Strict", "the cookie: %r" % cookie)
    expect(cookie["value"] != token, "the cookie does not hold the token itself")

    # A tenant for a CI job.
    fill(driver, "add-tenant-subdomain", "job42")
    click(driver, "add-tenant-submit")
    wait_for_title(driver, "Tenants")
    expect(text(driver, "notice") == "Made the tenant job42.", "the tenant was made")
    row = text(driver, "tenant-job42")
    client42 = row.split()[2]
    shot(driver, "console-02-tenants")

    # Its users: add one, disable one, set a password.
    click(driver, "users-job42")
    wait_for_title(driver, "Users")
    expect("job42" in text(driver, "tenant"), "the users page is the tenant's")
    fill(driver, "add-user-username", "carol@example.com")
    driver.find_element(By.CSS_SELECTOR, "#add-user-method option[value='password']").click()
    fill(driver, "add-user-password", "S3cret!!")
    click(driver, "add-user-submit")
    wait_for_title(driver, "Users")
    expect(text(driver, "notice") == "Added carol@example.com.", "carol was added")
    expect("carol@example.com" in text(driver, "user-carol-example-com"), "carol is listed")
    click(driver, "toggle-alice-example-com-submit")
    wait_for_title(driver, "Users")
    expect("disabled" in text(driver, "user-alice-example-com"), "alice is disabled")
    fill(driver, "password-bob-example-com-password", "N3w-Passw0rd!")
    click(driver, "password-bob-example-com-submit")
    wait_for_title(driver, "Users")
    expect(text(driver, "notice") == "Set the password of bob@example.com.", "bob's password was set")
    shot(driver, "console-03-users")

    # What the console did is what the tenant answers.
    authority42 = "/job42.onmicrosoft.com/oauth2/v2.0/"
    status, answer = post(authority42 + "initiate", {"client_id": client42, "username": "alice@example.com",
                                                     "challenge_type": "oob password redirect"})
    expect(status == 400 and answer.get("error_codes") == [50057], "disabled alice cannot sign in: %r" % answer)
    status, answer = post(authority42 + "initiate", {"client_id": client42, "username": "bob@example.com",
                                                     "challenge_type": "password redirect"})
    status, answer = post(authority42 + "challenge", {"client_id": client42, "continuation_token": answer["continuation_token"],
                                                      "challenge_type": "password redirect"})
    status, answer = post(authority42 + "token", {"client_id": client42, "continuation_token": answer["continuation_token"],
                                                  "grant_type": "password", "password": "N3w-Passw0rd!", "scope": "openid"})
    expect(status == 200, "bob signs in with the password the console set: %r" % answer)

    # The codes sent, live: a code sent now shows up without a click.
    driver.get(base + "/_emulator/console/codes")
    wait_for_title(driver, "Codes sent")
    status, answer = post("/emulator.onmicrosoft.com/oauth2/v2.0/initiate",
                          {"client_id": CLIENT, "username": "alice@example.com", "challenge_type": "oob password redirect"})
    post("/emulator.onmicrosoft.com/oauth2/v2.0/challenge",
         {"client_id": CLIENT, "continuation_token": answer["continuation_token"], "challenge_type": "oob password redirect"})
    wait_for(lambda: "alice@example.com" in text(driver, "codes"), "the code appears on the live page")
    shot(driver, "console-04-codes")

    # The request log.
    click(driver, "nav-requests")
    wait_for_title(driver, "Request log")
    expect("/emulator.onmicrosoft.com/oauth2/v2.0/challenge" in text(driver, "requests"), "the log lists the challenge")
    shot(driver, "console-05-requests")

    # Faults: one queued, answered, then cleared.
    click(driver, "nav-faults")
    wait_for_title(driver, "Faults")
    driver.find_element(By.CSS_SELECTOR, "#add-fault-endpoint option[value='initiate']").click()
    fill(driver, "add-fault-count", "2")
    click(driver, "add-fault-submit")
    wait_for_title(driver, "Faults")
    expect("initiate" in text(driver, "faults"), "the fault is listed")
    shot(driver, "console-06-faults")
    status, _ = post("/emulator.onmicrosoft.com/oauth2/v2.0/initiate",
                     {"client_id": CLIENT, "username": "alice@example.com", "challenge_type": "oob password redirect"})
    expect(status == 503, "the fault answers: %r" % status)
    click(driver, "clear-faults-submit")
    wait_for_title(driver, "Faults")
    expect("None." in text(driver, "faults"), "the faults are cleared")
    status, _ = post("/emulator.onmicrosoft.com/oauth2/v2.0/initiate",
                     {"client_id": CLIENT, "username": "alice@example.com", "challenge_type": "oob password redirect"})
    expect(status == 200, "no fault after clearing: %r" % status)

    # Signing out: the console is closed again.
    click(driver, "logout-submit")
    wait_for_title(driver, "Sign in to the console")
    driver.get(base + "/_emulator/console/users")
    wait_for_title(driver, "Sign in to the console")
    log("console done")
    print("OK console")
finally:
    driver.quit()
