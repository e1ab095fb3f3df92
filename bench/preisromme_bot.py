"""The Preisrommé search bot (``bots/games/preisromme/search.py``): decision time and strength.

``python -m bench.preisromme_bot [--games N] [--worlds W] [--workers K] [--seed S] [--first F] [--quick]``
``python -m bench.preisromme_bot --games N --first F --log games.jsonl``  (one line per game, appended)
``python -m bench.preisromme_bot --summary games.jsonl [more.jsonl ...]``  (the figures of logged games)
``python -m bench.preisromme_bot --accuracy 30``  (how well the bot's worlds guess the other hands)

``python -m bench.preisromme_bot --worlds 0 --games 2000``  (the strong policy alone, PB-9: no search)
``python -m bench.preisromme_bot --deals 8 --games 300``  (whole Durchgänge of eight deals, PB-10)
``python -m bench.preisromme_bot --bot durchgang --deals 8 --games 2000``  (the Durchgang bot, PB-11)
``python -m bench.preisromme_bot --bot durchgang --deals 8 --passes 2 --games 2000``  (tournaments, PB-12)
``python -m bench.preisromme_bot --cheat --games 400``  (the perfect-information ceiling, bench only)
``python -m bench.preisromme_bot --worlds 64 --z 1.0``  (other search settings, PB-6, PB-7)
``python -m bench.preisromme_bot --paired a.jsonl b.jsonl``  (two logged runs on the same games compared)

Four seats, one deal (Spiel) per game, digital mode: the search bot in one seat (seat ``game mod 4``,
so every seat and every dealer position is played equally often) against three heuristic bots
(``bots/games/preisromme/heuristic.py``). A game is *won* by the seat that goes out (R-11.2); a deal that ends without
a winner (RA-25) or runs past ``MAX_STEPS`` (heuristic tables can cycle through reshuffled stocks) is
won by nobody. Figures:

* the search bot's win rate with its 95 % confidence interval (Wilson score interval), beside the 25 %
  share each of four equal players has, and the heuristic seats' rate for comparison;
* the mean penalty points per deal (R-13.1) of the search seat and of a heuristic seat;
* the decision time of the search bot (process CPU time per ``choose``, so "one core" even on a busy
  machine): p50, p95 and the maximum, over every decision with more than one legal action.

``--deals 8`` makes a game the club's *Durchgang* (R-1.2, option ``games_per_pass``): the engine plays
eight deals at one table, the dealer rotating (R-2.2, RA-02), the bot in the same seat throughout; beside
the per-deal figures it reports how often the bot finishes first at the table by its total of booked points
(R-13, RA-23: credits minus penalty points; ties shared), with the Wilson interval (PB-10).

``--passes 2`` (with ``--deals 8``) makes a game the club's whole *tournament* (R-1.2: two Durchgänge; RA-24:
a player's result is the sum of her sixteen game scores): the bot and three heuristic players, the seats drawn
anew before the second Durchgang (R-1.3; at one table that changes only the order), and beside the other
figures the share of tournaments the bot finishes first by its total over both (ties shared as in PT-4
without a tie-break), with the Wilson interval (PB-12).

``--cheat`` seats ``CheatingSearchBot``: the search bot whose worlds are the real state (every hand, the
pile, the stock's cards). It is defined here and nowhere else, so no table can seat it; what it wins bounds
what better guessing of the hidden cards can buy the one-step search (docs/rulings/preisromme-bot.md).

``--paired A B`` compares two runs game by game over the game numbers both logged (each argument a log or
several, comma-separated): the difference of the per-deal win rates (and of the first places, for
Durchgänge) with the standard error of the paired differences.

A long run can be split into ranges of game numbers (``--first``, ``--games``) run at different times or
in different processes, each logging its games (``--log``); ``--summary`` adds the logs up (each game
number counted once), so an interrupted run loses only the games in flight.

``--accuracy N`` plays N heuristic deals and, from turn 8 on at every other turn, deals two worlds for the
deciding seat three ways: with its memory of the deal (``bots/games/preisromme/memory.py``), with the memory but
without its weights (only the remembered pile and holdings), and from the view alone; the figure is the
share of the other hands' cards a world puts in the right hand.

Games run in ``--workers`` processes (default 1: one core); progress goes to stderr every 50 games.
``--quick`` (used by ``python -m bench --quick``) plays 8 games with 4 worlds: a smoke test, not a
measurement. The default without flags is 40 games, a few minutes; the strength figure of the report
(docs/rulings/preisromme-bot.md) comes from ``--games 2000``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from stammtisch.bots.base import Bot
from stammtisch.bots.games.preisromme.durchgang import DurchgangBot
from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.search import CONFIDENCE_Z, DROP_Z, WORLDS, SearchBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME

SEATS = 4
MAX_STEPS = 6000


@dataclass
class Tally:
    """Counts over played games."""

    games: int = 0
    search_wins: int = 0
    heuristic_wins: int = 0
    no_winner: int = 0
    search_penalty: int = 0
    heuristic_penalty: int = 0
    decision_seconds: list[float] = field(default_factory=list)
    #: Durchgänge played (``--deals`` above 1) and the bot's share of first places by total (ties shared).
    passes: int = 0
    pass_first: float = 0.0
    #: Tournaments played (``--passes`` above 1, RA-24) and the bot's share of first places by their total.
    tournaments: int = 0
    tournament_first: float = 0.0

    def to_json(self, number: int) -> str:
        """One game's tally as a log line (``--log``)."""
        return json.dumps({"game": number, **{key: getattr(self, key) for key in self.__dataclass_fields__}})

    @classmethod
    def from_json(cls, line: str) -> tuple[int, Tally]:
        data = json.loads(line)
        number = data.pop("game")
        return number, cls(**data)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.search_wins += other.search_wins
        self.heuristic_wins += other.heuristic_wins
        self.no_winner += other.no_winner
        self.search_penalty += other.search_penalty
        self.heuristic_penalty += other.heuristic_penalty
        self.decision_seconds.extend(other.decision_seconds)
        self.passes += other.passes
        self.pass_first += other.pass_first
        self.tournaments += other.tournaments
        self.tournament_first += other.tournament_first


