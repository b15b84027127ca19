"""Where a webhook may be sent: public addresses only, checked once and then connected to.

A webhook URL is user input aimed from inside our network, so `target_for(url)` parses it,
resolves the host once and refuses any address that is not globally routable (loopback,
private, link-local, CGNAT, multicast, reserved, unspecified, and those hidden inside IPv6
forms); numeric hosts written in any but the dotted-quad form (`2130706433`, `0x7f000001`,
`127.1`) are refused outright, whatever they resolve to. `post()` then connects to exactly
the checked address (no second lookup that a rebinding DNS server could answer differently),
sends the URL's Host header and TLS server name, never follows a redirect, and gives up
after one deadline and one byte budget for the whole exchange.
"""

from __future__ import annotations

import http.client
import io
import ipaddress
import re
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.utils.encoding import iri_to_uri

from games.play import conf

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

DEFAULT_PORTS = {"http": 80, "https": 443}
# The last label of a host name decides whether it is a number (as browsers and the URL
# standard read it): decimal, octal (leading 0) or hexadecimal (0x).
_NUMERIC_LABEL = re.compile(r"(0x[0-9a-f]*|[0-9]+)")
_HTTPS_CONTEXT: ssl.SSLContext | None = None


class Refused(ValueError):
    """This URL may not be used. The text is safe to show: it tells nothing of our network."""


