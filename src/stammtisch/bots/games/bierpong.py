"""Bierpong bots: the uniform random bot (base) and a heuristic.

The heuristic (issue 11): it begins when its team won the duel, makes every Heating Up / On Fire call
as soon as it may (On Fire means more throws, Art 21), fetches rolled-back balls itself (a trickshot is
a free throw, Art 19), calls Island only when it cannot cost anything (the Island is the only live cup,
so no other cup could be hit, Art 22), and picks extra cups so that the opponent is left with the
fewest good targets: removing its *own* cups it keeps the rack compact (fewest Islands, then most
touching pairs), removing the opponent's (extra_cup_chooser = thrower) it does the opposite. It sees
only the view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.bots.base import RandomBot
from stammtisch.games.bierpong.model import TEAM_NAMES, Begin, Call, CallIsland, Fetch, Pair, Remove, Side
from stammtisch.games.bierpong.rack import LIVE, islands, neighbours

CALL_STRENGTH = {"on_fire": 3, "both": 2, "heating_up": 1}


def _my_team(view: Mapping[str, Any]) -> str | None:
    you = view["you"]
    return None if you is None else str(view["players"][you]["team"])


def _rack(view: Mapping[str, Any], team: str) -> tuple[int, ...]:
    cups = view["teams"][TEAM_NAMES.index(team)]["cups"]
    return tuple(LIVE if c == "live" else 3 for c in cups)


def _compactness(rack: tuple[int, ...]) -> tuple[int, int]:
    """(Islands, −touching live pairs): smaller is a harder rack to clear."""
    near = neighbours(len(rack))
    live = [i + 1 for i, s in enumerate(rack) if s == LIVE]
    edges = sum(1 for c in live for n in near[c - 1] if n > c and rack[n - 1] == LIVE)
    return (len(islands(rack)), -edges)


def _removal_team(view: Mapping[str, Any]) -> str | None:
    if view["knock"] is not None:
        return str(view["knock"]["team"])
    r = view["round"]
    return None if r is None else ("B" if r["team"] == "A" else "A")


class HeuristicBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        first = legal[0]
        mine = _my_team(view)
        if isinstance(first, Begin):
            return Begin(TEAM_NAMES.index(mine)) if mine in TEAM_NAMES else first
        if isinstance(first, Side):
            return first
        if isinstance(first, Pair):
            return first
        calls = [a for a in legal if isinstance(a, Call)]
        if calls:
            return max(calls, key=lambda a: CALL_STRENGTH.get(a.kind, 0))
        fetches = [a for a in legal if isinstance(a, Fetch)]
        if fetches:
            own = [a for a in fetches if a.seat == view["you"]]
            return own[0] if own else fetches[0]
        islands_called = [a for a in legal if isinstance(a, CallIsland)]
        if islands_called:
            target = view["konter"]["team"] if view["konter"] else view["round"]["team"]
            rack = view["teams"][1 - TEAM_NAMES.index(target)]["live"]
            return islands_called[0] if rack == 1 else first
        removes = [a for a in legal if isinstance(a, Remove)]
        if removes:
            team = _removal_team(view)
            if team is None:
                return removes[0]
            rack = _rack(view, team)
            sign = 1 if team == mine else -1

            def score(action: Remove) -> tuple[int, int, int]:
                after = rack[: action.cup - 1] + (3,) + rack[action.cup :]
                isl, edges = _compactness(after)
                return (sign * isl, sign * edges, action.cup)

            return min(removes, key=score)
        return first


BOTS = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]
