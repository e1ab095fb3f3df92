"""The rules as pure functions over ``State`` (rules/bierpong.md Art 1-23, rulings/bierpong.md).

The flow of a throwing round follows BP-R22: the pair's two standard throws (On Fire sequences at
once), the removal point, Balls Back pairs as often as earned, the Air-Ball extra, the trickshot
queue, the round end with the drinks. ``_advance`` runs everything the rules decide on their own
after every step, so ``turn`` only reads the state: a decision, a throw (chance) or the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from itertools import combinations
from typing import Any

from stammtisch.core.errors import InvalidSetup
from stammtisch.core.protocol import Chance, Decision, Finished, Turn
from stammtisch.core.text import Text
from stammtisch.games.bierpong import nodes, scoring
from stammtisch.games.bierpong.model import (
    EVENT_TYPES,
    AirBall,
    Begin,
    Call,
    CallIsland,
    Config,
    DeadCupRemoved,
    Distracted,
    Drank,
    Drinking,
    Drinks,
    Duel,
    End,
    Fetch,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    Knock,
    KnockOver,
    Konter,
    Leave,
    LeftStanding,
    Miss,
    NoCall,
    Pair,
    PendingHit,
    Phase,
    Player,
    Removal,
    Remove,
    Rerack,
    RolledBack,
    Round,
    Shoot,
    Side,
    State,
    Stats,
    TimeUp,
)
from stammtisch.games.bierpong.rack import (
    DEAD,
    DUE,
    GONE,
    LIVE,
    ROWS,
    extra_choices,
    islands,
    live_count,
    with_state,
)
from stammtisch.games.bierpong.updates import constructor, evolve

SPECIAL_ORDER = ("aufsetzer", "bombe", "island")


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
    zero = (0,) * seats
    rack = (LIVE,) * config.rack
    return State(
        config=config,
        teams=teams,
        cups=(rack, rack),
        players=(Player(),) * seats,
        stats=Stats(zero, zero, zero, zero, zero, zero),
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
    if r.removals:
        return _decision(state.teams[removal_chooser(state, r.removals[0])])
    if r.call is not None:
        return _decision((r.call,))
    if r.fetch or r.pair is None:
        return _decision(state.teams[r.team])
    slot = next_slot(r)
    assert slot is not None
    kind, seat = slot
    if not r.aimed and can_call_island(state, seat, 1 - r.team):
        return _decision((seat,))
    return nodes.throw_turn(state, seat, kind, 1 - r.team, r.aim)


def next_slot(r: Round) -> tuple[str, int] | None:
    """The next throw of the round (BP-R22): On Fire first, then the pair, the Air-Ball extra, the
    trickshots; ``None`` when the round is over."""
    if r.fire is not None:
        return ("fire", r.fire)
    if r.pair_kind != "done":
        if r.pair is None or len(r.pair_throws) >= 2:
            return None
        return (r.pair_kind, r.pair[len(r.pair_throws)])
    if r.air:
        return ("air", r.air[0])
    if r.tricks:
        return ("trick", r.tricks[0])
    return None


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
    return _calls(state.players[seat], state.config.double_call)


def _calls(p: Player, double_call: bool) -> tuple[str, ...]:
    out: list[str] = []
    if not p.heating and p.streak >= 2:
        out.append("heating_up")
    if p.heating and not p.on_fire and p.streak >= 3:
        out.append("on_fire")
    if double_call and not p.heating and p.streak >= 3:
        out.append("both")
    return tuple(out)


def legal_pairs(state: State, team: int) -> tuple[tuple[int, int], ...]:
    """Art 11.3 / BP-R18: singles throw both balls; a team of two has one pair; larger teams a pair
    that differs from the previous one (or the next in the cycle ab, bc, ca, ...), in both orders.
    Canonical order: pairs in team order, each first as listed, then reversed; with
    single_player_double_release the one-player pairs (m, m) too (first for larger teams, last for two)."""
    members = state.teams[team]
    n = len(members)
    if n == 1:
        return ((members[0], members[0]),)
    # single_player_double_release: one member may release both balls at once (overrides 11.3).
    solo = tuple((m, m) for m in members) if state.config.double_release else ()
    if n == 2:
        return ((members[0], members[1]), *solo)
    if state.config.cycle_pairs:
        i = state.team_rounds[team] % n
        a, b = members[i], members[(i + 1) % n]
        return ((a, b), (b, a), *solo)
    last = state.last_pairs[team]
    out: list[tuple[int, int]] = list(solo)
    for a, b in combinations(members, 2):
        if last is not None and {a, b} == set(last):
            continue
        out.extend(((a, b), (b, a)))
    return tuple(out)


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
        if k.pair is None:
            return _pairs(legal_pairs(state, k.team))
        return _shots(islands(state.cups[k.first], state.config.dead_neighbour))
    r = state.round
    assert r is not None
    if r.removals:
        rem = r.removals[0]
        return _removes(extra_choices(state.cups[rem.team], rem.cup))
    if r.call is not None:
        return _calls_or_none(call_options(state, seat))
    if r.fetch:
        return _fetches(state.teams[r.team])
    if r.pair is None:
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


def knock_choices(state: State) -> tuple[int, ...]:
    knock = state.knock
    assert knock is not None
    cups = state.cups[knock.team]
    if state.config.knock_opponent:
        return tuple(i + 1 for i, s in enumerate(cups) if s == LIVE)
    return tuple(c for c in knock.cups if cups[c - 1] == LIVE)


# --- decisions ------------------------------------------------------------------------------------


def apply_action(state: State, seat: int, action: Any) -> State:
    """The state after a checked decision."""
    if isinstance(action, Begin):
        return evolve(state, first_team=action.team, phase=Phase.SIDE)
    if isinstance(action, Side):
        state = evolve(state, side=action.side, phase=Phase.PLAY)
        return _advance(_new_round(state, state.first_team or 0))
    if isinstance(action, Remove):
        if state.knock is not None:
            team = state.knock.team
            cups = list(state.cups)
            cups[team] = with_state(cups[team], action.cup, GONE)
            return _advance(evolve(state, knock=None, cups=(cups[0], cups[1])))
        return _advance(_remove_extra(state, action.cup))
    if isinstance(action, Pair):
        pair = (action.first, action.second)
        if state.phase is Phase.KONTER:
            k = state.konter
            assert k is not None
            return _advance(evolve(_set_pair(state, k.team, pair), konter=evolve(k, pair=pair)))
        r = state.round
        assert r is not None
        return _advance(evolve(_set_pair(state, r.team, pair), round=evolve(r, pair=pair)))
    if isinstance(action, Shoot | CallIsland):
        aim = action.cup if isinstance(action, CallIsland) else None
        if aim is not None:
            state = _update_player(state, seat, island_used=True)
        if state.phase is Phase.KONTER:
            assert state.konter is not None
            return evolve(state, konter=evolve(state.konter, aim=aim, aimed=True))
        assert state.round is not None
        return evolve(state, round=evolve(state.round, aim=aim, aimed=True))
    r = state.round
    assert r is not None
    if isinstance(action, Call):
        if action.kind == "heating_up":
            state = _update_player(state, seat, heating=True)
            return _advance(evolve(state, round=evolve(r, call=None)))
        state = _update_player(state, seat, heating=True, on_fire=True)
        state = evolve(state, stats=_bump(state.stats, "fires", seat))
        return _advance(evolve(state, round=evolve(r, call=None, fire=seat)))
    if isinstance(action, NoCall):
        return _advance(evolve(state, round=evolve(r, call=None)))
    if isinstance(action, Fetch):
        return _advance(evolve(state, round=evolve(r, fetch=False, tricks=(*r.tricks, action.seat))))
    if isinstance(action, Leave):
        return _advance(evolve(state, round=evolve(r, fetch=False)))
    raise TypeError(f"not a Bierpong action: {action!r}")


def _set_pair(state: State, team: int, pair: tuple[int, int]) -> State:
    last = list(state.last_pairs)
    last[team] = pair
    counts = list(state.team_rounds)
    counts[team] += 1
    return evolve(state, last_pairs=(last[0], last[1]), team_rounds=(counts[0], counts[1]))


def _update_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = evolve(players[seat], **changes)
    return evolve(state, players=tuple(players))


def _bump(stats: Stats, name: str, seat: int) -> Stats:
    """``stats`` with the counter ``name`` of ``seat`` one higher."""
    if name == "throws":  # every throw: without the lookup by name
        return evolve(stats, throws=_plus_one(stats.throws, seat))
    return evolve(stats, **{name: _plus_one(getattr(stats, name), seat)})


def _remove_extra(state: State, cup: int) -> State:
    """One extra cup of the first open removal goes (Art 3.2, 3.3)."""
    r = state.round
    assert r is not None
    rem = r.removals[0]
    cups = list(state.cups)
    cups[rem.team] = with_state(cups[rem.team], cup, GONE)
    rest = (evolve(rem, count=rem.count - 1), *r.removals[1:]) if rem.count > 1 else r.removals[1:]
    units = r.units + (1 if state.config.units_per_cup else 0)
    r = evolve(r, removals=rest, cups_removed=r.cups_removed + 1, units=units)
    return _settle(evolve(state, cups=(cups[0], cups[1]), round=r))


def _settle(state: State) -> State:
    """Take the extra cups the owner has no choice about (BP-R03): all remaining adjacent ones when
    fewer are left than owed, every live cup when more are owed than live."""
    r = state.round
    assert r is not None
    while r.removals:
        rem = r.removals[0]
        cups = state.cups[rem.team]
        if live_count(cups) == 0:
            r = evolve(r, removals=())
            break
        choices = extra_choices(cups, rem.cup)
        if len(choices) > rem.count:
            break
        new = cups
        for c in choices:
            new = with_state(new, c, GONE)
        left = rem.count - len(choices)
        rest = (evolve(rem, count=left), *r.removals[1:]) if left else r.removals[1:]
        unit = len(choices) if state.config.units_per_cup else 0
        r = evolve(r, removals=rest, cups_removed=r.cups_removed + len(choices), units=r.units + unit)
        all_cups = list(state.cups)
        all_cups[rem.team] = new
        state = evolve(state, cups=(all_cups[0], all_cups[1]), round=r)
    return state if state.round is r else evolve(state, round=r)


# --- the flow of a round ----------------------------------------------------------------------------


#: A round with every field at its default: new rounds are copies of it (cheaper than ``Round(...)``).
_NO_ROUND = Round(number=0, team=0)


def _new_round(state: State, team: int, **changes: Any) -> State:
    """A throwing round of ``team`` starts: Air-Ball extras owed to its members apply now (BP-R15);
    a team with only one possible pair has it set at once (Art 11.3). ``changes`` are further state
    changes made in the same copy."""
    number = state.rounds_played + 1
    mine: tuple[int, ...] = ()
    rest = state.air_owed
    if rest:
        mine = tuple(s for s in rest if s in state.teams[team])
        rest = tuple(s for s in rest if s not in state.teams[team]) if mine else rest
    doubles = mine if state.config.air_double else ()
    air = () if state.config.air_double else mine
    pairs = legal_pairs(state, team)
    pair = pairs[0] if len(pairs) == 1 else None
    if pair is not None:
        last, counts = state.last_pairs, state.team_rounds
        if team == 0:
            changes.update(last_pairs=(pair, last[1]), team_rounds=(counts[0] + 1, counts[1]))
        else:
            changes.update(last_pairs=(last[0], pair), team_rounds=(counts[0], counts[1] + 1))
    r = evolve(
        _NO_ROUND, number=number, team=team, pair=pair, air=air, doubles=doubles, start_cups=state.cups[1 - team]
    )
    return evolve(state, round=r, rounds_played=number, air_owed=rest, **changes)


def _advance(state: State) -> State:
    """Everything the rules do on their own until a decision or a throw is due."""
    while True:
        phase = state.phase
        if phase is Phase.KONTER:
            return _advance_konter(state)
        if phase is not Phase.PLAY or state.knock is not None:
            return state
        r = state.round
        assert r is not None
        if LIVE not in state.cups[1 - r.team]:
            return _rack_emptied(state)
        # BP-R08: hit cups go after the pair and before (and right after) every extra throw; only
        # between the two throws of a pair they stay, so the second ball can make a Bombe.
        mid_pair = r.fire is None and r.pair_kind != "done" and len(r.pair_throws) == 1
        if r.pending and not mid_pair and not r.removals:
            state = _removal_point(state)
            continue
        if r.removals or r.call is not None or r.fetch:
            return state
        if r.pair is None:
            pairs = legal_pairs(state, r.team)
            if len(pairs) != 1:
                return state
            state = evolve(_set_pair(state, r.team, pairs[0]), round=evolve(r, pair=pairs[0]))
            continue
        if r.fire is None and r.pair_kind != "done" and len(r.pair_throws) == 2:
            # The pair is over: Balls Back when both counted (Art 13.1, 20.2; BP-R07).
            both = all(r.pair_throws)
            if not both and not r.air and not r.tricks:
                state = _end_round(state)  # nothing else is owed this round
                continue
            kind = "bb" if both else "done"
            state = evolve(state, round=evolve(r, pair_kind=kind, pair_throws=(), pair_cups=()))
            continue
        if next_slot(r) is None:
            state = _end_round(state)
            continue
        return state


def _removal_point(state: State) -> State:
    """BP-R08/R03: the hit cups go first, then the extra cups per special cup, in throw order."""
    r = state.round
    assert r is not None
    d = 1 - r.team
    cups = list(state.cups[d])
    order: list[int] = []  # the hit cups in the order they were first hit
    for h in r.pending:
        if h.cup not in order:
            order.append(h.cup)
    units = r.units
    for cup in order:
        if cups[cup - 1] == DUE:
            cups[cup - 1] = GONE
            units += 1 if state.config.units_per_cup else 0
    removals = r.removals
    # Extra cups are owed only for a bounced ball, an Island or two balls in one cup (BP-R05); the
    # commonest removal point (plain hits in different cups) owes none and has nothing to settle.
    if len(order) < len(r.pending) or any(h.bounced or h.island for h in r.pending):
        removals += tuple(
            Removal(d, cup, n)
            for cup in order
            if (n := scoring.extras_for(tuple(h for h in r.pending if h.cup == cup))) > 0
        )
    all_cups = list(state.cups)
    all_cups[d] = tuple(cups)
    r = evolve(r, pending=(), removals=removals, cups_removed=r.cups_removed + len(order), units=units)
    state = evolve(state, cups=(all_cups[0], all_cups[1]), round=r)
    return _settle(state) if removals else state


def _end_round(state: State) -> State:
    """Art 2.1: the defenders' drinks fall due; BP-R13: the round's hit cups may be left standing;
    BP-R16: a timer that ran out during the round (finish_throwing_round) is judged; next round."""
    r = state.round
    assert r is not None
    d = 1 - r.team
    drinks = _owe(state.drinks, d, r.units, r.number)
    if state.timer == "expired":
        state = _timer_verdict(evolve(state, drinks=drinks, standing=r.hit_cups, standing_team=d))
        if state.phase is Phase.OVER:
            return state
    return _new_round(state, d, drinks=drinks, standing=r.hit_cups, standing_team=d)


def _owe(drinks: Drinks, team: int, units: int, number: int) -> Drinks:
    if units <= 0:
        return drinks
    owed, due = drinks.owed, drinks.due_round
    if team == 0:
        return evolve(drinks, owed=(owed[0] + units, owed[1]), due_round=(number, due[1]))
    return evolve(drinks, owed=(owed[0], owed[1] + units), due_round=(due[0], number))


def _timer_verdict(state: State) -> State:
    """Art 9.2 / BP-R16: more live cups wins; level goes to sudden death."""
    a, b = live_count(state.cups[0]), live_count(state.cups[1])
    if a == b:
        return evolve(state, timer="sudden")
    return _finish(state, 0 if a > b else 1, End.TIMER)


def _finish(state: State, winner: int, end: End) -> State:
    """The game is over. The running round's drinks fall due (Art 1)."""
    r = state.round
    if r is not None and r.units:
        state = evolve(state, drinks=_owe(state.drinks, 1 - r.team, r.units, r.number))
    return evolve(state, phase=Phase.OVER, winner=winner, end=end, round=None, konter=None, knock=None)


