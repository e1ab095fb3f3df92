"""The declarative effect vocabulary of the rule cards, and its interpreter.

Every card's ``effect`` in the card file is a small object whose keys depend on the card type
(the parameter syntax of rulings/regeln-cards.md). ``SCHEMA`` says which keys each type has and
what each key allows; ``cards.validate`` checks a card file against it, and the functions below
are the only place where an effect turns into chips or points. Adding a card with an existing
formula, condition or trigger needs no code.

* ``wertung``:   ``formula`` (FORMULAS), ``factor`` (int ≥ 1), ``add_bonus`` (bool)
* ``prognose``:  ``target`` (TARGETS), ``points`` (int), ``near_points`` (int ≥ 0: one place off)
* ``korrektur``: ``kind`` = ``value`` with ``colour`` (COLOURS) and ``value`` (int ≥ 0), or
  ``kind`` = ``bonus`` with ``condition`` (BONUS_CONDITIONS) and ``points`` (int)
* ``abstimm``:   ``condition`` (VOTING_CONDITIONS), ``chips`` (int ≠ 0: + from the pool, − to it)
* ``ereignis``:  ``trigger`` (TRIGGERS) and ``points`` (scorepad points) or ``chips``, as the
  trigger says (POINT_TRIGGERS / CHIP_TRIGGERS)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stammtisch.games.regeln.model import COLOURS, Card, Chips

FORMULAS: tuple[str, ...] = (
    "sum_all_colours",  # Σ colour points × factor
    "product_two_colours",  # the best product of two colours' points (regeln-cards.md §3: auto-maximised)
    "noted_colour_times",  # the secretly noted colour's points × factor
    "sum_times_distinct_colours",  # Σ colour points × number of colours held
    "best_colour_times",  # the best colour's points × factor
    "weakest_colour_times",  # the weakest colour's points (0 if a colour is missing) × factor
)
TARGETS: tuple[str, ...] = ("own_place", "left_neighbour_place", "right_neighbour_place", "leader_seat")
BONUS_CONDITIONS: tuple[str, ...] = (
    "holds_exactly_one_colour",  # K-B1: once per player
    "colour_count_eq_1",  # K-B2: per colour held exactly once
    "full_sets",  # K-B3: per full set of the four colours
    "sole_holder_of_a_colour",  # K-B4: once per player (option k_b4_per=colour: per colour)
)
VOTING_CONDITIONS: tuple[str, ...] = (
    "sole_dissenter",
    "votes_like_left_neighbour",
    "votes_like_right_neighbour",
    "in_minority",
    "in_majority",
    "on_winning_side",
    "on_losing_side",
    "voted_yes",
    "voted_no",
    "played_adopted_card",
)
POINT_TRIGGERS: tuple[str, ...] = (
    "first_to_speak_in_scoring",
    "rank_first_after_interim",
    "rank_last_after_interim",
    "most_chips_at_scoring",
    "fewest_chips_at_scoring",
)
CHIP_TRIGGERS: tuple[str, ...] = (
    "speaks_during_vote",
    "stands_before_card_play",
    "own_card_adopted",
    "own_card_rejected",
    "most_tiles_in_vote",
)
TRIGGERS: tuple[str, ...] = POINT_TRIGGERS + CHIP_TRIGGERS

#: key -> allowed values (a tuple of names), or a type name with a bound: "int", "int>=0", "int>=1",
#: "int!=0", "bool". ``korrektur`` and ``ereignis`` have variants chosen by ``kind`` / ``trigger``.
SCHEMA: dict[str, dict[str, tuple[str, ...] | str]] = {
    "wertung": {"formula": FORMULAS, "factor": "int>=1", "add_bonus": "bool"},
    "prognose": {"target": TARGETS, "points": "int", "near_points": "int>=0"},
    "korrektur/value": {"kind": ("value",), "colour": COLOURS, "value": "int>=0"},
    "korrektur/bonus": {"kind": ("bonus",), "condition": BONUS_CONDITIONS, "points": "int"},
    "abstimm": {"condition": VOTING_CONDITIONS, "chips": "int!=0"},
    "ereignis/points": {"trigger": POINT_TRIGGERS, "points": "int"},
    "ereignis/chips": {"trigger": CHIP_TRIGGERS, "chips": "int!=0"},
}


def schema_key(card_type: str, effect: dict[str, object]) -> str:
    """Which ``SCHEMA`` entry an effect is checked against."""
    if card_type == "korrektur":
        return "korrektur/bonus" if effect.get("kind") == "bonus" else "korrektur/value"
    if card_type == "ereignis":
        return "ereignis/chips" if effect.get("trigger") in CHIP_TRIGGERS else "ereignis/points"
    return card_type


# --- Korrektur: colour values and bonuses (RG-4.1) --------------------------------------------


def colour_values(korrektur: Sequence[Card]) -> tuple[int, int, int, int]:
    """RG-4.1: every chip is worth 1, unless a Korrektur in force sets its colour's value."""
    values = [1, 1, 1, 1]
    for card in korrektur:
        colour = card.colour
        if colour is not None:
            values[COLOURS.index(colour)] = int(card.param("value"))
    return values[0], values[1], values[2], values[3]


