"""A tiny Kubernetes-shaped API on 127.0.0.1 for the `nativeauth token --output exec-credential`
tests: it prints `listening PORT`, then answers until it is killed.

  python3 kube_api.py CERT KEY [TOKEN_FILE]

It serves HTTPS with CERT and KEY (PEM; kubectl sends an exec plugin's token over TLS only). Every
request must carry `Authorization: Bearer TOKEN`; with TOKEN_FILE, TOKEN must be that file's content
(read at each request), else any bearer token is accepted.

  /api/v1/namespaces/default/pods   200 {"kind": "PodList", "items": []} for an accepted token, else 401
  /seen                             200 {"authorizations": [every Authorization header received, in order]}
                                    (this one needs no token)
"""
import json
import signal
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

certificate, key = sys.argv[1], sys.argv[2]
expected_file = sys.argv[3] if len(sys.argv) > 3 else None
seen = []


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def accepted(self, authorization):
        if not authorization.startswith("Bearer ") or len(authorization) <= len("Bearer "):
            return False
        if expected_file is None:
            return True
        with open(expected_file, encoding="utf-8") as handle:
            return authorization == "Bearer " + handle.read().strip()

    def do_GET(self):
        if self.path == "/seen":
            self.answer(200, {"authorizations": seen})
            return
        authorization = self.headers.get("Authorization", "")
        seen.append(authorization)
        if not self.accepted(authorization):
            self.answer(401, {"kind": "Status", "apiVersion": "v1", "status": "Failure",
                              "message": "Unauthorized", "reason": "Unauthorized", "code": 401})
        elif self.path == "/api/v1/namespaces/default/pods":
            self.answer(200, {"kind": "PodList", "apiVersion": "v1", "metadata": {}, "items": []})
        else:
            self.answer(404, {"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 404})


# A process started from a thread of the test runner may inherit a mask that blocks SIGTERM.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(certificate, key)
server.socket = context.wrap_socket(server.socket, server_side=True)
print("listening %d" % server.server_address[1], flush=True)
try:
    server.serve_forever()
except KeyboardInterrupt:
    pass