def _rack_emptied(state: State) -> State:
    """Art 9.1 / 10.1 / BP-R10: the defenders have no live cup: a Konter, or the game is over."""
    r = state.round
    assert r is not None
    second = 1 - r.team
    cups = tuple(GONE if s == DUE else s for s in state.cups[second])
    all_cups = list(state.cups)
    all_cups[second] = cups
    state = evolve(state, cups=(all_cups[0], all_cups[1]))
    if not state.config.konter or state.timer == "sudden":
        return _finish(state, r.team, End.CUPS)
    if state.config.konter_cups:
        need = sum(1 for before, now in zip(r.start_cups, cups, strict=True) if before == LIVE and now != LIVE)
    else:
        need = r.ball_hits
    k = Konter(
        team=second,
        first=r.team,
        throws=r.throws,
        need=max(need, 1),
        required=r.last_special if state.config.konter_special != "off" else (),
        throws_left=r.throws,
        held_units=r.units,
        start_cups=r.start_cups,
        last_cup=r.last_cup,
        round_number=r.number,
    )
    return _advance_konter(evolve(state, phase=Phase.KONTER, konter=k, round=None))


def _advance_konter(state: State) -> State:
    """BP-R09: the Konter succeeds as soon as enough hits with the special are in; it fails when its
    throws are used up or the special cannot be made any more."""
    k = state.konter
    if k is None or state.knock is not None:
        return state
    if k.pair is None:
        pairs = legal_pairs(state, k.team)
        if len(pairs) != 1:
            return state
        state = _set_pair(state, k.team, pairs[0])
        k = evolve(k, pair=pairs[0])
        state = evolve(state, konter=k)
    if k.hits >= k.need and _special_ok(state.config, k):
        return _konter_success(state)
    if k.throws_left <= 0 or _special_impossible(state, k):
        drinks = _owe(state.drinks, k.team, k.held_units, k.round_number)
        drinks = _owe(drinks, k.first, k.units, k.round_number)
        return _finish(evolve(state, drinks=drinks), k.first, End.CUPS)
    return state


