"""Table mode: the scribe enters the dice read off the table (KA-36), throw and faces in one atomic
submission; set-aside dice, throws used and points show on the page; undo corrects a typo."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert, start_evening, state


def test_page_shows_whose_turn_with_team_and_role(client: TestClient) -> None:
    match_id = start_evening(client)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert "Anna &amp; Ben" in page and "throws first" in page
    assert 'class="who">Anna<' in page
    assert 'data-testid="pad"' in page and 'data-dice="6"' in page
    assert 'data-testid="joker"' in page and 'data-notation="joker"' in page  # apart, behind one more tap
    assert 'data-notation="away"' in page  # the owner may be reported away, then his partner stands in (K-16)


def test_throw_and_faces_are_one_submission(client: TestClient) -> None:
    """K-6.5: three equal dice after the 1st throw are set aside; throw 2 is due at once (KA-02)."""
    match_id = start_evening(client)
    seq = state(client, match_id)["seq"]
    response = client.post(
        f"/m/{match_id}/dice?lang=en",
        data={"seq": seq, "seat": "0", "notation": "throw", "faces": "1 1 1 2 3 4"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert response.text.startswith('<div id="board"')  # HTMX gets the fragment only
    snap = state(client, match_id)
    assert snap["seq"] == seq + 2
    assert snap["view"]["turn"]["kept"] == [[1, 3]] and snap["view"]["turn"]["free"] == 3
    assert 'data-testid="pending">10<' in response.text
    assert "throw 3 dice" in response.text and 'data-dice="3"' in response.text


def test_full_turn_then_partner_scores_for_the_team(client: TestClient) -> None:
    """K-5.1: P1 puts up 20, P2 reaches something countable: the team scores both (24)."""
    match_id = start_evening(client)
    steps = [
        {"seat": "0", "notation": "throw", "faces": "111234"},
        {"faces": "1 5 6"},
    ]
    for step in steps:
        seq = state(client, match_id)["seq"]
        assert client.post(f"/m/{match_id}/dice", data={"seq": seq, **step}).status_code in (200, 303)
    seq = state(client, match_id)["seq"]
    response = client.post(f"/m/{match_id}/act", data={"seq": seq, "seat": "0", "notation": "stop"}, headers=HTMX)
    assert response.status_code == 200 and 'class="who">Ben<' in response.text
    for step in ({"seat": "1", "notation": "throw", "faces": "2 2 2 3 4 5"}, {"faces": "2 5 6"}):
        seq = state(client, match_id)["seq"]
        client.post(f"/m/{match_id}/dice", data={"seq": seq, **step})
    seq = state(client, match_id)["seq"]
    page = client.post(f"/m/{match_id}/act?lang=en", data={"seq": seq, "seat": "1", "notation": "stop"}, headers=HTMX)
    assert 'data-testid="score-0">24<' in page.text
    assert 'class="who">Carl<' in page.text


def test_plain_form_post_redirects_to_the_page(client: TestClient) -> None:
    match_id = start_evening(client)
    response = client.post(
        f"/m/{match_id}/dice",
        data={"seq": 0, "seat": "0", "notation": "throw", "faces": "1 1 1 2 3 4"},
        follow_redirects=False,
    )
    assert response.status_code == 303 and response.headers["location"] == f"/m/{match_id}"


def test_impossible_faces_are_refused_with_the_clause(client: TestClient) -> None:
    """KA-36: faces outside 1-6 and a wrong number of dice are data errors; nothing is written."""
    match_id = start_evening(client)
    for faces, status, message in (
        ("1 1 1 2 3 9", 400, "faces 1-6"),
        ("1 2 3", 422, "3 dice entered but 6 are in the cup"),
    ):
        response = client.post(
            f"/m/{match_id}/dice?lang=en",
            data={"seq": 0, "seat": "0", "notation": "throw", "faces": faces},
            headers=HTMX,
        )
        assert response.status_code == status
        assert message in alert(response.text) and 'data-clause="KA-36"' in response.text
        assert "KA-36" not in alert(response.text)  # the clause sits behind the "rule" link
    response = client.post(
        f"/m/{match_id}/dice?lang=de",
        data={"seq": 0, "seat": "0", "notation": "throw", "faces": "eins zwei"},
        headers=HTMX,
    )
    assert response.status_code == 400 and "unlesbar" in alert(response.text)
    response = client.post(f"/m/{match_id}/dice", data={"seq": 0, "seat": "0", "notation": "throw", "faces": ""})
    assert response.status_code == 400 and "Keine Würfelaugen" in alert(response.text)
    assert state(client, match_id)["seq"] == 0


def test_incidents_turm_and_foul(client: TestClient) -> None:
    """K-7/KA-25: a Turm is repeated and not counted; K-4/KA-24: a foul ends the turn with 0."""
    match_id = start_evening(client)
    response = client.post(
        f"/m/{match_id}/dice", data={"seq": 0, "seat": "0", "notation": "throw", "incident": "turm"}, headers=HTMX
    )
    assert response.status_code == 200
    turn = state(client, match_id)["view"]["turn"]
    assert turn["towers"] == 1 and turn["throws_used"] == 0
    seq = state(client, match_id)["seq"]
    client.post(f"/m/{match_id}/dice", data={"seq": seq, "incident": "foul off_table"}, headers=HTMX)
    assert state(client, match_id)["view"]["on_turn"]["seat"] == 1


def test_undo_takes_back_the_whole_submission(client: TestClient) -> None:
    """Undo is an event of its own; the throw and its faces go back together."""
    match_id = start_evening(client)
    client.post(f"/m/{match_id}/dice", data={"seq": 0, "seat": "0", "notation": "throw", "faces": "1 1 1 2 3 4"})
    snap = state(client, match_id)
    assert snap["can_undo"]
    assert snap["undo_passes_outcome"]  # M-5a: the table has seen the dice; the page asks first
    response = client.post(f"/m/{match_id}/undo", data={"seq": snap["seq"], "confirm": "true"}, headers=HTMX)
    assert response.status_code == 200
    after = state(client, match_id)
    assert after["seq"] == snap["seq"] + 1
    assert after["view"]["turn"]["step"] == "pre_turn" and after["view"]["turn"]["throws_used"] == 0
    response = client.post(f"/m/{match_id}/undo?lang=en", data={"seq": after["seq"]}, headers=HTMX)
    assert response.status_code == 422 and "nothing to undo" in alert(response.text)


def test_a_strasse_waits_for_confirmation_and_is_counted(client: TestClient) -> None:
    """S-3/S-8.1: a Straße puts 30 points at stake that must be confirmed; KA-20 counts it for the account."""
    match_id = start_evening(client)
    response = client.post(
        f"/m/{match_id}/dice?lang=en",
        data={"seq": 0, "seat": "0", "notation": "throw", "faces": "6 5 4 3 2 1"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert 'data-testid="awaiting">30 at stake: needs confirmation<' in response.text
    assert 'data-testid="pending">0<' in response.text  # nothing counts before the confirmation
    assert "Straßen this turn <strong>1</strong>" in response.text  # booked to the account at the turn's end


def test_a_players_own_phone_shows_only_his_choices(client: TestClient) -> None:
    match_id = start_evening(client)
    scribe = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-notation="away"' in scribe and 'data-notation="throw"' in scribe
    anna = client.get(f"/m/{match_id}?seat=0&lang=en").text
    assert 'data-notation="away"' in anna and f'action="/m/{match_id}/act?seat=0"' in anna
    carl = client.get(f"/m/{match_id}?seat=2&lang=en").text
    assert "data-notation=" not in carl  # not on turn: nothing to tap
    # K-16: once Anna is reported away, her partner Ben may throw for her; only his phone offers it.
    client.post(f"/m/{match_id}/act", data={"seq": 0, "seat": 0, "notation": "away"})
    ben = client.get(f"/m/{match_id}?seat=1&lang=en").text
    assert 'data-notation="standin"' in ben and 'data-notation="throw"' not in ben
    assert f'action="/m/{match_id}/act?seat=1"' in ben
    assert client.get(f"/m/{match_id}?seat=9").status_code == 422
