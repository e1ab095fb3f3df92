"""The rules' entry points as pure functions over ``State`` (rules/bierpong.md Art 1-23,
rulings/bierpong.md): setting up, whose move it is, the legal decisions and applying a decision or a
chance outcome. The rules themselves live in modules with one job each:

* ``throws``: one throw of a round (and the one-step end of a pair), ``streaks``: a seat's streak,
  calls and counters;
* ``flow``: everything the rules do on their own between throws (BP-R22: pairs, removal point, Balls
  Back, the end of a round, the timer's verdict, an emptied rack, the end);
* ``konter``: the Konter's window and throws (Art 10, BP-R09); ``events``: the table events.

``flow.advance`` runs after every step, so ``turn`` only reads the state: a decision, a throw
(chance) or the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from stammtisch.core.errors import InvalidSetup
from stammtisch.core.protocol import Chance, Decision, Finished, Turn
from stammtisch.core.text import Text
from stammtisch.games.bierpong import flow, nodes, scoring, streaks
from stammtisch.games.bierpong.events import table_event
from stammtisch.games.bierpong.flow import advance, legal_pairs, next_slot
from stammtisch.games.bierpong.konter import konter_throw
from stammtisch.games.bierpong.model import (
    EVENT_TYPES,
    Begin,
    Call,
    CallIsland,
    Config,
    Duel,
    Fetch,
    IllegalDefence,
    Konter,
    Leave,
    NoCall,
    Pair,
    Phase,
    Player,
    Removal,
    Remove,
    Round,
    Shoot,
    Side,
    State,
)
from stammtisch.games.bierpong.rack import GONE, LIVE, ROWS, extra_choices, islands, with_state
from stammtisch.games.bierpong.throws import throw
from stammtisch.games.bierpong.updates import copier, evolve

# --- setting up --------------------------------------------------------------------------------


def start(seats: int, config: Config, setup: Mapping[str, Any] | None = None) -> State:
    """Two teams (``setup["teams"]``: two lists of seats; default: even seats A, odd seats B), full
    racks, the opening duel next (Art 8). The first seat listed in a team throws its duel ball."""
    if config.rack not in ROWS:
        raise InvalidSetup("BP-R01", Text("Das Rack hat 6, 10 oder 15 Becher.", "The rack has 6, 10 or 15 cups."))
    if not 2 <= seats <= 8:
        raise InvalidSetup("BP-4", Text("2 bis 8 Spieler in zwei Teams.", "2 to 8 players in two teams."))
    given = (setup or {}).get("teams")
    if given is None:
        teams = (tuple(range(0, seats, 2)), tuple(range(1, seats, 2)))
    else:
        teams = (tuple(int(s) for s in given[0]), tuple(int(s) for s in given[1]))
        if sorted(teams[0] + teams[1]) != list(range(seats)) or not teams[0] or not teams[1]:
            raise InvalidSetup(
                "BP-4",
                Text(
                    "Jeder Platz gehört genau einem der zwei Teams, und kein Team ist leer.",
                    "Every seat belongs to exactly one of the two teams, and neither team is empty.",
                ),
            )
    rack = (LIVE,) * config.rack
    return State(
        config=config,
        teams=teams,
        cups=(rack, rack),
        players=(Player(),) * seats,
        timer="running" if config.timer else "off",
    )


def team_of(state: State, seat: int) -> int:
    return 0 if seat in state.teams[0] else 1


# --- whose move ----------------------------------------------------------------------------------


#: The last (state, turn) pair: the framework asks ``turn`` for the same state value several times per
#: step (the caller, then ``checked_act``/``checked_resolve``, then ``legal_actions``). States are
#: immutable, so an identity hit is exact.
_last_turn: tuple[State | None, Turn | None] = (None, None)


def turn(state: State) -> Turn:
    """A decision, a throw or table event (chance), or the end (canonical: see ``legal_actions``)."""
    global _last_turn
    last_state, last = _last_turn
    if last_state is state and last is not None:
        return last
    result = _turn(state)
    _last_turn = (state, result)
    return result


@lru_cache(maxsize=512)
def _decision(seats: tuple[int, ...]) -> Decision:
    """The decision turn of ``seats`` (one shared value per tuple of seats: turns are immutable)."""
    return Decision(seats)


def _turn(state: State) -> Turn:
    if state.phase is Phase.PLAY and state.knock is None:
        return _round_turn(state)  # nearly every step: asked first
    phase = state.phase
    if phase is Phase.OVER:
        return Finished(scoring.result(state))
    if phase is Phase.DUEL:
        return Chance(nodes.duel_node(state))
    if phase is Phase.BEGIN:
        return _decision(state.teams[state.duel_winner or 0])
    if phase is Phase.SIDE:
        return _decision(state.teams[1 - (state.duel_winner or 0)])
    if state.knock is not None:
        return _decision(state.teams[knock_chooser(state)])
    if phase is Phase.KONTER:
        k = state.konter
        assert k is not None
        if k.call is not None:
            return _decision((k.call,))
        if k.pair is None:
            return _decision(state.teams[k.team])
        seat = k.pair[k.index % 2]
        if not k.aimed and can_call_island(state, seat, k.first):
            return _decision((seat,))
        return nodes.throw_turn(state, seat, "konter", k.first, k.aim)
    return _round_turn(state)


def _round_turn(state: State) -> Turn:
    """The turn inside a throwing round (phase PLAY, no knocked cup to choose)."""
    r = state.round
    assert r is not None
    if r.call is not None:
        return _decision((r.call,))
    if r.removals:
        return _decision(state.teams[removal_chooser(state, r.removals[0])])
    if r.fetch or (r.pair is None and r.fire is None):
        return _decision(state.teams[r.team])
    slot = next_slot(r)
    assert slot is not None
    kind, seat = slot
    if not r.aimed and can_call_island(state, seat, 1 - r.team):
        return _decision((seat,))
    return nodes.throw_turn(state, seat, kind, 1 - r.team, r.aim)


def knock_chooser(state: State) -> int:
    """BP-R17: the owner picks among the knocked cups, or (opponent_any) the opponents pick."""
    knock = state.knock
    assert knock is not None
    return 1 - knock.team if state.config.knock_opponent else knock.team


def removal_chooser(state: State, removal: Removal) -> int:
    """Art 3.3: the owner chooses the extra cups (extra_cup_chooser = thrower: the throwing team)."""
    return 1 - removal.team if state.config.thrower_chooses else removal.team


def can_call_island(state: State, seat: int, target: int) -> bool:
    """Art 22: the thrower has his one call left and the target rack has an Island."""
    return not state.players[seat].island_used and bool(islands(state.cups[target], state.config.dead_neighbour))


def call_options(state: State, seat: int) -> tuple[str, ...]:
    """The calls ``seat`` may make after this hit (Art 21, BP-R11)."""
    return streaks.calls(state.players[seat], state.config.double_call)


#: The last (state, seat, legal actions): a caller that lists a seat's actions and then submits one
#: asks again for the same state value (``fast_act``, ``check_action``).
_last_legal: tuple[State | None, int, tuple[Any, ...]] = (None, -1, ())


def legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    """Canonical order per decision: Begin A, B; Side left, right; pairs (``legal_pairs``); Shoot then
    CallIsland by cup; Call heating_up, on_fire, both, then NoCall; Fetch by seat then Leave; Remove
    by ascending cup."""
    global _last_legal
    last_state, last_seat, last = _last_legal
    if last_state is state and last_seat == seat:
        return last
    result = _legal_actions(state, seat)
    _last_legal = (state, seat, result)
    return result


def _legal_actions(state: State, seat: int) -> tuple[Any, ...]:
    t = turn(state)
    if not isinstance(t, Decision) or seat not in t.seats:
        return ()
    phase = state.phase
    if phase is Phase.BEGIN:
        return _BEGINS
    if phase is Phase.SIDE:
        return _SIDES
    if state.knock is not None:
        return _removes(knock_choices(state))
    if phase is Phase.KONTER:
        k = state.konter
        assert k is not None
        if k.call is not None:
            return _calls_or_none(call_options(state, seat))
        if k.pair is None:
            return _pairs(legal_pairs(state, k.team))
        return _shots(islands(state.cups[k.first], state.config.dead_neighbour))
    r = state.round
    assert r is not None
    if r.call is not None:
        return _calls_or_none(call_options(state, seat))
    if r.removals:
        rem = r.removals[0]
        return _removes(extra_choices(state.cups[rem.team], rem.cup))
    if r.fetch:
        return _fetches(state.teams[r.team])
    if r.pair is None and r.fire is None:
        return _pairs(legal_pairs(state, r.team))
    return _shots(islands(state.cups[1 - r.team], state.config.dead_neighbour))


# The actions of each kind of decision, made once per set of choices (actions are immutable values).
_BEGINS = (Begin(0), Begin(1))
_SIDES = (Side("left"), Side("right"))


@lru_cache(maxsize=4096)
def _removes(cups: tuple[int, ...]) -> tuple[Remove, ...]:
    return tuple(Remove(c) for c in cups)


@lru_cache(maxsize=1024)
def _pairs(pairs: tuple[tuple[int, int], ...]) -> tuple[Pair, ...]:
    return tuple(Pair(a, b) for a, b in pairs)


@lru_cache(maxsize=4096)
def _shots(island_cups: tuple[int, ...]) -> tuple[Shoot | CallIsland, ...]:
    return (Shoot(), *(CallIsland(c) for c in island_cups))


@lru_cache(maxsize=64)
def _calls_or_none(kinds: tuple[str, ...]) -> tuple[Call | NoCall, ...]:
    return (*(Call(k) for k in kinds), NoCall())


@lru_cache(maxsize=256)
def _fetches(seats: tuple[int, ...]) -> tuple[Fetch | Leave, ...]:
    return (*(Fetch(s) for s in seats), Leave())


def likely_pair(state: State, pairs: tuple[Any, ...]) -> Any:
    """The pair the table most likely throws with (the page preselects it): the order of the team's
    last round (its Konter included), else the first listed."""
    team = state.konter.team if state.phase is Phase.KONTER and state.konter is not None else None
    if team is None:
        team = state.round.team if state.round is not None else 0
    last = state.last_pairs[team]
    for p in pairs:
        if isinstance(p, Pair) and (p.first, p.second) == last:
            return p
    return pairs[0]


def knock_choices(state: State) -> tuple[int, ...]:
    knock = state.knock
    assert knock is not None
    cups = state.cups[knock.team]
    if state.config.knock_opponent:
        return tuple(i + 1 for i, s in enumerate(cups) if s == LIVE)
    return tuple(c for c in knock.cups if cups[c - 1] == LIVE)


# --- decisions ------------------------------------------------------------------------------------

_with_round = copier(State, "round")
_with_konter = copier(State, "konter")
_with_players = copier(State, "players")
_with_players_round = copier(State, "players", "round")
_aimed = copier(Round, "aim", "aimed")
_aimed_konter = copier(Konter, "aim", "aimed")
_konter_called = copier(Konter, "call")
_paired = copier(State, "last_pairs", "team_rounds", "round")
_round_pair = copier(Round, "pair")
_called = copier(Round, "call")
_on_fire = copier(Round, "call", "fire")


def apply_action(state: State, seat: int, action: Any) -> State:
    """The state after a checked decision."""
    kind = type(action)
    if kind is Remove:
        if state.knock is not None:
            team = state.knock.team
            cups = list(state.cups)
            cups[team] = with_state(cups[team], action.cup, GONE)
            return advance(evolve(state, knock=None, cups=(cups[0], cups[1])))
        return advance(flow.remove_extra(state, action.cup))
    if kind is Shoot or kind is CallIsland:
        aim = action.cup if kind is CallIsland else None
        if aim is not None:  # Art 22.2: the player's one Island call
            players = state.players
            state = _with_players(state, streaks.replace(players, seat, streaks.island_called(players[seat])))
        if state.phase is Phase.KONTER:
            assert state.konter is not None
            return _with_konter(state, _aimed_konter(state.konter, aim, True))
        assert state.round is not None
        return _with_round(state, _aimed(state.round, aim, True))
    if kind is Begin:
        return evolve(state, first_team=action.team, phase=Phase.SIDE)
    if kind is Side:
        state = evolve(state, side=action.side, phase=Phase.PLAY)
        return advance(flow.new_round(state, state.first_team or 0))
    if kind is Pair:
        pair = (action.first, action.second)
        if state.phase is Phase.KONTER:
            k = state.konter
            assert k is not None
            return advance(evolve(flow.set_pair(state, k.team, pair), konter=evolve(k, pair=pair)))
        r = state.round
        assert r is not None
        last, counts = state.last_pairs, state.team_rounds  # set_pair's bookkeeping, in one copy (hot path)
        if r.team == 0:
            last, counts = (pair, last[1]), (counts[0] + 1, counts[1])
        else:
            last, counts = (last[0], pair), (counts[0], counts[1] + 1)
        return advance(_paired(state, last, counts, _round_pair(r, pair)))
    if state.phase is Phase.KONTER and (kind is Call or kind is NoCall):
        # BP-R11: a call on a Konter hit counts as made; On Fire gives no throws in the Konter (his
        # team's next round starts with them, ``flow.new_round``).
        k = state.konter
        assert k is not None
        if kind is Call:
            players = state.players
            change = streaks.heating_up if action.kind == "heating_up" else streaks.on_fire
            state = _with_players(state, streaks.replace(players, seat, change(players[seat])))
        return advance(_with_konter(state, _konter_called(k, None)))
    r = state.round
    assert r is not None
    if kind is Call:
        players = state.players
        if action.kind == "heating_up":  # Art 21.1
            players = streaks.replace(players, seat, streaks.heating_up(players[seat]))
            return advance(_with_players_round(state, players, _called(r, None)))
        players = streaks.replace(players, seat, streaks.on_fire(players[seat]))  # Art 21.2: throws until a miss
        return advance(_with_players_round(state, players, _on_fire(r, None, seat)))
    if kind is NoCall:
        return advance(_with_round(state, _called(r, None)))
    if kind is Fetch:  # Art 19: the fetcher throws a trickshot after the regular throws
        return advance(_with_round(state, evolve(r, fetch=False, tricks=(*r.tricks, action.seat))))
    if kind is Leave:
        return advance(_with_round(state, evolve(r, fetch=False)))
    raise TypeError(f"not a Bierpong action: {action!r}")


# --- chance outcomes ---------------------------------------------------------------------------------


def apply_outcome(state: State, outcome: Any) -> State:
    """The state after a checked outcome: the duel, a throw, or a table event."""
    if isinstance(outcome, Duel):
        if outcome.a != outcome.b:
            return evolve(state, duel_winner=0 if outcome.a else 1, phase=Phase.BEGIN, duels=state.duels + 1)
        return evolve(state, duels=state.duels + 1)  # Art 8.4 / BP-R21: the same two throw again
    if isinstance(outcome, EVENT_TYPES):
        return advance(table_event(state, outcome))
    if isinstance(outcome, IllegalDefence):
        return state  # BP-R19: the throw is repeated
    if state.phase is Phase.KONTER:
        thrown, end = konter_throw(state, outcome)
        if end is not None:  # Art 18.1: a Dead Cup hit in the Konter wins it
            return flow.konter_dead_cup(thrown)
        return advance(thrown)
    return advance(throw(state, outcome))
