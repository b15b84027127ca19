"""Webhook URLs: public addresses only, refused before any connection, checked address used.

Name resolution is stubbed in every test (no DNS query leaves the machine) and any attempt to
open a connection fails the test, except where a test starts its own 127.0.0.1 listener and
lets the guard reach loopback (WEBHOOK_ALLOW_LOOPBACK, a test-only setting).
"""

from __future__ import annotations

import socket
import threading

import pytest

from games.play import netguard

PUBLIC = "93.184.215.14"


@pytest.fixture(autouse=True)
def no_network(monkeypatch):
    """Stub DNS (a table of names) and make any outgoing connection fail the test."""
    names: dict[str, list[str]] = {"hooks.example.com": [PUBLIC]}
    lookups: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        lookups.append(host)
        if host not in names:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return names[host]

    def no_connection(*args, **kwargs):
        raise AssertionError(f"a connection was opened: {args}")

    monkeypatch.setattr(netguard, "resolve", resolve)
    monkeypatch.setattr(socket, "create_connection", no_connection)
    return names, lookups


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/hook", "http://127.0.0.1:8000/", "http://localhost/hook",
    "http://[::1]/hook", "http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/",
    "http://172.16.0.1/", "http://192.168.1.1/", "http://100.64.0.1/", "http://0.0.0.0/",
    "http://224.0.0.1/", "http://255.255.255.255/", "http://240.0.0.1/", "http://198.18.0.1/",
    "http://[::ffff:127.0.0.1]/", "http://[::ffff:10.0.0.1]/", "http://[fe80::1]/",
    "http://[fc00::1]/", "http://[::]/", "http://[ff02::1]/", "http://[2002:7f00:1::]/",
    "http://[64:ff9b::a00:1]/", "http://[2001:db8::1]/", "http://[::7f00:1]/",
    "http://[2001::1]/",
])
def test_private_and_special_addresses_are_refused(url, no_network):
    names, _ = no_network
    names["localhost"] = ["127.0.0.1", "::1"]

    with pytest.raises(netguard.Refused, match="private address"):
        netguard.target_for(url)


@pytest.mark.parametrize("host", [
    "2130706433", "0x7f000001", "127.1", "0177.0.0.1", "127.0.0.01", "017700000001",
    "10.1", "0x0a.0.0.1", "1.2.3.0x10", "169.254.43518",
    "２１３０７０６４３３", "０ｘ７ｆ.１",  # full-width: the resolver reads them as ASCII
])
def test_numeric_hosts_in_odd_forms_are_refused_whatever_they_resolve_to(host, no_network):
    _, lookups = no_network

    with pytest.raises(netguard.Refused, match="non-standard"):
        netguard.target_for(f"http://{host}/hook")
    assert lookups == []  # refused on its face, not after asking anyone


def test_a_name_resolving_to_any_private_address_is_refused(no_network):
    names, _ = no_network
    names["mixed.example.com"] = [PUBLIC, "10.0.0.7"]
    names["rebind.example.com"] = ["127.0.0.1"]

    for host in ("mixed.example.com", "rebind.example.com"):
        with pytest.raises(netguard.Refused, match="private address"):
            netguard.target_for(f"https://{host}/hook")


@pytest.mark.parametrize("url, reason", [
    ("ftp://hooks.example.com/", "only http and https"),
    ("file:///etc/passwd", "only http and https"),
    ("gopher://hooks.example.com/", "only http and https"),
    ("http://user:pass@hooks.example.com/", "user name or password"),
    ("http:///nohost", "no host"),
    ("http://unknown.example.com/", "does not resolve"),
    ("http://hooks.example.com:99999/", "not a valid URL"),
    ("https://hooks.example.com:0/", "port 0"),
    ("http://hooks.example.com:00/hook", "port 0"),
    ("http://[fe80::1%25eth0]/", "zone"),
    ("http://%6c%6f%63%61%6c%68%6f%73%74/", "not a valid host name"),
    ("http://hooks example.com/", "not a valid host name"),
    ("http://a..example.com/", "not a valid host name"),
])
def test_other_unusable_urls_are_refused_with_a_reason(url, reason):
    with pytest.raises(netguard.Refused, match=reason):
        netguard.target_for(url)


@pytest.mark.parametrize("port", [25, 22, 6667, 587, 53, 10080])
def test_ports_browsers_refuse_are_refused_before_any_lookup(port, no_network):
    """A webhook on a mail, SSH or IRC port of a public host would have our workers speak to
    that server; browsers refuse those ports (the Fetch standard's bad ports), so do we."""
    _, lookups = no_network

    with pytest.raises(netguard.Refused, match=f"port {port} belongs to another protocol"):
        netguard.target_for(f"http://hooks.example.com:{port}/hook")
    assert lookups == []
    assert netguard.target_for("http://hooks.example.com:8080/hook").port == 8080


def test_a_public_url_resolves_once_to_the_address_to_connect_to(no_network):
    _, lookups = no_network

    target = netguard.target_for("https://Hooks.Example.com:8443/in?game=1#frag")

    assert (target.scheme, target.host, target.port, target.address) == (
        "https", "hooks.example.com", 8443, PUBLIC)
    assert target.path == "/in?game=1"
    assert target.host_header == "hooks.example.com:8443"
    assert lookups == ["hooks.example.com"]
    assert netguard.target_for("http://[2606:4700::1111]/").host_header == "[2606:4700::1111]"


