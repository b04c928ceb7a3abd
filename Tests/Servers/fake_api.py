"""A small API on 127.0.0.1 for the `nativeauth call` tests: it prints `listening PORT`, then answers
until it is killed.

  /echo            any method: 200 JSON {"method", "path", "headers" (lower-case names), "body"}
  /unauthorized-once  401 (with a Bearer challenge) to the first request, then 200 JSON
                   {"tokens": [the first Authorization, this one]}
  /redirect        302 to http://localhost:PORT/collect: this server under a host name the caller did
                   not name, so a client that followed it would show up in /collected
  /collect         records the request (method, Authorization) and answers 200
  /collected       200 JSON {"requests": [what /collect recorded]}
  /big?bytes=N     200 with N bytes of "x"
  /hostile         401 whose Bearer challenge's error_description holds a terminal escape sequence
  /hostile-headers 200 whose X-Hostile header holds ESC, BEL, a C1 control (U+0085) and U+202E
  /hostile-body    200 whose text body holds OSC title and clipboard (OSC 52) sequences, a lone CR, U+202E
  /binary-body     200 whose body holds NUL bytes
  /insufficient-scope  403 insufficient_scope whose scope holds shell syntax:
                   "User.Read;touch /tmp/nativeauth-owned $(id)"
"""
import json
import signal
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

seen = []
collected = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        url = urllib.parse.urlparse(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        authorization = self.headers.get("Authorization", "")
        if url.path == "/echo":
            self.answer(200, {"method": self.command, "path": self.path,
                              "headers": {k.lower(): v for k, v in self.headers.items()},
                              "body": body.decode("utf-8", "replace")})
        elif url.path == "/unauthorized-once":
            seen.append(authorization)
            if len(seen) == 1:
                self.answer(401, {"error": {"code": "InvalidAuthenticationToken", "message": "expired"}},
                            [("WWW-Authenticate", 'Bearer error="invalid_token", error_description="The token expired"')])
            else:
                self.answer(200, {"tokens": [seen[0], authorization]})
        elif url.path == "/redirect":
            port = self.server.server_address[1]
            self.answer(302, b"", [("Location", "http://localhost:%d/collect" % port)])
        elif url.path == "/collect":
            collected.append({"method": self.command, "authorization": authorization})
            self.answer(200, {"collected": True})
        elif url.path == "/collected":
            self.answer(200, {"requests": collected})
        elif url.path == "/hostile":
            self.answer(401, {"error": "no"},
                        [("WWW-Authenticate", 'Bearer error="invalid_token", error_description="\x1b]0;owned\x07\x1b[31mred"')])
        elif url.path == "/hostile-headers":
            # Written as raw bytes: send_header encodes Latin-1 only, and U+202E is not in it.
            self.send_response(200)
            self._headers_buffer.append(b"X-Hostile: \x1b]0;owned\x07 \xc2\x85 \xe2\x80\xaeevil\r\n")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"{}")
        elif url.path == "/hostile-body":
            self.answer(200, "line one\r\n\x1b]0;owned\x07\x1b]52;c;ZWNobyBvd25lZA==\x07\tok\rforged \u202eevil\n".encode())
        elif url.path == "/binary-body":
            self.answer(200, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x1b[2J")
        elif url.path == "/insufficient-scope":
            self.answer(403, {"error": "forbidden"},
                        [("WWW-Authenticate", 'Bearer error="insufficient_scope", scope="User.Read;touch /tmp/nativeauth-owned $(id)"')])
        elif url.path == "/big":
            size = int(urllib.parse.parse_qs(url.query).get("bytes", ["0"])[0])
            self.answer(200, b"x" * size)
        else:
            self.answer(404, {"error": "not found"})

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


# A process started from a thread of the test runner may inherit a mask that blocks SIGTERM.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print("listening %d" % server.server_address[1], flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    sys.exit(0)
