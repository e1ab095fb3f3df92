"""The Preisrommé search bot's memory of a deal (bots/games/preisromme/memory.py): folded from the seat's own
views only, it knows the buried discards (RA-03, RA-25), the cards others took (R-4.4, R-5.1) or won by a
swap (RA-15) until they are laid or thrown, and it reads a card let go by (R-4.5) as evidence; the worlds
it deals (bots/games/preisromme/worlds.py) agree with all of it and with the view."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.bots.games.preisromme.memory import PASSED_NEIGHBOUR, WEIGHT_FLOOR, Memory
from stammtisch.bots.games.preisromme.search import SearchBot
from stammtisch.bots.games.preisromme.worlds import determinize
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance, Finished
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.model import WINDOW, State

HEURISTIC = HeuristicBot()


def remembered(seed: int, seats: int = 4) -> Iterator[tuple[State, int, Memory]]:
    """Every decision of a heuristic deal with the deciding seat's memory after its view."""
    rng = random.Random(seed)
    state = GAME.start(seats, GAME.configure({"games_per_pass": 1}))
    memories: dict[int, Memory] = {}
    for _ in range(6000):
        turn = GAME.turn(state)
        if isinstance(turn, Finished):
            return
        if isinstance(turn, Chance):
            state = GAME.resolve(state, sample(turn.node, rng))
            continue
        seat = turn.seats[0]
        view = GAME.view(state, seat)
        memory = memories.get(seat) or Memory.start(view)
        memories[seat] = memory = memory.observe(view)
        yield state, seat, memory
        legal = GAME.legal_actions(state, seat)
        state = GAME.act(state, seat, HEURISTIC.choose(view, legal, rng))


def test_ra03_the_buried_discards_are_remembered_exactly() -> None:
    """RA-03, RA-25 (P-23): the cards below the face-up one are the discards nobody took, in the order
    thrown, also after the pile became the stock; the memory knows them from the windows it answered."""
    known = 0
    for seed in range(25):
        for state, _seat, memory in remembered(seed):
            pile = memory.hidden_pile(GAME.view(state, _seat))
            assert tuple(state.pile[len(state.pile) - len(pile) :]) == pile
            assert len(pile) == len(state.pile)
            known += len(pile)
    assert known > 1000


def test_r44_r51_ra15_a_known_holding_is_in_that_hand() -> None:
    """R-4.4, R-5.1, RA-15: a card another seat took from a window or won by a joker swap, and was not
    seen to lay or throw since, is in her hand at every later decision."""
    held = 0
    for seed in range(40):
        for state, seat, memory in remembered(seed):
            for other in range(4):
                if other != seat:
                    assert not Counter(memory.holdings[other]) - Counter(state.hands[other])
                    held += len(memory.holdings[other])
    assert held > 5000


def test_r45_the_next_player_who_let_a_card_go_is_unlikely_to_hold_its_neighbours() -> None:
    """R-4.4/R-4.5: when the next player did not take a card (nobody did), her weight for the card one
    rank up in its suit is multiplied by ``PASSED_NEIGHBOUR`` (or less, with more evidence) in the memory
    of every other seat."""
    before: dict[int, Memory] = {}
    seen = 0
    for seed in range(3):
        for state, seat, memory in remembered(seed):
            last, previous = state.last_window, before.get(seat)
            before[seat] = memory
            if state.phase != WINDOW or not last or last[1] >= 0 or previous is None:
                continue
            following = state.discarder  # the next player of the last window played this turn
            if following == seat or last[0] % 13 == 12 or previous.windows_closed >= state.turn_no - 1:
                continue
            neighbour = last[0] + 1
            old = previous.weights[following][neighbour]
            assert memory.weights[following][neighbour] <= max(WEIGHT_FLOOR, old * PASSED_NEIGHBOUR) + 1e-12
            seen += 1
    assert seen > 20


def test_a_view_seen_twice_changes_nothing() -> None:
    """Each window is counted once (by its turn): the same view again leaves the memory as it was."""
    for state, seat, memory in remembered(7):
        assert memory.observe(GAME.view(state, seat)) == memory


def test_worlds_agree_with_the_view_and_the_memory() -> None:
    """Every world shows the seat its view exactly, holds the known pile below the face-up card and gives
    each seat the cards the memory knows she holds."""
    checked = 0
    for seed in range(6):
        for state, seat, memory in remembered(seed):
            if state.turn_no % 3:
                continue
            view = GAME.view(state, seat)
            world = determinize(view, random.Random(seed), memory)
            assert GAME.view(world, seat) == view
            assert world.pile == state.pile
            for other in range(4):
                assert not Counter(memory.holdings[other]) - Counter(world.hands[other])
            checked += 1
    assert checked > 100


def test_the_bot_is_deterministic_under_a_seed() -> None:
    """The same views in the same order with the same random stream give the same moves (the memory is
    part of the bot: two fresh bots fed alike play alike)."""
    first, second = SearchBot(worlds=4), SearchBot(worlds=4)
    moves = 0
    for state, seat, _memory in remembered(9):
        if seat != 1 or moves >= 12:
            continue
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        assert first.choose(view, legal, random.Random(moves)) == second.choose(view, legal, random.Random(moves))
        moves += 1
    assert moves == 12


def test_a_new_deal_starts_a_fresh_memory() -> None:
    """A view of another deal (game number, dealer) does not inherit the last deal's cards."""
    state, seat, memory = next((s, seat, m) for s, seat, m in remembered(2) if s.turn_no > 8)
    view: dict[str, Any] = dict(GAME.view(state, seat))
    view["game_no"] = view["game_no"] + 1
    view["dealer"] = (view["dealer"] + 1) % 4
    assert memory.untaken
    fresh = memory.observe(view)
    assert fresh.deal != memory.deal
    assert fresh.untaken == () or fresh.windows_closed == view["turn_no"] - 1
    assert all(not cards or len(cards) <= 1 for cards in fresh.holdings)
