"""Microsoft's MSAL for Python (PyPI `msal`) against `nativeauth emulator --tls`: a real client that
nobody here wrote. Usage: msal_client.py discovery|interactive AUTHORITY CA_FILE

MSAL insists on an https authority. Two ways make it accept the emulator, a host it does not know:
  - oidc_authority=ISSUER (MSAL >= 1.28): it reads ISSUER/.well-known/openid-configuration and checks
    that the document's issuer matches;
  - authority=AUTHORITY with instance_discovery=False: no instance discovery at
    login.microsoftonline.com, then AUTHORITY/v2.0/.well-known/openid-configuration.
verify=CA_FILE makes its requests session trust the emulator's CA (REQUESTS_CA_BUNDLE would too).

`interactive` signs in with acquire_token_interactive: MSAL listens on http://localhost:PORT, opens
$BROWSER (a script driving headless Chromium through the emulator's page, msal_browser.py), and
takes the answer as a form post (response_mode=form_post). Then /v1.0/me with the token, a
refresh-token grant (acquire_token_silent with force_refresh), and /v1.0/me again. Prints OK lines."""
import json
import os
import sys

import msal
import requests

# requests lets REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE (set on some machines to the system's bundle)
# override a session's verify=, which MSAL uses: without them, verify= means what it says.
for variable in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
    os.environ.pop(variable, None)

CLIENT_ID = "e1a70000-0000-4000-8000-000000000001"
mode, authority, ca_file = sys.argv[1], sys.argv[2].rstrip("/"), sys.argv[3]
base = authority.rsplit("/", 1)[0]
issuer = requests.get(authority + "/v2.0/.well-known/openid-configuration", verify=ca_file, timeout=30).json()["issuer"]


def check_endpoints(app, label):
    endpoints = [app.authority.authorization_endpoint, app.authority.token_endpoint,
                 app.authority.device_authorization_endpoint]
    assert all(url.startswith(base + "/") for url in endpoints), endpoints
    print("OK %s %s" % (label, json.dumps(endpoints)), flush=True)


def me(token):
    answer = requests.get(base + "/v1.0/me", headers={"Authorization": "Bearer " + token}, verify=ca_file, timeout=30)
    assert answer.status_code == 200, (answer.status_code, answer.text)
    return answer.json()


if mode == "discovery":
    check_endpoints(msal.PublicClientApplication(CLIENT_ID, oidc_authority=issuer, verify=ca_file), "oidc_authority")
    check_endpoints(msal.PublicClientApplication(CLIENT_ID, authority=authority, instance_discovery=False, verify=ca_file),
                    "authority")
    try:
        msal.PublicClientApplication(CLIENT_ID, oidc_authority=issuer)
        print("FAIL the system's CAs accepted the emulator", flush=True)
        sys.exit(1)
    except requests.exceptions.SSLError:
        print("OK without the CA: SSLError", flush=True)
elif mode == "interactive":
    app = msal.PublicClientApplication(CLIENT_ID, oidc_authority=issuer, verify=ca_file)
    result = app.acquire_token_interactive(["User.Read"], login_hint="alice@example.com", timeout=120)
    assert "access_token" in result, result
    claims = result["id_token_claims"]
    assert claims["preferred_username"] == "alice@example.com" and claims["iss"] == issuer, claims
    print("OK interactive: signed in as %s" % claims["preferred_username"], flush=True)
    print("OK me: %s" % me(result["access_token"])["displayName"], flush=True)
    accounts = app.get_accounts(username="alice@example.com")
    assert len(accounts) == 1, accounts
    refreshed = app.acquire_token_silent(["User.Read"], account=accounts[0], force_refresh=True)
    assert refreshed and "access_token" in refreshed, refreshed
    assert refreshed["access_token"] != result["access_token"]
    assert refreshed.get("token_source") == "identity_provider", refreshed.get("token_source")
    print("OK refresh: a new access token from the refresh-token grant", flush=True)
    print("OK me again: %s" % me(refreshed["access_token"])["mail"], flush=True)
else:
    sys.exit("unknown mode " + mode)
