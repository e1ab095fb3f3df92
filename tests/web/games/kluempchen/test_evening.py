"""Starting a Klümpchen evening from the form: seating order, externals, teams, unit, mode, house rules
(K-1.1, K-2.1, K-2.2, C-4.1, S-9, KA-22, KA-28)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import PLAYERS, alert, start_evening, state


def test_home_lists_matches_and_links_to_a_new_evening(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "/evenings/new" in page.text and "Noch keine Partien" in page.text
    match_id = start_evening(client)
    assert f"/m/{match_id}" in client.get("/").text


def test_form_offers_every_house_rule_with_default_and_description(client: TestClient) -> None:
    """KA-03 etc.: the declared options, their defaults marked, descriptions in the reader's language."""
    page = client.get("/evenings/new?lang=en").text
    assert "third_throw_rule" in page and "KA-03" in page
    assert "3rd throw: must improve" in page
    assert 'value="must_improve" selected' in page
    german = client.get("/evenings/new?lang=de").text
    assert "3. Wurf: muss verbessern" in german and "zuletzt gekommen" in german


def test_entered_teams_externals_unit_and_seating_order(client: TestClient) -> None:
    """K-2.1 the last arrival is seat 0; KA-22 entered teams; C-4.1 externals; KA-28 unit = base x N."""
    match_id = start_evening(client, external=["3"], base_euro="0,75")
    snap = state(client, match_id)
    assert snap["players"] == PLAYERS
    view = snap["view"]
    assert view["externals"] == [3]
    assert view["base_cents"] == 75 and view["unit_cents"] == 300
    assert [team["members"] for team in view["teams"]] == [[0, 1], [2, 3]]
    assert snap["options"]["team_draw"] == "manual" and snap["mode"] == "table"


def test_team_draw_by_dice_starts_with_the_draw(client: TestClient) -> None:
    """K-2.1/KA-22: without entered teams everybody rolls one die, the last arrival first."""
    match_id = start_evening(client, teams=False)
    snap = state(client, match_id)
    assert snap["view"]["phase"] == "draw"
    assert snap["turn"]["kind"] == "chance" and snap["turn"]["seats"] == [0]
    page = client.get(f"/m/{match_id}").text
    assert 'data-dice="1"' in page  # the pad asks for one die


def test_house_rule_choice_is_stored(client: TestClient) -> None:
    match_id = start_evening(client, opt_third_throw_rule="keep_on_fail", opt_bool=["confirmation_adds_points"])
    options = state(client, match_id)["options"]
    assert options["third_throw_rule"] == "keep_on_fail"
    assert options["confirmation_adds_points"] is False


def test_too_few_players_shows_the_form_again_with_the_rule(client: TestClient) -> None:
    """K-1.1: at least 4 players; the entered names stay in the form."""
    response = client.post("/evenings", data={"player": ["Anna", "Ben", "Carl"], "mode": "table"})
    assert response.status_code == 422
    assert "Mindestens 4 Spieler" in alert(response.text) and 'data-clause="K-1.1"' in response.text
    assert 'value="Carl"' in response.text


def test_bad_amount_bad_option_and_bad_teams_are_refused_readably(client: TestClient) -> None:
    base = {"player": PLAYERS, "mode": "table"}
    response = client.post("/evenings?lang=en", data={**base, "base_euro": "viel"})
    assert response.status_code == 422 and "not an amount in euro" in alert(response.text)
    response = client.post("/evenings?lang=en", data={**base, "opt_tower_limit": "99"})
    assert response.status_code == 422 and "tower_limit" in alert(response.text)
    response = client.post("/evenings?lang=en", data={**base, "team_draw": "manual", "team": ["1", "1", "1", "2"]})
    assert response.status_code == 422 and "at most two players" in alert(response.text)
    response = client.post("/evenings?lang=en", data={**base, "mode": "telepathy"})
    assert response.status_code == 422 and "telepathy" in alert(response.text)
