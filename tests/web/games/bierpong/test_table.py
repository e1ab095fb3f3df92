"""Bier-Pong table mode on the phone page: a new game from the form (teams of named players), the
duel (Art 8), one tap per ordinary hit and two for an Aufsetzer (Art 14), a Bombe (Art 20) with the
extra cups chosen by tapping the owner's rack adjacent-first (Art 3, BP-R03), a knock-over (Art 16),
the table events offered only at a throw (H8), and the plain-words explanation of what the rules decided."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.web.conftest import state
from tests.web.games.bierpong.helpers import opened, post, start


def cups(client: TestClient, match_id: str, team: int) -> list[str]:
    return list(state(client, match_id)["view"]["teams"][team]["cups"])


def test_new_game_form_seats_the_teams_in_order(client: TestClient) -> None:
    """Art 4, H1: team A's names then team B's; the first of each throws the duel ball."""
    page = client.get("/bierpong/new?lang=en")
    assert page.status_code == 200 and 'name="team_a"' in page.text and 'name="team_b"' in page.text
    match_id = start(client, ("Ana",), ("Ben", "Dora"))
    data = state(client, match_id)
    assert data["players"] == ["Ana", "Ben", "Dora"]
    assert [t["seats"] for t in data["view"]["teams"]] == [[0], [1, 2]]
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="duel"' in page and "only Ana (A)" in page and "only Ben (B)" in page


def test_the_home_page_offers_a_new_game(client: TestClient) -> None:
    assert "/bierpong/new" in client.get("/?lang=en").text


def test_an_ordinary_hit_is_one_tap_and_an_aufsetzer_two(client: TestClient) -> None:
    """Art 14.1, H5: tapping cup 4 enters ``hit 4``; with the bounce toggle on it is ``hit 4 bounce``."""
    match_id = start(client)
    opened(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'id="hit-form"' in page and page.count('type="submit" name="cup"') == 10  # every standing cup is a button
    post(client, match_id, "bierpong/hit", cup="4")
    post(client, match_id, "bierpong/hit", cup="9", flag="bounce")
    notations = [e["notation"] for e in state(client, match_id)["last_events"]]
    assert notations[-2:] == ["hit 4", "hit 9 bounce"]


def test_bombe_with_aufsetzer_explained_and_extra_cups_tapped_adjacent_first(client: TestClient) -> None:
    """Art 20 + Art 14 (BP-R05: Bombe + 1 bounced ball = 4 cups): cup 5 goes, team B picks three more,
    neighbours of 5 first; only those are offered as taps, and the page says so in words."""
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="5", flag="bounce")
    page = post(client, match_id, "bierpong/hit", cup="5")
    assert "Bombe + Aufsetzer (bounce) on cup 5: 3 more cups to go; team B chooses, adjacent cups first" in page
    offered = sorted(int(c) for c in re.findall(r'data-notation="remove (\d+)"', page))
    assert offered == [2, 3, 4, 6, 8, 9]
    assert cups(client, match_id, 1)[4] == "removed"
    for cup in ("2", "3", "4"):
        page = post(client, match_id, "act", seat="2", notation=f"remove {cup}")
    assert [i + 1 for i, s in enumerate(cups(client, match_id, 1)) if s == "removed"] == [2, 3, 4, 5]
    assert state(client, match_id)["view"]["round"]["team"] == "A"  # Balls Back: the pair throws again (Art 13)


def test_german_page_explains_in_german(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="5", flag="bounce", lang="de")
    page = post(client, match_id, "outcome", outcome="miss", lang="de")
    assert "Aufsetzer auf Becher 5: noch 1 Becher müssen weg; Team B wählt, Nachbarn zuerst" in page


def test_miss_defended_and_air_ball_buttons_at_a_throw(client: TestClient) -> None:
    """H5: the pad lists the throw's other results; an air ball names each defender who can catch it."""
    match_id = start(client)
    opened(client, match_id)
    page = client.get(f"/m/{match_id}?lang=en").text
    for notation in ("miss", "defended", "back own", "back far", "airball 2", "airball 3", "void", "illegal-defence"):
        assert f'data-outcome="{notation}"' in page, notation
    assert "air ball caught by Ben" in page and "air ball caught by Dora" in page


