"""The house-rule lab for Prömpeln: the default rules against a variant, over many simulated games.

Four players (seats 1-4 in turn order, PR-R15) play whole games through the engine, each seat an
``AdvisorBot`` (``bots/games/proempeln.py``: the exact advisor's specials, Kniffel replays and claims). Every
stopper lands by a skill model (PR-R14 digital mode); all seats share ``SKILL``, the distribution the
bots assume for a new player, so a seat's figures differ only by its position and the rules.

Common random numbers: each seat has its own stream of landings per game, keyed by (seed, game,
seat), so under the default rules and the variant a seat's n-th stopper of game g lands the same
wherever the two games stay in step (a Kniffel replay or an earlier King shifts later stoppers).

Options the model cannot show (the bots never botch an announcement or attempt, claim the best
value already and decide without looking at others' announcements) are reported as such
(``unmodelled``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import accumulate
from typing import Any

from stammtisch.bots.games.proempeln import AdvisorBot
from stammtisch.core.chance import ChanceNode
from stammtisch.core.options import resolve_options
from stammtisch.core.text import Text
from stammtisch.games.proempeln import GAME
from stammtisch.games.proempeln.model import ROUNDS, SPECIALS, Config, Landing, Record, State
from stammtisch.games.proempeln.options import OPTIONS
from stammtisch.sim.crn import play_with
from stammtisch.sim.games.proempeln import fast
from stammtisch.sim.lab_report import LabReport, Measure
from stammtisch.sim.parallel import Progress, play_all
from stammtisch.sim.stats import average, rate

PLAYERS = 4
#: Landing probabilities of 0, 1, 2, 3 points for every seat (``bots.games.proempeln.DEFAULT_P``).
SKILL = (0.25, 0.25, 0.25, 0.25)
_CUMULATIVE = tuple(accumulate(SKILL))
#: Options whose effect the lab's model shows; any other option is valid but changes nothing here.
MODELLED = (
    "pash7_zero_pairs",
    "meier_requires_mix",
    "king_ends",
    "specials_mandatory",
    "tiebreak_mode",
    "rotate_start_player",
)
UNIT = Text("Spiele", "games")
#: Games per rule set on the web page, and at most (a game takes about 0.15 ms of CPU by the fast path:
#: 2,000 games of both rule sets about 0.6 s).
PAGE_GAMES = 2000
PAGE_MAX = 20000

MEASURES = (
    Measure(
        "first_seat_wins",
        Text("Platz 1 (fängt an) gewinnt (gerecht: 25 %)", "seat 1 (starts) wins (fair: 25%)"),
        True,
        Text("Platz 1", "seat 1"),
    ),
    Measure(
        "last_seat_wins",
        Text("Platz 4 (zuletzt) gewinnt (gerecht: 25 %)", "seat 4 (plays last) wins (fair: 25%)"),
        True,
        Text("Platz 4", "seat 4"),
    ),
    Measure("first_seat_last", Text("Platz 1 wird Letzter", "seat 1 finishes last"), True),
    Measure("last_seat_last", Text("Platz 4 wird Letzter", "seat 4 finishes last"), True),
    Measure(
        "stechen_rate",
        Text("Spiel endet im Stechen", "game goes to a Stechen (tie-break)"),
        True,
        Text("Stechen", "Stechen"),
    ),
    Measure("king_rate", Text("Spiel mit Königszug", "game with a King move"), True),
    Measure(
        "special_share",
        Text("Durchläufe 1–6 mit Spezialzug (L, K, P)", "runs in rounds 1–6 with a special (L, K, P)"),
        True,
        Text("Spezialzüge", "specials"),
    ),
    *(
        Measure(f"{special}_played", Text(f"Spieler mit {german} im Spiel", f"players who play a {english}"), True)
        for special, german, english in (
            ("L", "Lampenlörer", "Lampenlörer"),
            ("K", "Kniffel", "Kniffel"),
            ("P", "Pash-7", "Pash-7"),
        )
    ),
    Measure(
        "meier_share", Text("Durchläufe als Meier gewertet", "runs scored as a Meier"), True, Text("Meier", "Meier")
    ),
    Measure("rounds_per_game", Text("gespielte Runden je Spiel", "rounds played per game"), False),
    Measure("points_per_player", Text("Punkte je Spieler und Spiel", "points per player per game"), False),
    Measure("winning_total", Text("Punkte des Königs (Siegers)", "the king's (winner's) total"), False),
)


def unmodelled(options: Mapping[str, object]) -> tuple[str, ...]:
    """The given options the lab's model does not read (valid, but they change nothing here)."""
    return tuple(sorted(key for key in options if key not in MODELLED))


