"""The JSON-ready table view, typed as ``View``. Bierpong has no hidden information: every seat sees
the same table (``you`` only marks the asking seat)."""

from __future__ import annotations

from typing import Literal, TypedDict

from stammtisch.core.protocol import Chance, Decision
from stammtisch.games.bierpong import notation, rules
from stammtisch.games.bierpong.events import can_rerack
from stammtisch.games.bierpong.flow import next_slot
from stammtisch.games.bierpong.model import EVENT_TYPES, TEAM_NAMES, Pair, State
from stammtisch.games.bierpong.nodes import Throw
from stammtisch.games.bierpong.rack import DEAD, DUE, GONE, LIVE, live_count

CUP_STATES = {LIVE: "live", DUE: "hit", DEAD: "dead", GONE: "removed"}


class PlayerView(TypedDict):
    seat: int
    team: str
    streak: int
    heating_up: bool
    on_fire: bool
    island_used: bool
    throws: int
    hits: int
    bounces: int
    bombs: int
    islands: int


class TeamView(TypedDict):
    name: str
    seats: list[int]
    cups: list[str]
    live: int
    drinks_owed: int
    drinks_open: int
    drinking: bool


class RoundView(TypedDict):
    number: int
    team: str
    pair: list[int] | None
    next_thrower: int | None
    next_kind: str | None
    island_call: int | None
    throws: int
    ball_hits: int
    removals: list[list[int]]
    tricks: list[int]
    air_extra: list[int]
    on_fire: int | None
    last_cup: int | None
    last_special: list[str]


class KonterView(TypedDict):
    team: str
    throws_left: int
    need: int
    hits: int
    required: list[str]
    got: list[str]


class KnockView(TypedDict):
    """Art 16: own cups knocked over; one of them (or any, opponent_any) is to be removed."""

    team: str
    cups: list[int]


class ThrowView(TypedDict):
    """The throw the table waits for: who throws at which rack, and the table events that may be
    entered now (H8: only at a throw node; knock-overs at every throw node outside the duel)."""

    seat: int
    kind: str
    target: str
    aim: int | None
    locked: bool
    catchers: list[int]
    events: list[str]
    knock: bool
    rerack: bool


class View(TypedDict):
    game: Literal["bierpong"]
    you: int | None
    phase: str
    throw: ThrowView | None
    rack: int
    teams: list[TeamView]
    players: list[PlayerView]
    round: RoundView | None
    konter: KonterView | None
    knock: KnockView | None
    first_team: str | None
    side: str | None
    timer: str
    drink_amount: str
    winner: str | None
    end: str | None
    konter_failed: str | None  # why the last Konter failed (``konter.konter_failure``), at the end of the game
    likely_pair: list[int] | None  # at a pair choice: the order the table most likely throws in (preselected)
    next_throw: ThrowView | None  # at a pair choice: the throw that follows the likely pair (H3: one tap)


def _throw_view(state: State) -> ThrowView | None:
    """The pending throw (None at a decision, in the duel and at the end)."""
    t = rules.turn(state)
    if not isinstance(t, Chance) or t.node.seat is None:
        return None
    node = t.node
    seat: int = t.node.seat
    dist = node.distribution
    assert isinstance(dist, Throw)
    context = dict(node.context)
    events = [notation.format_outcome(o) for o in dist.choices if isinstance(o, EVENT_TYPES)]
    aim = context["aim"]
    out: ThrowView = {
        "seat": seat,
        "kind": str(context["throw"]),
        "target": TEAM_NAMES[int(context["target"])],
        "aim": aim if isinstance(aim, int) else None,
        "locked": dist.hit_cups == 0,
        "catchers": list(dist.catchers),
        "events": events,
        "knock": True,
        "rerack": can_rerack(state),
    }
    return out


def view(state: State, seat: int | None) -> View:
    """The table (the same for every seat)."""
    likely = _likely_pair(state)
    st = state.stats
    r = state.round
    round_view: RoundView | None = None
    if r is not None:
        slot = next_slot(r)
        round_view = {
            "number": r.number,
            "team": TEAM_NAMES[r.team],
            "pair": list(r.pair) if r.pair else None,
            "next_thrower": slot[1] if slot else None,
            "next_kind": slot[0] if slot else None,
            "island_call": r.aim,
            "throws": r.throws,
            "ball_hits": r.ball_hits,
            "removals": [[rem.cup, rem.count] for rem in r.removals],
            "tricks": list(r.tricks),
            "air_extra": list(r.air),
            "on_fire": r.fire,
            "last_cup": r.last_cup,
            "last_special": list(r.last_special),
        }
    k = state.konter
    konter_view: KonterView | None = None
    if k is not None:
        konter_view = {
            "team": TEAM_NAMES[k.team],
            "throws_left": k.throws_left,
            "need": k.need,
            "hits": k.hits,
            "required": list(k.required),
            "got": list(k.got),
        }
    return {
        "game": "bierpong",
        "you": seat,
        "phase": str(state.phase),
        "throw": _throw_view(state),
        "rack": state.config.rack,
        "teams": [
            {
                "name": TEAM_NAMES[t],
                "seats": list(state.teams[t]),
                "cups": [CUP_STATES[s] for s in state.cups[t]],
                "live": live_count(state.cups[t]),
                "drinks_owed": state.drinks.owed[t],
                "drinks_open": state.drinks.open(t),
                "drinking": state.drinks.drinking[t],
            }
            for t in (0, 1)
        ],
        "players": [
            {
                "seat": s,
                "team": TEAM_NAMES[rules.team_of(state, s)],
                "streak": p.streak,
                "heating_up": p.heating,
                "on_fire": p.on_fire,
                "island_used": p.island_used,
                "throws": st.throws[s],
                "hits": st.hits[s],
                "bounces": st.bounces[s],
                "bombs": st.bombs[s],
                "islands": st.islands[s],
            }
            for s, p in enumerate(state.players)
        ],
        "round": round_view,
        "konter": konter_view,
        "knock": {"team": TEAM_NAMES[state.knock.team], "cups": list(state.knock.cups)} if state.knock else None,
        "first_team": TEAM_NAMES[state.first_team] if state.first_team is not None else None,
        "side": state.side,
        "timer": state.timer,
        "drink_amount": state.config.drink_amount,
        "winner": TEAM_NAMES[state.winner] if state.winner is not None else None,
        "end": str(state.end) if state.end is not None else None,
        "konter_failed": state.konter_failed or None,
        "likely_pair": None if likely is None else [likely.first, likely.second],
        "next_throw": None if likely is None else _throw_view(rules.apply_action(state, likely.first, likely)),
    }


def _likely_pair(state: State) -> Pair | None:
    """At a pair choice (BP-R18): the pair the page preselects (``rules.likely_pair``)."""
    t = rules.turn(state)
    if not isinstance(t, Decision):
        return None
    legal = rules.legal_actions(state, t.seats[0])
    if not legal or not isinstance(legal[0], Pair):
        return None
    p = rules.likely_pair(state, legal)
    return p if isinstance(p, Pair) else None
