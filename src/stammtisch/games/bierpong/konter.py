"""The Konter (Art 10, BP-R09): the last chance of the team that lost its last cup. Its window (how
many throws, how many hits, which special), its throws, and whether it has succeeded or can no longer
succeed. What follows a success or a failure (the restored rack, the end) is ``flow``'s."""

from __future__ import annotations

from typing import Any

from stammtisch.games.bierpong import scoring, streaks
from stammtisch.games.bierpong.model import Config, End, Hit, IllegalSave, Konter, Round, State
from stammtisch.games.bierpong.rack import DEAD, islands
from stammtisch.games.bierpong.updates import evolve

SPECIAL_ORDER = ("aufsetzer", "bombe", "island")


def start_konter(state: State, r: Round) -> Konter:
    """BP-R09/R10: the window of the Konter against round ``r``, which emptied the rack: as many throws
    as that round had, as many hits (balls, or with konter_count_unit = cups_removed the cups the
    first team's hits removed in it: cups the defenders knocked over themselves (Art 16) do not
    count), and the special of the throw that emptied the rack (konter_special_match)."""
    config = state.config
    need = r.cups_removed if config.konter_cups else r.ball_hits
    return Konter(
        team=1 - r.team,
        first=r.team,
        throws=r.throws,
        need=max(need, 1),
        required=r.last_special if config.konter_special != "off" else (),
        throws_left=r.throws,
        held_units=r.units,
        start_cups=r.start_cups,
        last_cup=r.last_cup,
        round_number=r.number,
    )


def landing(outcome: Any) -> tuple[int | None, bool]:
    """The cup a throw counts in (if any) and whether it bounced (Art 14, 15; Art 17 via BP-R19)."""
    kind = type(outcome)
    if kind is Hit:
        return outcome.cup, outcome.bounce or outcome.roller
    if kind is IllegalSave:
        return outcome.cup, False
    return None, False


def konter_throw(state: State, outcome: Any) -> tuple[State, End | None]:
    """One Konter throw (BP-R09): hits remove nothing; no extras; streaks count. With the end of the
    game when it hit a Dead Cup (Art 18.1: the throwing team wins); ``flow`` finishes it."""
    k = state.konter
    assert k is not None and k.pair is not None
    seat = k.pair[k.index % 2]
    cup, bounced = landing(outcome)
    aim = k.aim
    k = evolve(k, aim=None, aimed=False, throws_left=k.throws_left - 1, index=k.index + 1)
    players = state.players
    p = players[seat]
    if cup is not None and state.cups[k.first][cup - 1] == DEAD:
        return evolve(state, players=streaks.replace(players, seat, streaks.thrown(p)), konter=k), End.DEAD_CUP
    counted = cup is not None and (aim is None or cup == aim)
    if counted:
        assert cup is not None
        island = aim == cup
        bombe = cup in k.cup_hits
        types = tuple(name for name, on in (("aufsetzer", bounced), ("bombe", bombe), ("island", island)) if on)
        value = 1 + bounced + island + 2 * bombe if state.config.konter_cups else 1
        got = tuple(t for t in SPECIAL_ORDER if t in k.got + types)
        p = streaks.konter_hit(p, bounced)
        k = evolve(
            k,
            hits=k.hits + value,
            got=got,
            matched=k.matched or matches(state.config, k.required, types, got),
            cup_hits=(*k.cup_hits, cup),
            units=k.units + scoring.ball_units(bounced),
            call=seat if streaks.calls(p, state.config.double_call) else None,
        )
    else:
        p = streaks.miss(p)
    return evolve(state, players=streaks.replace(players, seat, p), konter=k), None


def matches(config: Config, required: tuple[str, ...], types: tuple[str, ...], got: tuple[str, ...]) -> bool:
    """Art 10.3 "mit dem gleichen Specialwurf", per konter_special_match (BP-R09): ``contains`` — the
    Konter's hits so far (``got``) include every required special; ``exact`` — this one hit
    (``types``) carries exactly the required set, no more and no fewer; ``off`` — not compared."""
    if not required or config.konter_special == "off":
        return True
    if config.konter_special == "exact":
        return set(types) == set(required)
    return all(t in got for t in required)


def _throwers(state: State, k: Konter) -> tuple[int, ...]:
    """The seats still allowed to throw in the Konter: the remaining turns of its pair, or (no pair
    chosen yet) any member of the team."""
    if k.pair is None:
        return state.teams[k.team]
    return tuple({k.pair[(k.index + j) % 2] for j in range(k.throws_left)})


def konter_failure(state: State, k: Konter) -> str:
    """Why the Konter has failed or can no longer succeed (BP-R09 "fails … at once"), or "": its throws
    are used up ("throws"); the hits still needed exceed what the throws left can bring ("hits"); the
    required special can no longer be made by those still allowed to throw ("island": nobody left to
    throw has his Island call or no Island stands; "bombe": one throw left and no ball in a cup yet).
    A Konter at a first team with a Dead Cup is never hopeless: hitting it wins (Art 18.1)."""
    if k.throws_left <= 0:
        return "throws"
    if DEAD in state.cups[k.first]:
        return ""  # a Konter ball in the first team's Dead Cup still wins (Art 18.1): never hopeless
    config = state.config
    throwers = _throwers(state, k)
    callers = sum(1 for s in throwers if not state.players[s].island_used) + (k.aim is not None)
    island_cups = bool(islands(state.cups[k.first], config.dead_neighbour))
    if config.konter_cups:  # at most 1 + Aufsetzer + Island + 2 for a Bombe per ball
        islands_left = min(callers, k.throws_left) if island_cups or k.aim is not None else 0
        bombes = k.throws_left - (0 if k.cup_hits else 1)
        most = 2 * k.throws_left + islands_left + 2 * bombes
    else:
        most = k.throws_left
    if k.need - k.hits > most:
        return "hits"
    if not k.required or k.matched or config.konter_special == "off":
        return ""
    wanted = k.required if config.konter_special == "exact" else tuple(t for t in k.required if t not in k.got)
    if "island" in wanted and k.aim is None and (callers == 0 or not island_cups):
        return "island"
    if "bombe" in wanted and k.throws_left < 2 and not k.cup_hits:
        return "bombe"
    return ""
