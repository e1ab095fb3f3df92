"""A digital Preisrommé table: seats joined through secret links, bots in the empty seats, and the
knock window's clock.

* **Seats.** ``open`` creates a digital match; every seat with a name gets a link (``seat_links``),
  every empty seat a bot (its name is kept in the match's set-up, so it survives restarts).
* **Acting.** ``act`` resolves the seat from the token only (S-1) and submits for that seat; a
  refused laying locks the turn as R-9.2/RA-19 want (the engine's P-10: the match layer submits
  ``withdraw`` when ``false_meld_locks_turn`` is on), and the refusal is raised unchanged.
* **Bots** (``play_bots``) act after every write while the game waits for a bot seat. They get
  only their seat's snapshot: its view and its legal actions (never the raw state).
* **Knock window** (R-4, RA-03, RA-07, engine P-3). Claims inside the window are simultaneous and
  resolved by the engine in the rule's order, never by arrival. The window closes early when
  every seat has answered; otherwise, ``knock_window_seconds`` after it opened, ``expire_window``
  submits ``pass`` for every seat that has not answered. A window is identified by ``(game_no,
  turn_no)`` of the public view, so a timer that fires for a window that is already closed does
  nothing; the passes are one submission with the sequence number just read, so a timer racing a
  player's answer simply loses (optimistic concurrency) and tries again with the fresh state.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import bots_for
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.games.preisromme.errors import refuse
from stammtisch.games.preisromme.model import Knock, Pass, Take
from stammtisch.matches.errors import InvalidMatch, StaleSequence
from stammtisch.matches.seat_links import SeatLink, SeatLinkRepository, issue_links, resolve_link
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot

GAME = "preisromme"
#: Default length of the knock window (seconds); the table's creator may choose 3 to 120.
KNOCK_WINDOW_SECONDS = 20
KNOCK_WINDOW_RANGE = (3, 120)
#: Refusals of a laying (R-9.2): after one the turn is locked (engine P-10).
LAYING_REFUSALS = ("meld/illegal", "meld/table_right", "meld/swap_refused")
#: Bound on bot steps after one write (a whole game is far below it).
MAX_BOT_STEPS = 5_000

WindowKey = tuple[int, int]


@dataclass(frozen=True, slots=True)
class OpenedTable:
    """A new table: the public snapshot and the token of every human seat."""

    snapshot: MatchSnapshot
    tokens: dict[int, str]
    bots: list[str | None]


def window_key(view: dict[str, Any]) -> WindowKey | None:
    """The open knock window's identity, or None when no window is open."""
    if view.get("phase") != "knock_window":
        return None
    return (int(view.get("game_no", 0)), int(view.get("turn_no", 0)))


