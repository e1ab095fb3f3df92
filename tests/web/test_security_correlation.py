"""M-11 on the web (issue 10, item 3): every answer names its request (``X-Request-ID``: the proxy's
id if it is plain, else a fresh one), and every match event a request writes records that id and who
acted (``member:<id>`` for a signed-in member, ``seat:<n>`` through a seat link)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.correlation import actor_of
from tests.web.conftest import start_evening


def test_every_answer_names_its_request(client: TestClient) -> None:
    ids = set()
    for path in ("/", "/tournaments", "/nowhere", "/static/app.css"):
        answer = client.get(path)
        assert len(answer.headers["x-request-id"]) == 32
        ids.add(answer.headers["x-request-id"])
    assert len(ids) == 4  # fresh for each request
    assert client.get("/", headers={"x-request-id": "proxy-7.a:b"}).headers["x-request-id"] == "proxy-7.a:b"
    for odd in ("a b", "x" * 65, "<script>", ""):
        kept = client.get("/", headers={"x-request-id": odd}).headers["x-request-id"]
        assert kept != odd and len(kept) == 32


def test_events_written_by_a_request_carry_its_id_and_actor(client: TestClient, app: FastAPI) -> None:
    match_id = start_evening(client)
    service = app.state.service
    snap = service.snapshot(match_id)
    legal = snap.legal[0]
    body = {"seq": snap.seq, "seat": legal["seat"], "action": legal["notation"]}
    answer = client.post(f"/api/matches/{match_id}/actions", json=body, headers={"x-request-id": "req-1"})
    assert answer.status_code == 200, answer.text
    event = service.events(match_id)[-1]
    assert event.correlation_id == "req-1" == answer.headers["x-request-id"]
    signed_in = "session" in " ".join(client.cookies.keys())  # the auth helper's fixtures sign the client in
    assert (event.actor is not None and re.fullmatch(r"member:\d+", event.actor)) if signed_in else event.actor is None


def test_the_actor_comes_from_the_sign_in_or_the_seat_link() -> None:
    assert actor_of({"account": SimpleNamespace(member_id=3, name="Anna", role="scribe")}) == "member:3"
    assert actor_of({"seat": 2}) == "seat:2"
    assert actor_of({"account": None, "seat": True}) is None
    assert actor_of({}) is None
