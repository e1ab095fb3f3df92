"""Bier-Pong digital play through the generic digital table (docs/tables.md): the new-game form with
one named player per team slot and empty slots for bots; every throw is drawn from the players'
skill models (club prior), the bot decides for its seat, the person answers his own choices on his
seat page (racks drawn, extra cups tapped) until the game ends."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_a_digital_game_against_a_bot_to_the_end(client: TestClient) -> None:
    response = client.post(
        "/bierpong", data={"team_a": ["Ana", ""], "team_b": ["", ""], "mode": "digital", "rack": "6"}
    )
    assert response.status_code == 200, response.text[:300]
    link = re.search(r'data-testid="link-0".*?href="https?://[^/"]+(/p/[^"]+)"', response.text, re.S)  # share box
    assert link is not None and "Bot – Vorsichtig (Faustregeln)" in response.text
    seat_page = client.get(link.group(1))
    assert seat_page.status_code == 200
    base = re.search(r'data-board="(/seat/[^"]+)/board"', seat_page.text)
    assert base is not None
    url = base.group(1)
    page = seat_page.text
    assert 'data-testid="rack-A"' in page and 'data-testid="rack-B"' in page and 'data-testid="me"' in page
    for _ in range(400):
        page = client.get(f"{url}/board").text
        if 'data-testid="winner"' in page:
            break
        notations = re.findall(r'data-notation="([^"]+)"', page)
        if not notations:
            continue  # a bot's turn is played after every write; nothing for this seat now
        seq = re.search(r'data-seq="(\d+)"', page)
        assert seq is not None
        answer = client.post(f"{url}/act", data={"seq": seq.group(1), "notation": notations[0]})
        assert answer.status_code in (200, 303, 409), answer.text[:300]
    assert 'data-testid="winner"' in page
