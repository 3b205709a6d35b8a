"""Mail servers on 127.0.0.1 for the tests, each on a port of its own, in a thread: one that
takes mail, one that refuses it, one that takes the connection and never answers."""

from __future__ import annotations

import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.message import Message


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    received: list[Message]
    mode: str


class _Session(socketserver.StreamRequestHandler):
    server: _Server

    def say(self, line: str) -> None:
        self.wfile.write(f"{line}\r\n".encode())

    def handle(self) -> None:
        if self.server.mode == "hang":
            threading.Event().wait(60)  # takes the connection, never says a word
            return
        if self.server.mode == "refuse":
            self.say("554 No mail today")
            return
        self.say("220 fake.example ESMTP")
        while line := self.rfile.readline():
            command = line.decode().strip().upper()
            if command.startswith(("EHLO", "HELO")):
                self.say("250 fake.example")
            elif command == "DATA":
                self.say("354 go on")
                data = b""
                while (chunk := self.rfile.readline()) != b".\r\n":
                    data += chunk
                self.server.received.append(message_from_bytes(data))
                self.say("250 kept")
            elif command == "QUIT":
                self.say("221 bye")
                return
            else:  # MAIL FROM, RCPT TO, RSET, NOOP
                self.say("250 ok")


@contextmanager
def mail_server(mode: str = "take") -> Iterator[_Server]:
    """A mail server that takes mail (``received``), "refuse"s it or "hang"s."""
    server = _Server(("127.0.0.1", 0), _Session)
    server.received, server.mode = [], mode
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def port_of(server: socketserver.TCPServer) -> int:
    address = server.server_address
    assert isinstance(address, tuple)
    return int(address[1])
