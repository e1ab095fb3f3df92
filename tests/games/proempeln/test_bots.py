"""bots/games/proempeln.py: both bots play whole games through views and legal actions only."""

from __future__ import annotations

import random

import pytest

from stammtisch.bots.games.proempeln import AdvisorBot, RandomSpecialsBot
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.proempeln import GAME, advisor
from stammtisch.games.proempeln.model import Announce, Record, Replay, State
from stammtisch.games.proempeln.skill import PlayerSkill, SkillTable
from tests.games.proempeln.helpers import enter


def play(seats: int, bots: list[object], seed: int, **options: object) -> tuple[State, list[tuple[int, object]]]:
    rng = random.Random(seed)
    skills = SkillTable.of(seats, {0: PlayerSkill((10, 20, 30, 40))})
    state = GAME.start(seats, GAME.configure(options))
    chosen = []
    while not isinstance(turn := GAME.turn(state), Finished):
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng, skills))
            continue
        seat = turn.seats[0]
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal, rng)  # type: ignore[attr-defined]
        assert action in legal
        chosen.append((seat, action))
        state = GAME.act(state, seat, action)
    return state, chosen


@pytest.mark.parametrize("seats", range(2, 8))
def test_bots_finish_games(seats: int) -> None:
    bots: list[object] = [AdvisorBot((0.1, 0.2, 0.3, 0.4))] + [RandomSpecialsBot() for _ in range(seats - 1)]
    state, chosen = play(seats, bots, seed=seats)
    assert GAME.result(state) is not None
    assert not any(isinstance(a, Announce) and not a.correct for _, a in chosen)


def test_random_bot_plays_specials_at_random_legal_times() -> None:
    rounds = set()
    for seed in range(20):
        state, _ = play(2, [RandomSpecialsBot(), RandomSpecialsBot()], seed, king_ends="finish_round")
        rounds.add(state.moves[1].index("L") if "L" in state.moves[1] else None)
    assert len(rounds) >= 3


def test_advisor_bot_follows_the_advice() -> None:
    p = (0.1, 0.2, 0.3, 0.4)
    state, chosen = play(2, [AdvisorBot(p), RandomSpecialsBot()], seed=3)
    left = ["L", "K", "P"]
    for round_, (_, action) in enumerate((s, a) for s, a in chosen if s == 0 and isinstance(a, Announce)):
        if action.move != "D":
            assert action.move == advisor.advise(round_ + 1, left, p).best
            if action.move in left:
                left.remove(action.move)


def test_bots_claim_what_is_worth_most() -> None:
    bot = AdvisorBot((0.1, 0.2, 0.3, 0.4))
    state = GAME.act(GAME.start(2, GAME.configure()), 0, Announce("P"))
    state = enter(state, 0, (1, 2, 2, 2, 2, 2, 2))
    rng = random.Random(0)
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng) == Record()  # 30 beats Meier 21
    state = GAME.act(GAME.start(2, GAME.configure()), 0, Announce("K"))
    state = enter(state, 0, (3, 3, 3, 3, 3, 3, 0))
    action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), rng)
    assert action == Replay((7,))
