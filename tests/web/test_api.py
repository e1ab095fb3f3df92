"""The JSON API: list, create, snapshot, actions (text or JSON), outcomes, atomic steps, undo, and
its refusals as ``{"error": {code, clause, de, en, message}}`` in the chosen language."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import PLAYERS

TEAMS = {"team_draw": "manual"}
SETUP = {"teams": [[0, 1], [2, 3]]}


def create(client: TestClient, mode: str = "table") -> dict:
    response = client.post(
        "/api/matches",
        json={"game": "kluempchen", "players": PLAYERS, "options": TEAMS, "setup": SETUP, "mode": mode},
    )
    assert response.status_code == 201, response.text
    return response.json()


def test_create_list_and_read(client: TestClient) -> None:
    snap = create(client)
    assert snap["game"] == "kluempchen" and snap["seq"] == 0 and snap["mode"] == "table"
    listed = client.get("/api/matches").json()["matches"]
    assert [m["match_id"] for m in listed] == [snap["match_id"]]
    seat_view = client.get(f"/api/matches/{snap['match_id']}?seat=0").json()
    assert seat_view["seat"] == 0 and {entry["seat"] for entry in seat_view["legal"]} == {0}


def test_action_outcome_and_steps(client: TestClient) -> None:
    snap = create(client)
    match_id = snap["match_id"]
    url = f"/api/matches/{match_id}/actions"
    after = client.post(url, json={"seq": 0, "seat": 0, "action": {"type": "Throw"}}).json()
    assert after["seq"] == 1 and after["turn"]["kind"] == "chance"
    after = client.post(url, json={"seq": 1, "outcome": {"type": "DiceOutcome", "faces": [1, 1, 1, 2, 3, 4]}}).json()
    assert after["view"]["turn"]["kept"] == [[1, 3]]
    after = client.post(url, json={"seq": 2, "outcome": "1 5 6"}).json()
    after = client.post(url, json={"seq": 3, "seat": 0, "action": "stop"}).json()
    after = client.post(
        url, json={"seq": 4, "steps": [{"seat": 1, "action": "throw"}, {"outcome": "2 2 2 3 4 5"}]}
    ).json()
    assert after["seq"] == 6
    refused = client.post(f"/api/matches/{match_id}/undo?lang=en", json={"seq": 6})
    assert refused.status_code == 422 and refused.json()["error"]["clause"] == "M-5a"  # the table saw the dice
    undone = client.post(f"/api/matches/{match_id}/undo", json={"seq": 6, "confirm": True}).json()
    assert undone["seq"] == 7 and undone["view"]["turn"]["step"] == "pre_turn"


def test_refusals_carry_code_clause_and_language(client: TestClient) -> None:
    match_id = create(client)["match_id"]
    url = f"/api/matches/{match_id}/actions"
    response = client.post(url + "?lang=en", json={"seq": 0, "seat": 0, "action": "stop"})
    assert response.status_code == 422
    error = response.json()["error"]
    assert error["code"] == "action/illegal" and error["clause"]
    assert error["message"] == error["en"]  # the sentence in the reader's language; the clause is its own field
    assert error["clause"] not in error["message"]
    assert (
        client.post(url + "?lang=de", json={"seq": 0, "seat": 0, "action": "stop"})
        .json()["error"]["message"]
        .startswith(error["de"])
    )
    response = client.post(url, json={"seq": 0, "seat": 2, "action": "throw"})
    assert response.status_code == 422 and response.json()["error"]["code"] == "turn/not_your_turn"
    response = client.post(url, json={"seq": 0, "seat": 0, "action": "dance"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "notation/invalid"
    response = client.post(url, json={"seq": 0, "seat": 9, "action": "throw"})
    assert response.status_code == 422 and response.json()["error"]["code"] == "match/invalid_seat"
    client.post(url, json={"seq": 0, "seat": 0, "action": "throw"})
    response = client.post(url, json={"seq": 1, "outcome": {"type": "DiceOutcome", "faces": [1, 1, 1, 2, 3, 7]}})
    assert response.status_code == 422 and response.json()["error"]["clause"] == "KA-36"


def test_create_refusals(client: TestClient) -> None:
    response = client.post("/api/matches?lang=en", json={"game": "skat", "players": PLAYERS})
    assert response.status_code == 422 and response.json()["error"]["code"] == "match/unknown_game"
    response = client.post("/api/matches", json={"game": "kluempchen", "players": PLAYERS[:3]})
    assert response.status_code == 422 and response.json()["error"]["clause"] == "K-1.1"


def test_a_match_without_title_is_named_after_its_game(client: TestClient) -> None:
    """Pages fall back to the game's own name, in the reader's language, not to another game's."""
    response = client.post("/api/matches", json={"game": "proempeln", "players": ["Anna", "Ben"]})
    assert response.status_code == 201, response.text
    match_id = response.json()["match_id"]
    page = client.get(f"/m/{match_id}").text
    assert "Prömpeln" in page and "Klümpchen" not in page.split("<main", 1)[-1].split("</h1>", 1)[0]
    assert "Prömpeln" in client.get("/").text


