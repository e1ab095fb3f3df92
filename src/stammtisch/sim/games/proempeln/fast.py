"""The Prömpeln lab's fast path: a game of advisor bots played straight through the rules' order of play.

The lab's bots (``bots.games.proempeln.AdvisorBot``) never botch an announcement, an attempt or a claim, so a
game is a fixed sequence: per round (PR-2.4, PR-R15 turn order) each seat announces its move by the exact
advisor (PR-4.0a), flicks its seven stoppers (the Doppellörer from the outside in, PR-4.4), replays a
Kniffel's bottles by the advisor's policy (PR-4.2, PR-R04), records the claim worth most (PR-R06,
PR-R07); a King ends the game or the round (PR-5.2), the totals decide after round 7 (PR-2.8) and a tie
goes to the Stechen (PR-2.9, PR-R12). This module plays that sequence with plain lists, scoring with the
engine's own functions (``games.proempeln.scoring``, ``advisor``), and hands back the engine's final
``State``, so the lab counts its figures from it as before.

It skips what the engine does per step for every caller (the turn, the legal actions, the checks, a view
for the bot, a new immutable state per stopper): about a tenth of the time. It is not the authority:
``tests/sim/test_lab6_proempeln_fast.py`` plays the same games (same seeds, every modelled and unmodelled
option) through the engine and requires the identical final state and claims.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import accumulate

from stammtisch.games.proempeln import advisor, scoring
from stammtisch.games.proempeln.model import (
    BOTTLES,
    DOPPEL_ORDER,
    HANDS,
    ROUNDS,
    SPECIALS,
    Announce,
    Config,
    State,
    Stechen,
)
from stammtisch.games.proempeln.rules import KNIFFEL_REPLAYS


def landing_stream(seed: int, game: int, seat: int) -> random.Random:
    """A seat's landings in one game of the lab (LAB-1: keyed by seed, game and seat)."""
    return random.Random(f"proempeln/{seed}/{game}/{seat}")


def landing_points(u: float, cumulative: Sequence[float]) -> int:
    """The points of a stopper drawn with the uniform number ``u``: the first value whose cumulative
    probability exceeds ``u`` (0-3; 3 when rounding leaves ``u`` above the last)."""
    return min(bisect_right(cumulative, u), 3)


@lru_cache(maxsize=4096)
def announcement(round_: int, used: tuple[str, ...], skill: advisor.Dist, config: Config) -> Announce:
    """``AdvisorBot``'s announcement: the advisor's best move among the legal correct ones (the engine's
    canonical order: ``none`` unless a special is forced by PR-R08, then the unused specials; round 7 the
    Doppellörer with either hand), else the first of them."""
    unused = tuple(s for s in SPECIALS if s not in used)
    if round_ == ROUNDS:
        choices = [Announce("D", hand) for hand in HANDS]
    else:
        forced = config.specials_mandatory and round_ <= 6 and len(unused) >= ROUNDS - round_
        choices = [*(() if forced else (Announce("none"),)), *(Announce(move) for move in unused)]
    best = advisor.advise(round_, unused, skill, config).best
    return next((a for a in choices if a.move == best), choices[0])


def claim_of(effective: str, values: Sequence[int], config: Config) -> str:
    """The claim recorded: the engine's automatic one (PR-R17 ``auto_claim_passive``), else the bot's
    (``bots.games.proempeln.best_record``: a King always, a Meier when it raises the score)."""
    if config.auto_claim_passive:
        return scoring.auto_claim(effective, values, config)
    claims = scoring.valid_claims(effective, values, config)
    if "king" in claims:
        return "king"
    if "meier" in claims and advisor.run_value(effective, values, config) > scoring.unclaimed(
        effective, values, config
    ):
        return "meier"
    return "none"


