"""M-5a on the table page: after a Kniffel replay was flicked and its entry undone, the Undo button
asks a second time (a confirm form); without it the server refuses and says why, with it the replay
decision is taken back."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert, state
from tests.web.games.proempeln.test_table import act, start, tap


def test_m5a_undo_past_a_replayed_stopper_asks_for_confirmation(client: TestClient) -> None:
    match_id = start(client)
    act(client, match_id, 0, "K")
    tap(client, match_id, 0, [3, 3, 3, 2, 3, 3, 1])
    act(client, match_id, 0, "replay 4 7")
    page = tap(client, match_id, 0, [3], bottles=[4])
    assert 'data-testid="undo-confirm"' not in page  # undoing the entered stopper itself: one tap
    seq = state(client, match_id)["seq"]
    page = client.post(f"/m/{match_id}/undo?lang=en", data={"seq": seq}, headers=HTMX).text
    assert 'data-testid="undo-confirm"' in page and 'name="confirm"' in page
    seq = state(client, match_id)["seq"]
    refused = client.post(f"/m/{match_id}/undo?lang=en", data={"seq": seq}, headers=HTMX)
    assert "confirm" in alert(refused.text)
    assert state(client, match_id)["seq"] == seq  # nothing written
    page = client.post(f"/m/{match_id}/undo?lang=en", data={"seq": seq, "confirm": "true"}, headers=HTMX).text
    snap = state(client, match_id)
    assert snap["seq"] == seq + 1 and not snap["undo_passes_outcome"]
    assert "stop" in [entry["notation"] for entry in snap["legal"]]
