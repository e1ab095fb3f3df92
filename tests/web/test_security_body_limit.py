"""Request body limits (issue 10, item 5): a body over ``STAMMTISCH_MAX_BODY_BYTES`` (64 KiB by
default) gets a readable 413, and a huge body is never read into memory."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.app import create_app
from stammtisch.web.background import BackgroundServer
from stammtisch.web.body_limit import DEFAULT_MAX_BODY_BYTES, MAX_BODY_VARIABLE, max_body_bytes
from tests.support.club import signed_in
from tests.support.csrf import csrf_headers

MIB = 1024 * 1024


def test_the_setting() -> None:
    assert max_body_bytes({}) == DEFAULT_MAX_BODY_BYTES == 65536
    assert max_body_bytes({MAX_BODY_VARIABLE: "1000"}) == 1000
    for bad in ("0", "-5", "lots"):
        with pytest.raises(ValueError, match=MAX_BODY_VARIABLE):
            max_body_bytes({MAX_BODY_VARIABLE: bad})


@pytest.mark.parametrize(("lang", "words"), [("de", "zu groß"), ("en", "too large")])
def test_a_large_form_is_refused_readably(client: TestClient, lang: str, words: str) -> None:
    title = "x" * (DEFAULT_MAX_BODY_BYTES + 10)
    page = client.post("/tournaments", data={"title": title}, headers={"accept-language": lang})
    assert page.status_code == 413 and words in page.text and "64 KiB" in page.text
    assert "xxxxxxxxxx" not in client.get("/tournaments").text


def test_a_large_json_body_is_refused(client: TestClient) -> None:
    before = client.get("/api/matches").json()
    answer = client.post("/api/matches", json={"game": "kluempchen", "title": "x" * (DEFAULT_MAX_BODY_BYTES + 1)})
    assert answer.status_code == 413
    assert answer.json()["error"]["code"] == "request/too_large"
    assert answer.json()["error"]["en"].startswith("The request is too large")
    assert client.get("/api/matches").json() == before


def chunks(size: int, count: int) -> Iterator[bytes]:
    for _ in range(count):
        yield b" " * size


def test_a_chunked_body_without_length_is_counted(client: TestClient) -> None:
    """No Content-Length: the limit is enforced while the body streams in."""
    answer = client.post("/api/matches", content=chunks(16 * 1024, 8), headers={"content-type": "application/json"})
    assert answer.status_code == 413 and answer.json()["error"]["code"] == "request/too_large"
    form = client.post(
        "/tournaments",
        content=chunks(16 * 1024, 8),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert form.status_code == 413


def test_small_bodies_pass(client: TestClient) -> None:
    assert client.post("/tournaments", data={"title": "Klein"}, follow_redirects=False).status_code in (200, 303)


def test_the_limit_follows_the_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(MAX_BODY_VARIABLE, "1000")
    app = create_app(database_url=f"sqlite:///{tmp_path / 'limit.sqlite3'}")
    with signed_in(TestClient(app)) as client:
        assert client.post("/tournaments", data={"title": "x" * 1200}).status_code == 413
        assert client.post("/tournaments", data={"title": "x" * 500}, follow_redirects=False).status_code != 413


def test_a_200_mb_body_is_not_read(app: FastAPI) -> None:
    """Driven at the ASGI level: a 200 MB chunked body; the app pulls only the first chunk."""
    pulled = 0

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        if pulled > 200:
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": b" " * MIB, "more_body": pulled < 200}

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/matches",
        "raw_path": b"/api/matches",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *csrf_headers()],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert pulled == 1


def test_a_200_mb_content_length_is_refused_before_the_body(app: FastAPI) -> None:
    """A real server: the headers announce 200 MB and no body follows; the answer comes at once."""
    with BackgroundServer(app) as server:
        host, port = server.url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as connection:
            connection.sendall(
                b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 209715200\r\n\r\n"
            )
            answer = connection.recv(65536).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]
    assert "request/too_large" in answer
