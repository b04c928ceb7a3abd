"""Drives nativeauth-web-example through nginx in headless Chromium, as a person would, for the
three-replica tests (Tests/NativeAuthWebExampleTests). Prints `key: value` lines that the test reads.

    python3 web_example.py SCENARIO BASE_URL USERNAME SECRET

Scenarios:
- signin: sign in by code (or password, for a password user), then read /me;
- signup: sign up USERNAME with password SECRET (the code is NATIVEAUTH_TEST_CODE), then read /me;
- signout-replay: sign in, keep the session cookie, sign out, then GET /api/me with the old cookie;
- kill: start a sign-in, print `started: REPLICA`, wait for a line on standard input (the test kills
  that replica meanwhile), then finish it;
- mfa: sign in with password SECRET, choose the first second factor, ask for a new code, enter it;
- reset: reset USERNAME's password to SECRET (the code is NATIVEAUTH_TEST_CODE), which signs in;
- csrf: no browser; POSTs with a foreign Origin, a foreign Referer, neither, the site's host under
  https (the site is http), and a form's content type, printing each status, and a body that does
  not decode, printing its status and X-Frame-Options;
- outage: no browser; sign in through the API, print `ready`, wait for a line on standard input
  (the test stops PostgreSQL meanwhile), sign out and read /api/me, print `down`, wait for a line
  (PostgreSQL starts again), then read /api/me, sign out, and read it again, printing each status;
- session-at-rest: no browser; sign in through the API, print the session cookie, then read the
  keys of the sessions table on standard input and print the statuses of /api/me with each as the
  cookie;
- partition-collision: no browser; sign up two accounts whose usernames lowercase alike, each in
  its own session, then print what /api/me shows each session (status and display name), sign the
  first out, and print the status of the second's /api/me;
- reset-ends-sessions: no browser; USERNAME (password SECRET, and its second factor if it has one)
  signs in in one session and alice (code) in another, then a third resets USERNAME's password to
  SECRET followed by "-2", stopping at a second factor if the sign-in after it asks for one; prints
  the reset's status (or its next step) and each session's /api/me;
- framing: sign in, then open a page of another origin (another loopback port) that frames /me, and print
  whether the framed page showed (its sign-out button).
"""
import json
import os
import sys
import traceback
import urllib.error
import urllib.parse
import urllib.request

from headless import click, fill, shot, start
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

scenario, base, username, secret = sys.argv[1:5]
code = os.environ.get("NATIVEAUTH_TEST_CODE", secret)
prefix = os.environ.get("NATIVEAUTH_SCREENSHOT_PREFIX", "web-")


def say(key, value):
    print(f"{key}: {value}", flush=True)


def served(driver):
    """The replicas that answered this tab's API calls (the pages keep them in sessionStorage); []
    while a page is being left or loaded."""
    try:
        return driver.execute_script("return JSON.parse(sessionStorage.getItem('servedBy') || '[]')") or []
    except Exception:  # noqa: BLE001 — a page in the middle of loading
        return []


def wait_for_step(driver, count):
    """Waits until `count` API answers are listed, and returns the replicas that gave them."""
    WebDriverWait(driver, 30).until(lambda d: len(served(d)) >= count)
    return served(driver)


def wait_for_field(driver, field):
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, field) and d.find_element(By.ID, field).is_displayed())


def signed_in_me(driver):
    WebDriverWait(driver, 30).until(lambda d: d.current_url.endswith("/me"))
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "me").get_attribute("data-status") not in (None, ""))
    return driver.find_element(By.ID, "me").get_attribute("data-status"), driver.find_element(By.ID, "me").text


def report_me(driver):
    """Waits for /me and prints its status and the API's answer."""
    status, text = signed_in_me(driver)
    say("me status", status)
    say("me", json.dumps(json.loads(text)) if text.startswith("{") else text)