def test_a_full_width_address_is_judged_as_the_address_it_folds_to(no_network):
    _, lookups = no_network
    for host in ("１２７.０.０.１", "127.0.0.1。", "１０.０.０.１"):
        with pytest.raises(netguard.Refused, match="private address"):
            netguard.target_for(f"http://{host}/hook")
    assert lookups == []


def test_an_international_name_is_looked_up_and_sent_in_its_ascii_form(no_network):
    names, lookups = no_network
    names["xn--mnchen-3ya.example"] = [PUBLIC]
    target = netguard.target_for("https://München.example/hook")
    assert (target.host, target.host_header, lookups) == (
        "xn--mnchen-3ya.example", "xn--mnchen-3ya.example", ["xn--mnchen-3ya.example"])


def test_loopback_is_reachable_only_with_the_test_setting(settings):
    with pytest.raises(netguard.Refused):
        netguard.target_for("http://127.0.0.1:8009/")
    settings.WEBHOOK_ALLOW_LOOPBACK = True

    assert netguard.target_for("http://127.0.0.1:8009/").address == "127.0.0.1"
    with pytest.raises(netguard.Refused):  # still only loopback, nothing else private
        netguard.target_for("http://10.0.0.1/")


class StuckResolver:
    """Name resolution whose answers never come until the test lets them (bounded: 10 s)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, host: str, port: int) -> list[str]:
        with self.lock:
            self.started.append(host)
        self.release.wait(10)
        return [PUBLIC]


def test_a_lookup_that_never_answers_is_refused_without_waiting_for_it(monkeypatch, settings):
    """getaddrinfo takes no timeout: a name whose DNS server never answers held the saving
    request for the resolver's whole patience (twice per save), and a delivery attempt beyond
    its deadline. The lookup now has its own deadline, and the refusal does not wait for it."""
    stuck = StuckResolver()
    monkeypatch.setattr(netguard, "resolve", stuck)
    settings.PLAY_WEBHOOK_DNS_TIMEOUT_SECONDS = 0.05
    try:
        with pytest.raises(netguard.Refused, match="did not resolve in time"):
            netguard.target_for("https://slow-dns.example/hook")
        assert not stuck.release.is_set()  # refused while the lookup was still hanging
        assert stuck.started in ([], ["slow-dns.example"])  # (not begun yet on a busy machine)
    finally:
        stuck.release.set()


def test_a_hanging_lookup_holds_back_no_other(monkeypatch, settings):
    """Each lookup waits on its own: while several names hang, another resolves at once."""
    stuck = StuckResolver()

    def resolve(host: str, port: int) -> list[str]:
        return stuck(host, port) if host.startswith("slow-") else [PUBLIC]

    monkeypatch.setattr(netguard, "resolve", resolve)
    settings.PLAY_WEBHOOK_DNS_TIMEOUT_SECONDS = 0.05
    try:
        for n in range(8):
            with pytest.raises(netguard.Refused, match="did not resolve in time"):
                netguard.target_for(f"https://slow-{n}.example/hook")
        settings.PLAY_WEBHOOK_DNS_TIMEOUT_SECONDS = 5
        assert netguard.target_for("https://hooks.example.com/hook").address == PUBLIC
        assert not stuck.release.is_set()
    finally:
        stuck.release.set()


class SlowHeaders:
    """A 127.0.0.1 server that answers with a status line and then one header byte at a time,
    for at most `seconds` (bounded), or with headers larger than any budget."""

    def __init__(self, *, huge: bool = False, seconds: float = 3.0) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.huge, self.seconds, self.done = huge, seconds, threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        conn, _ = self.listener.accept()
        with conn:
            conn.recv(65536)
            conn.sendall(b"HTTP/1.1 200 OK\r\n")
            if self.huge:
                for _ in range(200):
                    if self.done.is_set():
                        break
                    try:
                        conn.sendall(b"X-Padding: " + b"a" * 1000 + b"\r\n")
                    except OSError:
                        break
                return
            steps = int(self.seconds / 0.1)
            for _ in range(steps):
                if self.done.wait(0.1):
                    break
                try:
                    conn.sendall(b"X")
                except OSError:
                    break

    def close(self) -> None:
        self.done.set()
        self.thread.join(10)
        self.listener.close()


@pytest.fixture
def real_sockets(monkeypatch, settings):
    monkeypatch.undo()  # this test opens connections, but only to its own 127.0.0.1 server
    settings.WEBHOOK_ALLOW_LOOPBACK = True


@pytest.mark.parametrize("huge", [False, True])
def test_a_receiver_gets_one_deadline_and_one_byte_budget(real_sockets, huge):
    server = SlowHeaders(huge=huge)
    try:
        target = netguard.target_for(f"http://127.0.0.1:{server.port}/hook")
        with pytest.raises(OSError) as refused:
            netguard.post(target, b"{}", {}, timeout=0.5, max_bytes=16384)
    finally:
        server.close()

    if huge:
        assert isinstance(refused.value, netguard.ResponseTooLarge)
    else:
        assert isinstance(refused.value, TimeoutError)
