"""PT-7 / PT-8 on the tournament page: the "Change players" form between passes (withdraw, late
arrival, replacement), refusals at a running table shown with their clause in German and English and
nothing written, the changes listed for the audit, the pass-2 draw's recipe re-deriving it from its
pool, and one-pass players listed without a place."""

from __future__ import annotations

import random
import re

from fastapi.testclient import TestClient

from stammtisch.club.tournament import draw_pass
from tests.web.conftest import alert
from tests.web.test_tournament_pages import create, draw, fill


def change(client: TestClient, url: str, leaving: str = "", joining: str = "", lang: str = "de"):
    return client.post(
        f"{url}/change?lang={lang}", data={"leaving": leaving, "joining": joining}, follow_redirects=False
    )


def play_pass(client: TestClient, url: str, pass_no: int, seed: str) -> list[str]:
    sheets = draw(client, url, pass_no, seed)
    rng = random.Random(pass_no)
    for sheet in sheets:
        fill(client, sheet, rng)
    return sheets


def test_a_replacement_between_passes_end_to_end(client: TestClient) -> None:
    """PT-7: after pass 1 Berta replaces Spielerin 3; the pass-2 draw seats Berta, not her; the
    audit recipe lists the pool and still verifies; PT-8: both are listed without a place."""
    url = create(client, 8)
    assert 'id="change-players"' in client.get(url).text  # before the first draw: open
    play_pass(client, url, 1, "eins")
    page = client.get(url).text
    assert "Spielerinnen ändern vor Durchgang 2" in page
    assert change(client, url, "3", "Berta").status_code == 303
    page = client.get(url).text
    assert "#1 vor Durchgang 2" in page and "Berta ersetzt Spielerin 3" in page
    assert "nur Durchgang 1, vor Durchgang 2 ersetzt durch Berta" in page
    sheets = play_pass(client, url, 2, "zwei")
    page = client.get(f"{url}?lang=en").text
    section = page.split('id="pass-2"', 1)[1].split("</section>", 1)[0]
    assert "Berta" in section and "Spielerin 3" not in section
    assert "order = [1, 2, 4, 5, 6, 7, 8, 9]" in section and "✓ verified" in section
    expected = draw_pass("zwei", 2, [1, 2, 4, 5, 6, 7, 8, 9])
    assert " ".join(map(str, expected.permutation)) in section
    assert len(sheets) == 2
    standings = client.get(f"{url}/standings?lang=en").text
    unranked = re.findall(r'<tr class="unranked" data-number="(\d+)"', standings)
    assert sorted(unranked) == ["3", "9"]
    assert "Pass 1 only, replaced by Berta before pass 2: listed without place or prize" in standings
    assert "Pass 2 only, in place of Spielerin 3" in standings


def test_a_running_table_refuses_every_change_with_nothing_written(client: TestClient) -> None:
    """PT-7: pass 1 drawn, not finished: the form is gone, and a posted change is refused (422)
    with tournament/pass_running's message and clause, in the reader's language."""
    url = create(client, 8)
    draw(client, url, 1, "eins")
    page = client.get(url).text
    assert 'id="change-players"' not in page and 'id="change-players-closed"' in page
    for lang, words in (("de", "an laufenden Tischen wird niemand ersetzt"), ("en", "nobody is replaced at a running")):
        refused = change(client, url, "3", "Berta", lang)
        assert refused.status_code == 422
        assert words in alert(refused.text) and 'data-clause="PT-7"' in refused.text
    page = client.get(url).text
    assert "Berta" not in page and 'id="changes"' not in page


def test_bad_change_input_is_refused_in_both_languages(client: TestClient) -> None:
    """PT-7 / PT-5: nobody chosen, an unknown number, a taken name, a withdrawn leaver: 422 with the
    clause; a malformed number: 400; an unknown tournament: 404."""
    url = create(client, 5)
    assert change(client, url, "5").status_code == 303
    cases = [
        ("", "", "Wer geht oder wer kommt?", "Who leaves or who joins?"),
        ("42", "", "keine Anmeldung Nr. 42", "no registration number 42"),
        ("1", "spielerin 2", "ist schon angemeldet", "is registered already"),
        ("5", "", "schon zurückgezogen", "withdrawn already"),
        ("1", "x" * 61, "1 bis 60 Zeichen", "1 to 60 characters"),
    ]
    for leaving, joining, german, english in cases:
        for lang, words in (("de", german), ("en", english)):
            refused = change(client, url, leaving, joining, lang)
            assert refused.status_code == 422, (leaving, joining)
            assert words in alert(refused.text), alert(refused.text)
    malformed = change(client, url, "drei")
    assert malformed.status_code == 400
    assert "Bitte eine Spielerin aus der Liste" in alert(malformed.text)
    assert change(client, "/t/nope").status_code == 404
    page = client.get(url).text
    assert page.count("<li data-seq=") == 1  # only the one accepted withdrawal


def test_withdrawn_before_the_draw_is_struck_and_not_drawn(client: TestClient) -> None:
    """PT-7: withdrawn before pass 1: struck through in the list, not in the draw, the table plan
    follows the pool (5 → 4 players: one table of four)."""
    url = create(client, 5)
    assert change(client, url, "2").status_code == 303
    page = client.get(url).text
    assert "<s>Spielerin 2</s>" in page and "zurückgezogen, spielt nicht mit" in page
    assert "Spielerinnen je Tisch in jedem Durchgang: 4</p>" in page
    draw(client, url, 1, "x")
    section = client.get(url).text.split('id="pass-1"', 1)[1].split("</section>", 1)[0]
    assert "Spielerin 2" not in section and "order = [1, 3, 4, 5]" in section
