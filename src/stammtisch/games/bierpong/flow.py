"""The flow of the game between throws (BP-R22): the pairs (Art 11.3), the removal point (BP-R08)
with the extra cups (Art 3, BP-R03), Balls Back (Art 13), the end of a round with its drinks (Art 2.1),
the next round, the timer's verdict (Art 9.2, BP-R16), an emptied rack and the Konter (Art 9.1, 10,
BP-R09, BP-R10), and the end of the game.

``advance`` runs everything the rules decide on their own after every step, so ``rules.turn`` only
reads the state: a decision, a throw (chance) or the end.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from stammtisch.games.bierpong import scoring
from stammtisch.games.bierpong.konter import konter_failure, start_konter
from stammtisch.games.bierpong.model import Drinks, End, PendingHit, Phase, Player, Removal, Round, State
from stammtisch.games.bierpong.rack import DUE, GONE, LIVE, extra_choices, live_count, with_state
from stammtisch.games.bierpong.updates import copier, evolve

# --- the pairs (Art 11.3) ------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _small_team_pairs(members: tuple[int, ...], double_release: bool) -> tuple[tuple[int, int], ...]:
    """The pairs of a team of one or two (the same every round: made once per team). Two players throw
    in either order: who throws first is the table's choice (BP-R18 and B.4's decision points: the
    streak, the calls, the Island and the statistics are each player's own)."""
    if len(members) == 1:
        return ((members[0], members[0]),)
    solo = tuple((m, m) for m in members) if double_release else ()
    return ((members[0], members[1]), (members[1], members[0]), *solo)


def legal_pairs(state: State, team: int) -> tuple[tuple[int, int], ...]:
    """Art 11.3 / BP-R18: singles throw both balls; a team of two has one pair in either order; larger
    teams a pair that differs from the previous one (or the next in the cycle ab, bc, ca, ...), in both
    orders. Canonical order: pairs in team order, each first as listed, then reversed; with
    single_player_double_release the one-player pairs (m, m) too (first for larger teams, last for two)."""
    members = state.teams[team]
    n = len(members)
    if n <= 2:
        return _small_team_pairs(members, state.config.double_release)
    # single_player_double_release: one member may release both balls at once (overrides 11.3).
    solo = tuple((m, m) for m in members) if state.config.double_release else ()
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


def set_pair(state: State, team: int, pair: tuple[int, int]) -> State:
    """``team``'s pair for this round (or Konter) is ``pair``: remembered for the next round (11.3)."""
    last = list(state.last_pairs)
    last[team] = pair
    counts = list(state.team_rounds)
    counts[team] += 1
    return evolve(state, last_pairs=(last[0], last[1]), team_rounds=(counts[0], counts[1]))


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


# --- a new round ----------------------------------------------------------------------------------

#: A round with every field at its default: new rounds are copies of it.
_NO_ROUND = Round(number=0, team=0)
_round = copier(Round, "number", "team", "pair", "air", "doubles", "start_cups")
_next_round = copier(
    State,
    "round",
    "rounds_played",
    "air_owed",
    "last_pairs",
    "team_rounds",
    "players",
    "cups",
    "drinks",
    "standing",
    "standing_team",
)


def new_round(
    state: State,
    team: int,
    players: tuple[Player, ...] | None = None,
    cups: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
    drinks: Drinks | None = None,
    standing: tuple[int, ...] | None = None,
    standing_team: int | None = -1,
) -> State:
    """A throwing round of ``team`` starts: Air-Ball extras owed to its members apply now (BP-R15);
    a member still On Fire (a successful Konter ended his round, or he was called On Fire on a Konter
    hit) throws his On Fire throws first (Art 21.1 "bis er nicht mehr trifft", BP-R09 "calls stay as
    they happened"); a team with only one possible pair has it set at once (Art 11.3). The other
    arguments are further changes of the state made in the same copy (``None``, or -1 for
    ``standing_team``: unchanged)."""
    number = state.rounds_played + 1
    mine: tuple[int, ...] = ()
    rest = state.air_owed
    if rest:
        members = state.teams[team]
        mine = tuple(s for s in rest if s in members)
        rest = tuple(s for s in rest if s not in members) if mine else rest
    air_double = state.config.air_double
    pairs = legal_pairs(state, team)
    pair = pairs[0] if len(pairs) == 1 else None
    last, counts = state.last_pairs, state.team_rounds
    if pair is not None:
        if team == 0:
            last, counts = (pair, last[1]), (counts[0] + 1, counts[1])
        else:
            last, counts = (last[0], pair), (counts[0], counts[1] + 1)
    own = state.cups if cups is None else cups
    r = _round(_NO_ROUND, number, team, pair, () if air_double else mine, mine if air_double else (), own[1 - team])
    fire = burning(players if players is not None else state.players, state.teams[team])
    if fire is not None:
        r = _fire(r, fire)
    return _next_round(
        state,
        r,
        number,
        rest,
        last,
        counts,
        state.players if players is None else players,
        own,
        state.drinks if drinks is None else drinks,
        state.standing if standing is None else standing,
        state.standing_team if standing_team == -1 else standing_team,
    )


