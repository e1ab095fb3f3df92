"""A cap on live-update streams per client (issue 10, item 5; issue 31): one signed-in member (all her
browsers together), one seat of a seat link, or else one IP address holds at most
``STAMMTISCH_MAX_STREAMS_PER_CLIENT`` streams (8) at once; a fresh CSRF cookie per stream does not
renew it. The stream that would go over the cap is refused with 429, ``Retry-After`` and a readable
bilingual message; the pages already open keep theirs; a closed stream frees its place."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from stammtisch.club.members import Role
from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from stammtisch.web.csrf import COOKIE, new_token
from stammtisch.web.live import DEFAULT_STREAMS_PER_CLIENT, StreamLimits, stream_owner, streams_per_client
from tests.support.club import bearer, setup_club

CAP = 3


def signed_in(app: Any, role: Role = Role.SCRIBE) -> dict[str, str]:
    """Headers of a signed-in member (reading a match needs it)."""
    return bearer(app, role)


def wait_until(condition: Any) -> None:
    for _ in range(100):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached")


def test_the_default_cap_and_its_setting() -> None:
    assert DEFAULT_STREAMS_PER_CLIENT == 8 and StreamLimits().cap == streams_per_client() == 8
    assert streams_per_client({"STAMMTISCH_MAX_STREAMS_PER_CLIENT": "20"}) == 20
    assert streams_per_client({"STAMMTISCH_MAX_STREAMS_PER_CLIENT": "0"}) == 0  # no cap
    with pytest.raises(ValueError, match="whole number"):
        streams_per_client({"STAMMTISCH_MAX_STREAMS_PER_CLIENT": "viele"})
    unlimited = StreamLimits(0)
    assert all(unlimited.acquire("ip:1") is not None for _ in range(50))


def test_whose_cap_a_stream_counts_against() -> None:
    assert stream_owner(7, ("m1", 2), "10.0.0.5") == "member:7"  # a member's devices share one cap
    assert stream_owner(None, ("m1", 2), "10.0.0.5") == "seat:m1:2"
    assert stream_owner(None, None, "10.0.0.5") == "ip:10.0.0.5"
    assert stream_owner(None, None, None) == "ip:unknown"


def test_the_stream_over_the_cap_is_refused_and_a_closed_one_frees_its_place(tmp_path: Path) -> None:
    app = create_app(database_url=f"sqlite:///{tmp_path / 'cap.sqlite3'}")
    app.state.stream_limits = StreamLimits(CAP)
    ids = setup_club(app)
    headers = signed_in(app)
    match_id = app.state.service.create("kluempchen", ["A", "B", "C", "D"]).match_id
    path = f"/m/{match_id}/events"
    scribe = f"member:{ids[Role.SCRIBE]}"
    with BackgroundServer(app) as server, contextlib.ExitStack() as streams:
        http = streams.enter_context(
            httpx.Client(base_url=server.url, timeout=10, headers=headers, cookies={COOKIE: new_token()})
        )
        opened = [streams.enter_context(http.stream("GET", path)) for _ in range(CAP)]
        assert all(stream.status_code == 200 for stream in opened)
        assert app.state.stream_limits.open_streams(scribe) == CAP
        for lang, words in (("de", "schon 3 Stammtisch-Seiten"), ("en", "already has 3 Stammtisch pages")):
            refused = http.get(path, headers={"accept-language": lang})
            assert refused.status_code == 429 and refused.headers["retry-after"] == "30"
            assert words in refused.text
        api = http.get(path, headers={"accept": "application/json"})
        assert api.status_code == 429 and api.json()["error"]["code"] == "request/too_many_streams"
        # A fresh CSRF cookie (another browser of hers, or a forged one per stream) does not renew the cap.
        fresh = streams.enter_context(
            httpx.Client(base_url=server.url, timeout=10, headers=headers, cookies={COOKIE: new_token()})
        )
        assert fresh.get(path).status_code == 429
        # Another member is not affected.
        other = streams.enter_context(
            httpx.Client(base_url=server.url, timeout=10, headers=signed_in(app, Role.MEMBER))
        )
        with other.stream("GET", path) as stream:
            assert stream.status_code == 200
        # The open pages keep their streams; closing one frees its place within a poll interval.
        opened[0].close()
        wait_until(lambda: app.state.stream_limits.open_streams(scribe) < CAP)
        with fresh.stream("GET", path) as again:
            assert again.status_code == 200
    wait_until(lambda: app.state.stream_limits.open_streams() == 0)  # nothing leaks