def test_table_events_only_at_a_throw(client: TestClient) -> None:
    """H8: table events are entered when the engine waits for a throw; during a choice none is offered."""
    match_id = start(client)
    opened(client, match_id)
    assert 'data-testid="events"' in client.get(f"/m/{match_id}?lang=en").text
    post(client, match_id, "bierpong/hit", cup="5", flag="bounce")
    page = post(client, match_id, "outcome", outcome="miss")  # B must choose an extra cup: a decision
    assert 'data-testid="events"' not in page and 'data-knock="A"' not in page


def test_knock_over_form(client: TestClient) -> None:
    """Art 16, BP-R17: one knocked-over own cup goes at once."""
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/knock", team="A", cup="7")
    assert cups(client, match_id, 0)[6] == "removed"


def test_drinks_are_explained_with_the_agreed_amount(client: TestClient) -> None:
    """Art 1, 2.1: after A's round B's members drink one unit per hit (Aufsetzer double), the agreed amount."""
    match_id = start(client, drink_amount="2 cl")
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="1")
    page = post(client, match_id, "outcome", outcome="miss")
    assert "Team B drinks 1 × 2 cl each, after the opponents&#39; throws." in page
    assert 'data-outcome="drank B"' in page and 'data-outcome="forgot B"' in page


def test_the_finished_game_names_the_winner(client: TestClient) -> None:
    """Art 9.1 without Konter (BP-R10 option off): the last cup ends the game."""
    match_id = start(client, ("Ana",), ("Ben",), rack="6", konter="")
    client.post(f"/m/{match_id}/outcome", data={"seq": 0, "outcome": "duel A"})
    post(client, match_id, "act", seat="0", notation="begin A")
    post(client, match_id, "act", seat="1", notation="side left")
    page = ""
    for cup in range(1, 7):
        # No Heating Up call (Art 21), no Island call on the last cup (Art 22).
        while asked := [e for e in state(client, match_id)["legal"] if e["notation"] in ("no-call", "throw")]:
            post(client, match_id, "act", seat=str(asked[0]["seat"]), notation=asked[0]["notation"])
        assert state(client, match_id)["view"]["throw"]["target"] == "B"
        page = post(client, match_id, "bierpong/hit", cup=str(cup), thrower="0", calls_shown="1")  # H33
    assert 'data-testid="winner"' in page and "Team A" in page
    assert state(client, match_id)["view"]["winner"] == "A"


def test_rerack_form_with_the_option(client: TestClient) -> None:
    """BP-R01 allow_rerack: before the first throw of A's round B may re-form; the form posts the slots;
    a wrong number of slots is refused with the clause and nothing is written."""
    match_id = client.post(
        "/api/matches",
        json={"game": "bierpong", "players": ["Ana", "Ben"], "options": {"allow_rerack": True}, "mode": "table"},
    ).json()["match_id"]
    opened_singles = [("outcome", {"outcome": "duel A"}), ("act", {"seat": "0", "notation": "begin A"})]
    for path, data in [*opened_singles, ("act", {"seat": "1", "notation": "side left"})]:
        post(client, match_id, path, **data)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-rerack="B"' in page
    seq = state(client, match_id)["seq"]
    refused = client.post(f"/m/{match_id}/bierpong/rerack", data={"seq": seq, "team": "B", "cup": ["1", "2"]})
    assert refused.status_code == 422 and state(client, match_id)["seq"] == seq
    post(client, match_id, "bierpong/rerack", team="B", cup=[str(c) for c in range(1, 11)])
    assert state(client, match_id)["last_events"][-1]["notation"] == "rerack B 1 2 3 4 5 6 7 8 9 10"