_fire = copier(Round, "fire")


def burning(players: tuple[Player, ...], members: tuple[int, ...]) -> int | None:
    """The first member of a team who is On Fire without having thrown his On Fire throws yet."""
    for seat in members:
        if players[seat].on_fire:
            return seat
    return None


# --- what the rules do on their own -----------------------------------------------------------------

_pair_kind = copier(Round, "pair_kind", "pair_throws", "pair_cups")
_with_round = copier(State, "round")


def advance(state: State) -> State:
    """Everything the rules do on their own until a decision or a throw is due."""
    while True:
        phase = state.phase
        if phase is Phase.KONTER:
            return advance_konter(state)
        if phase is not Phase.PLAY or state.knock is not None:
            return state
        r = state.round
        assert r is not None
        if emptied(state.cups[1 - r.team], r):
            # Art 9.1 "sobald": the rack is empty (the owed extra cups included) the moment the throw
            # lands; a call the hit earned is made first (BP-R11), then the Konter or the end.
            if r.call is not None:
                return state
            return rack_emptied(state)
        if r.call is not None:
            return state  # the call comes straight after the hit (BP-R11, H12), before the cups go
        # BP-R08: hit cups go after the pair and before (and right after) every extra throw; only
        # between the two throws of a pair they stay, so the second ball can make a Bombe.
        if r.pending and not r.removals and not (r.fire is None and r.pair_kind != "done" and len(r.pair_throws) == 1):
            state = removal_point(state)
            continue
        if r.removals or r.call is not None or r.fetch:
            return state
        if r.pair is None and r.fire is None:
            pairs = legal_pairs(state, r.team)
            if len(pairs) != 1:
                return state
            state = evolve(set_pair(state, r.team, pairs[0]), round=evolve(r, pair=pairs[0]))
            continue
        if r.pair is None:
            return state  # On Fire throws before the pair is chosen
        if r.fire is None and r.pair_kind != "done" and len(r.pair_throws) == 2:
            # The pair is over: Balls Back when both counted (Art 13.1, 20.2; BP-R07).
            both = r.pair_throws[0] and r.pair_throws[1]
            if not both and not r.air and not r.tricks:
                state = end_round(state)  # nothing else is owed this round
                continue
            state = _with_round(state, _pair_kind(r, "bb" if both else "done", (), ()))
            continue
        if next_slot(r) is None:
            state = end_round(state)
            continue
        return state


def owed_extras(r: Round) -> int:
    """The extra cups the round's hits still owe (BP-R05): those being chosen and those of the hit cups
    still standing."""
    owed = sum(rem.count for rem in r.removals)
    if r.pending:
        cups: dict[int, list[PendingHit]] = {}
        for h in r.pending:
            cups.setdefault(h.cup, []).append(h)
        owed += sum(scoring.extras_for(tuple(hits)) for hits in cups.values())
    return owed


def emptied(rack: tuple[int, ...], r: Round) -> bool:
    """Art 9.1 / BP-R03: no live cup is left, or the extra cups owed take every live cup that is left."""
    live = rack.count(LIVE)
    return live == 0 or (bool(r.pending or r.removals) and live <= owed_extras(r))


_removed = copier(Round, "pending", "removals", "cups_removed", "units")
_with_cups_round = copier(State, "cups", "round")


def removal_point(state: State) -> State:
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
    per_cup = state.config.units_per_cup
    for cup in order:
        if cups[cup - 1] == DUE:
            cups[cup - 1] = GONE
            if per_cup:
                units += 1
    removals = r.removals
    # Extra cups are owed only for a bounced ball, an Island or two balls in one cup (BP-R05); the
    # commonest removal point (plain hits in different cups) owes none and has nothing to settle.
    if len(order) < len(r.pending) or any(h.bounced or h.island for h in r.pending):
        removals += tuple(
            Removal(d, cup, n)
            for cup in order
            if (n := scoring.extras_for(tuple(h for h in r.pending if h.cup == cup))) > 0
        )
    rack = tuple(cups)
    both = (state.cups[0], rack) if d else (rack, state.cups[1])
    state = _with_cups_round(state, both, _removed(r, (), removals, r.cups_removed + len(order), units))
    return settle(state) if removals else state


def remove_extra(state: State, cup: int) -> State:
    """One extra cup of the first open removal goes (Art 3.2, 3.3)."""
    r = state.round
    assert r is not None
    rem = r.removals[0]
    cups = list(state.cups)
    cups[rem.team] = with_state(cups[rem.team], cup, GONE)
    rest = (evolve(rem, count=rem.count - 1), *r.removals[1:]) if rem.count > 1 else r.removals[1:]
    units = r.units + (1 if state.config.units_per_cup else 0)
    r = evolve(r, removals=rest, cups_removed=r.cups_removed + 1, units=units)
    return settle(evolve(state, cups=(cups[0], cups[1]), round=r))


def settle(state: State) -> State:
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


