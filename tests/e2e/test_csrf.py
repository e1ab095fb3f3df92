"""CSRF in a real browser (issue 10, item 5). Every form of the app, collected by walking its pages as
the admin sees them, is copied onto a page of a second origin (another port on 127.0.0.1) that
submits it as soon as it loads, with every field (a guessed ``csrf_token`` too): each is refused with
403 and a readable message, and not a row of the database changes. On our own pages ``csrf.js`` puts
the cookie's token into every form, and a form whose token was taken out is refused too."""

from __future__ import annotations

import html
import json
import random
import re
from collections import deque
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy import func, inspect, select

from stammtisch.store.tournament_sheets import tournament_service
from stammtisch.web.background import BackgroundServer
from stammtisch.web.csrf import COOKIE
from tests.club.sheets import play_sheet
from tests.e2e.conftest import PHONE
from tests.support.shots import shots_dir
from tests.web.security_support import routes

SHOTS = shots_dir("audit")
#: Pages visited at most while collecting forms (each page template is visited once).
MAX_PAGES = 80
#: Links not to follow: they leave, sign out, stream, switch the language or download.
SKIP = ("/static/", "/signout", "/events", "?lang=", "/api/", "/export", ".csv")  # .csv: downloads, no page

#: Where the walk starts: the home page and the club's pages (linked from a menu, or typed).
START = ("/", "/tournaments", "/tournaments/archived", "/members", "/settings", "/account")

#: Collects the POST forms of the page: absolute action and the fields with their current values.
COLLECT_FORMS = """() => Array.from(document.querySelectorAll('form')).filter(f =>
  (f.getAttribute('method') || 'get').toLowerCase() === 'post').map(f => ({
    action: f.action,
    fields: Array.from(f.elements).filter(e => e.name).map(e => [e.name,
      e.tagName === 'SELECT' ? (e.value || (e.options[0] && e.options[0].value) || '') :
      (e.type === 'checkbox' || e.type === 'radio') ? (e.value || 'on') : (e.value || '1')])
  }))"""


def attacker() -> FastAPI:
    """The other site: its page posts the form it is given to our server as soon as it loads."""
    app = FastAPI()

    @app.get("/attack", response_class=HTMLResponse)
    async def attack(form: str) -> str:
        given = json.loads(form)
        inputs = "".join(
            f'<input type="hidden" name="{html.escape(name)}" value="{html.escape(value)}">'
            for name, value in given["fields"]
        )
        return (
            f'<!doctype html><form method="post" action="{html.escape(given["action"])}">{inputs}</form>'
            "<script>document.forms[0].submit()</script>"
        )

    return app


def admin_page(browser: Any, server: BackgroundServer) -> Any:
    """A phone signed in as the admin (who sees every form), where the club's sign-in exists."""
    context = browser.new_context(viewport=PHONE, locale="en-US")
    try:
        from stammtisch.web.auth import club_service
        from stammtisch.web.auth.session import session_cookie
        from tests.support.club import Role, setup_club
    except ImportError:  # before the club's members and roles
        return context.new_page()
    ids = setup_club(server.app)
    account = club_service(server.app).account(ids[Role.ADMIN])
    name, value = session_cookie(server.app, account)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    return context.new_page()


def fingerprint(app: FastAPI) -> dict[str, int]:
    """Rows per table: what a forged form would have changed."""
    engine = app.state.service.repository.engine
    with engine.connect() as connection:
        return {
            table: int(connection.execute(select(func.count()).select_from(_table(engine, table))).scalar() or 0)
            for table in inspect(engine).get_table_names()
        }


def _table(engine: Any, name: str) -> Any:
    from sqlalchemy import MetaData, Table

    return Table(name, MetaData(), autoload_with=engine)


def furnish(app: FastAPI) -> None:
    """Something behind every kind of page: an evening at the table, a tournament with a played sheet,
    an archived tournament."""
    matches = app.state.service
    matches.create(
        "kluempchen", ["A", "B", "C", "D"], options={"team_draw": "manual"}, setup={"teams": [[0, 1], [2, 3]]}
    )
    tournaments = tournament_service(matches)
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["Anna", "Berta", "Clara", "Dora", "Erna"])
    sheet = tournaments.draw(tid, 1, seed="csrf").match_ids[0]
    play_sheet(matches, sheet, random.Random(3), games=1)
    old = tournaments.create("Alt").tournament_id
    tournaments.archive(old)
    fresh = tournaments.create("Neu").tournament_id  # registering and drawing
    tournaments.register_many(fresh, ["Anna", "Berta", "Clara"])
    between = tournaments.create("Zwischen").tournament_id  # pass 1 played: changing players
    tournaments.register_many(between, ["Anna", "Berta", "Clara", "Dora"])
    for match_id in tournaments.draw(between, 1, seed="eins").match_ids:
        play_sheet(matches, match_id, random.Random(4))


