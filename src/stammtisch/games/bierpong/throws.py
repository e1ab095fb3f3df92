"""One throw of a throwing round (BP-R22): a counted hit marks its cup due (BP-R08) and may make a
Bombe (Art 20), an Island (Art 22), an Aufsetzer or Roller (Art 14, 15); a miss ends the streak and On
Fire (Art 21.4), a rolled-back ball may be fetched (Art 19), an Air Ball caught earns an extra throw
(Art 23); a Dead Cup hit (Art 18.1) or a hit in sudden death (Art 9.2) ends the game.

This is the engine's hot path (a random game is three quarters throws): each throw makes one new
player, one round and one state with positional copiers (``updates.copier``), and ``closing_throw``
takes the commonest end of a pair, up to the next round, in one step.
"""

from __future__ import annotations

from typing import Any

from stammtisch.games.bierpong import flow, scoring, streaks
from stammtisch.games.bierpong.konter import landing
from stammtisch.games.bierpong.model import AirBall, End, Hit, Miss, PendingHit, Phase, RolledBack, Round, State
from stammtisch.games.bierpong.rack import DEAD, DUE, GONE, LIVE
from stammtisch.games.bierpong.updates import constructor, copier

#: The specials of a counted ball by (bounced, Bombe, Island), in ``konter.SPECIAL_ORDER``.
_SPECIALS = {
    (bounced, bombe, island): tuple(
        name for name, on in (("aufsetzer", bounced), ("bombe", bombe), ("island", island)) if on
    )
    for bounced in (False, True)
    for bombe in (False, True)
    for island in (False, True)
}

_pending_hit = constructor(PendingHit)
_with_player = copier(State, "players")
#: Everything a throw may change in the round, in one copy.
_thrown_round = copier(
    Round,
    "aim",
    "aimed",
    "throws",
    "doubles",
    "pending",
    "ball_hits",
    "units",
    "hit_cups",
    "last_special",
    "last_cup",
    "pair_cups",
    "fire",
    "fetch",
    "pair_throws",
    "air",
    "tricks",
    "call",
)
_thrown = copier(State, "round", "cups", "players", "air_owed", "standing", "standing_team")


def throw(state: State, outcome: Any) -> State:
    """One throw of a round, without what the rules do after it (``flow.advance``)."""
    r = state.round
    assert r is not None
    slot = flow.next_slot(r)
    assert slot is not None
    kind, seat = slot
    d = 1 - r.team
    cup, bounced = landing(outcome)
    aim = r.aim
    doubles = r.doubles
    worth_two = bounced
    if seat in doubles:
        # BP-R15 double_value: this throw's hit counts as two (an extra cup, two drink units), but it
        # is not a bounce: no Aufsetzer for the Konter (Art 10.3), none in the statistics.
        worth_two = bounced or cup is not None
        doubles = tuple(s for s in doubles if s != seat)
    counted = cup is not None and (aim is None or cup == aim)  # BP-R12: the wrong cup is no hit
    players = state.players
    player = players[seat]
    if cup is not None and (state.cups[d][cup - 1] == DEAD or (counted and state.timer == "sudden")):
        # Art 18.1: a Dead Cup hit wins; Art 9.2: in sudden death the next counted hit wins.
        end = End.DEAD_CUP if state.cups[d][cup - 1] == DEAD else End.SUDDEN_DEATH
        return flow.finish(_with_player(state, streaks.replace(players, seat, streaks.thrown(player))), r.team, end)
    pair_throw = kind == "std" or kind == "bb"
    cups = state.cups
    air_owed = state.air_owed
    pending, ball_hits, units, hit_cups = r.pending, r.ball_hits, r.units, r.hit_cups
    last_special, last_cup, pair_cups = r.last_special, r.last_cup, r.pair_cups
    fire, fetch, call = r.fire, r.fetch, r.call
    if counted:
        assert cup is not None
        island = aim == cup
        bombe = pair_throw and cup in pair_cups
        rack = cups[d]
        if rack[cup - 1] == LIVE:
            rack = rack[: cup - 1] + (DUE,) + rack[cup:]
            cups = (cups[0], rack) if d else (rack, cups[1])
        if not state.config.units_per_cup:
            units += scoring.ball_units(worth_two)
        pending = (*pending, _pending_hit(cup, seat, worth_two, island, pair_throw))
        ball_hits += 1
        if cup not in hit_cups:
            hit_cups = (*hit_cups, cup)
        last_special = _SPECIALS[bounced, bombe, island]
        last_cup = cup
        if pair_throw:
            pair_cups = (*pair_cups, cup)
        player = streaks.hit(player, bounced, bombe, island)
        if fire != seat and streaks.calls(player, state.config.double_call):
            call = seat
    else:
        was_on_fire = player.on_fire
        player = streaks.miss(player)
        if fire == seat:
            fire = None
            if was_on_fire:  # another member still On Fire (from a Konter) throws his throws next
                fire = flow.burning(streaks.replace(players, seat, player), state.teams[r.team])
        if type(outcome) is RolledBack and outcome.own_half:
            fetch = True
        if type(outcome) is AirBall and kind != "trick":
            air_owed = (*air_owed, outcome.catcher)  # Art 23.1 (not 19.5)
    pair_throws, air, tricks = r.pair_throws, r.air, r.tricks
    if pair_throw:
        pair_throws = (*pair_throws, counted)
    elif kind == "air":
        air = air[1:]
    elif kind == "trick":
        tricks = tricks[1:]
    round_ = _thrown_round(
        r,
        None,
        False,
        r.throws + 1,
        doubles,
        pending,
        ball_hits,
        units,
        hit_cups,
        last_special,
        last_cup,
        pair_cups,
        fire,
        fetch,
        pair_throws,
        air,
        tricks,
        call,
    )
    return _thrown(state, round_, cups, streaks.replace(players, seat, player), air_owed, (), None)


