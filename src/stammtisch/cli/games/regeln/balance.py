"""``stammtisch regeln balance``: how much each card moves the average winner's score in bot play, the
measure our designed cards were balanced by (issue 12 §3, docs/rulings/regeln-cards.md).

Method (the one of regeln-cards.md, kept here so the figures can be made again, for our deck or for a
club's own card file): the heuristic bot in every seat, ``games`` games per card with the same seeds
(common random numbers: game ``i`` of every card starts from seed ``"{seed}:{i}"``, and the forced space
still draws its card from it, unused, so the rest of the set-up, the deal and the bots' choices take the
same random numbers as in the baseline game). A Korrektur,
Abstimm or Ereignis card is forced onto its type's first face-up space at set-up (it may be covered
later; the other face-up cards are drawn as ever); a Wertung or Prognose card is made the round-1 rule
instead of the start card (which then lies with the unused ones). Measured: the average final score of
the winner, against the baseline of the standard set-up, as a share (``delta``: +0.05 is 5 % more).

**The bound**: a designed card may not move the winner's average by more than the known cards do: the
largest ``|delta|`` of the cards whose status is ``certain`` (``bound``); ``outside`` lists the designed
cards beyond it. ``known_range`` is the lowest and highest ``delta`` of those cards and
``beyond_known_range`` the designed cards outside that range (a card may move the winner's score the
other way than any known card does, by less). With a hundred games per card the standard error of one
difference is about three percent, so the figures rank cards roughly; they are not precise.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from typing import Any

from stammtisch.bots.playout import play_out
from stammtisch.bots.registry import bots_for
from stammtisch.core.chance import sample
from stammtisch.core.protocol import Chance
from stammtisch.games.regeln.game import Regeln
from stammtisch.games.regeln.model import CardOutcome, State, replace
from stammtisch.games.regeln.rules import open_slot

#: The bot in every seat.
BOT = "heuristic"
#: The card types whose cards are forced onto a face-up space (the others become the round-1 rule).
SPACE_TYPES = ("korrektur", "abstimm", "ereignis")


def forced_start(
    game: Regeln, players: int, setup: dict[str, Any] | None, card: str | None, rng: random.Random
) -> State:
    """A game at the start with ``card`` in force from the beginning (None: the standard set-up). The
    face-up cards other than the forced one are drawn from ``rng`` as the engine would; the deal and
    the place cards are left to the playout."""
    state = game.start(players, game.configure({}), setup)
    if card is None:
        return state
    kind = state.deck.card(card).type
    if kind == "wertung" and card != state.wertung:
        unused = tuple(state.wertung if c == card else c for c in state.wertung_unused)
        return replace(state, wertung=card, wertung_unused=unused)
    if kind == "prognose" and card != state.prognose:
        unused = tuple(state.prognose if c == card else c for c in state.prognose_unused)
        return replace(state, prognose=card, prognose_unused=unused)
    while state.phase == "setup_table":
        turn = game.turn(state)
        assert isinstance(turn, Chance)
        drawn = sample(turn.node, rng)  # drawn for the forced space too, so every later draw stays in step
        state = game.resolve(state, CardOutcome(card) if open_slot(state) == (kind, 0) else drawn)
    return state


def winner_scores(
    game: Regeln, players: int, games: int, seed: int, setup: dict[str, Any] | None, card: str | None
) -> list[int]:
    """The winner's final score of each game with ``card`` forced (common seeds across cards)."""
    bot = bots_for(game)[BOT]
    winners = []
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        state = forced_start(game, players, setup, card, rng)
        done = play_out(game, state, [bot() for _ in range(players)], rng)
        winners.append(max(done.result.scores))
    return winners


def balance(
    game: Regeln,
    players: int = 4,
    games: int = 60,
    seed: int = 1,
    setup: dict[str, Any] | None = None,
    cards: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The figures (see the module docstring): the baseline, one row per card, the bound, ``outside``."""
    deck = game.start(players, game.configure({}), setup).deck
    chosen = list(cards) if cards else [c.id for c in deck.cards]
    base = winner_scores(game, players, games, seed, setup, None)
    baseline = statistics.fmean(base)
    rows: list[dict[str, Any]] = []
    deltas: dict[str, float] = {}
    for card_id in chosen:
        card = deck.card(card_id)
        average = statistics.fmean(winner_scores(game, players, games, seed, setup, card_id))
        deltas[card_id] = round((average - baseline) / baseline if baseline else 0.0, 4)
        rows.append(
            {
                "card": card_id,
                "type": card.type,
                "status": card.status,
                "average": round(average, 1),
                "delta": deltas[card_id],
            }
        )
    known = [deltas[row["card"]] for row in rows if row["status"] == "certain"]
    span = (min(known), max(known)) if known else None
    bound = max(abs(delta) for delta in known) if known else None
    designed = [row["card"] for row in rows if row["status"] == "designed"]
    outside = [card for card in designed if bound is not None and abs(deltas[card]) > bound]
    beyond = [card for card in designed if span is not None and not span[0] <= deltas[card] <= span[1]]
    return {
        "players": players,
        "games_per_card": games,
        "seed": seed,
        "bot": BOT,
        "baseline": round(baseline, 1),
        "baseline_sd": round(statistics.pstdev(base), 1),
        "bound": bound,
        "known_range": list(span) if span else None,
        "outside": outside,
        "beyond_known_range": beyond,
        "cards": rows,
    }