def _special_ok(config: Config, k: Konter) -> bool:
    if not k.required or config.konter_special == "off":
        return True
    if config.konter_special == "exact":
        return set(k.got) == set(k.required)
    return all(t in k.got for t in k.required)


def _special_impossible(state: State, k: Konter) -> bool:
    missing = [t for t in k.required if t not in k.got] if state.config.konter_special == "contains" else []
    if state.config.konter_special == "exact":
        missing = list(k.required)
    if "island" in missing and k.pair is not None:
        callers = [s for s in set(k.pair) if not state.players[s].island_used]
        if k.aim is None and (not callers or not islands(state.cups[k.first], state.config.dead_neighbour)):
            return True
    if "bombe" in missing and k.throws_left < 2 and not k.cup_hits:
        return True
    return False


def _konter_success(state: State) -> State:
    """Art 10.1 / BP-R09: the rack is restored, nobody drinks for the window, the first team throws again."""
    k = state.konter
    assert k is not None
    cups = list(state.cups)
    if state.config.konter_last_cup and k.last_cup is not None:
        cups[k.team] = with_state(cups[k.team], k.last_cup, LIVE)
    else:
        cups[k.team] = k.start_cups
    cancelled = list(state.drinks.cancelled)
    cancelled[k.team] += k.held_units
    cancelled[k.first] += k.units
    drinks = evolve(state.drinks, cancelled=(cancelled[0], cancelled[1]))
    state = evolve(
        state, cups=(cups[0], cups[1]), konter=None, phase=Phase.PLAY, konters=state.konters + 1, drinks=drinks
    )
    if state.timer == "expired":
        state = _timer_verdict(state)
        if state.phase is Phase.OVER:
            return state
    return _advance(_new_round(state, k.first))


