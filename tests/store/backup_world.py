"""A small club for the backup tests (BU-1 … BU-7): members, two closed Klümpchen evenings booked in
the ledger, a payment, and an unfinished evening still being played."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime

from stammtisch.club.bank.model import Reason, booking
from stammtisch.club.members.model import Kind
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.kluempchen import GAME
from stammtisch.games.kluempchen.model import CloseEvening, Join
from stammtisch.matches.service import MatchService
from stammtisch.store import open_store
from stammtisch.store.ledger_sync import EveningBooker
from stammtisch.store.members import SqlClub

NOW = datetime(2026, 5, 8, 18, tzinfo=UTC)  # 20:00 in the club (Europe/Berlin)
NAMES = ("Anna", "Ben", "Carl", "Dora")


def play(service: MatchService, match_id: str, seed: int, steps: int = 5000, close: bool = True) -> None:
    """Random legal play for ``steps`` steps; closes the evening once two rounds are over (if ``close``)."""
    rng = random.Random(seed)
    for _ in range(steps):
        state = service.state(match_id)
        turn = GAME.turn(state)
        seq = service.snapshot(match_id).seq
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            service.enter_outcome(match_id, sample(turn.node, rng), seq)
            continue
        seat = turn.seats[0]
        legal = [a for a in GAME.legal_actions(state, seat) if close or a != CloseEvening()]
        action = CloseEvening() if close and CloseEvening() in legal and len(state.rounds) >= 2 else rng.choice(legal)
        guest = f"Gast {state.seats + 1}" if isinstance(action, Join) else None  # M-12: a new seat is named
        service.act(match_id, seat, action, seq, player=guest)
    if close:
        raise AssertionError("the evening did not end")


def new_evening(service: MatchService, club: SqlClub, ids: list[int]) -> str:
    match_id = service.create("kluempchen", list(NAMES), {"mode": "digital"}, {"externals": [3]}).match_id
    club.set_seats(match_id, list(enumerate(ids)))
    return match_id


def fill_club(url: str) -> list[str]:
    """The small club in the database at ``url``; the match ids, oldest first."""
    store = open_store(url)
    try:
        service = MatchService(store.repository, clock=lambda: NOW)
        booker = EveningBooker(service, store.engine, clock=lambda: NOW)
        club = SqlClub(store.engine)
        ids = [club.add_member(n, n.lower(), "", Kind.MEMBER, False, NOW).member_id for n in NAMES]
        made = []
        for seed in (1, 2):
            match_id = new_evening(service, club, ids)
            play(service, match_id, seed)
            made.append(match_id)
        booker.sync_all()
        booker.ledger.append([booking(ids[0], Reason.CASH_IN, 500, date(2026, 5, 9), NOW, note="Einzahlung")])
        unfinished = new_evening(service, club, ids)
        play(service, unfinished, 3, steps=40, close=False)
        made.append(unfinished)
        return made
    finally:
        store.close()
