"""The scribe's page with fewer taps (issue 25 point 6, issue 26 points 8-10): BP-R18 / H3 who throws
first is a preselected toggle on the pad and goes in with the first throw; Art 8.3 the start choices as
one button per team; BP-R11 / H33 a call is a toggle on the hit, no separate prompt; BP-R09 / H31 a
Konter that cannot be made ends with one sentence; Art 4.1 "both balls at once" refused in words."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import state
from tests.web.games.bierpong.helpers import opened, post, start
from tests.web.games.bierpong.test_refusals import refused


def _singles(client: TestClient) -> str:
    """A singles match after the duel: Ana (seat 0) begins, Ben (seat 1) took the left side."""
    match_id = start(client, ("Ana",), ("Ben",), rack="6")
    post(client, match_id, "outcome", outcome="duel A")
    post(client, match_id, "act", seat="0", notation="begin A")
    post(client, match_id, "act", seat="1", notation="side left")
    return match_id


def _events(client: TestClient, match_id: str) -> list[str]:
    return [e["notation"] for e in state(client, match_id)["last_events"]]


def test_art8_3_who_begins_is_one_button_per_team(client: TestClient) -> None:
    match_id = start(client)
    page = post(client, match_id, "outcome", outcome="duel A")
    assert page.count('data-notation="begin A"') == 1 and page.count('data-notation="begin B"') == 1
    assert "Team A begins" in page and "Ana &amp; Cem" in page
    page = post(client, match_id, "act", seat="0", notation="begin A")
    assert page.count('data-notation="side left"') == 1 and page.count('data-notation="side right"') == 1


def test_bp_r18_who_throws_first_is_a_preselected_toggle_sent_with_the_throw(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id, pair=False)
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="pair-choice"' in page
    assert 'data-pair="0 1" checked' in page and 'data-pair="1 0" checked' not in page  # Ana, as listed
    post(client, match_id, "bierpong/hit", cup="3", pair="1 0")  # Cem first: one tap
    assert _events(client, match_id)[-2:] == ["pair 1 0", "hit 3"]
    assert state(client, match_id)["view"]["throw"]["seat"] == 0  # then Ana
    post(client, match_id, "bierpong/hit", outcome="miss")
    page = post(client, match_id, "bierpong/hit", outcome="miss", pair="2 3")  # B's round, its own pick
    assert _events(client, match_id)[-2:] == ["pair 2 3", "miss"]
    page = post(client, match_id, "bierpong/hit", outcome="miss")
    assert 'data-pair="1 0" checked' in page  # A threw Cem first last time: the likely order


def test_bp_r11_a_call_is_a_toggle_on_the_hit_not_a_prompt(client: TestClient) -> None:
    match_id = start(client)
    opened(client, match_id)
    post(client, match_id, "bierpong/hit", cup="1", thrower="0")  # Ana: streak 1
    post(client, match_id, "bierpong/hit", outcome="miss")  # Cem
    post(client, match_id, "bierpong/hit", outcome="miss", pair="2 3")
    page = post(client, match_id, "bierpong/hit", outcome="miss")
    assert 'data-call="heating-up"' in page  # Ana's next hit would be her second in a row
    page = post(client, match_id, "bierpong/hit", cup="2", pair="0 1", call="heating-up", calls_shown="1")
    assert _events(client, match_id)[-3:] == ["pair 0 1", "hit 2", "heating-up"]
    assert 'data-testid="decide-call"' not in page
    assert state(client, match_id)["view"]["players"][0]["heating_up"] is True


def test_bp_r11_no_call_toggled_is_no_call_without_a_prompt(client: TestClient) -> None:
    match_id = _singles(client)  # singles: no pair to choose
    post(client, match_id, "bierpong/hit", cup="1", thrower="0")
    page = post(client, match_id, "bierpong/hit", cup="2", thrower="0", calls_shown="1")
    assert _events(client, match_id)[-2:] == ["hit 2", "no-call"]
    assert 'data-testid="decide-call"' not in page


def test_art4_1_both_balls_at_once_is_refused_in_words(client: TestClient) -> None:
    match_id = _singles(client)
    page = client.get(f"/m/{match_id}?lang=de").text
    assert 'data-outcome="both-at-once"' in page
    error = refused(client, match_id, "bierpong/hit", "de", outcome="both-at-once")
    assert error["clause"] == "BP-4.1" and "nicht beide Bälle gleichzeitig" in str(error["de"])
    assert "may not throw both balls at the same time" in str(error["en"])


def test_bp_r09_a_konter_that_can_no_longer_be_won_ends_with_one_sentence(client: TestClient) -> None:
    match_id = _singles(client)
    for cup in (1, 2, 3, 4, 5):  # Ana clears five cups (Balls Back after each pair), calls declined
        snap = state(client, match_id)
        while asked := [e for e in snap["legal"] if e["notation"] in ("no-call", "throw")]:
            post(client, match_id, "act", seat=str(asked[0]["seat"]), notation=asked[0]["notation"])
            snap = state(client, match_id)
        post(client, match_id, "bierpong/hit", cup=str(cup), thrower="0", calls_shown="1")
    post(client, match_id, "act", seat="0", notation="throw")  # cup 6 stands alone: no Island call
    post(client, match_id, "bierpong/hit", cup="6", thrower="0", calls_shown="1")
    assert state(client, match_id)["view"]["phase"] == "konter"
    page = post(client, match_id, "bierpong/hit", outcome="miss")  # 6 hits needed in 6 throws: over
    assert 'data-testid="konter-end"' in page
    assert "could no longer be won" in page
    page = client.get(f"/m/{match_id}?lang=de").text
    assert "war nicht mehr zu gewinnen" in page


def test_bp_r11_the_call_goes_in_with_an_aufsetzer_before_the_extra_cup_is_chosen(client: TestClient) -> None:
    """H12, H33: the call comes straight after the hit, so the toggle goes in with it even when the owners
    then choose an extra cup."""
    match_id = _singles(client)
    post(client, match_id, "bierpong/hit", cup="1", thrower="0")
    page = post(
        client, match_id, "bierpong/hit", cup="5", flag="bounce", thrower="0", call="heating-up", calls_shown="1"
    )
    assert _events(client, match_id)[-2:] == ["hit 5 bounce", "heating-up"]
    assert 'data-notation="remove ' in page  # Ben picks the Aufsetzer's extra cup next