# --- chance outcomes ---------------------------------------------------------------------------------


def apply_outcome(state: State, outcome: Any) -> State:
    """The state after a checked outcome: the duel, a throw, or a table event."""
    if isinstance(outcome, Duel):
        if outcome.a != outcome.b:
            return evolve(state, duel_winner=0 if outcome.a else 1, phase=Phase.BEGIN, duels=state.duels + 1)
        return evolve(state, duels=state.duels + 1)  # Art 8.4 / BP-R21: the same two throw again
    if isinstance(outcome, EVENT_TYPES):
        return _advance(_table_event(state, outcome))
    if isinstance(outcome, IllegalDefence):
        return state  # BP-R19: the throw is repeated
    if state.phase is Phase.KONTER:
        return _advance(_konter_throw(state, outcome))
    return _advance(_throw(state, outcome))


def throw_only(state: State, outcome: Any) -> State:
    """A round's throw without what follows it (the fast path's first half; ``advance`` the second)."""
    return _throw(state, outcome)


def advance(state: State) -> State:
    """Everything the rules do on their own until a decision or a throw is due (``_advance``)."""
    return _advance(state)


def _landing(outcome: Any) -> tuple[int | None, bool]:
    """The cup a throw counts in (if any) and whether it bounced (Art 14, 15; Art 17 via BP-R19)."""
    if isinstance(outcome, Hit):
        return outcome.cup, outcome.bounce or outcome.roller
    if isinstance(outcome, IllegalSave):
        return outcome.cup, False
    return None, False


