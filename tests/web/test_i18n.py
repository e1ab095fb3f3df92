"""German and English: the language comes from ?lang=, then the cookie, then Accept-Language;
every page has the switch; every message id used in the templates has a German translation."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from stammtisch.web.i18n import catalog, choose_language, money, parse_accept_language, translator

WEB = Path(__file__).parents[2] / "src" / "stammtisch" / "web"
MESSAGE = re.compile(r"""\b_\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""")


def test_language_precedence() -> None:
    assert choose_language("en", "de", "de-DE") == "en"
    assert choose_language(None, "en", "de-DE") == "en"
    assert choose_language("fr", "xx", "fr-FR, en-GB;q=0.8, de;q=0.5") == "en"
    assert choose_language(None, None, "de-AT,de;q=0.9") == "de"
    assert choose_language(None, None, None) == "de"
    assert parse_accept_language("en;q=0.2, de;q=0.9, *;q=0.1") == ["de", "en"]


def test_query_sets_a_cookie_that_sticks(client: TestClient) -> None:
    page = client.get("/?lang=en")
    assert "lang=en" in page.headers["set-cookie"]
    assert '<html lang="en">' in page.text and "Start a new Klümpchen evening" in page.text
    assert '<html lang="en">' in client.get("/").text  # the cookie wins over Accept-Language: de
    assert "Neuen Klümpchen-Abend beginnen" in client.get("/?lang=de").text


def test_accept_language_without_cookie(client: TestClient) -> None:
    client.cookies.clear()
    assert '<html lang="en">' in client.get("/", headers={"accept-language": "en-US,en;q=0.9"}).text
    assert '<html lang="de">' in client.get("/", headers={"accept-language": "de-DE"}).text


def test_every_page_has_the_language_switch(client: TestClient) -> None:
    from tests.web.conftest import start_evening

    match_id = start_evening(client)
    for path in ("/", "/evenings/new", f"/m/{match_id}", f"/m/{match_id}?seat=1", "/m/unknown"):
        page = client.get(path).text
        assert 'hreflang="en"' in page or 'hreflang="de"' in page, path
    switch = client.get(f"/m/{match_id}?seat=1&lang=de").text
    assert f'href="/m/{match_id}?seat=1&amp;lang=en"' in switch


def test_catalogs_cover_every_message() -> None:
    ids = set()
    for path in [*WEB.rglob("*.html"), *WEB.rglob("*.py")]:
        ids.update(match.group(1)[1:-1] for match in MESSAGE.finditer(path.read_text(encoding="utf-8")))
    german = catalog("de")
    missing = sorted(ids - set(german))
    assert not missing, f"add German translations to web/locale/de/LC_MESSAGES/messages.po: {missing}"
    assert translator("de")("Round %(n)s", n=2) == "Runde 2"
    assert translator("en")("Round %(n)s", n=2) == "Round 2"


def test_money_in_the_readers_format() -> None:
    assert money(250, "de") == "2,50\xa0€"
    assert money(250, "en") == "€2.50"
