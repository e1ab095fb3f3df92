"""R-2.1 on the score sheet (issue 25.2): any entered game can be corrected by the scribe. The correction is
events with who and why (the log keeps the old entries and their undo), the totals and the standings follow;
a refused correction changes nothing and comes back with what was typed, in words."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX
from tests.web.test_tournament_pages import create, draw, enter, seq_of


def _two_games(client: TestClient) -> tuple[str, str]:
    url = create(client, 4, prizes="Gans")
    (sheet,) = draw(client, url, 1, seed="fix")
    assert enter(client, sheet, "1", ["", "10", "20", "30"]).status_code == 303
    assert enter(client, sheet, "2", ["5", "", "6", "7"]).status_code == 303
    return url, sheet


def _correct(client: TestClient, sheet: str, lang: str = "de", **form: object):
    seq = seq_of(client.get(f"/sheet/{sheet}").text)
    return client.post(f"/sheet/{sheet}/correct?lang={lang}", data={"seq": seq, **form}, headers=HTMX)


def test_r2_1_a_game_is_corrected_with_who_and_why(client: TestClient) -> None:
    url, sheet = _two_games(client)
    service = client.app.state.service
    before = len(service.events(sheet))
    page = client.get(f"/sheet/{sheet}?lang=de").text
    assert "Ein eingetragenes Spiel korrigieren" in page and 'data-testid="fix-1"' in page
    assert 'value="30"' in page  # the game's counts stand in its form
    answer = _correct(client, sheet, game="1", out="1", points=["", "10", "20", "3"], why="Dieter hatte 3, nicht 30")
    assert answer.status_code == 200 and "Spiel 1 ist korrigiert" in answer.text
    history = service.snapshot(sheet).view["history"]
    assert [h["penalties"] for h in history] == [[0, 10, 20, 3], [5, 0, 6, 7]]  # game 2 stands as it was
    events = service.events(sheet)[before:]
    assert events and all(e.reason == "Dieter hatte 3, nicht 30" for e in events)
    assert all(e.actor and e.actor.startswith("member:") for e in events)
    assert any(e.kind == "undo" for e in events)
    assert "Σ 10" in client.get(f"/sheet/{sheet}").text  # seat 4: 3 + 7
    client.get(f"{url}/standings")
    overview = client.app.state.tournaments.overview(url.rsplit("/", 1)[1])
    totals = {p.result.name: p.result.pass_totals[0] for p in overview.standings.placings}
    assert totals[service.snapshot(sheet).players[3]] == 10


def test_r2_1_a_refused_correction_changes_nothing_and_keeps_the_typing(client: TestClient) -> None:
    _, sheet = _two_games(client)
    service = client.app.state.service
    seq = service.snapshot(sheet).seq
    no_reason = _correct(client, sheet, "en", game="2", out="2", points=["5", "", "6", "8"], why=" ")
    assert no_reason.status_code == 422 and "Please write briefly why it is corrected." in no_reason.text
    assert 'value="8"' in no_reason.text and no_reason.text.count('id="board"') == 1
    missing = _correct(client, sheet, "de", game="2", out="2", points=["5", "", "", "8"], why="Tippfehler")
    assert missing.status_code == 422 and "fehlen." in missing.text and 'value="Tippfehler"' in missing.text
    unknown = _correct(client, sheet, "de", game="5", out="2", points=["5", "", "6", "8"], why="x")
    assert unknown.status_code == 422 and "Spiel 5 ist nicht eingetragen." in unknown.text
    assert service.snapshot(sheet).seq == seq  # nothing written