def bonus(card: Card, mine: Chips, everyone: Sequence[Chips], per_colour_sole: bool) -> int:
    """The bonus of one bonus-Korrektur for a seat holding ``mine`` (regeln-cards.md §5: judged on
    chip *counts*, not values, over all chips held)."""
    condition = card.param("condition")
    points = int(card.param("points"))
    held = [c for c in range(4) if mine[c] > 0]
    if condition == "holds_exactly_one_colour":
        return points if len(held) == 1 else 0
    if condition == "colour_count_eq_1":
        return points * sum(1 for c in range(4) if mine[c] == 1)
    if condition == "full_sets":
        return points * min(mine)
    if condition == "sole_holder_of_a_colour":
        sole = sum(1 for c in held if sum(1 for other in everyone if other[c] > 0) == 1)
        return points * (sole if per_colour_sole else min(sole, 1))
    raise AssertionError(condition)


# --- Wertung: the chip points of a Scoring Round ---------------------------------------------


def chip_points(wertung: Card, mine: Chips, values: Chips, noted: str | None) -> int:
    """RG-4.1: the chip points of one seat under the Wertung card ``wertung``."""
    points = [mine[c] * values[c] for c in range(4)]
    formula = wertung.param("formula")
    factor = int(wertung.param("factor", 1))
    if formula == "sum_all_colours":
        return sum(points) * factor
    if formula == "product_two_colours":
        return max(points[a] * points[b] for a, b in combinations(range(4), 2)) * factor
    if formula == "noted_colour_times":
        return points[COLOURS.index(noted)] * factor if noted is not None else 0
    if formula == "sum_times_distinct_colours":
        return sum(points) * sum(1 for c in range(4) if mine[c] > 0) * factor
    if formula == "best_colour_times":
        return max(points) * factor
    if formula == "weakest_colour_times":
        return min(points) * factor
    raise AssertionError(formula)


def needs_noted_colour(wertung: Card) -> bool:
    """W-NOTIERT5: whether predictions must carry a noted colour (regeln-cards.md §3)."""
    formula: str = wertung.param("formula")
    return formula == "noted_colour_times"


# --- Abstimm: chips after a vote (RG-3.4, RG-3.6) ---------------------------------------------


def voting_chips(card: Card, seat: int, sides: Sequence[bool], adopted: bool, player: int) -> int:
    """The chips ``seat`` gets (+) or pays (−) under one Abstimm card. ``sides`` is every seat's
    basic vote (True = Ja); tiles never count (RG-3.6). Counts are in players (RG-R19)."""
    condition = card.param("condition")
    chips = int(card.param("chips"))
    mine = sides[seat]
    n = len(sides)
    same = sum(1 for side in sides if side == mine)
    other = n - same
    if condition == "sole_dissenter":
        hit = same == 1 and other == n - 1 and n > 1
    elif condition == "votes_like_left_neighbour":
        hit = sides[(seat + 1) % n] == mine
    elif condition == "votes_like_right_neighbour":
        hit = sides[(seat - 1) % n] == mine
    elif condition == "in_minority":
        hit = same < other
    elif condition == "in_majority":
        hit = same > other
    elif condition == "on_winning_side":
        hit = mine == adopted
    elif condition == "on_losing_side":
        hit = mine != adopted
    elif condition == "voted_yes":
        hit = bool(mine)
    elif condition == "voted_no":
        hit = not mine
    elif condition == "played_adopted_card":
        hit = seat == player and adopted
    else:
        raise AssertionError(condition)
    return chips if hit else 0