@dataclass(frozen=True)
class Setup:
    """How the bench's bot plays: ``worlds`` per decision (0: the strong policy alone), the choice rule's
    ``z``, the ``cheat`` ceiling (the search on the real state, see ``CheatingSearchBot``) and how many
    ``deals`` (Spiele) a game is: 1 a single deal, 8 the club's Durchgang (R-1.2, option ``games_per_pass``)."""

    worlds: int = WORLDS
    z: float = CONFIDENCE_Z
    cheat: bool = False
    deals: int = 1
    drop_z: float = DROP_Z
    #: ``search`` (the search bot with the settings above) or ``durchgang`` (PB-11: no search).
    bot: str = "search"
    #: Durchgänge per game: 2 plays the club's tournament of two passes (R-1.2, RA-24; with ``deals`` 8).
    passes: int = 1


class CheatingSearchBot(SearchBot):
    """The perfect-information ceiling (bench only, never selectable for a table): the search bot whose every
    world is the real state (every hand, the pile, the stock's cards; only the order of future draws stays
    chance), shortlisting and choosing exactly as the real bot does. What it wins bounds what better
    guessing of the hidden cards can buy a one-step search over these playouts."""

    name = "cheat"

    def __init__(self, worlds: int = WORLDS, z: float = CONFIDENCE_Z) -> None:
        super().__init__(worlds=worlds, z=z)
        self.truth: Any = None

    def world(self, view: Any, rng: random.Random, memory: Any) -> Any:
        return self.truth


def _measured_bot(setup: Setup) -> Bot:
    if setup.bot == "durchgang":
        return DurchgangBot()
    if setup.cheat:
        return CheatingSearchBot(setup.worlds, setup.z)
    return SearchBot(worlds=setup.worlds, z=setup.z, drop_z=setup.drop_z)


