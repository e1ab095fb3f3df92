"""Security headers on every answer, ``no-store`` on pages that show a seat, HEAD wherever GET
(issue 10, item 5)."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from stammtisch.web.security import CONTENT_SECURITY_POLICY
from tests.support.club import signed_in
from tests.web.preisromme_support import enter, make_app, open_table, token
from tests.web.security_support import fill, routes

ALWAYS = ("content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options")


def get_routes(app: FastAPI) -> list[str]:
    found = sorted({template for method, template in routes(app) if method == "GET"})
    assert "/m/{match_id}" in found and "/seat/{table}" in found  # the walk sees the included routers
    return found


def check_headers(response_headers: dict[str, str]) -> None:
    for name in ALWAYS:
        assert name in response_headers, name
    csp = response_headers["content-security-policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-eval" not in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert response_headers["x-content-type-options"] == "nosniff"
    assert response_headers["referrer-policy"] in ("no-referrer", "same-origin")


def test_every_get_route_carries_the_headers_and_answers_head(client: TestClient, app: FastAPI) -> None:
    for template in get_routes(app):
        path = fill(template)
        response = client.get(path, follow_redirects=False)
        check_headers(dict(response.headers))
        head = client.head(path, follow_redirects=False)
        assert head.status_code == response.status_code, (path, head.status_code)
        assert head.content == b""
        check_headers(dict(head.headers))


def test_real_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/evenings/new", "/static/app.js", "/static/htmx.min.js", "/api/matches", "/nowhere"):
        response = client.get(path)
        check_headers(dict(response.headers))
        head = client.head(path)
        assert head.status_code == response.status_code and head.content == b""
        assert head.headers.get("content-type") == response.headers.get("content-type")


def test_pages_carry_no_inline_script(client: TestClient) -> None:
    """The CSP forbids inline scripts, so no page may rely on one."""
    for path in ("/", "/evenings/new", "/preisromme/new", "/proempeln/new", "/tournaments"):
        page = client.get(path).text
        for tag in page.split("<script")[1:]:
            assert "src=" in tag.split(">", 1)[0], (path, tag[:80])
        assert " onclick=" not in page and " onload=" not in page and " onsubmit=" not in page


@pytest.fixture
def table_client() -> TestClient:
    return signed_in(TestClient(make_app(), headers={"accept-language": "de"}))


def test_seat_pages_and_the_seat_api_are_not_stored(table_client: TestClient) -> None:
    with table_client as client:
        opened = client.post("/api/preisromme", json={"players": ["Anna", "", "", ""]})
        assert opened.status_code == 201 and opened.headers["cache-control"] == "no-store"  # it holds the links
        links = open_table(client, ["Anna", "", "", ""])
        seat_token = token(links, 0)
        opened = client.get(f"/p/{seat_token}", follow_redirects=False)
        assert opened.headers["cache-control"] == "no-store"
        assert opened.headers["referrer-policy"] == "no-referrer"
        page_path = enter(client, seat_token)
        page = client.get(page_path)
        assert page.status_code == 200
        assert page.headers["cache-control"] == "no-store"
        check_headers(dict(page.headers))
        api = client.get("/api/seat", headers={"x-seat-token": seat_token})
        assert api.status_code == 200 and api.headers["cache-control"] == "no-store"
        assert client.head("/api/seat", headers={"x-seat-token": seat_token}).headers["cache-control"] == "no-store"


def test_the_policy_names_only_our_origin() -> None:
    assert "http" not in CONTENT_SECURITY_POLICY and "*" not in CONTENT_SECURITY_POLICY


def test_no_swagger_page_only_the_api_description(client: TestClient) -> None:
    """Issue 10: the Swagger page would load a CDN script the CSP forbids; it is switched off and the
    API's description stays available."""
    assert client.get("/api/docs").status_code == 404
    described = client.get("/api/openapi.json")
    assert described.status_code == 200 and described.json()["info"]["title"] == "Stammtisch"


def test_every_state_changing_route_carries_the_headers_and_no_store(client: TestClient, app: FastAPI) -> None:
    """Issue 10.5: the headers are on every answer of every route, the writes' answers included (here
    their refusals of an empty form and of a missing token), and those are never stored."""
    from tests.support.csrf import without_csrf_token

    writes = sorted({(m, t) for m, t in routes(app) if m in ("POST", "PUT", "PATCH", "DELETE")})
    assert ("POST", "/m/{match_id}/undo") in writes and ("POST", "/api/matches") in writes
    for method, template in writes:
        answer = client.request(method, fill(template), data={}, follow_redirects=False)
        check_headers(dict(answer.headers))
        assert answer.headers["cache-control"] == "no-store", (method, template)
        assert "x-request-id" in answer.headers
    without_csrf_token(client)
    for method, template in writes:
        refused = client.request(method, fill(template), data={}, follow_redirects=False)
        assert refused.status_code == 403, (method, template)
        check_headers(dict(refused.headers))


def test_no_swagger_or_redoc_page_anywhere(client: TestClient) -> None:
    for path in ("/docs", "/redoc", "/api/docs", "/api/redoc", "/docs/oauth2-redirect"):
        assert client.get(path).status_code == 404, path