def sign_in(driver, pause_after_start=False):
    driver.get(base + "/signin")
    driver.execute_script("sessionStorage.clear()")
    fill(driver, "username", username)
    click(driver, "start")
    first = wait_for_step(driver, 1)
    say("start served by", first[0])
    if pause_after_start:
        say("started", first[0])
        sys.stdin.readline()
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.ID, "code") or d.find_elements(By.ID, "password"))
    if driver.find_elements(By.ID, "code"):
        shot(driver, prefix + "code")
        fill(driver, "code", code)
    else:
        wait_for_field(driver, "password")
        fill(driver, "password", secret)
    click(driver, "submit")
    second = wait_for_step(driver, 2)
    say("finish served by", second[1])
    report_me(driver)
    shot(driver, prefix + "me")


def sign_up(driver):
    driver.get(base + "/signup")
    fill(driver, "username", username)
    fill(driver, "new-password", secret)
    click(driver, "start")
    wait_for_field(driver, "code")
    fill(driver, "code", code)
    click(driver, "submit")
    # The emulator's tenant may ask for attributes (a display name) before the account exists.
    WebDriverWait(driver, 30).until(lambda d: d.current_url.endswith("/me") or d.find_elements(By.CSS_SELECTOR, "[id^=attribute-]"))
    if not driver.current_url.endswith("/me"):
        for field in driver.find_elements(By.CSS_SELECTOR, "[id^=attribute-]"):
            field.send_keys("Test " + field.get_attribute("id")[len("attribute-"):])
        click(driver, "submit")
    report_me(driver)


def sign_in_mfa(driver):
    driver.get(base + "/signin")
    driver.execute_script("sessionStorage.clear()")
    fill(driver, "username", username)
    click(driver, "start")
    wait_for_field(driver, "password")
    fill(driver, "password", secret)
    click(driver, "submit")
    wait_for_field(driver, "method")
    shot(driver, prefix + "mfa-method")
    say("second factor offered", driver.find_element(By.ID, "method").get_attribute("value"))
    click(driver, "submit")
    WebDriverWait(driver, 30).until(lambda d: "second code" not in d.find_element(By.ID, "prompt").text
                                    and d.find_elements(By.ID, "code"))
    click(driver, "resend")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "message").text.startswith("A new code")
                                    or d.find_element(By.ID, "message").get_attribute("data-error"))
    say("second factor resend", driver.find_element(By.ID, "message").text)
    fill(driver, "code", code)
    click(driver, "submit")
    report_me(driver)


def reset(driver):
    driver.get(base + "/reset")
    fill(driver, "username", username)
    click(driver, "start")
    wait_for_field(driver, "code")
    fill(driver, "code", code)
    click(driver, "submit")
    wait_for_field(driver, "password")
    fill(driver, "password", secret)
    click(driver, "submit")
    report_me(driver)


def old_cookie_me(cookie):
    request = urllib.request.Request(base + "/api/me", headers={"Cookie": "nativeauth_session=" + cookie})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def csrf():
    import http.client
    parsed = urllib.parse.urlparse(base)
    cases = {
        "foreign origin": {"Origin": "http://evil.example", "Content-Type": "application/json"},
        "foreign referer": {"Referer": "http://evil.example/page", "Content-Type": "application/json"},
        "no origin": {"Content-Type": "application/json"},
        "form content type": {"Origin": base, "Content-Type": "application/x-www-form-urlencoded"},
        "untrusted forwarded host": {"Origin": "http://evil.example", "X-Forwarded-Host": "evil.example",
                                     "Content-Type": "application/json"},
        "other scheme": {"Origin": base.replace("http://", "https://", 1), "Content-Type": "application/json"},
        "same origin": {"Origin": base, "Content-Type": "application/json"},
    }
    for name, headers in cases.items():
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
        connection.request("POST", "/api/signin", body=json.dumps({"username": username}), headers=headers)
        say(name, connection.getresponse().status)
        connection.close()
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=60)
    connection.request("POST", "/api/signin", body=json.dumps({"username": 5}),
                       headers={"Origin": base, "Content-Type": "application/json"})
    answer = connection.getresponse()
    error = json.loads(answer.read() or b"{}").get("error")
    say("malformed body", f"{answer.status} {answer.headers.get('X-Frame-Options')} {error}")
    connection.close()