def collect_forms(page: Any, base: str) -> dict[str, dict[str, Any]]:
    """Every POST form reachable from the start pages, one per route (ids replaced by ``{id}``)."""
    forms: dict[str, dict[str, Any]] = {}
    queue, seen_pages = deque(base + start for start in START), set()
    while queue and len(seen_pages) < MAX_PAGES:
        url = queue.popleft()
        parts = urlsplit(url)
        if parts.path in seen_pages:
            continue
        seen_pages.add(parts.path)
        if page.goto(url).status >= 400:
            continue
        for form in page.evaluate(COLLECT_FORMS):
            if urlsplit(form["action"]).netloc == parts.netloc:  # one form per route (ids aside)
                forms.setdefault(re.sub(r"/(?:[0-9a-f]{16,}|\d+)(?=/|$)", "/{id}", urlsplit(form["action"]).path), form)
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))"):
            target = urljoin(url, href).split("#", 1)[0]
            if target.startswith(base) and not any(skip in target for skip in SKIP):
                queue.append(target)
    return forms


def test_every_form_posted_from_another_origin_is_refused(browser: Any, server: BackgroundServer) -> None:
    furnish(server.app)
    page = admin_page(browser, server)
    forms = collect_forms(page, server.url)
    posts = {template for method, template in routes(server.app) if method == "POST"}
    assert len(forms) >= 10, sorted(forms)
    for needed in (
        "/evenings",
        "/tournaments",
        "/m/{id}/undo",
        "/t/{id}/archive",
        "/t/{id}/restore",
        "/sheet/{id}/game",
    ):
        assert needed in forms, (needed, sorted(forms))
    # Our pages carry the token: csrf.js wrote the cookie's value into every POST form.
    token = next(c["value"] for c in page.context.cookies() if c["name"] == COOKIE)
    page.goto(server.url + "/tournaments")
    assert page.locator("form[method=post] input[name=csrf_token]").first.input_value() == token
    before = fingerprint(server.app)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with BackgroundServer(attacker()) as evil:
        assert urlsplit(evil.url).netloc != urlsplit(server.url).netloc
        for path, form in sorted(forms.items()):
            forged = {"action": form["action"], "fields": [f for f in form["fields"] if f[0] != "csrf_token"]}
            forged["fields"].append(["csrf_token", "guessed-" + "x" * 40])
            with page.expect_response(
                lambda r, action=form["action"]: r.url.split("?")[0] == action.split("?")[0]
            ) as answer:
                page.goto(f"{evil.url}/attack?form={quote(json.dumps(forged))}")
            assert answer.value.status == 403, (path, answer.value.status)
            page.wait_for_load_state()
            assert "another site" in page.content(), path
        page.screenshot(path=str(SHOTS / "csrf-refused.png"), full_page=True)
    assert fingerprint(server.app) == before
    print(f"forms refused from another origin: {len(forms)} of {len(posts)} POST routes: {sorted(forms)}")


def test_a_form_of_our_own_without_its_token_is_refused(browser: Any, server: BackgroundServer) -> None:
    page = admin_page(browser, server)
    page.goto(server.url + "/tournaments")
    before = fingerprint(server.app)
    form = page.locator("form[action='/tournaments']")
    form.locator("input[name=title]").fill("Ohne Schlüssel")
    # Take the token out and send the form without the submit event (csrf.js would put it back).
    with page.expect_response(lambda r: r.url.endswith("/tournaments")) as answer:
        form.evaluate(
            "f => { f.querySelector('[name=csrf_token]').remove(); HTMLFormElement.prototype.submit.call(f) }"
        )
    assert answer.value.status == 403
    page.wait_for_selector("text=security token")
    page.screenshot(path=str(SHOTS / "csrf-token-missing.png"), full_page=True)
    assert fingerprint(server.app) == before
    # With its token (the normal click) the same form works.
    page.goto(server.url + "/tournaments")
    page.locator("form[action='/tournaments'] input[name=title]").fill("Mit Schlüssel")
    page.locator("form[action='/tournaments'] button[type=submit]").click()
    page.wait_for_selector("text=Mit Schlüssel")
