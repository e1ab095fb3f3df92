"""The small always-on host of docs/deploy.md, as far as this machine allows: ``stammtisch serve
--workers 2`` on PostgreSQL, behind the settings the guide names (``STAMMTISCH_ALLOWED_HOSTS``,
``STAMMTISCH_PUBLIC_URL``, ``STAMMTISCH_SECURE_COOKIES``), with requests shaped as Caddy sends them
(the original ``Host``, ``X-Forwarded-Proto: https`` and ``X-Forwarded-For`` from 127.0.0.1, the proxy
uvicorn trusts by default). Checked: both workers run and answer as one app (writes through either,
live updates of the other phones across workers), other host names are refused, links on the pages
name the public HTTPS address, and cookies are Secure.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, make_url, text

from stammtisch.web.background import free_port
from tests.store.conftest import postgres_base_url
from tests.support.club import bearer_for_url

pytestmark = pytest.mark.postgres

PUBLIC = "stammtisch.example.org"
#: What Caddy's ``reverse_proxy`` sends along: the original host and scheme, the phone's address.
PROXY = {"host": PUBLIC, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7"}
NEW_MATCH = {
    "game": "kluempchen",
    "players": ["Anna", "Ben", "Carl", "Dora"],
    "options": {"team_draw": "manual"},
    "setup": {"teams": [[0, 1], [2, 3]]},
    "mode": "table",
}


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """A fresh PostgreSQL schema for this module's server (started once: it takes a few seconds)."""
    base = postgres_base_url()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = create_engine(base)
    with admin.begin() as connection:
        connection.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield make_url(base).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(False)
    finally:
        with admin.begin() as connection:
            connection.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture(scope="module")
def host(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``stammtisch serve --workers 2`` with the guide's settings; its base URL (loopback, like Caddy's)."""
    tmp_path = tmp_path_factory.mktemp("deploy")
    port = free_port()
    env = {
        **os.environ,
        "STAMMTISCH_DATABASE_URL": pg_url,
        "STAMMTISCH_DATA_DIR": str(tmp_path),
        "STAMMTISCH_ALLOWED_HOSTS": PUBLIC,
        "STAMMTISCH_PUBLIC_URL": f"https://{PUBLIC}",
        "STAMMTISCH_SECURE_COOKIES": "1",
        "FORWARDED_ALLOW_IPS": "127.0.0.1",
    }
    program = Path(sys.executable).parent / "stammtisch"  # the installed command, as the guide runs it
    command = [str(program), "serve", "--workers", "2", "--port", str(port)]
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/", headers=PROXY, timeout=2).status_code < 500:
                    break
            except httpx.TransportError:
                pass
            if child.poll() is not None or time.monotonic() > deadline:
                output = child.stdout.read() if child.stdout else ""
                pytest.fail(f"the server did not start:\n{output[-2000:]}")
            time.sleep(0.2)
        yield url
        assert len(_workers(child.pid)) == 2, "two worker processes serve"
    finally:
        child.terminate()
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def _workers(pid: int) -> list[int]:
    """The worker processes uvicorn's supervisor (the serve process) spawned."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


def test_only_the_public_name_is_answered(host: str) -> None:
    assert httpx.get(f"{host}/", headers={**PROXY, "host": "evil.example.com"}).status_code == 400
    assert httpx.get(f"{host}/", headers={**PROXY, "host": "127.0.0.1"}).status_code == 400  # no IPs behind a proxy
    assert httpx.get(f"{host}/", headers=PROXY).status_code in (200, 303)


def test_links_name_the_public_https_address_and_cookies_are_secure(host: str, pg_url: str) -> None:
    token = bearer_for_url(pg_url)
    with httpx.Client(base_url=host, headers={**PROXY, **token}, timeout=10) as client:
        table = client.post("/api/tables", json={"game": "preisromme", "players": ["Anna", "Ben", ""]})
        assert table.status_code == 201, table.text
        organiser = table.headers.get("set-cookie", "")
        assert "stammtisch_organiser=" in organiser and "Secure" in organiser and "HttpOnly" in organiser
        match = client.post("/api/matches", json=NEW_MATCH)
        assert match.status_code == 201, match.text
        page = client.get(f"/m/{match.json()['match_id']}")
        assert page.status_code == 200, page.text
        assert "127.0.0.1" not in page.text
        for cookie in page.headers.get_list("set-cookie"):
            assert "Secure" in cookie, cookie
        handed = client.post(f"/links/{match.json()['match_id']}/share/follow", follow_redirects=True)  # LK-2
        assert handed.status_code == 200, handed.text
        assert f'data-copy="https://{PUBLIC}/f/' in handed.text
        assert "127.0.0.1" not in handed.text
        seat = client.get(table.json()["links"]["0"], follow_redirects=False)
        assert seat.status_code == 303 and "Secure" in seat.headers["set-cookie"]


def test_two_workers_act_as_one_app_with_live_updates_across_them(host: str, pg_url: str) -> None:
    """Each write goes out on a new connection (spread over both workers); the live stream, held by
    one of them, hears every one (PostgreSQL LISTEN/NOTIFY between the workers)."""
    token = bearer_for_url(pg_url)
    created = httpx.post(f"{host}/api/matches", json=NEW_MATCH, headers={**PROXY, **token}, timeout=10)
    assert created.status_code == 201, created.text
    match_id = created.json()["match_id"]

    written: list[int] = []

    async def play() -> list[int]:
        heard: list[int] = []
        async with httpx.AsyncClient(base_url=host, headers={**PROXY, **token}, timeout=10) as stream:
            async with stream.stream("GET", f"/m/{match_id}/events") as events:
                lines = events.aiter_lines()
                snap = (await stream.get(f"/api/matches/{match_id}")).json()
                for _ in range(6):
                    async with httpx.AsyncClient(base_url=host, headers={**PROXY, **token}, timeout=10) as fresh:
                        body = _next(snap)
                        answer = await fresh.post(f"/api/matches/{match_id}/actions", json=body)
                        assert answer.status_code == 200, answer.text
                        seq = answer.json()["seq"]
                        written.append(seq)
                        snap = (await fresh.get(f"/api/matches/{match_id}")).json()
                    while seq not in heard:
                        line = await asyncio.wait_for(anext(lines), 10)
                        if line.startswith("data: "):
                            heard.append(int(json.loads(line[6:])["seq"]))
        return heard

    heard = asyncio.run(play())
    assert len(written) == 6 and set(written) <= set(heard)


def _next(snap: dict[str, object]) -> dict[str, object]:
    from bench.web_latency import next_write

    return next_write(snap)  # type: ignore[arg-type]