def framing_page(target):
    """The address of a page of another origin (a server of this script's own, on another loopback
    port) that frames `target`."""
    import http.server
    import threading
    page = f"<!doctype html><title>elsewhere</title><iframe id=f src='{target}'></iframe>".encode()

    class Framer(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Framer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


def status_and_frame_options(method, path, body):
    """One call without a session cookie: its status and its X-Frame-Options header."""
    import http.client
    parsed = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=300)
    connection.request(method, path, body=json.dumps(body), headers={"Origin": base, "Content-Type": "application/json"})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return f"{answer.status} {answer.headers.get('X-Frame-Options')}"


def api_caller(cookie, bodies=None):
    """A function that calls the API with the session cookie in `cookie["value"]` (kept up to date
    from the answers) and returns each answer's status (its body appended to `bodies`, if given)."""
    import http.client
    parsed = urllib.parse.urlparse(base)

    def call(method, path, body=None):
        headers = {"Origin": base, "Content-Type": "application/json"}
        if "value" in cookie:
            headers["Cookie"] = "nativeauth_session=" + cookie["value"]
        connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=300)
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        answer = connection.getresponse()
        body = answer.read()
        if bodies is not None:
            bodies.append(body.decode())
        for header in answer.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            if name == "nativeauth_session":
                cookie["value"] = rest.split(";")[0]
        connection.close()
        return answer.status

    return call


def partition_collision():
    """Two accounts the server tells apart (U+03F2 and U+03F9, small and capital lunate sigma) whose
    usernames lowercase alike; each signs up in a session of its own, and each session reads /me."""
    import uuid
    local = "a" + uuid.uuid4().hex[:8]
    first, second = "\u03f2" + local + "@example.com", "\u03f9" + local + "@example.com"
    sessions = {}
    for name, user in (("first", first), ("second", second)):
        cookie = {}
        call = api_caller(cookie, bodies := [])
        call("POST", "/api/signup", {"username": user, "password": "Sign-up-Passw0rd!"})
        call("POST", "/api/signup/code", {"code": code})
        say(name + " sign-up", call("POST", "/api/signup/attributes", {"attributes": {"displayName": name}}))
        sessions[name] = (call, bodies)
    for name in ("first", "second"):
        call, bodies = sessions[name]
        status = call("GET", "/api/me")
        shown = json.loads(bodies[-1]).get("displayName") if status == 200 else "-"
        say(name + " me", f"{status} {shown}")
    say("first sign-out", sessions["first"][0]("POST", "/api/signout", {}))
    say("second me after the first signed out", sessions["second"][0]("GET", "/api/me"))


def session_at_rest():
    cookie = {}
    call = api_caller(cookie)
    call("POST", "/api/signin", {"username": username})
    say("sign-in", call("POST", "/api/signin/code", {"code": code}))
    say("cookie", cookie["value"])
    statuses = []
    for line in sys.stdin:  # the keys the sessions table holds, one a line
        key = line.strip()
        for candidate in {key, key.removeprefix("s.")}:
            statuses.append(api_caller({"value": candidate})("GET", "/api/me"))
    say("stored keys as cookies", ",".join(sorted({str(status) for status in statuses})))


def outage():
    cookie = {}
    call = api_caller(cookie)
    call("POST", "/api/signin", {"username": username})
    say("sign-in", call("POST", "/api/signin/code", {"code": code}))
    say("me before", call("GET", "/api/me"))
    # A new flow in the signed-in session would replace it, and with it whose tokens a sign-out removes.
    say("flow while signed in", call("POST", "/api/signin", {"username": "bob@example.com"}))
    say("ready", "yes")
    sys.stdin.readline()
    say("signout while down", call("POST", "/api/signout", {}))
    say("new session while down", status_and_frame_options("POST", "/api/signin", {"username": username}))
    say("me while down", call("GET", "/api/me"))
    say("down", "yes")
    sys.stdin.readline()
    for _ in range(60):  # until the replicas reach PostgreSQL again
        status = call("GET", "/api/me")
        if status != 503:
            break
    say("me after", status)
    say("signout after", call("POST", "/api/signout", {}))
    say("me after signout", call("GET", "/api/me"))


