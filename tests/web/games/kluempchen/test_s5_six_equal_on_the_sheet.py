"""S-5 on the score sheet (issue 14): six equal dice in one throw are ticked in the one entry form
(with the Straßen and who threw), not chosen among eight look-alike buttons; the round ends."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, start_evening, state


def test_six_equal_is_a_tick_in_the_entry_form(client: TestClient) -> None:
    match_id = start_evening(client, mode="scoresheet")
    page = client.get(f"/m/{match_id}?lang=en").text
    assert 'data-testid="six"' in page
    assert page.count('data-notation="six') == 0  # no separate buttons any more
    before = state(client, match_id)
    response = client.post(
        f"/m/{match_id}/score?lang=en",
        data={"seq": before["seq"], "seat": "0", "six": "true", "strassen": "1"},
        headers=HTMX,
    )
    assert response.status_code == 200
    after = state(client, match_id)
    assert after["seq"] == before["seq"] + 1
    assert after["view"]["phase"] == "round_over"
    assert after["view"]["rounds"][-1]["ending"] == "six_equal"