def play_pass(setup: Setup, bot_seat: int, rng: random.Random, tally: Tally) -> Any:
    """One Durchgang of ``setup.deals`` deals (one deal when 1) played by the engine, the dealer rotating
    (R-2.2, RA-02): the measured bot in ``bot_seat``, heuristic bots elsewhere. Counts its deals and the
    bot's decision times into ``tally``; returns the final state."""
    heuristic = HeuristicBot()
    bot = _measured_bot(setup)
    state = GAME.start(SEATS, GAME.configure({"mode": "digital", "games_per_pass": setup.deals}))
    for _ in range(MAX_STEPS * setup.deals):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            break
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        if seat == bot_seat:
            if isinstance(bot, CheatingSearchBot):
                bot.truth = state
            started = time.process_time()
            action = bot.choose(view, legal, rng)
            if len(legal) > 1:
                tally.decision_seconds.append(time.process_time() - started)
        else:
            action = heuristic.choose(view, legal, rng)
        state = GAME.act(state, seat, action)
    tally.games += setup.deals
    tally.no_winner += setup.deals - len(state.history)  # deals cut at MAX_STEPS count as without a winner
    for record in state.history:
        if record.winner is None:
            tally.no_winner += 1
        elif record.winner == bot_seat:
            tally.search_wins += 1
        else:
            tally.heuristic_wins += 1
        tally.search_penalty += record.penalties[bot_seat]
        tally.heuristic_penalty += sum(record.penalties) - record.penalties[bot_seat]
    if setup.deals > 1:
        tally.passes += 1
        tally.pass_first += pass_share(state, bot_seat, complete=len(state.history) == setup.deals)
    return state


def play_game(number: int, seed: int, worlds: int | Setup) -> Tally:
    """Game ``number``: the bot in seat ``number mod 4``, heuristic bots elsewhere; one deal, or a whole
    Durchgang of ``setup.deals`` deals, or a tournament of ``setup.passes`` Durchgänge (RA-24).

    In a tournament the four players (player 0 the bot) are seated anew before every pass after the first
    (R-1.3, RA-27; at one table only the order changes), each player's booked points (credits minus penalty
    points, R-13, RA-23) are summed over the passes, and the bot's share of the first place by that total is
    counted (ties shared, PT-4 without a tie-break)."""
    setup = worlds if isinstance(worlds, Setup) else Setup(worlds=worlds)
    rng = random.Random(seed * 1_000_003 + number)
    tally = Tally()
    players = [0, 1, 2, 3]  # players[seat]: who sits there; the bot is player 0
    players[0], players[number % SEATS] = players[number % SEATS], players[0]
    totals = [0] * SEATS
    complete = True
    for pass_number in range(setup.passes):
        if pass_number:
            rng.shuffle(players)
        state = play_pass(setup, players.index(0), rng, tally)
        complete = complete and len(state.history) == setup.deals
        for seat, player in enumerate(players):
            totals[player] += state.credits[seat] - state.penalties[seat]
    if setup.passes > 1:
        tally.tournaments = 1
        tally.tournament_first = first_share(totals, 0, complete)
    return tally


def pass_share(state: Any, seat: int, complete: bool = True) -> float:
    """The seat's share of the first place of a Durchgang by booked points (R-13, RA-23: credits minus
    penalty points, summed over its deals); see ``first_share``."""
    totals = [credit - penalty for credit, penalty in zip(state.credits, state.penalties, strict=True)]
    return first_share(totals, seat, complete)