def finish_second_factor(call, bodies, status):
    """When the last answer (whose status is `status`) asks for a second factor, chooses the first
    offered and enters its code; returns the status of the last call made."""
    answer = json.loads(bodies[-1] or "{}")
    if answer.get("next") != "mfa":
        return status
    call("POST", "/api/signin/mfa", {"methodId": answer["methods"][0]["id"]})
    return call("POST", "/api/signin/mfa/code", {"code": code})


def reset_ends_sessions():
    other, other_bodies = {}, []
    call_other = api_caller(other, other_bodies)
    call_other("POST", "/api/signin", {"username": username})
    status = call_other("POST", "/api/signin/password", {"password": secret})
    say("other session sign-in", finish_second_factor(call_other, other_bodies, status))
    bystander = api_caller({})
    bystander("POST", "/api/signin", {"username": "alice@example.com"})
    say("bystander sign-in", bystander("POST", "/api/signin/code", {"code": code}))
    say("other session me before", call_other("GET", "/api/me"))

    # The reset stops where the sign-in after it asks for a second factor (the person walks away):
    # the password has changed all the same.
    resetting, bodies = {}, []
    call = api_caller(resetting, bodies)
    call("POST", "/api/reset", {"username": username})
    call("POST", "/api/reset/code", {"code": code})
    status = call("POST", "/api/reset/password", {"password": secret + "-2"})
    say("reset", json.loads(bodies[-1] or "{}").get("next", status))
    say("resetting session me", call("GET", "/api/me"))
    say("other session me", call_other("GET", "/api/me"))
    say("bystander me", bystander("GET", "/api/me"))


# The scenarios that need no browser: plain HTTP calls with cookies.
WITHOUT_BROWSER = {
    "partition-collision": partition_collision,
    "session-at-rest": session_at_rest,
    "outage": outage,
    "csrf": csrf,
    "reset-ends-sessions": reset_ends_sessions,
}
if scenario in WITHOUT_BROWSER:
    WITHOUT_BROWSER[scenario]()
    say("done", "yes")
    sys.exit(0)

driver = start()
try:
    if scenario == "signin":
        sign_in(driver)
    elif scenario == "signup":
        sign_up(driver)
    elif scenario == "signout-replay":
        sign_in(driver)
        cookie = driver.get_cookie("nativeauth_session")
        say("cookie flags", ",".join(flag for flag, on in (("HttpOnly", cookie.get("httpOnly")), ("SameSite=" + str(cookie.get("sameSite")), True)) if on))
        say("old cookie before sign-out", old_cookie_me(cookie["value"]))
        # A sign-out the site refuses (its answer made a 503 here) is not shown as done.
        driver.execute_script("""
            const real = window.fetch;
            window.fetch = (url, options) => String(url).endsWith('/api/signout')
              ? Promise.resolve(new Response('{"error":"store_unavailable","message":"The accounts cannot be reached now: try again."}',
                                             {status: 503, headers: {'Content-Type': 'application/json'}}))
              : real(url, options);
        """)
        click(driver, "signout")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "me").get_attribute("data-status") == "signout-failed")
        say("refused sign-out shown", driver.find_element(By.ID, "me").text)
        driver.refresh()
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "me").get_attribute("data-status") == "200")
        click(driver, "signout")
        WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "me").get_attribute("data-status") == "signed-out")
        say("old cookie after sign-out", old_cookie_me(cookie["value"]))
    elif scenario == "mfa":
        sign_in_mfa(driver)
    elif scenario == "reset":
        reset(driver)
    elif scenario == "kill":
        sign_in(driver, pause_after_start=True)
    elif scenario == "framing":
        sign_in(driver)
        driver.get(framing_page(base + "/me"))
        frame = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "f"))
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.readyState") == "complete")
        driver.switch_to.frame(frame)
        say("framed page shown", "yes" if driver.find_elements(By.ID, "signout") else "no")
        driver.switch_to.default_content()
    say("done", "yes")
except Exception:
    traceback.print_exc()
    try:
        shot(driver, prefix + "failure")
        say("failed at", driver.current_url)
        say("page text", " / ".join(driver.find_element(By.TAG_NAME, "body").text.splitlines()))
        for entry in driver.get_log("browser"):
            say("console", entry.get("level", "") + " " + entry.get("message", ""))
    except Exception:
        pass
    sys.exit(1)
finally:
    driver.quit()
