"""$BROWSER for MSAL for Python's acquire_token_interactive (see msal_client.py): opens the URL in
headless Chromium, trusts the emulator's server certificate by its public key only (Chromium's
--ignore-certificate-errors-spki-list, computed from the certificate the server presents), signs in
on the emulator's page as a person would, and waits for MSAL's loopback page.

Environment: NATIVEAUTH_TEST_SECRET (the email code), NATIVEAUTH_SCREENSHOT_PREFIX."""
import base64
import hashlib
import os
import ssl
import sys
import traceback
import urllib.parse

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from headless import click, fill, log, shot, start, wait_for_title
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

url = sys.argv[-1]
prefix = os.environ.get("NATIVEAUTH_SCREENSHOT_PREFIX", "msal-")
target = urllib.parse.urlparse(url)
certificate = x509.load_pem_x509_certificate(ssl.get_server_certificate((target.hostname, target.port)).encode())
spki = certificate.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
pin = base64.b64encode(hashlib.sha256(spki).digest()).decode()
driver = start(["--ignore-certificate-errors-spki-list=" + pin])
try:
    driver.get(url)
    wait_for_title(driver, "Sign in")
    shot(driver, prefix + "01-sign-in")
    click(driver, "next")
    wait_for_title(driver, "Enter code")
    fill(driver, "code", os.environ["NATIVEAUTH_TEST_SECRET"])
    click(driver, "next")
    WebDriverWait(driver, 30).until(lambda d: "Authentication complete" in d.find_element(By.TAG_NAME, "body").text)
    log("msal: " + driver.find_element(By.TAG_NAME, "body").text.splitlines()[0])
except Exception:
    traceback.print_exc()
    try:
        log("page: " + driver.page_source[:2000])
    except Exception:
        pass
    sys.exit(1)
finally:
    driver.quit()