def first_share(totals: Sequence[int], player: int, complete: bool = True) -> float:
    """``player``'s share of the first place by booked points (higher is better): 1 alone first, 1/k when k
    players share the best total (PT-4 without a tie-break), 0 otherwise, and 0 for a match cut short."""
    if not complete:
        return 0.0
    best = max(totals)
    return 1.0 / list(totals).count(best) if totals[player] == best else 0.0


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % for z = 1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (centre - half, centre + half)


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def measure(
    games: int,
    worlds: int | Setup,
    workers: int = 1,
    seed: int = 2026,
    progress: bool = False,
    first: int = 0,
    log: str | None = None,
) -> Tally:
    """Play games ``first`` .. ``first + games - 1`` in ``workers`` processes; the summed tally. Runs with
    the same seed and disjoint ranges play exactly the games of one longer run (so a long run can be
    split over time or machines and the counts added)."""
    total = Tally()
    numbers = range(first, first + games)
    if workers <= 1:
        results: Any = (play_game(number, seed, worlds) for number in numbers)
        pool = None
    else:
        pool = ProcessPoolExecutor(workers)
        results = pool.map(play_game, numbers, [seed] * games, [worlds] * games, chunksize=4)
    try:
        for number, tally in zip(numbers, results, strict=True):
            total.add(tally)
            if log is not None:
                with open(log, "a", encoding="utf-8") as out:
                    out.write(tally.to_json(number) + "\n")
            if progress and number % 50 == 49:
                low, high = wilson(total.search_wins, total.games)
                print(
                    f"{number + 1 - first}/{games} games: search bot won {total.search_wins / total.games:.1%} "
                    f"[{low:.1%}, {high:.1%}]; heuristic seats {total.heuristic_wins / (3 * total.games):.1%}; "
                    f"penalty points search {total.search_penalty / total.games:.1f}, "
                    f"heuristic {total.heuristic_penalty / (3 * total.games):.1f}"
                    + (f"; first in {total.pass_first:.1f} of {total.passes} Durchgänge" if total.passes else "")
                    + (
                        f"; first in {total.tournament_first:.1f} of {total.tournaments} tournaments"
                        if total.tournaments
                        else ""
                    ),
                    file=sys.stderr,
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.shutdown()
    return total


def figures(total: Tally, worlds: int | str) -> dict[str, tuple[float, str]]:
    low, high = wilson(total.search_wins, total.games)
    heuristic_seats = total.games * (SEATS - 1)
    times = total.decision_seconds
    passes: dict[str, tuple[float, str]] = {}
    if total.passes:
        passes |= _first_places(
            f"Durchgänge ({total.games // total.passes} deals each) vs 3 heuristic bots",
            "Durchgänge",
            "search bot first at the table",
            "first at the table",
            total.pass_first,
            total.passes,
        )
    if total.tournaments:
        passes |= _first_places(
            f"tournaments ({total.passes // total.tournaments} Durchgänge each, RA-24) vs 3 heuristic",
            "tournaments",
            "bot first in the tournament",
            "first in the tournament",
            total.tournament_first,
            total.tournaments,
        )
    return {
        **passes,
        f"preisromme search bot ({worlds}) deals vs 3 heuristic bots": (total.games, "games"),
        "preisromme search bot wins": (total.search_wins, "games"),
        "preisromme search bot win rate (going out first; equal share 25 %)": (
            round(100 * total.search_wins / max(total.games, 1), 1),
            "%",
        ),
        "preisromme search bot win rate, 95 % CI low (Wilson)": (round(100 * low, 1), "%"),
        "preisromme search bot win rate, 95 % CI high (Wilson)": (round(100 * high, 1), "%"),
        "preisromme heuristic seat win rate (same games)": (
            round(100 * total.heuristic_wins / max(heuristic_seats, 1), 1),
            "%",
        ),
        "preisromme deals without a winner": (total.no_winner, "games"),
        "preisromme search seat mean penalty points per deal": (
            round(total.search_penalty / max(total.games, 1), 1),
            "points",
        ),
        "preisromme heuristic seat mean penalty points per deal": (
            round(total.heuristic_penalty / max(heuristic_seats, 1), 1),
            "points",
        ),
        "preisromme search bot decisions measured": (len(times), "decisions"),
        "preisromme search bot decision time p50 (1 core)": (round(1000 * _percentile(times, 0.5), 1), "ms"),
        "preisromme search bot decision time p95 (1 core)": (round(1000 * _percentile(times, 0.95), 1), "ms"),
        "preisromme search bot decision time max (1 core)": (round(1000 * max(times, default=0.0), 1), "ms"),
    }


def _first_places(
    played: str, unit: str, share_label: str, interval_label: str, first: float, count: int
) -> dict[str, tuple[float, str]]:
    """The four lines of a first-place figure: how many were played, the bot's share of first places by total
    (ties shared) and its Wilson interval."""
    low, high = wilson(round(first), count)
    return {
        f"preisromme {played}": (count, unit),
        f"preisromme {share_label} by total (ties shared; equal share 25 %)": (round(100 * first / count, 1), "%"),
        f"preisromme {interval_label}, 95 % CI low (Wilson)": (round(100 * low, 1), "%"),
        f"preisromme {interval_label}, 95 % CI high (Wilson)": (round(100 * high, 1), "%"),
    }


def run(quick: bool = False, games: int = 40, worlds: int = WORLDS, workers: int = 1) -> dict[str, tuple[float, str]]:
    """The figures for ``python -m bench`` (``quick``: 8 games with 4 worlds, a smoke test)."""
    if quick:
        games, worlds = 8, 4
    return figures(measure(games, worlds, workers), f"{worlds} worlds")


def world_accuracy(deals: int) -> dict[str, float]:
    """The share of the other seats' cards that worlds deal into the right hand, three ways (see the module
    docstring): ``memory``, ``memory_without_weights``, ``view_only``."""
    from collections import Counter
    from dataclasses import replace

    from stammtisch.bots.games.preisromme.memory import Memory
    from stammtisch.bots.games.preisromme.worlds import determinize

    heuristic = HeuristicBot()
    right = {"memory": 0, "memory_without_weights": 0, "view_only": 0}
    cards = 0
    for deal in range(deals):
        rng = random.Random(deal)
        state = GAME.start(SEATS, GAME.configure({"games_per_pass": 1}))
        memories: dict[int, Memory] = {}
        for _ in range(MAX_STEPS):
            turn = GAME.turn(state)
            if isinstance(turn, Finished):
                break
            if isinstance(turn, Chance):
                state = GAME.resolve(state, sample(turn.node, rng))
                continue
            seat = turn.seats[0]
            view = GAME.view(state, seat)
            memory = (memories.get(seat) or Memory.start(view)).observe(view)
            memories[seat] = memory
            if state.turn_no >= 8 and state.turn_no % 2 == 0:
                flat = replace(memory, weights=((1.0,) * 53,) * SEATS)
                ways = {"memory": memory, "memory_without_weights": flat, "view_only": None}
                others = [other for other in range(SEATS) if other != seat]
                for name, known in ways.items():
                    for world_seed in range(2):
                        world = determinize(view, random.Random(world_seed), known)
                        right[name] += sum(
                            sum((Counter(world.hands[o]) & Counter(state.hands[o])).values()) for o in others
                        )
                cards += 2 * sum(len(state.hands[o]) for o in others)
            state = GAME.act(state, seat, heuristic.choose(view, GAME.legal_actions(state, seat), rng))
    return {name: count / max(cards, 1) for name, count in right.items()}


def _logged(paths: Sequence[str]) -> dict[int, Tally]:
    """The tallies of logged games (``--log``) by game number, each number counted once."""
    seen: dict[int, Tally] = {}
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    number, tally = Tally.from_json(line)
                    seen.setdefault(number, tally)
    return seen


def summary(paths: Sequence[str]) -> Tally:
    """The summed tally of logged games (``--log``), each game number counted once."""
    seen = _logged(paths)
    total = Tally()
    for number in sorted(seen):
        total.add(seen[number])
    return total


def _deal_rate(tally: Tally) -> float:
    return tally.search_wins / max(tally.games, 1)


def _first_place(tally: Tally) -> float:
    return tally.pass_first / max(tally.passes, 1)


def _tournament_first(tally: Tally) -> float:
    return tally.tournament_first


def paired_difference(first: Sequence[str], second: Sequence[str]) -> dict[str, float]:
    """Two runs on the same game numbers (``--log`` files of each): the difference of their win rates per
    deal (first minus second, percentage points) with its standard error from the paired game-by-game
    differences, and the same for the first places of Durchgänge when the games were Durchgänge."""
    runs = [_logged(first), _logged(second)]
    common = sorted(set(runs[0]) & set(runs[1]))
    result: dict[str, float] = {"games": len(common)}
    measures = (
        ("deal win rate", _deal_rate, "games"),
        ("first place", _first_place, "passes"),
        ("tournament first place", _tournament_first, "tournaments"),
    )
    for name, get, needs in measures:
        diffs = [get(runs[0][n]) - get(runs[1][n]) for n in common]
        if not diffs or not all(getattr(runs[0][n], needs) and getattr(runs[1][n], needs) for n in common):
            continue
        mean = sum(diffs) / len(diffs)
        variance = sum((d - mean) ** 2 for d in diffs) / max(len(diffs) - 1, 1)
        error = math.sqrt(variance / len(diffs))
        result[f"{name}: first run"] = 100 * sum(get(runs[0][n]) for n in common) / len(common)
        result[f"{name}: second run"] = 100 * sum(get(runs[1][n]) for n in common) / len(common)
        result[f"{name}: difference (points)"] = 100 * mean
        result[f"{name}: standard error (points)"] = 100 * error
        result[f"{name}: standard errors"] = mean / error if error else 0.0
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.preisromme_bot", description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games to play (the report's figure: 2000)")
    parser.add_argument("--worlds", type=int, default=WORLDS, help="determinizations per decision (the bot's default)")
    parser.add_argument("--workers", type=int, default=1, help="processes (cores) to use")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (to split a long run)")
    parser.add_argument("--quick", action="store_true", help="8 games with 4 worlds: a smoke test")
    parser.add_argument("--log", help="append one line per game to this file (JSON lines)")
    parser.add_argument("--summary", nargs="+", metavar="LOG", help="print the figures of logged games and stop")
    parser.add_argument("--accuracy", type=int, metavar="DEALS", help="how well worlds guess the other hands")
    parser.add_argument("--z", type=float, default=CONFIDENCE_Z, help="the choice rule's standard errors (PB-6)")
    parser.add_argument("--cheat", action="store_true", help="the perfect-information ceiling (bench only)")
    parser.add_argument("--deals", type=int, default=1, help="deals per game: 8 plays the club's Durchgang (PB-10)")
    parser.add_argument("--passes", type=int, default=1, help="Durchgänge per game: 2 plays the tournament (RA-24)")
    parser.add_argument("--drop", type=float, default=DROP_Z, help="racing: standard errors below kept (PB-6)")
    parser.add_argument(
        "--bot", choices=("search", "durchgang"), default="search", help="the bot in the measured seat (PB-11)"
    )
    parser.add_argument("--paired", nargs=2, metavar="LOGS", help="compare two runs' logs (comma-separated files)")
    args = parser.parse_args(argv)
    if args.paired:
        for label, value in paired_difference(*(paths.split(",") for paths in args.paired)).items():
            print(f"preisromme paired, {label}: {value:.2f}")
        return 0
    if args.accuracy:
        for name, share in world_accuracy(args.accuracy).items():
            print(f"preisromme worlds: other hands' cards dealt right, {name.replace('_', ' ')}: {100 * share:.1f} %")
        return 0
    games, worlds = (8, 4) if args.quick else (args.games, args.worlds)
    if args.summary:
        total = summary(args.summary)
    else:
        setup = Setup(
            worlds=worlds,
            z=args.z,
            cheat=args.cheat,
            deals=args.deals,
            drop_z=args.drop,
            bot=args.bot,
            passes=args.passes,
        )
        total = measure(games, setup, args.workers, args.seed, progress=True, first=args.first, log=args.log)
    cheating = ", cheating" if args.cheat else ""
    label_worlds = f"{worlds} worlds{cheating}{f', z={args.z}' if args.z != CONFIDENCE_Z else ''}"
    label_worlds = "durchgang bot, no search" if args.bot == "durchgang" else label_worlds
    label_worlds += f", drop {args.drop}" if args.drop != DROP_Z else ""
    for label, (value, unit) in figures(total, label_worlds).items():
        print(f"{label}: {value:,} {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