def _throw(state: State, outcome: Any) -> State:
    """One throw of a round: counted hits mark the cup due; misses end streaks and On Fire.
    (This is the hot path: the round, the statistics and the state are each copied once.)"""
    r = state.round
    assert r is not None
    slot = next_slot(r)
    assert slot is not None
    kind, seat = slot
    d = 1 - r.team
    cup, bounced = _landing(outcome)
    aim = r.aim
    rc: dict[str, Any] = {"aim": None, "aimed": False, "throws": r.throws + 1}
    if seat in r.doubles:
        bounced = bounced or cup is not None  # BP-R15 double_value: this throw's hit counts as two
        rc["doubles"] = tuple(s for s in r.doubles if s != seat)
    counted = cup is not None and (aim is None or cup == aim)  # BP-R12: the wrong cup is no hit
    if cup is not None and state.cups[d][cup - 1] == DEAD:
        stats = _bump(state.stats, "throws", seat)
        return _finish(evolve(state, stats=stats, round=evolve(r, **rc)), r.team, End.DEAD_CUP)  # Art 18.1
    if counted and state.timer == "sudden":
        stats = _bump(state.stats, "throws", seat)
        return _finish(evolve(state, stats=stats, round=evolve(r, **rc)), r.team, End.SUDDEN_DEATH)  # Art 9.2
    pair_throw = kind == "std" or kind == "bb"
    player = state.players[seat]
    cups = state.cups
    air_owed = state.air_owed
    if counted:
        assert cup is not None
        island = aim == cup
        bombe = pair_throw and cup in r.pair_cups
        if cups[d][cup - 1] == LIVE:
            rack = cups[d]
            rack = rack[: cup - 1] + (DUE,) + rack[cup:]
            cups = (cups[0], rack) if d else (rack, cups[1])
        units = 0 if state.config.units_per_cup else scoring.ball_units(bounced)
        rc["pending"] = (*r.pending, _pending_hit(cup, seat, bounced, island, pair_throw))
        rc["ball_hits"] = r.ball_hits + 1
        rc["units"] = r.units + units
        rc["hit_cups"] = r.hit_cups if cup in r.hit_cups else (*r.hit_cups, cup)
        rc["last_special"] = _SPECIALS[bounced, bombe, island]
        rc["last_cup"] = cup
        if pair_throw:
            rc["pair_cups"] = (*r.pair_cups, cup)
        stats = _count_hit(state.stats, seat, bounced, bombe, island)
        player = evolve(player, streak=player.streak + 1)
    else:
        stats = _bump(state.stats, "throws", seat)
        if player.streak or player.heating or player.on_fire:
            player = evolve(player, streak=0, heating=False, on_fire=False)
        if r.fire == seat:
            rc["fire"] = None
        if isinstance(outcome, RolledBack) and outcome.own_half:
            rc["fetch"] = True
        if isinstance(outcome, AirBall) and kind != "trick":
            air_owed = (*air_owed, outcome.catcher)  # Art 23.1 (not 19.5)
    if pair_throw:
        rc["pair_throws"] = (*r.pair_throws, counted)
    elif kind == "air":
        rc["air"] = r.air[1:]
    elif kind == "trick":
        rc["tricks"] = r.tricks[1:]
    players = state.players
    if player is not players[seat]:
        players = players[:seat] + (player,) + players[seat + 1 :]
    if counted and r.fire != seat and _calls(player, state.config.double_call):
        rc["call"] = seat
    return evolve(
        state,
        stats=stats,
        round=evolve(r, **rc),
        cups=cups,
        players=players,
        air_owed=air_owed,
        standing=(),
        standing_team=None,
    )