class PreisrommeTable:
    """The use cases of digital Preisrommé tables over one ``MatchService``. Thread-safe."""

    def __init__(
        self,
        service: MatchService,
        links: SeatLinkRepository,
        rng: Callable[[str], random.Random] | None = None,
    ) -> None:
        self.service = service
        self.links = links
        self._rng_factory = rng or (lambda match_id: random.Random())
        self._rngs: dict[str, random.Random] = {}
        self._bots: dict[str, dict[int, Bot]] = {}
        self._linked: dict[str, bool] = {}
        self._lock = threading.Lock()

    # --- creating ----------------------------------------------------------------------------
    def open(
        self,
        players: Sequence[str | None],
        *,
        bot: str = "heuristic",
        options: dict[str, Any] | None = None,
        knock_window_seconds: int = KNOCK_WINDOW_SECONDS,
        title: str = "",
    ) -> OpenedTable:
        """A digital match; empty seats (None or blank) get ``bot``; the others get links."""
        engine = self.service.games[GAME]
        available = bots_for(engine)
        if bot not in available:
            names = ", ".join(sorted(available))
            raise InvalidMatch("M-7", Text(f"Unbekannter Bot {bot!r} ({names}).", f"Unknown bot {bot!r} ({names})."))
        low, high = KNOCK_WINDOW_RANGE
        if not low <= knock_window_seconds <= high:
            raise InvalidMatch(
                "RA-07",
                Text(
                    f"Das Klopffenster dauert {low} bis {high} Sekunden.",
                    f"The knock window lasts {low} to {high} seconds.",
                ),
            )
        names = [(name or "").strip() for name in players]
        if not any(names):
            raise InvalidMatch(
                "M-7", Text("Mindestens ein Platz braucht einen Menschen.", "At least one seat needs a person.")
            )
        bots: list[str | None] = [None if name else bot for name in names]
        shown = [name or f"Bot {seat + 1}" for seat, name in enumerate(names)]
        setup = {"bots": bots, "knock_window_seconds": knock_window_seconds}
        created = self.service.create(GAME, shown, options=options, setup=setup, mode="digital", title=title)
        tokens = issue_links(self.links, created.match_id, [seat for seat, name in enumerate(names) if name])
        with self._lock:
            self._linked[created.match_id] = True
        self.play_bots(created.match_id)
        return OpenedTable(self.service.snapshot(created.match_id, None), tokens, bots)

    # --- reading -----------------------------------------------------------------------------
    def link(self, token: str) -> SeatLink:
        return resolve_link(self.links, token)

    def seat_snapshot(self, token: str) -> MatchSnapshot:
        link = self.link(token)
        return self.service.snapshot(link.match_id, link.seat)

    def public_snapshot(self, match_id: str) -> MatchSnapshot:
        return self.service.snapshot(match_id, None)

    def is_linked(self, match_id: str) -> bool:
        """Whether ``match_id`` is played through seat links (S-2). Cached: links never go away."""
        with self._lock:
            known = self._linked.get(match_id)
        if known is None:
            known = bool(self.links.for_match(match_id))
            with self._lock:
                self._linked[match_id] = known
        return known

    def knock_window_seconds(self, match_id: str) -> int:
        seconds = self.service.record(match_id).setup.get("knock_window_seconds", KNOCK_WINDOW_SECONDS)
        return int(seconds) if isinstance(seconds, int) else KNOCK_WINDOW_SECONDS

    def bot_seats(self, match_id: str) -> dict[int, Bot]:
        with self._lock:
            seated = self._bots.get(match_id)
        if seated is None:
            record = self.service.record(match_id)
            available = bots_for(self.service.games[record.game])
            names = record.setup.get("bots") or []
            seated = {seat: available[name]() for seat, name in enumerate(names) if name in available}
            with self._lock:
                self._bots[match_id] = seated
        return seated

    # --- writing -----------------------------------------------------------------------------
    def act(self, token: str, action: Any, expected_seq: int) -> MatchSnapshot:
        """The token's seat takes ``action``; bots answer; the seat's fresh snapshot is returned."""
        link = self.link(token)
        try:
            self.service.act(link.match_id, link.seat, action, expected_seq)
        except RuleViolation as error:
            if error.code in LAYING_REFUSALS:
                self._lock_turn(link)
            if error.code == "turn/not_your_turn" and self._is_claim(action) and not self._window_open(link):
                refuse("window_closed")  # RA-06: a knock (or pass) after the window closed
            raise
        self.play_bots(link.match_id)
        return self.service.snapshot(link.match_id, link.seat)

    def _window_open(self, link: SeatLink) -> bool:
        return window_key(self.service.snapshot(link.match_id, None).view) is not None

    def _is_claim(self, action: Any) -> bool:
        """Whether ``action`` is an answer in a knock window (take, knock, pass)."""
        engine = self.service.games[GAME]
        try:
            parsed = engine.parse_action(action) if isinstance(action, str) else engine.action_from_json(action)
        except (RuleViolation, TypeError, ValueError):
            return False
        return isinstance(parsed, Take | Knock | Pass)

    def _lock_turn(self, link: SeatLink) -> None:
        """R-9.2: after a false laying she may lay again only in her next turn (engine P-10)."""
        snapshot = self.service.snapshot(link.match_id, link.seat)
        if any(entry["notation"] == "withdraw" for entry in snapshot.legal):
            try:
                self.service.act(link.match_id, link.seat, "withdraw", snapshot.seq)
            except StaleSequence:
                return

    def play_bots(self, match_id: str) -> int:
        """Let the bots act while the game waits for one of them; returns how many actions they took."""
        bots = self.bot_seats(match_id)
        if not bots:
            return 0
        engine = self.service.games[GAME]
        rng = self._rng(match_id)
        taken = 0
        for _ in range(MAX_BOT_STEPS):
            public = self.service.snapshot(match_id, None)
            waiting = [seat for seat in public.turn.get("seats", ()) if seat in bots]
            if public.turn.get("kind") != "decision" or not waiting:
                return taken
            seat = waiting[0]
            mine = self.service.snapshot(match_id, seat)
            legal = tuple(engine.action_from_json(entry["action"]) for entry in mine.legal)
            if not legal:
                return taken
            action = bots[seat].choose(mine.view, legal, rng)
            try:
                self.service.act(match_id, seat, action, mine.seq)
            except StaleSequence:
                continue  # another write came first: look again
            taken += 1
        return taken

    def expire_window(self, match_id: str, key: WindowKey) -> bool:
        """The knock window ``key`` has run out: ``pass`` for every seat that has not answered.
        Returns False if that window is closed already (nothing to do)."""
        for _ in range(10):
            public = self.service.snapshot(match_id, None)
            if window_key(public.view) != key or public.turn.get("kind") != "decision":
                return False
            seats = [int(seat) for seat in public.turn.get("seats", ())]
            if not seats:
                return False
            try:
                self.service.submit(match_id, [(seat, "pass") for seat in seats], public.seq, actor="timer")
            except StaleSequence:
                continue  # someone answered meanwhile: read again; the window may be closed now
            self.play_bots(match_id)
            return True
        return False

    def _rng(self, match_id: str) -> random.Random:
        with self._lock:
            rng = self._rngs.get(match_id)
            if rng is None:
                rng = self._rngs[match_id] = self._rng_factory(match_id)
            return rng