@dataclass(slots=True)
class _Streams:
    """One landing stream per seat for one game (common random numbers)."""

    seed: int
    game: int
    streams: dict[int, random.Random] = field(default_factory=dict)

    def __call__(self, state: State, node: ChanceNode) -> Landing:
        seat = node.seat or 0
        stream = self.streams.get(seat)
        if stream is None:
            stream = self.streams[seat] = fast.landing_stream(self.seed, self.game, seat)
        points = fast.landing_points(stream.random(), _CUMULATIVE)
        return Landing(seat, dict(node.context)["bottle"], points)


@dataclass(slots=True)
class GameFigures:
    """What one game gives the lab (counted straight from the final state and the claims made)."""

    winner: int
    last: tuple[int, ...]
    stechen: bool
    king: bool
    specials: int
    early_runs: int
    played: tuple[int, int, int]  # players who played L, K, P (correctly announced or not)
    meiers: int
    runs: int
    rounds: int
    totals: tuple[int, ...]


def play_game(options: Mapping[str, object], seed: int, game: int) -> GameFigures:
    """One game of ``PLAYERS`` advisor bots under ``options`` with the landings of (seed, game), played
    through the engine (the reference the lab's fast path, ``play_game_fast``, is proved equal to)."""
    start = GAME.start(PLAYERS, resolve_options(OPTIONS, dict(options)))
    bots = [AdvisorBot(SKILL) for _ in range(PLAYERS)]
    claims: list[str] = []

    def note(before: Any, step: Any, after: Any) -> None:
        if isinstance(step, Record) and step.claim != "none":
            claims.append(step.claim)

    final, _result = play_with(GAME, start, bots, _Streams(seed, game), random.Random(game), note)
    return figures_of(final, claims)


def play_game_fast(config: Config, seed: int, game: int) -> GameFigures:
    """``play_game`` by the fast path (``fast.play``): the same game, the same figures."""
    final, claims = fast.play(config, PLAYERS, seed, game, SKILL)
    return figures_of(final, claims)


def _play_span(config: Config, seed: int, lo: int, hi: int) -> list[GameFigures]:
    """The games ``lo .. hi - 1`` (a process pool's job)."""
    return [play_game_fast(config, seed, game) for game in range(lo, hi)]


#: Games per job of a process pool (about a tenth of a second each).
SPAN = 200


def figures_of(final: State, claims: Sequence[str]) -> GameFigures:
    """The lab's counts for one finished game (PR-2.8, PR-R07, PR-R08, PR-R12)."""
    totals = final.totals
    lowest = min(totals)
    moves = [move for seat_moves in final.moves for move in seat_moves[: ROUNDS - 1]]
    used = [special for seat_used in final.used for special in seat_used]
    assert final.winner is not None
    return GameFigures(
        winner=final.winner,
        last=tuple(seat for seat, total in enumerate(totals) if total == lowest),
        stechen=final.stechen is not None,
        king=final.end_reason == "king" or "king" in claims,
        specials=sum(move.rstrip("?") in SPECIALS for move in moves),
        early_runs=len(moves),
        played=(used.count("L"), used.count("K"), used.count("P")),
        meiers=claims.count("meier"),
        runs=sum(len(seat_moves) for seat_moves in final.moves),
        rounds=final.round,
        totals=totals,
    )


