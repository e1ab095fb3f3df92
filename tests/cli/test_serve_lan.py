"""``stammtisch serve --lan`` (issue 10.4): all interfaces, the LAN address and its QR code in the
terminal, links on the pages that say the LAN address, allowed hosts that include it and
``stammtisch.local``, and the mDNS announcement registered while the server runs (checked with
zeroconf's own resolver in this process) and withdrawn when it stops.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from stammtisch.cli import lan, serve
from stammtisch.cli.app import app
from stammtisch.cli.lan import (
    MDNS_HOST,
    SERVICE_NAME,
    SERVICE_TYPE,
    Announcement,
    lan_settings,
    terminal_qr,
    url_for,
)

runner = CliRunner()


def test_public_url_is_the_first_lan_address_unless_set() -> None:
    settings = lan_settings({}, ["192.168.178.23", "10.0.0.5"], 8000)
    assert settings == {"STAMMTISCH_PUBLIC_URL": "http://192.168.178.23:8000"}
    kept = lan_settings({"STAMMTISCH_PUBLIC_URL": "https://club.example.org"}, ["192.168.178.23"], 8000)
    assert "STAMMTISCH_PUBLIC_URL" not in kept  # a proxy's name wins
    assert lan_settings({}, [], 8000) == {}  # offline: the request's host is used


def test_allowed_hosts_set_by_the_club_get_the_lan_names_added() -> None:
    settings = lan_settings({"STAMMTISCH_ALLOWED_HOSTS": "club.example.org, 192.168.178.23"}, ["192.168.178.23"], 80)
    names = settings["STAMMTISCH_ALLOWED_HOSTS"].split(",")
    assert names == ["club.example.org", "192.168.178.23", "stammtisch.local"]
    # Unset, the defaults (web.hosts) already allow every private address and stammtisch.local.
    assert "STAMMTISCH_ALLOWED_HOSTS" not in lan_settings({}, ["192.168.178.23"], 80)


def test_the_defaults_answer_the_lan_names() -> None:
    from stammtisch.web.hosts import host_policy

    policy = host_policy({})
    assert policy.allows("192.168.178.23:8000") and policy.allows("stammtisch.local:8000")
    assert policy.allows("10.1.2.3") and not policy.allows("evil.example.com")


def test_urls_leave_out_default_ports() -> None:
    assert url_for("192.168.1.2", 8000) == "http://192.168.1.2:8000"
    assert url_for("192.168.1.2", 80) == "http://192.168.1.2"
    assert url_for("club.example.org", 443, "https") == "https://club.example.org"


@pytest.mark.parametrize(
    "url", ["http://192.168.178.23:8000", "http://10.200.100.254:65535", "https://stammtisch.example.org"]
)
def test_the_terminal_qr_code_fits_80_columns(url: str) -> None:
    drawn = terminal_qr(url).splitlines()
    width = max(len(line) for line in drawn)
    assert 21 <= width <= 80  # version 1 (21 modules) and up, with its quiet zone
    assert len(drawn) <= 30  # two module rows per line: fits a laptop's terminal without scrolling
    assert set("".join(drawn)) <= set("█▀▄ ")


def test_lan_addresses_are_ipv4_without_loopback() -> None:
    for address in lan.lan_addresses():
        parsed = socket.inet_aton(address)  # IPv4
        assert not address.startswith("127.") and len(parsed) == 4


def test_the_service_info_names_stammtisch_local() -> None:
    info = Announcement(port=8123, addresses=["192.168.178.23"]).service_info()
    assert info.type == SERVICE_TYPE == "_http._tcp.local."
    assert info.name == SERVICE_NAME
    assert info.server == MDNS_HOST == "stammtisch.local."
    assert info.port == 8123
    assert info.parsed_addresses() == ["192.168.178.23"]
    assert info.properties[b"path"] == b"/"


@pytest.fixture
def zeroconf() -> Iterator[Any]:
    """A zeroconf instance on this machine's first LAN address (skipped without one, or without multicast)."""
    from zeroconf import IPVersion, Zeroconf

    addresses = lan.lan_addresses()
    if not addresses:
        pytest.skip("no LAN address on this machine")
    try:
        instance = Zeroconf(interfaces=[addresses[0]], ip_version=IPVersion.V4Only)
    except OSError as error:
        pytest.skip(f"no multicast here: {error}")
    yield instance
    instance.close()


def test_mdns_registers_on_start_and_withdraws_on_stop(zeroconf: Any) -> None:
    """Resolved by zeroconf's own resolver in this process: name, host and port as announced."""
    address = lan.lan_addresses()[0]
    name = f"Stammtisch test {os.getpid()}.{SERVICE_TYPE}"
    announcement = Announcement(port=8765, addresses=[address], name=name)
    assert announcement.start(zeroconf), announcement.warnings
    found = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=3000)
    assert found is not None
    assert found.server == "stammtisch.local." and found.port == 8765 and address in found.parsed_addresses()
    announcement.stop()
    assert zeroconf.get_service_info(SERVICE_TYPE, name, timeout=500) is None


