"""What the stored Bier-Pong matches say about each player: throws, hits, Aufsetzer, Bomben, Islands,
On Fire, Konter and drinks, and the throw counts the skill models learn from.

Everything is derived from the match logs (no table of its own): the events in force (undone
submissions left out) are folded with the engine, so the figures agree with the table and follow
every undo. A player is identified by his name as entered (case and spacing ignored, ``player_key``).

Throw counts for the skill models (``games/bierpong/skill.py``) come from throws entered **at the
table** only: sampled throws of digital play are the model's own output, not evidence. The game
statistics (hits, Bomben, drinks, ...) count every match, table and digital alike, because they
describe what happened in the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.protocol import Chance, Game
from stammtisch.core.replay import ActionStep, OutcomeStep, step_from_json
from stammtisch.games.bierpong.model import (
    TEAM_NAMES,
    AirBall,
    Call,
    Defended,
    Hit,
    IllegalSave,
    Miss,
    RolledBack,
)
from stammtisch.games.bierpong.skill import ThrowCounts
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.matches.log import check_rules_version

SLUG = "bierpong"
#: Outcomes that are a thrown ball with a result (a void throw or a re-thrown one is not).
BALL_OUTCOMES = (Hit, Miss, Defended, RolledBack, AirBall, IllegalSave)


def player_key(name: str) -> str:
    """The identity of a player across matches: his name, case and spacing ignored."""
    return " ".join(str(name).split()).casefold()


@dataclass
class SeatFacts:
    """One seat's facts in one match (the counters the statistics page sums)."""

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ThrowCounts.__dataclass_fields__, 0))
    fire_calls: int = 0  # On Fire called (Art 21)
    fire_hits: int = 0  # hits thrown in On Fire throws
    best_fire: int = 0  # the longest run of On Fire hits
    konters: int = 0  # Konters his team threw
    konters_won: int = 0


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """One match read from its log: the final public view and each seat's facts."""

    record: MatchRecord
    view: dict[str, Any]
    seats: tuple[SeatFacts, ...]

    @property
    def finished(self) -> bool:
        return self.view["winner"] is not None

    def team_of(self, seat: int) -> int:
        return 0 if seat in self.view["teams"][0]["seats"] else 1


def read_match(game: Game[Any], record: MatchRecord, events: Sequence[Event]) -> MatchFacts:
    """Fold the events in force of one Bier-Pong match and collect its facts. A match played under
    rules this code does not replay exactly is refused (``UnknownRulesVersion``, M-9)."""
    check_rules_version(game, record)
    undone = {int(seq) for event in events if event.kind == "undo" for seq in event.payload.get("undoes", [])}
    n = len(record.players)
    seats = tuple(SeatFacts() for _ in range(n))
    fire_run = [0] * n
    state = game.start(n, game.configure(record.options), record.setup)
    table = record.mode == "table"
    for event in events:
        if event.kind == "undo" or event.seq in undone:
            continue
        step = step_from_json(game, event.payload)
        konter, konters = state.konter, state.konters
        if isinstance(step, OutcomeStep):
            turn = game.turn(state)
            outcome = step.outcome
            node = turn.node if isinstance(turn, Chance) else None
            thrower = node.seat if node is not None else None
            context = dict(node.context) if node is not None else {}
            if thrower is not None and isinstance(outcome, BALL_OUTCOMES) and context.get("throw") != "duel":
                if table and not event.payload.get("sampled"):
                    _count(seats, thrower, outcome, tuple(context.get("defenders", ())))
                if context.get("throw") == "fire":
                    if isinstance(outcome, Hit | IllegalSave):
                        seats[thrower].fire_hits += 1
                        fire_run[thrower] += 1
                        seats[thrower].best_fire = max(seats[thrower].best_fire, fire_run[thrower])
                    else:
                        fire_run[thrower] = 0
            state = game.apply_outcome(state, outcome)
        else:
            assert isinstance(step, ActionStep)
            if isinstance(step.action, Call) and step.action.kind in ("on_fire", "both"):
                seats[step.seat].fire_calls += 1
                fire_run[step.seat] = 0
            state = game.apply_action(state, step.seat, step.action)
        if konter is not None and state.konter is None:
            # The Konter is over: every member of the team that threw it counts one (and a success).
            won = state.konters > konters
            for seat in state.teams[konter.team]:
                seats[seat].konters += 1
                seats[seat].konters_won += int(won)
    return MatchFacts(record, dict(game.view(state, None)), seats)


def _count(seats: tuple[SeatFacts, ...], thrower: int, outcome: Any, defenders: tuple[int, ...]) -> None:
    """One table throw into the thrower's skill counts (and an Air Ball into the defenders' catches)."""
    c = seats[thrower].counts
    c["throws"] += 1
    if isinstance(outcome, Hit | IllegalSave):
        c["hits"] += 1
        if isinstance(outcome, Hit) and outcome.bounce:
            c["bounces"] += 1
        elif isinstance(outcome, Hit) and outcome.roller:
            c["rollers"] += 1
    elif isinstance(outcome, Defended):
        c["defended"] += 1
    elif isinstance(outcome, RolledBack):
        c["rollbacks"] += 1
    elif isinstance(outcome, AirBall):
        c["airballs"] += 1
        for seat in defenders:
            seats[seat].counts["airballs_at"] += 1
        seats[outcome.catcher].counts["catches"] += 1


def read_matches(repository: Any, game: Game[Any], limit: int = 100_000) -> list[MatchFacts]:
    """Every stored Bier-Pong match (newest first) that this code replays exactly (M-9)."""
    return [
        read_match(game, record, repository.events(record.match_id))
        for record in repository.list_matches(limit, SLUG)
        if game.replays(record.rules_version)
    ]


@dataclass
class PlayerFacts:
    """Everything recorded about one player over all matches (the statistics page's row)."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    throws: int = 0
    hits: int = 0
    aufsetzer: int = 0
    bomben: int = 0
    islands: int = 0
    fire_calls: int = 0
    fire_hits: int = 0
    best_fire: int = 0
    konters: int = 0
    konters_won: int = 0
    drinks: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ThrowCounts.__dataclass_fields__, 0))

    @property
    def hit_rate(self) -> float | None:
        return self.hits / self.throws if self.throws else None

    @property
    def throw_counts(self) -> ThrowCounts:
        return ThrowCounts(**self.counts)


def players(matches: Iterable[MatchFacts]) -> dict[str, PlayerFacts]:
    """Per ``player_key``: games, wins and the sums of every seat's facts."""
    out: dict[str, PlayerFacts] = {}
    for facts in matches:
        for seat, name in enumerate(facts.record.players):
            p = out.setdefault(player_key(name), PlayerFacts(name=" ".join(str(name).split())))
            team = facts.team_of(seat)
            row = facts.view["players"][seat]
            mine = facts.seats[seat]
            p.games += 1
            if facts.finished:
                p.finished += 1
                p.wins += int(facts.view["winner"] == TEAM_NAMES[team])
            p.throws += row["throws"]
            p.hits += row["hits"]
            p.aufsetzer += row["bounces"]
            p.bomben += row["bombs"]
            p.islands += row["islands"]
            p.fire_calls += mine.fire_calls
            p.fire_hits += mine.fire_hits
            p.best_fire = max(p.best_fire, mine.best_fire)
            p.konters += mine.konters
            p.konters_won += mine.konters_won
            p.drinks += facts.view["teams"][team]["drinks_owed"]
            for key, value in mine.counts.items():
                p.counts[key] += value
    return out
