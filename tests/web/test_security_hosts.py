"""Allowed hosts (issue 10, item 5): a request under a name that is not ours gets a readable 400."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stammtisch.web.app import create_app
from stammtisch.web.hosts import ALLOWED_HOSTS_VARIABLE, HostPolicy, default_hosts, host_policy, hostname_of
from tests.support.club import signed_in


def test_the_defaults_are_the_names_a_club_laptop_is_reached_by() -> None:
    policy = host_policy({})
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000", "stammtisch.local", "192.168.1.20:8000", "10.0.0.7"):
        assert policy.allows(host), host
    assert all(policy.allows(name) for name in default_hosts())
    for host in ("evil.example", "evil.example:8000", "8.8.8.8", "", None, "localhost.evil.example"):
        assert not policy.allows(host), host


def test_the_setting_names_exactly_the_allowed_hosts() -> None:
    policy = host_policy({ALLOWED_HOSTS_VARIABLE: "club.example.org, *.verein.de"})
    assert policy.allows("club.example.org") and policy.allows("club.example.org:443")
    assert policy.allows("tisch.verein.de") and not policy.allows("verein.de.evil.example")
    assert not policy.allows("localhost") and not policy.allows("192.168.1.20")
    assert host_policy({ALLOWED_HOSTS_VARIABLE: "*"}).allows("anything.example")


def test_hostname_of() -> None:
    assert hostname_of("[::1]:8000") == "::1"
    assert hostname_of("Example.ORG.:80") == "example.org"
    assert hostname_of("::1") == "::1"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_foreign_host_is_refused_readably(client: TestClient, lang: str) -> None:
    page = client.get("/", headers={"host": "evil.example", "accept-language": lang})
    assert page.status_code == 400
    assert "STAMMTISCH_ALLOWED_HOSTS" in page.text
    assert ("antwortet nicht" if lang == "de" else "does not answer") in page.text
    assert page.headers["content-security-policy"]
    api = client.get("/api/matches", headers={"host": "evil.example"})
    assert api.status_code == 400 and api.json()["error"]["code"] == "request/unknown_host"
    posted = client.post("/tournaments", data={"title": "x"}, headers={"host": "evil.example"})
    assert posted.status_code == 400


def test_the_setting_is_read_when_the_app_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ALLOWED_HOSTS_VARIABLE, "club.example.org")
    app = create_app(database_url=f"sqlite:///{tmp_path / 'hosts.sqlite3'}")
    with signed_in(TestClient(app, base_url="http://club.example.org")) as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "localhost"}).status_code == 400


def test_policy_value() -> None:
    assert HostPolicy(("*",)).allows(None)