def play(config: Config, seats: int, seed: int, game: int, skill: advisor.Dist) -> tuple[State, list[str]]:
    """One lab game: the final state (as the engine leaves it) and the claims the bots made (not
    ``none``; none at all under ``auto_claim_passive``, where no claim is a step of its own)."""
    cumulative = list(accumulate(skill))
    streams = [landing_stream(seed, game, seat) for seat in range(seats)]

    draws = [stream.random for stream in streams]

    def land(seat: int) -> int:
        return min(bisect_right(cumulative, draws[seat]()), 3)  # landing_points, inlined: 200 calls a game

    kniffel = advisor.kniffel(tuple(skill), config)
    used: list[tuple[str, ...]] = [() for _ in range(seats)]
    scores: list[tuple[int, ...]] = [() for _ in range(seats)]
    moves: list[tuple[str, ...]] = [() for _ in range(seats)]
    kings: list[int] = []
    claims: list[str] = []
    announced: list[Announce | None] = []

    def final(round_: int, position: int, winner: int, reason: str, stechen: Stechen | None = None) -> State:
        return State(
            config, seats, round_, position, tuple(announced), tuple(used), tuple(scores), tuple(moves), None,
            tuple(kings), stechen, winner, reason,
        )  # fmt: skip

    round_ = 1
    for round_ in range(1, ROUNDS + 1):
        start = (round_ - 1) % seats if config.rotate_start_player else 0
        order = [(start + i) % seats for i in range(seats)]
        announced = [None] * seats
        if config.announce_deadline == "before_round_start":
            for seat in order:
                announced[seat] = _announce(round_, seat, used, skill, config)
        for position, seat in enumerate(order):
            move = announced[seat] or _announce(round_, seat, used, skill, config)
            announced[seat] = move
            effective = move.move
            caps = [0] * 7
            for bottle in DOPPEL_ORDER if effective == "D" else BOTTLES:
                caps[bottle - 1] = land(seat)
            for replays_left in range(KNIFFEL_REPLAYS if effective == "K" else 0, 0, -1):
                again = advisor.replay_choice(caps, replays_left, kniffel)
                if not again:
                    break
                for bottle in again:
                    caps[bottle - 1] = land(seat)
            values = tuple(caps)
            claim = claim_of(effective, values, config)
            if claim != "none" and not config.auto_claim_passive:
                claims.append(claim)
            scores[seat] = (*scores[seat], scoring.score(effective, values, claim, config))
            moves[seat] = (*moves[seat], move.move)
            if claim == "king":
                if config.king_ends == "immediately":
                    return final(round_, position, seat, "king"), claims
                kings.append(seat)
        if kings:  # king_ends = finish_round
            if len(kings) == 1:
                return final(round_, seats - 1, kings[0], "king"), claims
            return _stechen(final(round_, seats - 1, -1, ""), tuple(kings), land), claims
    totals = [sum(s) for s in scores]
    leaders = tuple(s for s in range(seats) if totals[s] == max(totals))
    if len(leaders) == 1:
        return final(round_, seats - 1, leaders[0], "total"), claims
    return _stechen(final(round_, seats - 1, -1, ""), leaders, land), claims


def _announce(round_: int, seat: int, used: list[tuple[str, ...]], skill: advisor.Dist, config: Config) -> Announce:
    """Seat ``seat``'s announcement, its special marked as used (PR-4.0a)."""
    move = announcement(round_, used[seat], tuple(skill), config)
    if move.move in SPECIALS:
        used[seat] = (*used[seat], move.move)
    return move


def _stechen(state: State, tied: tuple[int, ...], land: Callable[[int], int]) -> State:
    """PR-2.9, PR-R12: the tied players flick one stopper each, in seat order of the tie, until one is
    alone on top; ``tiebreak_mode`` says who flicks again (the top ones, or every one first tied)."""
    contenders = tied
    history: tuple[tuple[tuple[int, int], ...], ...] = ()
    while True:
        flicks = tuple(land(seat) for seat in contenders)
        done = tuple(zip(contenders, flicks, strict=True))
        history = (*history, done)
        best = max(flicks)
        top = tuple(s for s, f in done if f == best)
        if len(top) == 1:
            stechen = Stechen(contenders, flicks, tied, history)
            return State(
                state.config, state.seats, state.round, state.position, state.announced, state.used, state.scores,
                state.moves, None, state.kings, stechen, top[0], "stechen",
            )  # fmt: skip
        contenders = top if state.config.tiebreak_mode == "eliminate" else tied
