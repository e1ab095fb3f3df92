"""CSRF in a real browser (issue 10, item 5): a page on a second origin (another port on 127.0.0.1)
that auto-submits a form to our app is refused (403) for every state-changing route; nothing is written."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.web.security_support import fill, routes


def attacker() -> FastAPI:
    """The other site: its page posts a form to ``target`` as soon as it loads."""
    app = FastAPI()

    @app.get("/attack", response_class=HTMLResponse)
    async def attack(target: str) -> str:
        fields = {"seq": "0", "notation": "throw", "faces": "111234", "title": "Forged", "confirm": "x"}
        inputs = "".join(f'<input name="{name}" value="{value}">' for name, value in fields.items())
        return (
            f'<!doctype html><form method="post" action="{html.escape(target)}">{inputs}</form>'
            "<script>document.forms[0].submit()</script>"
        )

    return app


def test_a_form_from_another_origin_is_refused_on_every_route(browser: Any, server: BackgroundServer) -> None:
    service = server.app.state.service
    match_id = service.create(
        "kluempchen", ["A", "B", "C", "D"], options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}
    ).match_id
    before = service.snapshot(match_id).to_json()
    posts = sorted({template for method, template in routes(server.app) if method == "POST"})
    assert "/m/{match_id}/dice" in posts and "/t/{tournament_id}/delete" in posts
    page = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    with BackgroundServer(attacker()) as evil:
        assert evil.url != server.url
        for template in posts:
            target = server.url + fill(template, match_id)
            with page.expect_response(target) as answer:
                page.goto(f"{evil.url}/attack?target={quote(target)}")
            assert answer.value.status == 403, (template, answer.value.status)
            page.wait_for_load_state()
            assert "another site" in page.content()  # the error page, or the JSON refusal of the API
    assert service.snapshot(match_id).to_json() == before
    page.goto(f"{server.url}/tournaments")
    assert "Forged" not in page.content()
    # Our own pages still post (the browser sends our Origin).
    page.locator("form[action='/tournaments'] input[name=title]").fill("Echt")
    page.locator("form[action='/tournaments'] button[type=submit]").click()
    page.wait_for_selector("text=Echt")
    page.close()
