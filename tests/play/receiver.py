"""A webhook receiver for tests: an HTTP server on 127.0.0.1 that the test starts and stops.

It records each request, answers with the next queued status (and headers), and can hold
every answer until the test opens `gate` (bounded by `hold_seconds`), to play a slow site.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    def __init__(self, *, hold_seconds: float = 0.0) -> None:
        self.requests: list[dict] = []
        self.answers: list[tuple[int, dict[str, str]]] = []
        self.hold_seconds = hold_seconds
        self.gate = threading.Event()
        self.entered = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"path": self.path, "headers": dict(self.headers),
                                          "body": body})
                receiver.entered.set()
                if receiver.hold_seconds:
                    receiver.gate.wait(receiver.hold_seconds)
                code, headers = receiver.answers.pop(0) if receiver.answers else (200, {})
                self.send_response(code)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()