_balls_back = copier(
    Round,
    "aim",
    "aimed",
    "throws",
    "pending",
    "ball_hits",
    "units",
    "hit_cups",
    "last_special",
    "last_cup",
    "cups_removed",
    "pair_kind",
    "pair_throws",
    "pair_cups",
)
_after_balls_back = copier(State, "players", "cups", "round", "standing", "standing_team")


def closing_throw(state: State, outcome: Any) -> State | None:
    """The commonest end of a pair in one step (BP-R22): the second ball of a pair (or Balls-Back
    pair), a miss or a clean hit, when it owes no extra cup, no call, no Air-Ball extra and no
    trickshot. Its hit cups go (BP-R08); then either both balls hit and the same pair throws again
    (Balls Back, Art 13.1), or the defenders' drinks fall due (Art 2.1) and the next round starts. One
    copy of the state instead of one per sub-step: exactly the state ``flow.advance(throw(state,
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
    if r.doubles and seat in r.doubles:
        return None  # a doubled throw: the general path
    for h in r.pending:
        if h.bounced or h.island:
            return None  # extra cups are owed: the general path
    config = state.config
    d = 1 - r.team
    rack = list(state.cups[d])
    player = state.players[seat]
    units = r.units
    hit_cups = r.hit_cups
    hit = [h.cup for h in r.pending]
    kind = type(outcome)
    if kind is Hit:
        cup = outcome.cup
        if outcome.bounce or outcome.roller or rack[cup - 1] != LIVE:
            return None  # extras, or a Bombe (the first ball's cup) or a Dead Cup
        player = streaks.hit(player, False, False, False)
        if streaks.calls(player, config.double_call):
            return None  # a call is due first (Art 21)
        if not config.units_per_cup:
            units += scoring.ball_units(False)
        if cup not in hit_cups:
            hit_cups = (*hit_cups, cup)
        rack[cup - 1] = DUE
        hit.append(cup)
    elif kind is Miss:
        player = streaks.miss(player)
    else:
        return None
    if LIVE not in rack or len(set(hit)) < len(hit):
        return None  # the rack is empty (a Konter or the end), or two balls in one cup (a Bombe)
    for c in hit:  # the removal point (BP-R08): no extra cups are owed here
        if rack[c - 1] == DUE:
            rack[c - 1] = GONE
            if config.units_per_cup:
                units += 1
    new_rack = tuple(rack)
    cups = (state.cups[0], new_rack) if d else (new_rack, state.cups[1])
    players = streaks.replace(state.players, seat, player)
    if r.pair_throws[0] and kind is Hit:  # both balls hit: Balls Back, the same pair again (13.1)
        balls_back = _balls_back(
            r,
            None,
            False,
            r.throws + 1,
            (),
            r.ball_hits + 1,
            units,
            hit_cups,
            (),
            outcome.cup,
            r.cups_removed + len(hit),
            "bb",
            (),
            (),
        )
        return _after_balls_back(state, players, cups, balls_back, (), None)
    drinks = flow.owe(state.drinks, d, units, r.number)
    return flow.advance(flow.new_round(state, d, players, cups, drinks, hit_cups, d))