def closing_throw(state: State, outcome: Any) -> State | None:
    """The commonest end of a pair in one step (BP-R22): the second ball of a pair (or Balls-Back
    pair), a miss or a clean hit, when it owes no extra cup, no call, no Air-Ball extra and no
    trickshot. Its hit cups go (BP-R08); then either both balls hit and the same pair throws again
    (Balls Back, Art 13.1), or the defenders' drinks fall due (Art 2.1) and the next round starts. One
    copy of the state instead of one per sub-step: exactly the state ``_advance(_throw(state,
    outcome))`` reaches (tests/games/bierpong/test_fast_paths.py). ``None`` for every other throw.
    The caller has checked that ``outcome`` is a throw the node lists."""
    r = state.round
    if (
        r is None
        or state.phase is not Phase.PLAY
        or r.fire is not None
        or r.pair_kind == "done"
        or len(r.pair_throws) != 1
        or r.aim is not None
        or r.air
        or r.tricks
        or state.timer == "sudden"
        or state.timer == "expired"
    ):
        return None
    assert r.pair is not None
    seat = r.pair[1]
    if seat in r.doubles or any(h.bounced or h.island for h in r.pending):
        return None  # extra cups or a doubled throw: the general path
    config = state.config
    d = 1 - r.team
    rack = list(state.cups[d])
    player = state.players[seat]
    units = r.units
    hit_cups = r.hit_cups
    hit = [h.cup for h in r.pending]
    if type(outcome) is Hit:
        cup = outcome.cup
        if outcome.bounce or outcome.roller or rack[cup - 1] != LIVE:
            return None  # extras, or a Bombe (the first ball's cup) or a Dead Cup
        player = evolve(player, streak=player.streak + 1)
        if _calls(player, config.double_call):
            return None  # a call is due first (Art 21)
        stats = _count_hit(state.stats, seat, False, False, False)
        units += 0 if config.units_per_cup else scoring.ball_units(False)
        hit_cups = hit_cups if cup in hit_cups else (*hit_cups, cup)
        rack[cup - 1] = DUE
        hit.append(cup)
    elif type(outcome) is Miss:
        stats = _bump(state.stats, "throws", seat)
        if player.streak or player.heating or player.on_fire:
            player = evolve(player, streak=0, heating=False, on_fire=False)
    else:
        return None
    if LIVE not in rack or len(set(hit)) < len(hit):
        return None  # the rack is empty (a Konter or the end), or two balls in one cup (a Bombe)
    for cup in hit:  # the removal point (BP-R08): no extra cups are owed here
        if rack[cup - 1] == DUE:
            rack[cup - 1] = GONE
            units += 1 if config.units_per_cup else 0
    cups = (state.cups[0], tuple(rack)) if d else (tuple(rack), state.cups[1])
    players = state.players
    if player is not players[seat]:
        players = players[:seat] + (player,) + players[seat + 1 :]
    if r.pair_throws[0] and type(outcome) is Hit:  # both balls hit: Balls Back, the same pair again (13.1)
        balls_back = evolve(
            r,
            aim=None,
            aimed=False,
            throws=r.throws + 1,
            pending=(),
            ball_hits=r.ball_hits + 1,
            units=units,
            hit_cups=hit_cups,
            last_special=(),
            last_cup=outcome.cup,
            cups_removed=r.cups_removed + len(hit),
            pair_kind="bb",
            pair_throws=(),
            pair_cups=(),
        )
        return evolve(state, stats=stats, players=players, cups=cups, round=balls_back, standing=(), standing_team=None)
    drinks = _owe(state.drinks, d, units, r.number)
    new = _new_round(
        state, d, stats=stats, players=players, cups=cups, drinks=drinks, standing=hit_cups, standing_team=d
    )
    return _advance(new)


