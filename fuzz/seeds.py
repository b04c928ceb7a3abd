#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets, from Tests/Recordings (and, for the admin target,
the admin bodies docs/EMULATOR.md shows). Usage: seeds.py OUT_DIR TARGET..."""
import base64, glob, json, os, sys, urllib.parse

ROOT = os.path.join(os.path.dirname(__file__), "..")
STATUSES = [200, 400, 401, 301, 302, 307, 308, 429, 500, 503]  # as fuzz/Targets/WireFuzz.swift reads byte 0
ENDPOINTS = {"initiate": 0, "challenge": 1, "token": 2, "introspect": 3}
HAL_STATUSES = [200, 200, 400, 401, 403, 404, 302, 307, 429, 500, 503]  # as fuzz/Targets/HALFuzz.swift reads byte 1


def recordings():
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "Recordings", "*", "*.json"))):
        with open(path) as handle:
            yield os.path.relpath(path, os.path.join(ROOT, "Tests", "Recordings")), json.load(handle)


def body_bytes(response):
    if "body" in response:
        return json.dumps(response["body"]).encode()
    return response.get("bodyText", "").encode()


def wire():
    for name, recording in recordings():
        response = recording["response"]
        endpoint = ENDPOINTS.get(recording["request"]["path"].rsplit("/", 1)[-1], 0)
        status = STATUSES.index(response["status"]) if response["status"] in STATUSES else 200
        yield name, bytes([status, endpoint]) + body_bytes(response)


def tokens():
    for name, recording in recordings():
        body = recording["response"].get("body") or {}
        if isinstance(body, dict) and "id_token" in body:
            yield name, body


def claims():
    for name, body in tokens():
        yield name, (body["id_token"] + "\n" + body.get("client_info", "")).encode()


def tokenstore():
    accounts = []
    for index, (name, body) in enumerate(tokens()):
        account = {"clientId": "00001111-aaaa-2222-bbbb-3333cccc4444",
                   "authority": "https://contoso.ciamlogin.com/contoso.onmicrosoft.com",
                   "username": "user%d@example.com" % index, "identifier": "id-%d" % index,
                   "idToken": body["id_token"], "refreshToken": body.get("refresh_token"),
                   "accessTokens": [{"token": body.get("access_token", ""), "scopes": body.get("scope", "").split(),
                                     "expiresOn": "2026-01-01T10:00:00Z", "requestedScopes": []}],
                   "signedInAt": "2026-01-01T09:00:00Z", "defaultScopes": [], "refreshAnswerLostAt": None}
        accounts.append(account)
        yield name, json.dumps({"version": 1, "accounts": [account]}, indent=2, sort_keys=True).encode()
    yield "all", json.dumps({"version": 1, "accounts": accounts}, sort_keys=True).encode()
    yield "empty", b'{"accounts":[],"version":1}'
    yield "newer", b'{"accounts":[],"version":2}'


def form():
    for name, recording in recordings():
        fields = recording["request"].get("form") or {}
        yield name, urllib.parse.urlencode(list(fields.items())).encode()


def admin():
    bodies = [
        (0, '{"seconds": 600}'), (0, '{"seconds": -86400.5}'), (0, '{"seconds": 1e300}'),
        (1, '{"endpoint":"token","status":503,"body":"busy","headers":{"Retry-After":"1"},"delayMs":0,"count":2}'),
        (1, '{"endpoint":"*","dropConnection":true,"count":1}'), (1, '{"endpoint":"initiate","delayMs":100}'),
        (2, "pbkdf2-sha256$10000$" + base64.urlsafe_b64encode(b"0123456789abcdef").decode().rstrip("=") + "$"
            + base64.urlsafe_b64encode(bytes(range(32))).decode().rstrip("=")),
    ]
    for index, (kind, body) in enumerate(bodies):
        yield "admin-%d" % index, bytes([kind]) + body.encode()


def hal():
    """V2 answers, errors and hrefs (docs/PROTOCOL.md, part V2); V2 recordings' bodies when there are some."""
    bodies = [
        (0, '{"error":"InsufficientAuthorization","continuation_token":"CT0","sign_in":"/t/api/v2.0/signin","sign_up":"/s","signup":"/o"}'),
        (0, '{"state":"interactionRequired","continuationToken":"CT1","challengeContext":{"authenticationFactor":"singleFactor"},'
            '"_embedded":{"methods":[{"id":"m1","type":"email","hint":"u***","_links":{"challenge":{"href":"{tenant}/api/v0.1/c"}}}]}}'),
        (0, '{"state":"interactionRequired","action":"verify","continuationToken":"CT2","id":"m1","type":"email","hint":"u***",'
            '"codeLength":8,"_links":{"verify":{"href":"/api/v"},"resend":{"href":"/api/r"}}}'),
        (0, '{"action":"collectAttributes","attributes":[{"attributeId":"displayName","required":true,"validationRegex":"^.+$"}]}'),
        (1, '{"error":{"code":"invalidGrant","message":"AADSTS50181: wrong","innerError":{"code":"invalid_oob_value"}}}'),
        (1, '{"error":"invalid_grant","error_description":"AADSTS70000: x","error_codes":[70000]}'),
        (2, '{"code":"AC1"}'),
        (3, '{tenant}/api/v0.1/auth/methods/email/m1/challenge'),
        (3, 'https://contoso.ciamlogin.com/contoso.onmicrosoft.com/api/v2.0/x?y=1'),
        (3, '//evil.example/api/v2.0/x'),
        (4, 'http://127.0.0.1:8080/emulator.onmicrosoft.com/oauth2/v2.0/authorize-challenge'),
        (5, '/9188040d-6c67-4c5b-b112-36a304b66dad/api/v2.0/%2e%2e/x'),
    ]
    for index, (kind, body) in enumerate(bodies):
        yield "hal-%d" % index, bytes([kind]) + body.encode()
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "Recordings", "V2", "*", "*.json"))):
        with open(path) as handle:
            recording = json.load(handle)
        name = os.path.relpath(path, os.path.join(ROOT, "Tests", "Recordings"))
        response = recording["response"]
        yield name, bytes([0]) + body_bytes(response)
        # Sorted whole, as a step's answer (6) or the entry's (7): byte 1 picks the status.
        entry = recording["request"]["path"].endswith("authorize-challenge") and "client_id" in recording["request"].get("form", {})
        status = HAL_STATUSES.index(response["status"]) if response["status"] in HAL_STATUSES else 0
        yield name + "-sorted", bytes([7 if entry else 6, status]) + body_bytes(response)


def main():
    out, targets = sys.argv[1], sys.argv[2:]
    for target in targets:
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        count = 0
        for name, data in globals()[target]():
            with open(os.path.join(folder, name.replace("/", "_")), "wb") as handle:
                handle.write(data)
            count += 1
        print("seeds for %s: %d" % (target, count), file=sys.stderr)


if __name__ == "__main__":
    main()
