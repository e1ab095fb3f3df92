"""A Bier-Pong evening on the web (E1–E6): teams entered or drawn by lot, a knockout with a bye,
games started from the pairings as table matches (one per pairing), the table of wins, cup
difference and cups hit from the games' logs, the champion; bad input refused in both languages;
the per-player statistics page (H30)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import state
from tests.web.games.bierpong.helpers import post


def create(client: TestClient, **form: str) -> str:
    response = client.post("/bierpong/evenings", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    return response.headers["location"].rsplit("/", 1)[-1]


def win_for_a(client: TestClient, match_id: str) -> None:
    """Team A (singles) clears a 10-cup rack: every hit in turn, no calls, no Island calls."""
    post(client, match_id, "outcome", outcome="duel A")
    post(client, match_id, "act", seat="0", notation="begin A")
    post(client, match_id, "act", seat="1", notation="side left")
    while state(client, match_id)["view"]["winner"] is None:
        data = state(client, match_id)
        asked = [
            e for e in data["legal"] if e["notation"] in ("no-call", "throw") or e["notation"].startswith("remove")
        ]
        if asked:
            post(client, match_id, "act", seat=str(asked[0]["seat"]), notation=asked[0]["notation"])
            continue
        throw = data["view"]["throw"]
        if throw["target"] == "A":
            post(client, match_id, "outcome", outcome="miss")
        elif data["view"]["phase"] == "konter":
            post(client, match_id, "outcome", outcome="miss")
        else:
            cup = data["view"]["teams"][1]["cups"].index("live") + 1
            post(client, match_id, "bierpong/hit", cup=str(cup))


def test_knockout_evening_with_a_bye_to_the_champion(client: TestClient) -> None:
    """E2: three teams: team 1 has a bye, 2 plays 3; the winner meets team 1 in the final (E5)."""
    evening = create(client, title="Freitag", format="knockout", how="entered", teams="Ana\nBen\nCem")
    page = client.get(f"/bierpong/evenings/{evening}?lang=en").text
    assert "Ana" in page and "bye" in page and 'data-start="1-2"' in page and "waits for the round before" in page
    started = client.post(
        f"/bierpong/evenings/{evening}/games", data={"round": "1", "slot": "2"}, follow_redirects=False
    )
    assert started.status_code == 303
    match_id = started.headers["location"].rsplit("/", 1)[-1]
    again = client.post(f"/bierpong/evenings/{evening}/games", data={"round": "1", "slot": "2"}, follow_redirects=False)
    assert again.headers["location"].endswith(match_id)  # one match per pairing
    assert state(client, match_id)["players"] == ["Ben", "Cem"]
    win_for_a(client, match_id)
    page = client.get(f"/bierpong/evenings/{evening}?lang=en").text
    assert 'data-start="2-1"' in page
    row = re.search(r"<th>Ben</th><td>1</td><td>1</td><td>([^<]+)</td><td>10</td>", page)
    assert row is not None, page
    final = client.post(f"/bierpong/evenings/{evening}/games", data={"round": "2", "slot": "1"}, follow_redirects=False)
    final_id = final.headers["location"].rsplit("/", 1)[-1]
    assert state(client, final_id)["players"] == ["Ana", "Ben"]
    win_for_a(client, final_id)
    page = client.get(f"/bierpong/evenings/{evening}?lang=en").text
    assert 'data-testid="champion"' in page and "<strong>Ana</strong>" in page


def test_teams_drawn_by_lot_and_round_robin(client: TestClient) -> None:
    evening = create(client, format="round_robin", how="drawn", names="Ana, Ben, Cem, Dora", size="2")
    page = client.get(f"/bierpong/evenings/{evening}?lang=en").text
    assert "teams drawn by lot" in page and page.count('data-start="') == 1  # two teams meet once
    assert "Round robin" in page


def test_bad_evening_input_is_refused_in_both_languages(client: TestClient) -> None:
    response = client.post(
        "/bierpong/evenings?lang=de", data={"how": "drawn", "names": "Ana, Ben, Cem", "size": "2", "format": "knockout"}
    )
    assert response.status_code == 422 and "3 Spieler lassen sich nicht in Teams zu 2 aufteilen" in response.text
    response = client.post(
        "/bierpong/evenings?lang=en", data={"how": "entered", "teams": "Ana\nana", "format": "knockout"}
    )
    assert response.status_code == 422 and "ana is in two teams" in response.text
    response = client.post(
        "/bierpong/evenings?lang=en", data={"how": "entered", "teams": "Ana\nBen", "format": "swiss"}
    )
    assert response.status_code == 422 and "Unknown format" in response.text
    assert client.get("/bierpong/evenings/nope?lang=en").status_code == 404


def test_statistics_page(client: TestClient) -> None:
    """H30: per player from the stored matches."""
    evening = create(client, format="knockout", how="entered", teams="Ana\nBen")
    started = client.post(
        f"/bierpong/evenings/{evening}/games", data={"round": "1", "slot": "1"}, follow_redirects=False
    )
    win_for_a(client, started.headers["location"].rsplit("/", 1)[-1])
    page = client.get("/bierpong/stats?lang=en").text
    assert 'data-player="Ana"' in page and "<td>1/1</td>" in page
