"""Hidden information over HTTP: every response one seat receives during whole games with bots
(JSON snapshots, HTML pages and fragments, refusals, SSE payloads) is checked against the raw
state at that moment: no card code held only by another seat or lying in the stock may appear.

Two packs hold two copies of every card (RA-01), so a code is "secret" at a moment if another seat
or the stock holds it and the seat could not know of any copy: not in its own hand now or before,
never on the table, never on top of the pile, never the card of a revealed knock window,
never the card a joker on the table stands for.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.games import GAMES
from stammtisch.games.preisromme.cards import CODES
from stammtisch.games.preisromme.melds import represented
from tests.support.club import signed_in
from tests.web.preisromme_support import HTMX, enter, headers, make_app, open_table, token

GAME = GAMES["preisromme"]
CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([CSHD])(?![A-Za-z0-9])|(?<![A-Za-z0-9])JK(?![A-Za-z0-9])")
LABEL = re.compile(r"(10|[2-9AJQKBD])([♣♠♥♦])")
SUITS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}
GERMAN = {"B": "J", "D": "Q"}


def codes_in(text: str) -> set[str]:
    """Every card a response names: as a code (``7H``, ``JK``) or as a label (``7♥``, ``D♥``)."""
    found = {match.group(0) for match in CODE.finditer(text)}
    found |= {GERMAN.get(rank, rank) + SUITS[suit] for rank, suit in LABEL.findall(text)}
    return found


class Watcher:
    """Collects what one seat may know, and checks every response against the raw state."""

    def __init__(self, app: Any, match_id: str, seat: int, secret_strings: list[str]) -> None:
        self.app, self.match_id, self.seat = app, match_id, seat
        self.strip = secret_strings
        self.known: set[str] = set()
        self.checked = 0

    def _learn(self, state: Any) -> None:
        self.known |= {CODES[c] for c in state.hands[self.seat]}
        self.known |= {CODES[c] for figure in state.table for c in figure.slots if c >= 0}
        # A joker on the table shows the card it stands for (RA-16): public, whoever holds a copy.
        self.known |= {CODES[represented(f, i)] for f in state.table for i, c in enumerate(f.slots) if c >= 0}
        if state.top >= 0:
            self.known.add(CODES[state.top])
        if state.last_window:
            self.known.add(CODES[state.last_window[0]])
        self.known |= {CODES[c] for c in state.pile}

    def check(self, text: str) -> None:
        state = self.app.state.service.state(self.match_id)
        self._learn(state)
        others = {CODES[c] for s, hand in enumerate(state.hands) if s != self.seat for c in hand}
        secret = (others | {CODES[c] for c in state.stock}) - self.known
        for value in self.strip:
            text = text.replace(value, "")
        leaked = codes_in(text) & secret
        if leaked:
            first = min(text.find(code) for code in leaked if code in text) if any(c in text for c in leaked) else 0
            pytest.fail(f"leaked {sorted(leaked)}: ...{text[max(0, first - 300) : first + 100]}...")
        self.checked += 1


def _sse_payloads(client: TestClient, match_id: str) -> str:
    """The first event of the live stream (the current seq), as the page receives it."""
    lines = []
    with client.stream("GET", f"/m/{match_id}/events") as stream:
        for line in stream.iter_lines():
            lines.append(line)
            if line.startswith("data:"):
                break
    return "\n".join(lines)


@pytest.mark.parametrize("seed", [3, 11])
def test_no_response_to_a_seat_names_another_seats_cards_or_the_stock(seed: int) -> None:
    app = make_app(seed)
    bot, rng = HeuristicBot(), random.Random(seed)
    with signed_in(TestClient(app, headers={"accept-language": "de"})) as client:
        links = open_table(client, ["Anna", "", "", ""], games_per_pass=1)
        match_id, mine = links["match_id"], token(links, 0)
        watcher = Watcher(app, match_id, 0, [mine, match_id])
        page = enter(client, mine)  # the seat cookie: the pages below are Anna's
        watcher.check(_sse_payloads(client, match_id))
        for step in range(400):
            response = client.get("/api/seat", headers=headers(mine))
            watcher.check(response.text)
            snapshot = response.json()
            watcher.check(client.get(f"{page}/board").text)
            if step % 10 == 0:
                watcher.check(client.get(page).text)
                watcher.check(client.get(f"/w/{match_id}").text)
                refused = client.post(f"{page}/act", data={"seq": snapshot["seq"], "notation": "swap 1 JK 7H"})
                watcher.check(refused.text)
                snapshot = client.get("/api/seat", headers=headers(mine)).json()
            if snapshot["turn"]["kind"] == "finished":
                break
            if not snapshot["legal"]:
                assert app.state.deadlines.fire() >= 0
                continue
            legal = tuple(GAME.action_from_json(entry["action"]) for entry in snapshot["legal"])
            action = GAME.format_action(bot.choose(snapshot["view"], legal, rng))
            if step % 2:
                answer = client.post(f"{page}/act", data={"seq": snapshot["seq"], "notation": action}, headers=HTMX)
            else:
                answer = client.post(
                    "/api/seat/actions", json={"seq": snapshot["seq"], "action": action}, headers=headers(mine)
                )
            assert answer.status_code == 200, answer.text
            watcher.check(answer.text)
        final = client.get("/api/seat", headers=headers(mine))
        watcher.check(final.text)
        assert final.json()["turn"]["kind"] == "finished"
        watcher.check(_sse_payloads(client, match_id))
    assert watcher.checked > 40


def test_the_check_catches_a_leaked_hand() -> None:
    """The check itself: a response naming another seat's hand fails it."""
    app = make_app(5)
    with signed_in(TestClient(app)) as client:
        links = open_table(client, ["Anna", "", "", ""], games_per_pass=1)
        watcher = Watcher(app, links["match_id"], 0, [])
        state = app.state.service.state(links["match_id"])
        own = {CODES[c] for c in state.hands[0]}
        foreign = [CODES[c] for c in state.hands[1] if CODES[c] not in own]
        watcher.check(" ".join(sorted(own)))
        with pytest.raises(pytest.fail.Exception):
            watcher.check(f'<span data-card="{foreign[0]}">x</span>')
