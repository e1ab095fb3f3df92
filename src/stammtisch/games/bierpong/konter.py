"""The Konter (Art 10, BP-R09): the last chance of the team that lost its last cup. Its window (how
many throws, how many hits, which special), its throws, and whether it has succeeded or can no longer
succeed. What follows a success or a failure (the restored rack, the end) is ``flow``'s."""

from __future__ import annotations

from typing import Any

from stammtisch.games.bierpong import scoring, streaks
from stammtisch.games.bierpong.model import Config, End, Hit, IllegalSave, Konter, Round, State
from stammtisch.games.bierpong.rack import DEAD, LIVE, islands
from stammtisch.games.bierpong.updates import evolve

SPECIAL_ORDER = ("aufsetzer", "bombe", "island")


def start_konter(config: Config, r: Round, cups: tuple[int, ...]) -> Konter:
    """BP-R09/R10: the window of the Konter against round ``r``, which emptied the rack (now ``cups``):
    as many throws as that round had, as many hits (balls, or with konter_count_unit = cups_removed the
    cups the round took), and its last throw's special (konter_special_match)."""
    if config.konter_cups:
        need = sum(1 for before, now in zip(r.start_cups, cups, strict=True) if before == LIVE and now != LIVE)
    else:
        need = r.ball_hits
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
        got = types if state.config.konter_special == "exact" else tuple(t for t in SPECIAL_ORDER if t in k.got + types)
        k = evolve(
            k,
            hits=k.hits + value,
            got=got,
            cup_hits=(*k.cup_hits, cup),
            units=k.units + scoring.ball_units(bounced),
        )
        p = streaks.konter_hit(p, bounced)
    else:
        p = streaks.miss(p)
    return evolve(state, players=streaks.replace(players, seat, p), konter=k), None


def special_ok(config: Config, k: Konter) -> bool:
    """The Konter's hits have the special its window requires (konter_special_match)."""
    if not k.required or config.konter_special == "off":
        return True
    if config.konter_special == "exact":
        return set(k.got) == set(k.required)
    return all(t in k.got for t in k.required)


def special_impossible(state: State, k: Konter) -> bool:
    """The required special can no longer be made: an Island nobody of the pair may call or no Island
    stands, a Bombe with fewer than two throws left and no ball in a cup yet."""
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
