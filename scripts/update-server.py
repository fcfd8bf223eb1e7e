#!/usr/bin/env python3
"""A static catalog host for the updater's tests (Tests/TipsUpdaterTests), with hostile modes.

    python3 scripts/update-server.py ROOT

Binds 127.0.0.1 on a free port, prints the port on one line, and serves ROOT. A request
path is /MODE/SITE/FILE: FILE from ROOT/SITE, served the way MODE says. Bundles are the
files ending in .tipsb; `truncate`, `vanish` and `huge` treat suspension.json (the kill
switch) as they treat bundles; manifests are always served as they are except in `slow`
and `status-NNN`:

    plain       every file as it is, with an ETag (a digest of the bytes); If-None-Match
                with that ETag gets 304
    slow        sends nothing for 60 s, then closes (only the client's timeout gives
                `timedOut`)
    truncate    the bundle with its full Content-Length, but only half its bytes, then a
                clean close
    vanish      the bundle chunked, half of it, then a reset (SO_LINGER 0) mid-body
    huge        the bundle replaced by zeros without a Content-Length, up to 256 MiB,
                paced at 64 KiB per 2 ms (32 MiB/s), so all of it takes at least 8 s
    status-NNN  every request answered with status NNN
    retry-NNN   every request answered with status NNN and a Retry-After header whose
                value is the text of ROOT/SITE/retry-after (one line, as the test wrote it)

GET /stats gives what the server saw, as JSON: every request's path and If-None-Match, the
304s, and how many bytes `huge` managed to send before the client hung up. The server
exits when its standard input closes (the test process ended), so it never outlives the
tests: also when its parent process is gone, and after ten minutes in any case (not less:
under the whole suite on two shared cores a test may wait minutes between starting its
server and its first request; two minutes was seen to be too short), or after
UPDATE_SERVER_LIFETIME seconds when set (scripts/check-example-update.sh serves a whole
test run). SIGTERM
is honoured even when the test process ignores it (the disposition is inherited). Python
standard library only.
"""

import hashlib
import http.server
import json
import os
import signal
import socket
import struct
import sys
import threading
import time

ROOT = os.path.realpath(sys.argv[1])
STATS = {"requests": [], "notModified": 0, "hugeSent": 0, "hugeDone": False}
LOCK = threading.Lock()
HUGE_TOTAL = 256 << 20


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/stats":
            with LOCK:
                body = json.dumps(STATS).encode()
            return self.reply(200, body, {"Content-Type": "application/json"})
        parts = self.path.lstrip("/").split("/")
        if len(parts) != 3 or ".." in parts or any(p.startswith(".") or not p for p in parts):
            return self.reply(404, b"not found\n")
        mode, site, name = parts
        with LOCK:
            STATS["requests"].append({"path": self.path, "ifNoneMatch": self.headers.get("If-None-Match")})
        if mode.startswith("status-"):
            return self.reply(int(mode[len("status-"):]), b"nope\n")
        if mode.startswith("retry-"):
            with open(os.path.join(ROOT, site, "retry-after"), "r", encoding="utf-8") as f:
                value = f.read().strip("\n")
            return self.reply(int(mode[len("retry-"):]), b"busy\n", {"Retry-After": value})
        if mode == "slow":
            time.sleep(60)
            return
        path = os.path.join(ROOT, site, name)
        if not os.path.isfile(path):
            return self.reply(404, b"not found\n")
        with open(path, "rb") as f:
            data = f.read()
        hostile = name.endswith(".tipsb") or name == "suspension.json"
        if hostile and mode == "truncate":
            return self.truncated(data)
        if hostile and mode == "vanish":
            return self.vanish(data)
        if hostile and mode == "huge":
            return self.huge()
        etag = '"' + hashlib.sha256(data).hexdigest()[:32] + '"'
        if self.headers.get("If-None-Match") == etag:
            with LOCK:
                STATS["notModified"] += 1
            return self.reply(304, b"", {"ETag": etag})
        self.reply(200, data, {"ETag": etag})

    def reply(self, status, body, headers=None):
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def truncated(self, data):
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data[: len(data) // 2])
        self.wfile.flush()
        self.connection.shutdown(socket.SHUT_WR)
        self.close_connection = True

    def vanish(self, data):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        half = data[: len(data) // 2]
        self.wfile.write(b"%x\r\n" % len(half) + half + b"\r\n")
        self.wfile.flush()
        time.sleep(0.1)
        # A reset, not a close: the server is gone, not done.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()
        self.close_connection = True

    def huge(self):
        self.send_response(200)
        self.send_header("Connection", "close")
        self.end_headers()
        chunk = bytes(64 << 10)
        sent = 0
        try:
            while sent < HUGE_TOTAL:
                self.wfile.write(chunk)
                sent += len(chunk)
                time.sleep(0.002)
                with LOCK:
                    STATS["hugeSent"] = sent
        except OSError:
            pass
        with LOCK:
            STATS["hugeDone"] = True
        self.close_connection = True


def main():
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def watch_stdin():
        sys.stdin.read()  # EOF: the test process closed it, or is gone
        os._exit(0)
    threading.Thread(target=watch_stdin, daemon=True).start()
    parent, started = os.getppid(), time.time()
    # A copy of the pipe may live on in a sibling process, so EOF alone is not enough.
    lifetime = float(os.environ.get("UPDATE_SERVER_LIFETIME", "600"))
    while os.getppid() == parent and time.time() - started < lifetime:
        time.sleep(0.2)
    os._exit(0)


if __name__ == "__main__":
    main()
