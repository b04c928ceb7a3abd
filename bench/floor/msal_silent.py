"""The baseline of the cached-token row of bench/cli.sh: Microsoft's MSAL for Python (PyPI `msal`)
getting a cached access token in a new process, as a script would: import msal, load its token
cache from a file, build the application (which reads the authority's OpenID configuration from
the server), find the account, acquire_token_silent. MSAL insists on https, so the bench runs a
`nativeauth emulator --tls` for it; CA_FILE is the emulator's CA.

    msal_silent.py seed AUTHORITY CA_FILE CACHE_FILE REFRESH_TOKEN   # put a token in the cache
    msal_silent.py AUTHORITY CA_FILE CACHE_FILE                      # the measured run: prints the token's length
"""
import os
import sys

import msal

# requests lets REQUESTS_CA_BUNDLE or CURL_CA_BUNDLE override verify=: without them, verify= means what it says.
for variable in ("REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"):
    os.environ.pop(variable, None)

CLIENT_ID = "e1a70000-0000-4000-8000-000000000001"
SCOPES = ["User.Read"]


def application(authority, ca_file, cache):
    return msal.PublicClientApplication(CLIENT_ID, authority=authority, instance_discovery=False, verify=ca_file,
                                        token_cache=cache)


def load(cache_file):
    cache = msal.SerializableTokenCache()
    with open(cache_file, encoding="utf-8") as handle:
        cache.deserialize(handle.read())
    return cache


if sys.argv[1] == "seed":
    authority, ca_file, cache_file, refresh_token = sys.argv[2:6]
    cache = msal.SerializableTokenCache()
    result = application(authority, ca_file, cache).acquire_token_by_refresh_token(refresh_token, SCOPES)
    assert "access_token" in result, result
    with open(cache_file, "w", encoding="utf-8") as handle:
        handle.write(cache.serialize())
    print("seeded")
else:
    authority, ca_file, cache_file = sys.argv[1:4]
    app = application(authority, ca_file, load(cache_file))
    accounts = app.get_accounts()
    assert accounts, "no account in the cache"
    result = app.acquire_token_silent(SCOPES, account=accounts[0])
    assert result and "access_token" in result, result
    assert result.get("token_source") == "cache", result.get("token_source")
    print(len(result["access_token"]))
