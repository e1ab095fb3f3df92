"""Shared steps of the Bier-Pong web tests: start a table match through the form, enter outcomes and
actions the way the page's buttons send them."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi.testclient import TestClient

from tests.web.conftest import HTMX, alert, state


def start(
    client: TestClient, team_a: Sequence[str] = ("Ana", "Cem"), team_b: Sequence[str] = ("Ben", "Dora"), **extra: str
) -> str:
    form = {"team_a": [*team_a, ""], "team_b": [*team_b, ""], "mode": "table", "rack": "10", "konter": "1", **extra}
    response = client.post("/bierpong", data=form, follow_redirects=False)
    assert response.status_code == 303, alert(response.text)
    return response.headers["location"].rsplit("/", 1)[-1]


def post(client: TestClient, match_id: str, path: str, lang: str = "en", **data: object) -> str:
    """Post a form as the page does. A throw result entered while a team of two still has to pick who
    throws first goes through the throw pad with the preselected pair (BP-R18, H3), as the page sends it."""
    snap = state(client, match_id)
    seq = snap["seq"]
    likely = (snap.get("view") or {}).get("likely_pair")
    if path == "outcome" and likely and "duel" not in str(data.get("outcome")):
        path, data = "bierpong/hit", {**data, "pair": f"{likely[0]} {likely[1]}"}
    response = client.post(f"/m/{match_id}/{path}?lang={lang}", data={"seq": seq, **data}, headers=HTMX)
    assert response.status_code == 200, alert(response.text)
    return response.text


def opened(client: TestClient, match_id: str, pair: bool = True) -> None:
    """The duel (only A's ball hits), A begins, B takes the left side: A throws at B's rack; with
    ``pair`` Ana throws first (BP-R18: the team's choice, entered alone here)."""
    post(client, match_id, "outcome", outcome="duel A")
    post(client, match_id, "act", seat="0", notation="begin A")
    post(client, match_id, "act", seat="2", notation="side left")
    if pair:
        post(client, match_id, "act", seat="0", notation="pair 0 1")
