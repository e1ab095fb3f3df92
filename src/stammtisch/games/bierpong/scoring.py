"""What hits are worth and how a finished game is scored (Art 1, 14, 15, 20, 22; BP-R04, R05, R20)."""

from __future__ import annotations

from stammtisch.core.protocol import Result
from stammtisch.games.bierpong.model import TEAM_NAMES, PendingHit, State
from stammtisch.games.bierpong.rack import live_count


def extras_for(hits: tuple[PendingHit, ...]) -> int:
    """Extra cups for one special cup (BP-R05): ``2·[Bombe] + islands + bounced balls``; ``hits`` are
    the counted balls in that cup (two only for a Bombe, BP-R06)."""
    bombe = 2 if len(hits) == 2 and all(h.pair for h in hits) else 0
    return bombe + sum(h.island for h in hits) + sum(h.bounced for h in hits)


def ball_units(bounced: bool) -> int:
    """Drink units of one ball hit under ``per_hit_aufsetzer_double`` (BP-R20): 1, an Aufsetzer 2."""
    return 2 if bounced else 1


def result(state: State) -> Result:
    """Winner +1 and loser −1 per seat (B.4 "Returns"); details: winner, reason, cups, drinks."""
    winner = state.winner if state.winner is not None else 0
    scores = [0] * len(state.players)
    for team in (0, 1):
        for seat in state.teams[team]:
            scores[seat] = 1 if team == winner else -1
    details = {
        "winner": TEAM_NAMES[winner],
        "end": str(state.end),
        "live_cups": [live_count(state.cups[0]), live_count(state.cups[1])],
        "konters": state.konters,
        "rounds": state.rounds_played,
        "drinks_owed": list(state.drinks.owed),
        "hits": [p.hits for p in state.players],
    }
    return Result(tuple(scores), (state.teams[winner], state.teams[1 - winner]), details)
