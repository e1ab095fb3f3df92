"""PT-10 on the score-sheet page: a player who had to leave during the pass. The Schreiber books a game
through the "A player has left" form; her seat gets the highest hand count of the other losers, the
standings add it to her total (RA-24); a refusal (she is named as the winner, a count is missing)
writes nothing and is shown with its clause in German and English."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert
from tests.web.test_tournament_pages import create, draw, seq_of


def absent_game(
    client: TestClient, sheet: str, absent: str, out: str, points: list[str], romme: bool = False, lang: str = "de"
):
    form: dict[str, object] = {
        "seq": seq_of(client.get(f"/sheet/{sheet}").text),
        "absent": absent,
        "out": out,
        "counts": points,
    }
    if romme:
        form["romme"] = "yes"
    return client.post(f"/sheet/{sheet}/absent?lang={lang}", data=form, follow_redirects=False)


def one_table(client: TestClient) -> tuple[str, str]:
    url = create(client, 4)
    return url, draw(client, url, 1, "pt10")[0]


def test_pt10_form_books_the_highest_count_of_the_other_losers(client: TestClient) -> None:
    """PT-10: seat 4 left; seat 1 went out, seat 2 holds 12, seat 3 holds 31: seat 4 books 31, and
    after a Rommé-Hand (R-13.2) her count is doubled like the others'. Her total is the sum (RA-24)."""
    url, sheet = one_table(client)
    page = client.get(f"/sheet/{sheet}").text
    assert 'action="/sheet/' in page and "Eine Spielerin ist gegangen" in page
    response = absent_game(client, sheet, "4", "1", ["", "12", "31", ""])
    assert response.status_code == 303, response.text
    service = client.app.state.service
    snapshot = service.snapshot(sheet)
    assert snapshot.view["history"][-1]["penalties"] == [0, 12, 31, 31]
    response = client.post(
        f"/sheet/{sheet}/absent",
        data={"seq": snapshot.seq, "absent": "4", "out": "2", "romme": "yes", "counts": ["20", "", "7", ""]},
        headers=HTMX,
    )
    assert response.status_code == 200 and 'id="board"' in response.text
    assert service.snapshot(sheet).view["history"][-1]["penalties"] == [40, 0, 14, 40]
    absent_name = service.snapshot(sheet).players[3]
    overview = client.app.state.tournaments.overview(url.rsplit("/", 1)[1])  # built by the pages above
    results = {p.result.name: p.result for p in overview.standings.placings}
    assert results[absent_name].pass_totals[0] == 31 + 40
    assert results[absent_name].games_played == 2


def test_pt10_nobody_out_everybody_counts(client: TestClient) -> None:
    """PT-10 with RA-25: the stock ran out; her seat books the highest count of all the others."""
    _, sheet = one_table(client)
    assert absent_game(client, sheet, "1", "none", ["", "9", "15", "4"]).status_code == 303
    assert client.app.state.service.snapshot(sheet).view["history"][-1]["penalties"] == [15, 9, 15, 4]


def test_pt10_refusals_write_nothing_and_name_the_clause(client: TestClient) -> None:
    """PT-10: the absent player cannot have gone out; every other loser's count is needed. Nothing is
    written; the message is readable in German and English and carries the clause."""
    _, sheet = one_table(client)
    before = seq_of(client.get(f"/sheet/{sheet}").text)
    refused = absent_game(client, sheet, "4", "4", ["5", "5", "5", ""])
    assert refused.status_code == 422
    assert 'data-clause="PT-10"' in refused.text
    # The sentence in words; the clause behind the small "rule" link (issue 14).
    assert alert(refused.text) == "Wer den Tisch verlassen hat, kann nicht ausgemacht haben. Regel"
    assert 'data-clause="PT-10"' in refused.text
    missing = absent_game(client, sheet, "4", "1", ["", "12", "", ""], lang="en")
    assert missing.status_code == 422 and 'data-clause="PT-10"' in missing.text
    assert 'id="absent-game" open' in missing.text  # the form stays open for the correction
    assert "hand counts are needed for exactly these seats: 2, 3" in alert(missing.text)
    assert seq_of(client.get(f"/sheet/{sheet}").text) == before
    assert client.app.state.service.snapshot(sheet).view["history"] == []


def test_pt10_bad_input_is_4xx(client: TestClient) -> None:
    """PT-10: no absent seat chosen, or a count that is not a number, is a 4xx before anything is tried."""
    _, sheet = one_table(client)
    assert absent_game(client, sheet, "", "1", ["", "1", "2", ""]).status_code == 422
    assert absent_game(client, sheet, "4", "1", ["", "x", "2", ""]).status_code == 422  # back with the field marked
    assert client.app.state.service.snapshot(sheet).view["history"] == []