def summarise(options: Mapping[str, Any], games: Sequence[GameFigures]) -> LabReport:
    """The lab's figures with 95% intervals over ``games``."""
    n = len(games)
    early = sum(g.early_runs for g in games)
    runs = sum(g.runs for g in games)
    figures = (
        ("first_seat_wins", rate(sum(g.winner == 0 for g in games), n)),
        ("last_seat_wins", rate(sum(g.winner == PLAYERS - 1 for g in games), n)),
        ("first_seat_last", rate(sum(0 in g.last for g in games), n)),
        ("last_seat_last", rate(sum(PLAYERS - 1 in g.last for g in games), n)),
        ("stechen_rate", rate(sum(g.stechen for g in games), n)),
        ("king_rate", rate(sum(g.king for g in games), n)),
        ("special_share", rate(sum(g.specials for g in games), early)),
        *(
            (f"{special}_played", rate(sum(g.played[k] for g in games), n * PLAYERS))
            for k, special in enumerate(SPECIALS)
        ),
        ("meier_share", rate(sum(g.meiers for g in games), runs)),
        ("rounds_per_game", average([g.rounds for g in games])),
        ("points_per_player", average([sum(g.totals) / PLAYERS for g in games])),
        ("winning_total", average([g.totals[g.winner] for g in games])),
    )
    return LabReport(dict(options), n, figures)


def run_games(
    options: Mapping[str, object] | None,
    games: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> LabReport:
    """Simulate ``games`` games under ``options`` (the variant's keys only are echoed back) on
    ``workers`` processes; the figures do not depend on their number."""
    resolved = resolve_options(OPTIONS, dict(options or {}))
    config = GAME.start(PLAYERS, resolved).config
    (played,) = play_all([partial(_play_span, config, seed)], games, SPAN, workers, progress)
    return summarise({key: resolved[key] for key in MODELLED}, played)


def compare(
    variant: Mapping[str, object],
    games: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> tuple[LabReport, LabReport]:
    """The default rules and ``variant`` over the same ``games`` games' landings (common random numbers),
    on ``workers`` processes; ``progress(done, total)`` counts the games of both rule sets played so far. The
    variant is checked first, so a bad option is refused before anything is simulated."""
    sets = [resolve_options(OPTIONS, {}), resolve_options(OPTIONS, dict(variant))]
    changed_config = GAME.start(PLAYERS, sets[1]).config  # an inconsistent variant is refused here
    configs = [GAME.start(PLAYERS, sets[0]).config, changed_config]
    played = play_all([partial(_play_span, config, seed) for config in configs], games, SPAN, workers, progress)
    default, changed = (
        summarise({key: resolved[key] for key in MODELLED}, games_played)
        for resolved, games_played in zip(sets, played, strict=True)
    )
    return default, changed


#: Variants the web page offers (the CLI takes any option).
VARIANTS = (
    ("pash7_zero_pairs", "false"),
    ("specials_mandatory", "false"),
    ("rotate_start_player", "true"),
    ("meier_requires_mix", "false"),
    ("king_ends", "finish_round"),
    ("tiebreak_mode", "all_replay"),
)
#: The page's words for the variants (the option's description serves where none is given).
VARIANT_WORDS = {
    ("pash7_zero_pairs", "false"): Text("Pash-7: zwei 0er sind kein Pärchen", "Pash-7: two 0s are no pair"),
    ("specials_mandatory", "false"): Text(
        "Spezialzüge freiwillig (keine Pflicht bis Runde 6)", "Special moves optional (not compulsory by round 6)"
    ),
    ("rotate_start_player", "true"): Text("Startspieler wechselt jede Runde", "The first player rotates each round"),
    ("meier_requires_mix", "false"): Text(
        "Meier auch nur aus 1ern oder nur aus 2ern", "A Meier may be all 1s or all 2s"
    ),
    ("king_ends", "finish_round"): Text(
        "Nach einem Königszug wird die Runde zu Ende gespielt", "After a King move the round is played to its end"
    ),
    ("tiebreak_mode", "all_replay"): Text(
        "Stechen: alle Gleichstehenden prömpeln immer wieder mit", "Tie-break: every tied player flicks again each time"
    ),
}