#: The specials of a counted ball by (bounced, Bombe, Island), in ``SPECIAL_ORDER``.
_SPECIALS = {
    (bounced, bombe, island): tuple(
        name for name, on in (("aufsetzer", bounced), ("bombe", bombe), ("island", island)) if on
    )
    for bounced in (False, True)
    for bombe in (False, True)
    for island in (False, True)
}


_pending_hit = constructor(PendingHit)


def _count_hit(stats: Stats, seat: int, bounced: bool, bombe: bool, island: bool) -> Stats:
    """``stats`` after a counted ball of ``seat``: a throw and a hit, and its specials."""
    return evolve(
        stats,
        throws=_plus_one(stats.throws, seat),
        hits=_plus_one(stats.hits, seat),
        bounces=_plus_one(stats.bounces, seat) if bounced else stats.bounces,
        bombs=_plus_one(stats.bombs, seat) if bombe else stats.bombs,
        islands=_plus_one(stats.islands, seat) if island else stats.islands,
    )


def _plus_one(values: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return values[:seat] + (values[seat] + 1,) + values[seat + 1 :]


def _konter_throw(state: State, outcome: Any) -> State:
    """One Konter throw (BP-R09): hits remove nothing; no extras; streaks count."""
    k = state.konter
    assert k is not None and k.pair is not None
    seat = k.pair[k.index % 2]
    cup, bounced = _landing(outcome)
    aim = k.aim
    k = evolve(k, aim=None, aimed=False, throws_left=k.throws_left - 1, index=k.index + 1)
    state = evolve(state, stats=_bump(state.stats, "throws", seat))
    if cup is not None and state.cups[k.first][cup - 1] == DEAD:
        return _finish(evolve(state, konter=k), k.team, End.DEAD_CUP)
    counted = cup is not None and (aim is None or cup == aim)
    if counted:
        assert cup is not None
        island = aim == cup
        bombe = cup in k.cup_hits
        types = tuple(name for name, on in (("aufsetzer", bounced), ("bombe", bombe), ("island", island)) if on)
        value = 1 + bounced + island + 2 * bombe if state.config.konter_cups else 1
        got = types if state.config.konter_special == "exact" else tuple(t for t in SPECIAL_ORDER if t in k.got + types)
        k = evolve(
            k,
            hits=k.hits + value,
            got=got,
            cup_hits=(*k.cup_hits, cup),
            units=k.units + scoring.ball_units(bounced),
        )
        stats = _bump(state.stats, "hits", seat)
        state = evolve(state, stats=_bump(stats, "bounces", seat) if bounced else stats)
        state = _update_player(state, seat, streak=state.players[seat].streak + 1)
    else:
        state = _update_player(state, seat, streak=0, heating=False, on_fire=False)
    return evolve(state, konter=k)


def can_rerack(state: State) -> bool:
    """BP-R01 ``allow_rerack``: the defenders may re-form their cups at the start of an opposing
    throwing round (before its first throw, nothing hit yet)."""
    r = state.round
    return (
        state.config.allow_rerack
        and state.phase is Phase.PLAY
        and state.knock is None
        and r is not None
        and r.throws == 0
        and not r.pending
        and not r.removals
    )


def _rerack(state: State, event: Rerack) -> State:
    """BP-R01: the live cups now stand in ``event.cups``; a Dead Cup stays where it is. The round's
    start rack (a Konter restores it) is the re-formed one; cups hit in the last round can no longer
    be entered as left standing (their slots moved)."""
    r = state.round
    assert r is not None
    old = state.cups[event.team]
    chosen = set(event.cups)
    new = tuple(DEAD if s == DEAD else (LIVE if i + 1 in chosen else GONE) for i, s in enumerate(old))
    all_cups = list(state.cups)
    all_cups[event.team] = new
    standing = () if state.standing_team == event.team else state.standing
    return evolve(state, cups=(all_cups[0], all_cups[1]), round=evolve(r, start_cups=new), standing=standing)


def _table_event(state: State, event: Any) -> State:
    """Events the table enters between throws: timer, knock-over, Dead Cup, drinks."""
    if isinstance(event, TimeUp):
        if state.phase is Phase.KONTER or state.config.timer_round:
            return evolve(state, timer="expired")  # BP-R16: the round or the Konter is finished first
        return _timer_verdict(state)
    if isinstance(event, KnockOver):
        cups = state.cups[event.team]
        if live_count(cups) <= 1:
            return state  # Art 16.2: the last cup is never removed by knocking it over
        if len(event.cups) == 1 and not state.config.knock_opponent:
            all_cups = list(state.cups)
            all_cups[event.team] = with_state(cups, event.cups[0], GONE)
            return evolve(state, cups=(all_cups[0], all_cups[1]))
        return evolve(state, knock=Knock(event.team, event.cups))
    if isinstance(event, Rerack):
        return _rerack(state, event)
    if isinstance(event, LeftStanding):
        team = state.standing_team
        assert team is not None
        all_cups = list(state.cups)
        all_cups[team] = with_state(all_cups[team], event.cup, DEAD)
        return evolve(
            state, cups=(all_cups[0], all_cups[1]), standing=tuple(c for c in state.standing if c != event.cup)
        )
    if isinstance(event, DeadCupRemoved):
        assert state.round is not None
        team = state.round.team
        all_cups = list(state.cups)
        all_cups[team] = with_state(all_cups[team], event.cup, GONE)
        return evolve(state, cups=(all_cups[0], all_cups[1]))
    drinks = state.drinks
    t = event.team
    drinking = list(drinks.drinking)
    if isinstance(event, Drinking):
        drinking[t] = True
    elif isinstance(event, Distracted):
        drinking[t] = False
    elif isinstance(event, Drank):
        drunk = list(drinks.drunk)
        drunk[t] = drinks.owed[t] - drinks.forgotten[t]
        drinking[t] = False
        drinks = evolve(drinks, drunk=(drunk[0], drunk[1]))
    elif isinstance(event, Forgot):
        forgotten = list(drinks.forgotten)
        forgotten[t] += drinks.open(t)
        drinking[t] = False
        drinks = evolve(
            drinks, forgotten=(forgotten[0], forgotten[1]), penalties=(*drinks.penalties, (t, event.penalty))
        )
    return evolve(state, drinks=evolve(drinks, drinking=(drinking[0], drinking[1])))