# --- Ereignis -----------------------------------------------------------------------------------


def trigger(card: Card) -> str:
    value: str = card.param("trigger")
    return value


def vote_incident_chips(card: Card, seat: int, player: int, adopted: bool, tiles: Sequence[int]) -> int:
    """The chips an Ereignis card in force moves for ``seat`` because of how a vote went, paid with the
    vote's payment (RG-R04; ours: docs/rulings/regeln.md RGO-4). Speaking and standing up are not
    among them: their chips move at once (``behaviour_chips``, RG-R15)."""
    kind = trigger(card)
    chips = int(card.param("chips", 0))
    if kind == "own_card_adopted":
        hit = seat == player and adopted
    elif kind == "own_card_rejected":
        hit = seat == player and not adopted
    elif kind == "most_tiles_in_vote":
        most = max(tiles)
        hit = tiles[seat] == most and sum(1 for t in tiles if t == most) == 1
    else:
        return 0
    return chips if hit else 0


def behaviour_chips(card: Card, seat: int, player: int, stood: bool, speakers: Sequence[int]) -> int:
    """The chips an Ereignis card in force moves for ``seat`` because of what people did (RG-R15):
    speaking during the vote, the card's player standing up to play it. They move at once, when the
    table enters it (RG-R15 as ruled; ours: RGO-4)."""
    kind = trigger(card)
    chips = int(card.param("chips", 0))
    if kind == "speaks_during_vote":
        hit = seat in speakers
    elif kind == "stands_before_card_play":
        hit = seat == player and stood
    else:
        return 0
    return chips if hit else 0


def chip_count_incident(card: Card, seat: int, everyone: Sequence[Chips]) -> int:
    """Points for the chip-count incidents, applied at the start of the Scoring Round (RG-R10 step 1).
    All seats tied for most (fewest) chips are hit."""
    kind = trigger(card)
    totals = [sum(chips) for chips in everyone]
    if kind == "most_chips_at_scoring":
        hit = totals[seat] == max(totals)
    elif kind == "fewest_chips_at_scoring":
        hit = totals[seat] == min(totals)
    else:
        return 0
    return int(card.param("points")) if hit else 0


def rank_incident(card: Card, place: int, seats: int) -> int:
    """Points for the rank incidents after the interim standings (RG-R10 step 5)."""
    kind = trigger(card)
    if kind == "rank_first_after_interim":
        hit = place == 1
    elif kind == "rank_last_after_interim":
        hit = place == seats
    else:
        return 0
    return int(card.param("points")) if hit else 0


# --- Prognose (RG-5.1) ----------------------------------------------------------------------------


def prediction_domain(prognose: Card, seats: int) -> tuple[int, ...]:
    """What a player may write: a place 1..n or (``leader_seat``) a seat number 1..n."""
    return tuple(range(1, seats + 1))


def prediction_points(prognose: Card, seat: int, value: int, places: Sequence[int]) -> int:
    """Points for ``seat``'s prediction ``value`` against the standings ``places`` (1 = first)."""
    target = prognose.param("target")
    n = len(places)
    if target == "own_place":
        actual = places[seat]
    elif target == "left_neighbour_place":
        actual = places[(seat + 1) % n]
    elif target == "right_neighbour_place":
        actual = places[(seat - 1) % n]
    elif target == "leader_seat":
        actual = places.index(1) + 1
        return int(prognose.param("points")) if value == actual else 0
    else:
        raise AssertionError(target)
    if value == actual:
        return int(prognose.param("points"))
    if abs(value - actual) == 1:
        return int(prognose.param("near_points", 0))
    return 0
