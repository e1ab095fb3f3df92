"""The digital table: any game played on phones, each seat through its own secret link, bots in
the empty seats, and a clock per decision. One table for every game with hidden hands or secret
votes; what differs per game comes from its match extension (``matches.games``).

* **Seats** (TS-1). ``open`` creates a digital match; every seat with a name gets a link
  (``seat_links``), every empty seat a bot (the bot's name is kept in the match's set-up, so it
  survives restarts). ``act`` resolves the seat from the token alone.
* **Refusals.** The engine's refusal is raised unchanged, unless the game's extension has a
  policy for it (Preisrommé: a refused laying locks the turn; a late knock is refused as such).
* **Bots** (``play_bots``) act after every write while the game waits for a bot seat. They get
  only their seat's snapshot: its view and its legal actions (never the raw state), and draw
  from the service's per-match random generator.
* **Secret simultaneous decisions.** A ``Decision`` with several seats is answered in any order,
  one step per answer; the table shows nothing of an answer itself (``OpenedTable`` and the
  deadlines carry only the public snapshot and a key taken from it). What a seat sees of the
  others' answers is what the game's views say.
* **Deadlines** (D-1, D-2). A table may give each decision a length in seconds (the extension's
  setting, kept in the set-up, or a game option of the same name). A deadline is identified by a
  key the extension reads off the *public* snapshot; when it runs out, ``expire`` submits
  ``game.timeout_action(state, seat)`` for every waiting seat where that is not None, as one
  submission with the seq it just read (``actor = "timer"``). A key that is no longer current
  means nothing happens; a racing answer makes the submission stale, and it reads again.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.registry import bots_for
from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text
from stammtisch.matches import audit
from stammtisch.matches.errors import InvalidMatch, StaleSequence
from stammtisch.matches.extensions import MatchExtension
from stammtisch.matches.games import extension_for
from stammtisch.matches.seat_links import SeatLink, SeatLinkRepository, issue_links, new_token, resolve_link
from stammtisch.matches.service import MatchService
from stammtisch.matches.share_links import LinkKind, ShareLink, ShareLinkRepository
from stammtisch.matches.snapshot import MatchSnapshot

#: Bound on bot steps after one write (a whole game is far below it).
MAX_BOT_STEPS = 5_000
#: How often ``expire`` reads again after losing a race.
EXPIRE_RETRIES = 10
#: The actor of the steps a deadline submits.
TIMER = "timer"


@dataclass(frozen=True, slots=True)
class OpenedTable:
    """A new table: the public snapshot, the token of every human seat, the bot of every bot seat."""

    snapshot: MatchSnapshot
    tokens: dict[int, str]
    bots: list[str | None]
    #: The table-screen link's token (LK-2), when the table keeps share links.
    screen_token: str | None = None


@dataclass(frozen=True, slots=True)
class Deadline:
    """The clock of the decision ``key`` of ``match_id``: it runs out after ``seconds``."""

    match_id: str
    key: Hashable
    seconds: int


#: How many resolved seat tokens a process keeps (a club's busy season of digital tables).
RESOLVED_KEPT = 10_000
#: How long a resolved token is answered from memory: a seat link the scribe withdrew on another worker
#: stops admitting there within this many seconds (LK-4; on the worker that withdrew it, at once).
RESOLVED_SECONDS = 2.0


class DigitalTable:
    """The use cases of digital tables over one ``MatchService``. Thread-safe."""

    def __init__(
        self,
        service: MatchService,
        links: SeatLinkRepository,
        extensions: Callable[[str], MatchExtension] = extension_for,
        shares: ShareLinkRepository | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.service = service
        self.links = links
        #: Table-screen, follow and withdrawn seat links (``matches.share_links``); None: not kept.
        self.shares = shares
        self.clock = clock
        self._extensions = extensions
        self._bots: dict[str, dict[int, Bot]] = {}
        self._linked: dict[str, bool] = {}
        #: Resolved tokens with when they were read: every request of a phone names its token (bounded;
        #: unknown tokens are never kept, so guessing cannot fill it). Kept ``RESOLVED_SECONDS``: the
        #: scribe may withdraw a link (LK-4).
        self._resolved: dict[str, tuple[SeatLink, float]] = {}
        self._lock = threading.Lock()

    def extension(self, match_id: str) -> MatchExtension:
        return self._extensions(self.service.record(match_id).game)

    # --- creating ----------------------------------------------------------------------------
    def open(
        self,
        game: str,
        players: Sequence[str | None],
        *,
        bot: str | None = None,
        options: dict[str, Any] | None = None,
        setup: dict[str, Any] | None = None,
        deadline_seconds: int | None = None,
        title: str = "",
    ) -> OpenedTable:
        """A digital match of ``game``; empty seats (None or blank) get ``bot``, the others links.
        ``deadline_seconds`` (None: the game's default) is kept in the set-up under the setting
        the game's extension names."""
        engine = self.service.games.get(game)
        extension = self._extensions(game)
        available = bots_for(engine) if engine is not None else {}
        names = [(name or "").strip() for name in players]
        if not any(names):
            raise InvalidMatch(
                "M-7", Text("Mindestens ein Platz braucht einen Menschen.", "At least one seat needs a person.")
            )
        chosen = bot or extension.default_bot or (min(available) if available else None)
        if (bot is not None or not all(names)) and chosen not in available:
            listed = ", ".join(sorted(available)) or "-"
            raise InvalidMatch(
                "M-7", Text(f"Unbekannter Bot {chosen!r} ({listed}).", f"Unknown bot {chosen!r} ({listed}).")
            )
        table = dict(setup or {})
        policy = extension.deadline
        # A game that declares the setting as an option takes it from its options (D-1).
        declared = engine is not None and any(option.key == policy.setting for option in engine.options)
        seconds = deadline_seconds if deadline_seconds is not None else None if declared else policy.default
        if seconds is not None:
            _check_deadline(extension, seconds)
            table[extension.deadline.setting] = seconds
        bots: list[str | None] = [None if name else chosen for name in names]
        table["bots"] = bots
        shown = [name or f"Bot {seat + 1}" for seat, name in enumerate(names)]
        created = self.service.create(game, shown, options=options, setup=table, mode="digital", title=title)
        tokens = issue_links(self.links, created.match_id, [seat for seat, name in enumerate(names) if name])
        with self._lock:
            self._linked[created.match_id] = True
        screen = None
        if self.shares is not None:  # LK-2: the table screen's link comes with the seats'
            screen = self.share_link(created.match_id, LinkKind.SCREEN).token
        self.play_bots(created.match_id)
        return OpenedTable(self.service.snapshot(created.match_id, None), tokens, bots, screen)

    # --- share links (LK-2..LK-4) ---------------------------------------------------------------
    def share_link(self, match_id: str, kind: LinkKind) -> ShareLink:
        """The link of ``kind`` in force for ``match_id``, made if there is none (one at a time)."""
        assert self.shares is not None and kind is not LinkKind.SEAT
        for link in reversed(self.shares.for_match(match_id)):
            if link.kind is kind and not link.revoked:
                return link
        link = ShareLink(new_token(), kind, match_id, self.clock())
        self.shares.add(link)
        return link

    def renew_seat(self, match_id: str, seat: int) -> str:
        """LK-4: withdraw the seat's link and give the seat a new one; returns the new token. The old
        token is kept as withdrawn, so its holder is told so (not "no such link")."""
        assert self.shares is not None
        old = next((link for link in self.links.for_match(match_id) if link.seat == seat), None)
        if old is None:
            raise InvalidMatch("LK-4", Text("Dieser Platz hat keinen Link.", "This seat has no link."))
        token = new_token()
        self.links.replace(match_id, seat, token)
        now = self.clock()
        self.shares.add(ShareLink(old.token, LinkKind.SEAT, match_id, now, revoked_at=now, seat=seat))
        with self._lock:
            self._resolved.pop(old.token, None)
        return token

    # --- reading -----------------------------------------------------------------------------
    def link(self, token: str) -> SeatLink:
        """The seat the token names (TS-1); ``UnknownSeatLink`` if none."""
        known = self.known_link(token)
        if known is not None:
            return known
        link = resolve_link(self.links, token)
        with self._lock:
            if len(self._resolved) >= RESOLVED_KEPT:
                self._resolved.clear()
            self._resolved[token] = (link, time.monotonic())
        return link

    def known_link(self, token: str) -> SeatLink | None:
        """The link of ``token`` if this process has resolved it in the last ``RESOLVED_SECONDS`` (no
        read: for the event loop)."""
        with self._lock:
            known = self._resolved.get(token)
        if known is None or time.monotonic() - known[1] > RESOLVED_SECONDS:
            return None
        return known[0]

    def seat_snapshot(self, token: str) -> MatchSnapshot:
        link = self.link(token)
        return self.service.snapshot(link.match_id, link.seat)

    def public_snapshot(self, match_id: str) -> MatchSnapshot:
        return self.service.snapshot(match_id, None)

    def is_linked(self, match_id: str) -> bool:
        """Whether ``match_id`` is played through seat links (TS-2). Cached: links never go away."""
        with self._lock:
            known = self._linked.get(match_id)
        if known is None:
            known = bool(self.links.for_match(match_id))
            with self._lock:
                self._linked[match_id] = known
        return known

    def deadline_seconds(self, match_id: str) -> int | None:
        """The length of a decision at this table (None: no deadline)."""
        record = self.service.record(match_id)
        policy = self._extensions(record.game).deadline
        seconds = record.setup.get(policy.setting)
        if seconds is None:  # no table setting: the game's option of that name, else the default
            seconds = record.options.get(policy.setting, policy.default)
        return seconds if isinstance(seconds, int) and not isinstance(seconds, bool) else policy.default

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

    def deadline(self, public: MatchSnapshot) -> Deadline | None:
        """The deadline that must run for the decision ``public`` waits for: only while people
        (not only bots) must answer, and only at a table with a deadline."""
        if public.turn.get("kind") != "decision" or public.seat is not None:
            return None
        key = self._extensions(public.game).deadline_key(public)
        if key is None:
            return None
        seconds = self.deadline_seconds(public.match_id)
        if seconds is None:
            return None
        bots = self.bot_seats(public.match_id)
        if all(seat in bots for seat in public.turn.get("seats", ())):
            return None
        return Deadline(public.match_id, key, seconds)

    # --- writing -----------------------------------------------------------------------------
    def act(self, token: str, action: Any, expected_seq: int) -> MatchSnapshot:
        """The token's seat takes ``action``; bots answer; the seat's fresh snapshot is returned."""
        link = self.link(token)
        try:
            self._act_or_join(link, action, expected_seq)
        except RuleViolation as error:
            refusal = self.extension(link.match_id).after_refusal(self.service, link.match_id, link.seat, action, error)
            if refusal is error:
                raise
            raise refusal from None
        self.play_bots(link.match_id)
        return self.service.snapshot(link.match_id, link.seat)

    def _act_or_join(self, link: SeatLink, action: Any, expected_seq: int) -> None:
        """The seat's action; a stale one is taken with the fresh seq when the game's extension says
        it still answers the same decision (secret answers given at the same time, e.g. a vote)."""
        seen = expected_seq
        for _ in range(EXPIRE_RETRIES):
            try:
                self.service.act(link.match_id, link.seat, action, expected_seq, audit.seat_actor(link.seat))
                return
            except StaleSequence as stale:
                extension = self.extension(link.match_id)
                if not extension.answers_same_decision(self.service, link.match_id, link.seat, action, seen):
                    raise
                fresh = stale.snapshot.seq if stale.snapshot is not None else None
                expected_seq = fresh if fresh is not None else self.service.snapshot(link.match_id, None).seq
        self.service.act(link.match_id, link.seat, action, expected_seq, audit.seat_actor(link.seat))

    def play_bots(self, match_id: str) -> int:
        """Let the bots act while the game waits for one of them; returns how many actions they took."""
        bots = self.bot_seats(match_id)
        if not bots:
            return 0
        engine = self.service.games[self.service.record(match_id).game]
        rng = self.service.rng(match_id)
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
                self.service.act(match_id, seat, action, mine.seq, audit.SYSTEM)  # M-11: a bot's step
            except StaleSequence:
                continue  # another write came first: look again
            taken += 1
        return taken

    def expire(self, match_id: str, key: Hashable) -> bool:
        """The deadline ``key`` has run out: the game's ``timeout_action`` for every seat still
        waiting. Returns False if that decision is closed already (or nobody has a timeout action)."""
        engine = self.service.games[self.service.record(match_id).game]
        extension = self.extension(match_id)
        for _ in range(EXPIRE_RETRIES):
            public = self.service.snapshot(match_id, None)
            if public.turn.get("kind") != "decision" or extension.deadline_key(public) != key:
                return False
            # Read after the snapshot: a newer state makes the submission below stale, never wrong.
            state = self.service.state(match_id)
            steps: list[tuple[int | None, Any]] = []
            for seat in public.turn.get("seats", ()):
                action = engine.timeout_action(state, int(seat))
                if action is not None:
                    steps.append((int(seat), action))
            if not steps:
                return False
            try:
                self.service.submit(match_id, steps, public.seq, actor=TIMER)
            except StaleSequence:
                continue  # someone answered meanwhile: read again; the decision may be closed now
            self.play_bots(match_id)
            return True
        return False


def _check_deadline(extension: MatchExtension, seconds: int) -> None:
    policy = extension.deadline
    low, high = policy.bounds
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not low <= seconds <= high:
        raise InvalidMatch(
            policy.clause,
            Text(
                f"{policy.name.de} dauert {low} bis {high} Sekunden.",
                f"{policy.name.en} lasts {low} to {high} seconds.",
            ),
        )