def test_mdns_failure_only_warns() -> None:
    class NoMulticast:
        def register_service(self, info: Any, allow_name_change: bool = False) -> None:
            raise OSError("[Errno 19] No such device")

    announcement = Announcement(port=8000, addresses=["192.168.1.2"])
    assert announcement.start(NoMulticast()) is False
    assert "No such device" in announcement.warnings[0]
    announcement.stop()  # nothing to withdraw: no error either
    assert Announcement(port=8000, addresses=[]).start() is False


class _Run:
    """Stands in for uvicorn.run: records how it was called and what was announced meanwhile."""

    def __init__(self) -> None:
        self.kwargs: dict[str, Any] = {}
        self.env: dict[str, str] = {}
        self.announced: list[bool] = []

    def __call__(self, target: str, **kwargs: Any) -> None:
        self.kwargs = {"target": target, **kwargs}
        self.env = dict(os.environ)
        self.announced = [item.started for item in _Announcements.made]


class _Announcements:
    made: list[Any] = []


class _FakeAnnouncement:
    def __init__(self, port: int, addresses: list[str]) -> None:
        self.port, self.addresses, self.warnings = port, addresses, ["OSError: no multicast"]
        self.started = self.stopped = False
        _Announcements.made.append(self)

    def start(self) -> bool:
        self.started = True
        return False

    def stop(self) -> None:
        self.stopped = True


@pytest.fixture
def fake_uvicorn(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> _Run:
    import uvicorn

    run = _Run()
    _Announcements.made = []
    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(lan, "Announcement", _FakeAnnouncement)
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.168.178.23"])
    for variable in ("STAMMTISCH_PUBLIC_URL", "STAMMTISCH_ALLOWED_HOSTS", "STAMMTISCH_DATABASE_URL"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("STAMMTISCH_DATA_DIR", str(tmp_path))
    return run


def test_serve_lan_listens_everywhere_prints_address_and_qr_and_announces(fake_uvicorn: _Run) -> None:
    try:
        result = runner.invoke(app, ["serve", "--lan", "--port", "8123"])
    finally:
        os.environ.pop("STAMMTISCH_PUBLIC_URL", None)
    assert result.exit_code == 0, result.output
    assert fake_uvicorn.kwargs["host"] == "0.0.0.0" and fake_uvicorn.kwargs["port"] == 8123
    assert fake_uvicorn.kwargs["target"] == serve.APP_FACTORY and fake_uvicorn.kwargs["factory"] is True
    assert fake_uvicorn.env["STAMMTISCH_PUBLIC_URL"] == "http://192.168.178.23:8123"  # the workers' links
    assert "http://192.168.178.23:8123" in result.output and "http://stammtisch.local:8123" in result.output
    assert "█" in result.output and "scan" in result.output  # the QR code
    drawn = [line for line in result.output.splitlines() if "█" in line or "http" in line]
    assert all(len(line) <= 80 for line in drawn)  # the banner and the code fit an 80-column terminal
    (announcement,) = _Announcements.made
    assert fake_uvicorn.announced == [True]  # registered before the server ran
    assert announcement.stopped  # and withdrawn after it stopped
    assert "stammtisch.local" in result.output and "no multicast" in result.output  # the warning, not a failure


def test_serve_without_lan_stays_on_loopback(fake_uvicorn: _Run) -> None:
    result = runner.invoke(app, ["serve", "--port", "8124"])
    assert result.exit_code == 0, result.output
    assert fake_uvicorn.kwargs["host"] == "127.0.0.1"
    assert "STAMMTISCH_PUBLIC_URL" not in fake_uvicorn.env
    assert _Announcements.made == []


def test_several_workers_on_sqlite_are_refused_readably(fake_uvicorn: _Run) -> None:
    result = runner.invoke(app, ["serve", "--workers", "2"])
    assert result.exit_code == 2
    assert "PostgreSQL" in result.output and "Traceback" not in result.output
    assert fake_uvicorn.kwargs == {}  # nothing started


def test_on_a_terminal_the_code_keeps_its_colours_whatever_the_theme() -> None:
    """Light modules are blocks: on dark-on-light terminals the code would be inverted, so the escape
    codes fix white on black; a log file gets the plain characters."""
    plain = terminal_qr("http://192.168.178.23:8000")
    coloured = terminal_qr("http://192.168.178.23:8000", colour=True)
    lines = coloured.splitlines()
    assert all(line.startswith("\x1b[97;40m") and line.endswith("\x1b[0m") for line in lines)
    assert [line[len("\x1b[97;40m") : -len("\x1b[0m")] for line in lines] == plain.splitlines()
