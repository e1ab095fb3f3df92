"""R-2.1 on the score sheet (issue 25.2): a refused entry keeps every typed value and marks the field in
words, in the sheet itself (no error page swapped in); nothing is written."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX
from tests.web.test_tournament_pages import create, draw, seq_of


def _sheet(client: TestClient) -> str:
    url = create(client, 4)
    return draw(client, url, 1, seed="kept")[0]


def _post(client: TestClient, sheet: str, lang: str, **form: object):
    seq = seq_of(client.get(f"/sheet/{sheet}").text)
    return client.post(f"/sheet/{sheet}/game?lang={lang}", data={"seq": seq, **form}, headers=HTMX)


def test_r2_1_refused_entry_keeps_what_was_typed(client: TestClient) -> None:
    sheet = _sheet(client)
    before = seq_of(client.get(f"/sheet/{sheet}").text)
    answer = _post(client, sheet, "de", out="1", romme="yes", points=["", "12", "", "31"])
    assert answer.status_code == 422
    page = answer.text
    assert page.count('id="board"') == 1
    assert "Zurück zur Startseite" not in page and "<header" not in page  # the sheet, not an error page
    assert 'value="12"' in page and 'value="31"' in page
    assert re.search(r'name="out" value="1" required checked', page)
    assert re.search(r'name="romme" value="yes" checked', page)
    names = re.findall(r"<span>\d\. ([^<]+)</span>", page)
    assert f"Die Punkte von {names[2]} fehlen." in page
    assert 'aria-invalid="true" aria-describedby="mark-2"' in page and "mark-1" not in page
    assert "ein Feld braucht noch einen Blick" in page
    assert seq_of(client.get(f"/sheet/{sheet}").text) == before  # nothing written
    english = _post(client, sheet, "en", out="", points=["4", "x1", "", ""]).text
    assert "Please choose who went out (or nobody)." in english
    assert "are not a whole number from 0 to 99999" in english and 'value="x1"' in english
    assert "fields still need a look" in english


def test_r2_1_an_entry_refused_by_the_rules_keeps_the_values(client: TestClient) -> None:
    """A count no hand can hold (RA-23, the engine's check) comes back with the typed values too."""
    sheet = _sheet(client)
    answer = _post(client, sheet, "en", out="2", points=["7", "", "99999", "5"])
    if answer.status_code == 422:
        assert 'value="99999"' in answer.text and 'value="7"' in answer.text
    assert answer.text.count('id="board"') == 1


def test_pt10_refused_absent_game_keeps_what_was_typed(client: TestClient) -> None:
    """The PT-10 form too: nobody chosen as gone, a count that is no number, a count missing (PT-10's own
    refusal): the form comes back open with the typed values, the field marked; nothing is written."""
    sheet = _sheet(client)
    before = seq_of(client.get(f"/sheet/{sheet}").text)
    seq = before
    answer = client.post(
        f"/sheet/{sheet}/absent?lang=en",
        data={"seq": seq, "absent": "", "out": "1", "counts": ["", "1x", "7", ""]},
        headers=HTMX,
    )
    assert answer.status_code == 422 and answer.text.count('id="board"') == 1
    assert "Please choose who has left." in answer.text and 'value="1x"' in answer.text and 'value="7"' in answer.text
    assert 'id="absent-game" open' in answer.text
    missing = client.post(
        f"/sheet/{sheet}/absent?lang=de",
        data={"seq": seq, "absent": "4", "out": "1", "counts": ["", "12", "", ""]},
        headers=HTMX,
    )
    assert missing.status_code == 422 and 'value="12"' in missing.text
    assert re.search(r'<option value="4" selected>', missing.text)
    assert seq_of(client.get(f"/sheet/{sheet}").text) == before
