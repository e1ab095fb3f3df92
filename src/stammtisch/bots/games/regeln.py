"""Das Regeln Wir Schon! bots: the uniform random bot and a heuristic.

The heuristic sees only its seat's view (own hand, the mats, chips, places, scores; the card file's
public effects through the deck the view names) and the legal actions. It values a rule by the
points its own chips would score under it right now (the Wertung in force, the Korrektur values
and bonuses, via the game's effect interpreter), and:

* plays the card that raises its own score most (any card when none does);
* votes Ja for a card that raises its score, Nein for one that lowers it, with more tiles the more
  is at stake (one tile when it does not care, which brings the Scoring Round closer), and adopts a
  tie when the card does not hurt it;
* takes the chips worth most to it (never the pool's last of a colour, which would send every
  chip of that colour back) and pays the ones worth least;
* covers the card whose loss helps it most; as Punktletzte picks the Wertung that scores its chips
  best; predicts its place (and its neighbours' or the leader) from the current standings;
* never reports anyone speaking.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from stammtisch.bots.base import RandomBot
from stammtisch.games.regeln import effects
from stammtisch.games.regeln.catalogue import known_deck
from stammtisch.games.regeln.model import (
    COLOURS,
    Card,
    Chips,
    ChooseRule,
    Cover,
    Decide,
    Deck,
    PayChip,
    PlayCard,
    Predict,
    TakeChip,
    Vote,
)


def _card(view: Mapping[str, Any], card_id: str) -> Card:
    """A card of the deck the view names (its texts are the card file's, looked up once per file)."""
    return _deck(view).card(card_id)


def _deck(view: Mapping[str, Any]) -> Deck:
    deck = known_deck(view["deck"])
    if deck is None:  # only a view made by another process could name a deck this one never showed
        raise LookupError(f"unknown card file {view['deck']!r}")
    return deck


def _chips(view: Mapping[str, Any], seat: int) -> Chips:
    mine = view["chips"][seat]
    return (mine["white"], mine["purple"], mine["yellow"], mine["green"])


def my_points(view: Mapping[str, Any], korrektur: list[str | None], wertung: str | None = None) -> int:
    """What the seat's chips score now under ``korrektur`` and the Wertung (with the bonus)."""
    seat: int = view["seat"]
    cards = [_card(view, c) for c in korrektur if c is not None]
    chosen = wertung or view["wertung"] or "W-EINFACH"
    if not _deck(view).has(chosen):
        return 0
    rule = _card(view, chosen)
    everyone = [_chips(view, s) for s in range(view["seats"])]
    mine = everyone[seat]
    noted = COLOURS[max(range(4), key=lambda c: mine[c])]
    points = effects.chip_points(rule, mine, effects.colour_values(cards), noted)
    if rule.param("add_bonus"):
        points += sum(effects.bonus(c, mine, everyone, False) for c in cards if c.param("kind") == "bonus")
    return points


def adoption_gain(view: Mapping[str, Any], card_id: str) -> int:
    """How many points adopting ``card_id`` is worth to the seat (best cover); 0 for non-Korrektur."""
    card = _card(view, card_id)
    if card.type != "korrektur":
        return 0
    now = my_points(view, view["korrektur"])
    korrektur: list[str | None] = view["korrektur"]
    same = [
        i for i, c in enumerate(korrektur) if c is not None and card.colour and _card(view, c).colour == card.colour
    ]
    options = []
    for slot in same[:1] or [0, 1]:
        trial = list(korrektur)
        trial[slot] = card_id
        options.append(my_points(view, trial))
    return (max(options) if options else now) - now


def colour_worth(view: Mapping[str, Any], colour: str) -> int:
    values = effects.colour_values([_card(view, c) for c in view["korrektur"] if c is not None])
    return values[COLOURS.index(colour)]


class HeuristicBot:
    """Votes and plays for its own score, predicts its place from the standings."""

    name = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
        first = legal[0]
        if isinstance(first, PlayCard):
            return max(legal, key=lambda a: (adoption_gain(view, a.card), not a.stood))
        if isinstance(first, Vote):
            gain = adoption_gain(view, view["under_vote"]) if view["under_vote"] else 0
            stock = max(a.tiles for a in legal)
            tiles = 1 if gain == 0 else min(stock, 1 + abs(gain) // 5)
            return Vote(gain >= 0 if gain else rng.random() < 0.5, tiles)
        if isinstance(first, Decide):
            gain = adoption_gain(view, view["under_vote"]) if view["under_vote"] else 0
            return Decide(gain >= 0)
        if isinstance(first, TakeChip):
            pool = view["pool"]
            return max(legal, key=lambda a: (pool[a.colour] > 1, colour_worth(view, a.colour), pool[a.colour]))
        if isinstance(first, PayChip):
            return min(legal, key=lambda a: colour_worth(view, a.colour))
        if isinstance(first, Cover):
            return max(legal, key=lambda a: self._cover_value(view, a.slot))
        if isinstance(first, ChooseRule):
            if view["phase"] == "choose_wertung":
                return max(legal, key=lambda a: my_points(view, view["korrektur"], a.card))
            return first
        if isinstance(first, Predict):
            return self._predict(view, legal)
        return first

    def _cover_value(self, view: Mapping[str, Any], slot: int) -> int:
        card_id = view["under_vote"]
        if card_id is None or _card(view, card_id).type != "korrektur":
            return 0
        trial = list(view["korrektur"])
        trial[slot] = card_id
        return my_points(view, trial)

    def _predict(self, view: Mapping[str, Any], legal: tuple[Any, ...]) -> Any:
        seat: int = view["seat"]
        n: int = view["seats"]
        scores: list[int] = view["scores"]
        order = sorted(range(n), key=lambda s: (-scores[s], view["places"][s] or 0))
        place = {s: order.index(s) + 1 for s in range(n)}
        target = _card(view, view["prognose"]).param("target") if view["prognose"] else "own_place"
        if target == "left_neighbour_place":
            value = place[(seat + 1) % n]
        elif target == "right_neighbour_place":
            value = place[(seat - 1) % n]
        elif target == "leader_seat":
            value = order[0] + 1
        else:
            value = place[seat]
        mine = _chips(view, seat)
        colour = COLOURS[max(range(4), key=lambda c: mine[c])]
        for action in legal:
            if action.value == value and action.colour in (None, colour):
                return action
        return legal[0]


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
