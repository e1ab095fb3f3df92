"""A fuzzer of the HTML forms (issue 31.5), on SQLite and PostgreSQL: the forms the pages really show to
the admin (a running evening, a tournament, the bank, the members, the settings, ...) are read from
the HTML and sent back with odd values in their fields (NUL and other control characters, very long
text, numbers beyond 64 bits, negative numbers, non-ASCII and right-to-left text, markup). No answer may
be a server error and nothing may be logged with a traceback. Bounded: a seeded choice of values, a
fixed number of submissions per form."""

from __future__ import annotations

import logging
import random
from html.parser import HTMLParser

from fastapi import FastAPI

from stammtisch.club.members import Role
from tests.web.records_support import signed_in, store_app_fixture, store_url_fixture  # noqa: F401  (fixtures)
from tests.web.test_fuzz_all_routes import Tracebacks

ODD = [
    "",
    "\x00",
    "a\x00b",
    "\x01\x7f",
    "ä" * 300,
    "x" * 5000,
    str(2**63 + 5),
    "9" * 40,
    "-1",
    "-9223372036854775809",
    "0",
    "1e309",
    "NaN",
    "\u202eevil",
    "<script>alert(1)</script>",
    "=HYPERLINK(1)",
    "../../etc/passwd",
    "%00",
    "  ",
    "2026-02-30",
    "😀" * 50,
]
PER_FORM = 6


class Forms(HTMLParser):
    """The POST forms of a page: action and fields (name -> the value the page gave)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[tuple[str, str]]]] = []
        self._current: list[tuple[str, str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form" and found.get("method", "get").lower() == "post" and found.get("action", "").startswith("/"):
            self._current = []
            self.forms.append((found["action"], self._current))
        elif tag in ("input", "textarea", "select", "button") and self._current is not None and found.get("name"):
            self._current.append((found["name"], found.get("value", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._current = None


def forms_of(html: str) -> list[tuple[str, list[tuple[str, str]]]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def test_the_pages_forms_never_answer_a_server_error(store_app: FastAPI) -> None:
    app = store_app
    rng = random.Random(31)
    names = ["Anna Admin", "Tina Kasse", "Sven Schreiber", "Mia Mitglied"]
    match_id = app.state.service.create("kluempchen", names, {"mode": "digital"}).match_id
    handler = Tracebacks()
    logging.getLogger().addHandler(handler)
    sent = 0
    try:
        with signed_in(app, Role.ADMIN) as admin:
            created = admin.post("/tournaments", data={"title": "Herbstturnier"}, follow_redirects=False)
            pages = [
                "/",
                f"/m/{match_id}",
                f"/m/{match_id}/correct",
                "/tournaments",
                created.headers.get("location", "/tournaments"),
                "/bank",
                "/bank/season",
                "/members",
                "/settings",
                "/account/tokens",
                "/evenings/new",
                "/reminders",
            ]
            seen: set[str] = set()
            for page in pages:
                shown = admin.get(page)
                for action, fields in forms_of(shown.text):
                    key = action.split("?")[0]
                    if key in seen or action.endswith(("/signout", "/delete")):
                        continue
                    seen.add(key)
                    for _ in range(PER_FORM):
                        data: dict[str, list[str]] = {}
                        for name, value in fields:
                            data.setdefault(name, []).append(rng.choice(ODD) if rng.random() < 0.7 else value)
                        answer = admin.post(action, data=data, follow_redirects=False)
                        sent += 1
                        assert answer.status_code < 500, (action, data, answer.status_code)
                        assert "Traceback" not in answer.text
    finally:
        logging.getLogger().removeHandler(handler)
    assert sent >= 30  # the pages showed forms to fuzz
    assert not handler.records, [r.getMessage() for r in handler.records]


def test_the_form_parser_reads_fields() -> None:
    html = '<form method="post" action="/x"><input name="a" value="1"><textarea name="b"></textarea></form>'
    assert forms_of(html) == [("/x", [("a", "1"), ("b", "")])]