def test_a_digital_hidden_hand_game_is_not_created_without_seat_links(client: TestClient) -> None:
    """TS-2: the generic API would let anyone name any seat, so hidden hands are dealt only through links."""
    response = client.post(
        "/api/matches",
        json={"game": "preisromme", "players": PLAYERS, "mode": "digital"},
        headers={"accept-language": "en"},
    )
    assert response.status_code in (403, 422), response.text
    error = response.json()["error"]
    assert error["code"] == "seat/link_required" and error["clause"] == "TS-2"
    assert client.get("/api/matches").json()["matches"] == []


def test_a_score_sheet_of_a_hidden_hand_game_stays_open_to_the_scorer(client: TestClient) -> None:
    """A score sheet has no secrets: the scorer uses the generic routes, seat named or not."""
    response = client.post("/api/matches", json={"game": "preisromme", "players": PLAYERS, "mode": "scoresheet"})
    assert response.status_code == 201, response.text
    match_id = response.json()["match_id"]
    assert client.get(f"/api/matches/{match_id}?seat=0").status_code == 200


def _round_played(client: TestClient) -> dict[str, Any]:
    """A Klümpchen scoresheet match with its first round scored (80 each), between rounds."""
    snap: dict[str, Any] = create(client, mode="scoresheet")
    url = f"/api/matches/{snap['match_id']}/actions"
    while snap["view"]["phase"] == "play":
        seat = snap["turn"]["seats"][0]
        snap = client.post(url, json={"seq": snap["seq"], "seat": seat, "action": "score 80"}).json()
    return snap


def test_m12_a_player_nobody_expected_joins_through_the_api(client: TestClient) -> None:
    """M-12 / Klümpchen E-26 over JSON: between rounds an action that seats someone new names him
    (``player``); he is linked and named like every seat; a name seated already, a name without an
    action, and the seating step without a name are refused, nothing written."""
    snap = _round_played(client)
    match_id = snap["match_id"]
    url = f"/api/matches/{match_id}/actions"
    seq = snap["seq"]
    nameless = client.post(url + "?lang=en", json={"seq": seq, "seat": 0, "action": "join"})
    assert nameless.status_code == 422 and nameless.json()["error"]["clause"] == "M-12"
    taken = client.post(url + "?lang=en", json={"seq": seq, "seat": 0, "action": "join", "player": "anna"})
    assert taken.status_code == 422 and taken.json()["error"]["clause"] == "M-12"
    alone = client.post(url + "?lang=en", json={"seq": seq, "outcome": "1 2 3", "player": "Karl"})
    assert alone.status_code == 422
    assert client.get(f"/api/matches/{match_id}").json()["seq"] == seq  # nothing written
    joined = client.post(url, json={"seq": seq, "seat": 0, "action": "join", "player": "  Karl  "})
    assert joined.status_code == 200, joined.text
    after = joined.json()
    assert after["seq"] == seq + 1 and after["players"] == [*PLAYERS, "Karl"]


def test_m12_a_rematch_seats_who_joined_too(client: TestClient) -> None:
    """After an evening someone joined (M-12), "rematch with the same players" seats him as well; the
    teams entered for the four at the start are not carried over to five."""
    snap = _round_played(client)
    match_id = snap["match_id"]
    url = f"/api/matches/{match_id}/actions"
    client.post(url, json={"seq": snap["seq"], "seat": 0, "action": "join", "player": "Karl"}).raise_for_status()
    again = client.post(f"/m/{match_id}/rematch", data={"order": "same"}, follow_redirects=False)
    assert again.status_code == 303, again.text
    fresh = client.get(f"/api/matches/{again.headers['location'].rsplit('/', 1)[-1]}").json()
    assert fresh["players"] == [*PLAYERS, "Karl"] and fresh["mode"] == "scoresheet"