def end_round(state: State) -> State:
    """Art 2.1: the defenders' drinks fall due; BP-R13: the round's hit cups may be left standing;
    BP-R16: a timer that ran out during the round (finish_throwing_round) is judged; next round."""
    r = state.round
    assert r is not None
    d = 1 - r.team
    drinks = owe(state.drinks, d, r.units, r.number)
    if state.timer == "expired":
        # BP-R16 finish_throwing_round: the round's drinks fell due just now, once (the round is closed
        # before the verdict, so ``finish`` does not book them again).
        state = timer_verdict(evolve(state, drinks=drinks, standing=r.hit_cups, standing_team=d, round=None))
        if state.phase is Phase.OVER:
            return state
    return new_round(state, d, drinks=drinks, standing=r.hit_cups, standing_team=d)


_owe_a = copier(Drinks, "owed", "due_round")


def owe(drinks: Drinks, team: int, units: int, number: int) -> Drinks:
    """Art 2.1 / BP-R20: ``units`` more fall due for each member of ``team`` after round ``number``."""
    if units <= 0:
        return drinks
    owed, due = drinks.owed, drinks.due_round
    if team == 0:
        return _owe_a(drinks, (owed[0] + units, owed[1]), (number, due[1]))
    return _owe_a(drinks, (owed[0], owed[1] + units), (due[0], number))


def timer_verdict(state: State) -> State:
    """Art 9.2 / BP-R16: more live cups wins; level goes to sudden death."""
    a, b = live_count(state.cups[0]), live_count(state.cups[1])
    if a == b:
        return evolve(state, timer="sudden")
    return finish(state, 0 if a > b else 1, End.TIMER)


_over = copier(State, "drinks", "phase", "winner", "end", "round", "konter", "knock")


def finish(state: State, winner: int, end: End) -> State:
    """The game is over. The running round's drinks fall due (Art 1)."""
    r = state.round
    drinks = state.drinks
    if r is not None and r.units:
        drinks = owe(drinks, 1 - r.team, r.units, r.number)
    return _over(state, drinks, Phase.OVER, winner, end, None, None, None)


# --- an empty rack and the Konter ---------------------------------------------------------------------


def rack_emptied(state: State) -> State:
    """Art 9.1 / 10.1 / BP-R10: the defenders have no live cup: a Konter, or the game is over."""
    r = state.round
    assert r is not None
    second = 1 - r.team
    # Every cup still standing goes: the hit ones and, as the owed extras, every live one (BP-R03:
    # "more cups required than are live"). They are removed by the first team's hits: they count for
    # konter_count_unit = cups_removed and, under drink_unit = per_cup_removed, owe drinks (BP-R20).
    old = state.cups[second]
    cups = tuple(GONE if s == DUE or s == LIVE else s for s in old)
    gone = sum(1 for s in old if s == DUE or s == LIVE)
    units = r.units + (gone if state.config.units_per_cup else 0)
    r = evolve(r, pending=(), removals=(), cups_removed=r.cups_removed + gone, units=units)
    state = evolve(state, cups=(state.cups[0], cups) if second else (cups, state.cups[1]), round=r)
    if not state.config.konter or state.timer == "sudden":
        return finish(state, r.team, End.CUPS)
    k = start_konter(state, r)
    return advance_konter(evolve(state, phase=Phase.KONTER, konter=k, round=None, konter_failed=""))


def advance_konter(state: State) -> State:
    """BP-R09: the Konter succeeds as soon as enough hits with the special are in; it fails when its
    throws are used up or the special cannot be made any more."""
    k = state.konter
    if k is None or state.knock is not None:
        return state
    if k.hits >= k.need and (k.matched or not k.required):
        if k.call is not None:
            return state  # the call the last hit earned comes first (BP-R11)
        return konter_success(state)
    failed = konter_failure(state, k)
    if failed:  # before any choice: a Konter that cannot be made ends at once, no ball is thrown for it
        drinks = owe(state.drinks, k.team, k.held_units, k.round_number)
        drinks = owe(drinks, k.first, k.units, k.round_number)
        return finish(evolve(state, drinks=drinks, konter_failed=failed), k.first, End.CUPS)
    if k.pair is None:
        pairs = legal_pairs(state, k.team)
        if len(pairs) == 1:
            state = set_pair(state, k.team, pairs[0])
            state = evolve(state, konter=evolve(k, pair=pairs[0]))
    return state


def konter_dead_cup(state: State) -> State:
    """Art 18.1 in a Konter (H17): the Konter team hit the first team's Dead Cup and wins at once. The
    Konter did not restore anything, so the drinks it held fall due as after a failed one (Art 2.3, H20):
    the finishing round's for the Konter team, the Konter's hits so far for the first team."""
    k = state.konter
    assert k is not None
    drinks = owe(state.drinks, k.team, k.held_units, k.round_number)
    drinks = owe(drinks, k.first, k.units, k.round_number)
    return finish(evolve(state, drinks=drinks), k.team, End.DEAD_CUP)


def konter_success(state: State) -> State:
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
        state = timer_verdict(state)
        if state.phase is Phase.OVER:
            return state
    return advance(new_round(state, k.first))
