"""N concurrent users against nativeauth-web-example (through nginx): each signs in by code
(POST /api/signin, POST /api/signin/code) and calls GET /api/me ME_CALLS times, checking that the
answer is about itself. Prints sign-ins per second, p50/p99 of a sign-in and of /api/me, failures,
and sessions mixed up (a /me answer about another user). Standard library only.

    python3 bench/web_load.py BASE_URL USERS CODE [ME_CALLS]
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse

base, users, code = sys.argv[1], int(sys.argv[2]), sys.argv[3]
me_calls = int(sys.argv[4]) if len(sys.argv) > 4 else 3
parsed = urllib.parse.urlparse(base)
origin = f"{parsed.scheme}://{parsed.netloc}"
lock = threading.Lock()
signins, mes, failures, mixed = [], [], [], 0
start_barrier = threading.Barrier(users)


class User:
    def __init__(self, index):
        self.username = f"load-{index}@example.com"
        self.cookie = None
        self.connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)

    def request(self, method, path, body=None):
        headers = {"Origin": origin}
        if body is not None:
            headers["Content-Type"] = "application/json"
        if self.cookie:
            headers["Cookie"] = self.cookie
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
                answer = self.connection.getresponse()
                data = answer.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                if attempt == 1:
                    raise
                self.connection.close()
                self.connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)
        for header, value in answer.getheaders():
            if header.lower() == "set-cookie" and value.startswith("nativeauth_session="):
                self.cookie = value.split(";")[0]
        return answer.status, data

    def run(self):
        global mixed
        start_barrier.wait()
        try:
            began = time.monotonic()
            status, data = self.request("POST", "/api/signin", {"username": self.username})
            if status != 200 or json.loads(data).get("next") != "code":
                raise RuntimeError(f"signin {status} {data[:200]!r}")
            status, data = self.request("POST", "/api/signin/code", {"code": code})
            if status != 200 or json.loads(data).get("signedIn", {}).get("username") != self.username:
                raise RuntimeError(f"code {status} {data[:200]!r}")
            signed_in = time.monotonic()
            with lock:
                signins.append((began, signed_in))
            for _ in range(me_calls):
                before = time.monotonic()
                status, data = self.request("GET", "/api/me")
                after = time.monotonic()
                if status != 200:
                    raise RuntimeError(f"me {status} {data[:200]!r}")
                me = json.loads(data)
                with lock:
                    mes.append(after - before)
                    if me.get("userPrincipalName") != self.username:
                        mixed += 1
        except Exception as error:  # noqa: BLE001 — every failure is counted and shown
            with lock:
                failures.append(f"{self.username}: {error}")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


threads = [threading.Thread(target=User(index).run) for index in range(users)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
durations = [end - begin for begin, end in signins]
window = (max(end for _, end in signins) - min(begin for begin, _ in signins)) if signins else float("nan")
print(f"users {users}, /api/me calls per user {me_calls}")
print(f"sign-ins {len(signins)} in {window:.2f} s: {len(signins) / window:.1f} sign-ins/s")
print(f"sign-in (two POSTs) p50 {percentile(durations, 0.5) * 1000:.0f} ms, p99 {percentile(durations, 0.99) * 1000:.0f} ms")
print(f"/api/me p50 {percentile(mes, 0.5) * 1000:.0f} ms, p99 {percentile(mes, 0.99) * 1000:.0f} ms ({len(mes)} calls)")
print(f"failures {len(failures)}, sessions mixed up {mixed}")
for failure in failures[:10]:
    print("  " + failure)
sys.exit(1 if failures or mixed else 0)