@dataclass(frozen=True)
class Target:
    """A checked URL: where to connect (`address`) and what to ask for there."""

    scheme: str
    host: str
    port: int
    path: str
    address: str

    @property
    def host_header(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"


def resolve(host: str, port: int) -> list[str]:
    """Every address `host` resolves to: the one lookup a delivery makes (tests replace it)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [info[4][0] for info in infos]


def target_for(url: str) -> Target:
    """Check `url` and resolve it once; raises Refused before any connection is made."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise Refused("not a valid URL") from exc
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise Refused("only http and https URLs")
    if parts.username is not None or parts.password is not None:
        raise Refused("no user name or password in the URL")
    host = _ascii_host(parts.hostname or "")
    if not host:
        raise Refused("the URL has no host")
    if port == 0:  # (no server listens there; it read as "no port" and went to 80 or 443)
        raise Refused("port 0 is not a port to send to")
    port = DEFAULT_PORTS[scheme] if port is None else port
    if port in BLOCKED_PORTS:
        raise Refused(f"port {port} belongs to another protocol (mail, chat, file sharing...)")
    if _local_name(host):
        raise Refused("private address")  # (without a lookup: it would ask the local resolver)
    literal = _literal_address(host)
    addresses = [literal] if literal else _lookup(host, port)
    if not all(_allowed(address) for address in addresses):
        raise Refused("private address")
    # (the request line is ASCII: a path or query in any other letters, which the form takes,
    # goes percent-encoded as UTF-8, as a browser sends it; raw, it failed every attempt)
    path = iri_to_uri((parts.path or "/") + (f"?{parts.query}" if parts.query else ""))
    return Target(scheme=scheme, host=host, port=port, path=path, address=str(addresses[0]))


# The ports browsers will not fetch from (the Fetch standard's "bad ports"): mail, IRC, FTP,
# SSH, DNS, LDAP, NFS, SIP... Their servers read line by line, and a POST's lines, though
# ours, could still talk to them, so a webhook could make our workers probe or speak to
# them on any public host.
BLOCKED_PORTS = frozenset({
    1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101,
    102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389,
    427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636,
    989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566,
    6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
})

# Names that are never public, whatever they resolve to: loopback (RFC 6761), multicast DNS,
# home networks (RFC 8375), private use (ICANN's .internal), and common LAN suffixes.
LOCAL_SUFFIXES = ("localhost", "local", "internal", "home.arpa", "localdomain", "lan",
                  "intranet", "corp")


_HOST_NAME = re.compile(r"[a-z0-9_.-]+")


def _ascii_host(host: str) -> str:
    """The host as the resolver would be asked for it: its IDNA (ASCII) form, lower case,
    without trailing dots. getaddrinfo folds a Unicode name the same way (full-width or
    circled letters, ideographic full stops), so "ｌｏｃａｌｈｏｓｔ" and "１２７.０.０.１" are
    judged as "localhost" and "127.0.0.1", on their face, not after asking the resolver. A
    name with any other character (a space, a "%" escape) names no host."""
    if ":" in host:
        return host  # an IPv6 literal: _literal_address judges it
    try:
        name = host.rstrip(".").encode("idna").decode("ascii").lower().rstrip(".")
    except UnicodeError as exc:
        raise Refused("not a valid host name") from exc
    if name and not _HOST_NAME.fullmatch(name):
        raise Refused("not a valid host name")
    return name


def _local_name(host: str) -> bool:
    name = host.lower()
    return any(name == suffix or name.endswith("." + suffix) for suffix in LOCAL_SUFFIXES)


def _literal_address(host: str) -> Address | None:
    """The address a numeric host stands for; None for a name. Odd numeric forms are refused."""
    if ":" in host:
        if "%" in host:
            raise Refused("no IPv6 zone in the URL")
        try:
            return ipaddress.IPv6Address(host)
        except ValueError as exc:
            raise Refused("not a valid address") from exc
    try:
        return ipaddress.IPv4Address(host)  # exactly four decimal parts, no leading zeros
    except ValueError:
        pass
    if _NUMERIC_LABEL.fullmatch(host.rsplit(".", 1)[-1]):
        raise Refused("numeric address in a non-standard form")
    return None


def _lookup(host: str, port: int) -> list[Address]:
    try:
        answers = _resolve_in_time(host, port, conf.get("PLAY_WEBHOOK_DNS_TIMEOUT_SECONDS"))
        found = [ipaddress.ip_address(a.split("%", 1)[0]) for a in answers]
    except Refused:
        raise
    except (OSError, UnicodeError, ValueError) as exc:
        raise Refused("host name does not resolve") from exc
    if not found:
        raise Refused("host name does not resolve")
    return found


def _resolve_in_time(host: str, port: int, seconds: float) -> list[str]:
    """`resolve`, given `seconds`. getaddrinfo takes no timeout: a name whose DNS server never
    answers held the request saving it (its thread, its database connection) for the
    resolver's whole patience, twice per save, and a delivery past its deadline. The lookup
    runs on a thread of its own, which finishes on its own when it is given up on (it holds
    nothing else); one lookup's wait never delays another's."""
    answered = threading.Event()
    outcome: dict[str, object] = {}

    def look_up() -> None:
        try:
            outcome["answers"] = resolve(host, port)
        except Exception as exc:  # handed to the caller
            outcome["error"] = exc
        finally:
            answered.set()

    threading.Thread(target=look_up, name="webhook-dns", daemon=True).start()
    if not answered.wait(seconds):
        raise Refused("host name did not resolve in time")
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["answers"]  # type: ignore[return-value]


def _allowed(address: Address) -> bool:
    if address.is_loopback and conf.get("WEBHOOK_ALLOW_LOOPBACK"):
        return True  # tests only: their receiver listens on 127.0.0.1
    if isinstance(address, ipaddress.IPv6Address):
        if address.teredo:
            return False
        embedded = address.ipv4_mapped or address.sixtofour
        if embedded is not None:
            return _allowed(embedded)
    return _public(address)


def _public(address: Address) -> bool:
    return address.is_global and not (
        address.is_private or address.is_loopback or address.is_link_local
        or address.is_multicast or address.is_reserved or address.is_unspecified
        or (isinstance(address, ipaddress.IPv6Address) and address.is_site_local)
    )


class ResponseTooLarge(OSError):
    pass


def post(target: Target, body: bytes, headers: dict[str, str], *, timeout: float,
         max_bytes: int) -> int:
    """POST `body` to the checked address; the status code, or OSError / HTTPException."""
    deadline = time.monotonic() + timeout
    sock = socket.create_connection((target.address, target.port), timeout=timeout)
    try:
        if target.scheme == "https":
            sock.settimeout(_left(deadline))
            sock = _https_context().wrap_socket(sock, server_hostname=target.host)
        connection = http.client.HTTPConnection(target.host, target.port)
        connection.sock = _Budget(sock, deadline, max_bytes)  # so it never connects itself
        connection.request("POST", target.path, body=body,
                           headers={"Host": target.host_header, **headers})
        return connection.getresponse().status  # the body is never read
    finally:
        sock.close()


def _https_context() -> ssl.SSLContext:
    global _HTTPS_CONTEXT
    if _HTTPS_CONTEXT is None:
        _HTTPS_CONTEXT = ssl.create_default_context()
    return _HTTPS_CONTEXT


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError("timed out")
    return left


class _Budget:
    """The socket http.client talks through: one deadline and one byte budget for it all.

    A plain socket timeout restarts at every read, so a receiver sending a byte every few
    seconds could hold a delivery for ever; here each read gets only the time that is left.
    """

    def __init__(self, sock: socket.socket, deadline: float, max_bytes: int) -> None:
        self.sock, self.deadline, self.left_bytes = sock, deadline, max_bytes

    def sendall(self, data: bytes) -> None:
        self.sock.settimeout(_left(self.deadline))
        self.sock.sendall(data)

    def recv_into(self, buffer, nbytes: int = 0) -> int:
        self.sock.settimeout(_left(self.deadline))
        count = self.sock.recv_into(buffer, nbytes)
        self.left_bytes -= count
        if self.left_bytes < 0:
            raise ResponseTooLarge("response too large")
        return count

    def makefile(self, mode: str = "rb", *args, **kwargs) -> io.BufferedReader:
        return io.BufferedReader(_Reader(self))

    def close(self) -> None:
        self.sock.close()


class _Reader(io.RawIOBase):
    def __init__(self, budget: _Budget) -> None:
        self.budget = budget

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        return self.budget.recv_into(buffer)
