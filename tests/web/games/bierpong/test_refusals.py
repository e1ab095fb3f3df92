"""Bad input at the Bier-Pong table page (issue 11, "Bad input"): hitting a removed cup (BP-3.1), an
extra cup that skips an adjacent one (BP-3.2), a throw while the opponents drink (BP-7.1), the wrong
seat choosing; each refused with the article in the error's data (never in the sentence), in the
reader's language, and nothing is written."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert, state
from tests.web.games.bierpong.helpers import opened, post, start

JSON = {"accept": "application/json"}


def refused(client: TestClient, match_id: str, path: str, lang: str, **data: object) -> dict[str, object]:
    seq = state(client, match_id)["seq"]
    response = client.post(f"/m/{match_id}/{path}?lang={lang}", data={"seq": seq, **data}, headers=JSON)
    assert response.status_code == 422, response.text
    assert state(client, match_id)["seq"] == seq  # nothing written
    error: dict[str, object] = response.json()["error"]
    # The article is data beside the sentences, never part of them (the page shows it as a small link).
    assert str(error["clause"]) not in str(error["de"]) and str(error["clause"]) not in str(error["en"])
    return error


def test_a_removed_cup_cannot_be_hit(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="5", flag="bounce")
    post(client, match_id, "outcome", outcome="miss")
    post(client, match_id, "act", seat="2", notation="remove 4")
    post(client, match_id, "outcome", outcome="miss")
    post(client, match_id, "outcome", outcome="miss")  # B's round is over: A throws at B again
    error = refused(client, match_id, "bierpong/hit", "en", cup="5", pair="0 1")  # the pad sends the pair too
    assert error["clause"] == "BP-3.1" and "Cup 5 has already been removed" in str(error["en"])
    assert state(client, match_id)["view"]["likely_pair"] == [0, 1]  # all or nothing: the pair was not written
    error = refused(client, match_id, "bierpong/hit", "de", cup="4", pair="0 1")
    assert "Becher 4 ist schon entfernt" in str(error["de"]) and "Becher 4" in str(error["message"])


def test_an_extra_cup_must_be_adjacent_first(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="5", flag="bounce")
    post(client, match_id, "outcome", outcome="miss")
    error = refused(client, match_id, "act", "en", seat="2", notation="remove 1")
    assert error["clause"] == "BP-3.2" and "neighbours of the special cup 5 go first" in str(error["en"])
    page = client.post(
        f"/m/{match_id}/act?lang=de",
        data={"seq": state(client, match_id)["seq"], "seat": "2", "notation": "remove 1"},
        headers=HTMX,
    )
    assert page.status_code == 422 and "Nachbarn des Specialbechers 5" in alert(page.text)


def test_no_throw_while_the_opponents_drink(client: TestClient) -> None:
    """Art 7.1 drink_lock: while B drinks its mandatory amount nobody throws at B; the pad is hidden."""
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="1")
    post(client, match_id, "outcome", outcome="miss")
    post(client, match_id, "outcome", outcome="miss")
    post(client, match_id, "outcome", outcome="miss")  # B's round over; A throws at B, B owes a drink
    page = post(client, match_id, "outcome", outcome="drinking B")
    assert 'data-testid="pad"' not in page and "Team B is drinking: no throws until it has drunk up." in page
    error = refused(client, match_id, "outcome", "en", outcome="miss")
    assert error["clause"] == "BP-7.1"


def test_toggles_that_contradict_each_other(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    seq = state(client, match_id)["seq"]
    response = client.post(
        f"/m/{match_id}/bierpong/hit?lang=en", data={"seq": seq, "cup": "3", "flag": ["save", "bounce"]}, headers=HTMX
    )
    assert response.status_code == 422 and state(client, match_id)["seq"] == seq
    response = client.post(f"/m/{match_id}/bierpong/hit?lang=en", data={"seq": seq, "cup": "3", "flag": "spin"})
    assert response.status_code == 422 and "Unknown toggle" in response.text
