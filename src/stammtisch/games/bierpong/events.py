"""The table events a scribe enters between throws: the timer (Art 9.2, BP-R16), knocked-over cups
(Art 16), a Dead Cup left standing or removed (Art 18), a re-formed rack (BP-R01 allow_rerack), and
the drinks (Art 1, 2, 7). None of them is ever sampled in digital play (``skill.py``)."""

from __future__ import annotations

from typing import Any

from stammtisch.games.bierpong import flow
from stammtisch.games.bierpong.model import (
    DeadCupRemoved,
    Distracted,
    Drank,
    Drinking,
    Forgot,
    Knock,
    KnockOver,
    LeftStanding,
    Phase,
    Rerack,
    State,
    TimeUp,
)
from stammtisch.games.bierpong.rack import DEAD, GONE, LIVE, live_count, with_state
from stammtisch.games.bierpong.updates import evolve


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


def table_event(state: State, event: Any) -> State:
    """The state after a table event (``flow.advance`` follows)."""
    if isinstance(event, TimeUp):
        if state.phase is Phase.KONTER or state.config.timer_round:
            return evolve(state, timer="expired")  # BP-R16: the round or the Konter is finished first
        return flow.timer_verdict(state)
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
