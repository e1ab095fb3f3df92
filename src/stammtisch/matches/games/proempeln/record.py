"""What the stored Prömpeln matches say about each player: landings, rounds, specials, claims.

Everything is derived from the match logs (no table of its own): the events in force (undone
submissions left out) are folded with the engine, so the figures always agree with the score
sheets, survive restarts with the database and follow every undo. A player is identified by his
name as entered (case and spacing ignored, ``player_key``).

Landings (for the skill models, ``games/proempeln/skill.py``) are the stoppers recorded **at the
table** only: sampled landings of digital play are the model's own output, not evidence. Each
stopper counts with its final value (PR-3.3): a later ``slip`` turns it into a 0; an invalid
attempt is a table fact, not a landing (weight 0, docs/rulings/proempeln.md E16). Kniffel replays
and Stechen flicks are real flicks and count too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.protocol import Game
from stammtisch.core.replay import ActionStep, OutcomeStep
from stammtisch.games.proempeln.model import STECHEN_BOTTLE, Landing, Record, Slip
from stammtisch.matches.events import Event, MatchRecord
from stammtisch.matches.log import check_rules_version, decode_step

SLUG = "proempeln"
#: The moves a round can be played with, as the view writes them (``K?``: botched, PR-R10).
MOVE_KINDS: tuple[str, ...] = ("none", "L", "K", "P", "D")


def player_key(name: str) -> str:
    """The identity of a player across matches: his name, case and spacing ignored."""
    return " ".join(str(name).split()).casefold()


@dataclass(frozen=True, slots=True)
class RoundPlayed:
    """One recorded round of one player."""

    match_id: str
    title: str
    date: str
    round: int
    move: str
    points: int


@dataclass(frozen=True, slots=True)
class MatchFacts:
    """One match read from its log: the final public view, each seat's table landings (final
    values) and claims made."""

    record: MatchRecord
    view: dict[str, Any]
    landings: tuple[tuple[int, ...], ...]
    claims: tuple[tuple[str, ...], ...]

    @property
    def finished(self) -> bool:
        return self.view.get("winner") is not None

    def rounds(self, seat: int) -> list[RoundPlayed]:
        player = self.view["players"][seat]
        date = self.record.created_at.date().isoformat()
        return [
            RoundPlayed(self.record.match_id, self.record.title, date, number, move, points)
            for number, (move, points) in enumerate(zip(player["moves"], player["round_scores"], strict=False), 1)
        ]


def read_match(game: Game[Any], record: MatchRecord, events: Sequence[Event]) -> MatchFacts:
    """Fold the events in force of one Prömpeln match and collect its facts. A match played under
    rules this code does not replay exactly is refused (``UnknownRulesVersion``, M-9)."""
    check_rules_version(game, record)
    undone = {int(seq) for event in events if event.kind == "undo" for seq in event.payload.get("undoes", [])}
    seats = len(record.players)
    state = game.start(seats, game.configure(record.options), record.setup)
    values: list[list[int]] = [[] for _ in range(seats)]
    latest: dict[tuple[int, int], int] = {}  # (seat, bottle) -> index into values[seat]
    claims: list[list[str]] = [[] for _ in range(seats)]
    table = record.mode == "table"
    for event in events:
        if event.kind == "undo" or event.seq in undone:
            continue
        step = decode_step(game, event.payload)  # memoized: a club's logs repeat the same few landings
        if isinstance(step, OutcomeStep):
            state = game.apply_outcome(state, step.outcome)
            landing = step.outcome
            if table and isinstance(landing, Landing) and not landing.invalid and not event.payload.get("sampled"):
                if landing.bottle != STECHEN_BOTTLE:
                    latest[(landing.seat, landing.bottle)] = len(values[landing.seat])
                values[landing.seat].append(landing.points)
            continue
        assert isinstance(step, ActionStep)
        state = game.apply_action(state, step.seat, step.action)
        action = step.action
        if isinstance(action, Slip):
            index = latest.get((step.seat, action.bottle))
            if index is not None:
                values[step.seat][index] = 0
        elif isinstance(action, Record):
            if action.claim != "none":
                claims[step.seat].append(action.claim)
            latest = {key: index for key, index in latest.items() if key[0] != step.seat}
    return MatchFacts(
        record,
        dict(game.view(state, None)),
        tuple(tuple(seat_values) for seat_values in values),
        tuple(tuple(seat_claims) for seat_claims in claims),
    )


def read_matches(repository: Any, game: Game[Any], limit: int = 100_000) -> list[MatchFacts]:
    """Every stored Prömpeln match (newest first), read from its log; matches played under rules this
    code does not replay exactly (M-9) are left out of the statistics rather than folded wrongly."""
    return [
        read_match(game, record, repository.events(record.match_id))
        for record in repository.list_matches(limit, SLUG)
        if game.replays(record.rules_version)
    ]


Counts = tuple[int, int, int, int]


@dataclass
class PlayerFacts:
    """Everything recorded about one player over all matches."""

    name: str
    games: int = 0
    finished: int = 0
    wins: int = 0
    kings: int = 0
    counts: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rounds: list[RoundPlayed] = field(default_factory=list)
    meier_claims: int = 0

    @property
    def landing_counts(self) -> Counts:
        return (self.counts[0], self.counts[1], self.counts[2], self.counts[3])


def players(matches: Iterable[MatchFacts]) -> dict[str, PlayerFacts]:
    """Per ``player_key``: games, wins, Kings crowned, landing counts, rounds and Meier claims."""
    out: dict[str, PlayerFacts] = {}
    for facts in matches:
        for seat, name in enumerate(facts.record.players):
            player = out.setdefault(player_key(name), PlayerFacts(name=" ".join(str(name).split())))
            player.games += 1
            if facts.finished:
                player.finished += 1
                if facts.view.get("winner") == seat:
                    player.wins += 1
                    if facts.view.get("end_reason") == "king":
                        player.kings += 1
            for value in facts.landings[seat]:
                player.counts[value] += 1
            player.rounds.extend(facts.rounds(seat))
            player.meier_claims += facts.claims[seat].count("meier")
    return out
