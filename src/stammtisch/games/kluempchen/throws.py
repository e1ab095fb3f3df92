"""One player turn: the A.3 transition "process one counted throw" and the turn's end.

Every function takes a ``PlayerTurn`` and returns ``(turn, status, value)``: ``status`` is
``GOING`` (the turn goes on), ``DONE`` (the turn ended; ``value`` is its result before the joker)
or ``SIX`` (six equal in one throw: the round ends, S-7/KA-13).
"""

from __future__ import annotations

from stammtisch.games.kluempchen.model import CONTINUE, KEEP_DICE, PAIR, ROLL, VOLL, Config, PlayerTurn
from stammtisch.games.kluempchen.scoring import (
    ANSCHLUSS_PATTERN,
    KEEP,
    SIX_EQUAL,
    STRASSE_PATTERN,
    TWO_PAIRS,
    VOLL_PATTERN,
    VOLL_STAR,
    VOLL_STAR_PATTERN,
    anschluss,
    classify,
    clump,
    clump_value,
)
from stammtisch.games.kluempchen.turnlog import (
    ALL_KEPT,
    COCKED,
    CONFIRMED,
    FAILED,
    FOUL,
    FREE_COUNTED,
    FREE_FAILED,
    RAISED,
    THIRD,
    TOWER,
    VOLL_STAR_A,
    VOLL_STAR_B,
    Entry,
    Event,
)
from stammtisch.games.kluempchen.turnlog import ANSCHLUSS as ANSCHLUSS_EVENT
from stammtisch.games.kluempchen.turnlog import SIX_EQUAL as SIX_EQUAL_EVENT
from stammtisch.games.kluempchen.turnlog import SIX_OVER as SIX_OVER_EVENT
from stammtisch.games.kluempchen.turnlog import STRASSE as STRASSE_EVENT
from stammtisch.games.kluempchen.turnlog import VOLL as VOLL_EVENT
from stammtisch.games.kluempchen.updates import turn_noted, turn_thrown, turn_towered

GOING, DONE, SIX = 0, 1, 2
NOTHING = (0, 0, 0, 0, 0, 0)

Step = tuple[PlayerTurn, int, int]

# classify() pattern -> the combination event of a six-dice throw.
_COMBO_EVENT = {STRASSE_PATTERN: STRASSE_EVENT, VOLL_PATTERN: VOLL_EVENT, ANSCHLUSS_PATTERN: ANSCHLUSS_EVENT}


def value(turn: PlayerTurn, config: Config) -> int:
    """A.3 value(): 0 while a confirmation is open, else confirmed pending + the clump (KA-04, KA-08).
    With confirmation_adds_points = false a confirmed turn is worth its pending points only."""
    return _value_of(turn.awaiting, turn.pending, turn.kept, config)


def _value_of(awaiting: bool, pending: int, kept: tuple[int, ...], config: Config) -> int:
    if awaiting:
        return 0
    if pending and not config.confirmation_adds_points:
        return pending
    return pending + clump_value(kept)


def _make(
    turn: PlayerTurn,
    step: int,
    throws: int,
    kept: tuple[int, int, int, int, int, int],
    pending: int,
    awaiting: bool,
    before: int,
    last: tuple[int, ...],
    strassen: int,
    log: tuple[Entry, ...],
    choice: tuple[int, ...] = (),
    confirmed: int = -1,
) -> PlayerTurn:
    """The turn after a counted throw: the Turm streak restarts (KA-25), the free dice follow from
    the kept ones; ``confirmed`` -1 keeps the count of confirmed Straßen."""
    return turn_thrown(
        turn,
        step=step,
        throws=throws,
        towers=0,
        kept=kept,
        free=6 - sum(kept),
        pending=pending,
        awaiting=awaiting,
        before=before,
        last=last,
        strassen=strassen,
        choice=choice,
        log=log,
        confirmed=turn.confirmed if confirmed < 0 else confirmed,
    )


def counted_throw(turn: PlayerTurn, faces: tuple[int, ...], config: Config) -> Step:
    """A.3 steps 1-3: count the throw, set dice aside (KA-05/06/07), find combinations (S-3..S-6)."""
    throws = turn.throws + 1
    before = value(turn, config) if throws == 3 else turn.before
    if turn.free != 6:
        return _later_throw(turn, faces, config, throws, before)
    pattern, points, kept = classify(faces)
    if pattern == SIX_EQUAL:
        ended = _make(
            turn,
            step=ROLL,
            throws=throws,
            kept=NOTHING,
            pending=turn.pending,
            awaiting=turn.awaiting,
            before=before,
            last=faces,
            strassen=turn.strassen,
            log=(*turn.log, (faces, NOTHING, ((SIX_EQUAL_EVENT, faces[0], 0),), throws)),
        )
        return ended, SIX, 0
    if pattern == TWO_PAIRS or pattern == VOLL_STAR_PATTERN:
        # K-6.7 / S-8.3: the player chooses before anything else happens to this throw.
        return _choice_due(turn, PAIR if pattern == TWO_PAIRS else VOLL, faces, throws, before, NOTHING)
    pending = turn.pending
    awaiting = turn.awaiting
    strassen = turn.strassen
    created = False
    combo: Event | None = None
    if pattern != KEEP:  # Straße, 15 Voll, Anschluss: pending, all six dice back (KA-08, KA-12)
        if pattern == STRASSE_PATTERN:
            strassen += 1
        pending += points
        awaiting = True
        created = True
        combo = (_COMBO_EVENT[pattern], points, 0)
        kept = NOTHING
    assert pattern in (KEEP, STRASSE_PATTERN, VOLL_PATTERN, ANSCHLUSS_PATTERN)
    return settle(
        turn,
        throws=throws,
        kept=kept,
        pending=pending,
        awaiting=awaiting,
        before=before,
        last=faces,
        strassen=strassen,
        created=created,
        config=config,
        added=kept,
        combo=combo,
        number=throws,
        replace=False,
    )


def _later_throw(turn: PlayerTurn, faces: tuple[int, ...], config: Config, throws: int, before: int) -> Step:
    """A throw with dice already set aside (KA-06): the player chooses what he sets aside (ii), or the
    thrown dice join a kept group and a face thrown three times or more is a new group (i)."""
    if config.player_choice_set_aside:
        # CFG late_throw_set_aside = player_choice (KA-06 ii): the player says which dice he sets aside.
        return _choice_due(turn, KEEP_DICE, faces, throws, before, turn.kept)
    counts = [0, 0, 0, 0, 0, 0]
    for f in faces:
        counts[f - 1] += 1
    grown = list(turn.kept)
    added = [0, 0, 0, 0, 0, 0]
    for index in range(6):
        n = counts[index]
        # KA-06 (i): thrown dice join a kept group; any other face thrown >= 3 times is a new group.
        if n and (grown[index] or n >= 3):
            grown[index] += n
            added[index] = n
    return _grown(turn, grown, throws, turn.pending, turn.awaiting, before, faces, turn.strassen, config, added, False)


def _choice_due(
    turn: PlayerTurn,
    step: int,
    faces: tuple[int, ...],
    throws: int,
    before: int,
    kept: tuple[int, int, int, int, int, int],
) -> Step:
    """The throw is counted and logged, and the player's choice (``step``) comes before anything else."""
    waiting = _make(
        turn,
        step=step,
        throws=throws,
        kept=kept,
        pending=turn.pending,
        awaiting=turn.awaiting,
        before=before,
        last=faces,
        strassen=turn.strassen,
        log=(*turn.log, (faces, NOTHING, (), throws)),
        choice=faces,
    )
    return waiting, GOING, 0


def _grown(
    turn: PlayerTurn,
    grown: list[int],
    throws: int,
    pending: int,
    awaiting: bool,
    before: int,
    faces: tuple[int, ...],
    strassen: int,
    config: Config,
    added: list[int],
    replace: bool,
) -> Step:
    """KA-07 after dice joined the kept groups: six equal over several throws or two triples (Anschluss)
    are combinations; all six dice go back for confirmation."""
    kept = (grown[0], grown[1], grown[2], grown[3], grown[4], grown[5])
    created = False
    combo: Event | None = None
    if 6 in kept:  # six equal over several throws: a combination (KA-07, KA-13)
        points = clump(kept.index(6) + 1, 6)
        pending += points
        awaiting = True
        created = True
        combo = (SIX_OVER_EVENT, points, 0)
        kept = NOTHING
    elif kept.count(3) == 2:  # Anschluss over several throws (S-6, KA-07)
        a = kept.index(3)
        b = kept.index(3, a + 1)
        points = anschluss(a + 1, b + 1)
        pending += points
        awaiting = True
        created = True
        combo = (ANSCHLUSS_EVENT, points, 0)
        kept = NOTHING
    return settle(
        turn,
        throws,
        kept,
        pending,
        awaiting,
        before,
        faces,
        strassen,
        created,
        config,
        (added[0], added[1], added[2], added[3], added[4], added[5]),
        combo,
        throws,
        replace,
    )


def keep_dice(turn: PlayerTurn, faces: tuple[int, ...], config: Config) -> Step:
    """late_throw_set_aside = player_choice: the chosen dice of the last throw join the kept groups."""
    grown = list(turn.kept)
    added = [0, 0, 0, 0, 0, 0]
    for f in faces:
        grown[f - 1] += 1
        added[f - 1] += 1
    t = turn
    return _grown(t, grown, t.throws, t.pending, t.awaiting, t.before, t.last, t.strassen, config, added, True)


def settle(
    turn: PlayerTurn,
    throws: int,
    kept: tuple[int, int, int, int, int, int],
    pending: int,
    awaiting: bool,
    before: int,
    last: tuple[int, ...],
    strassen: int,
    created: bool,
    config: Config,
    added: tuple[int, int, int, int, int, int],
    combo: Event | None,
    number: int,
    replace: bool,
) -> Step:
    """A.3 steps 4-6: confirmation, the fresh sequence, and the end of the turn after a 3rd throw.

    The throw is written to the turn's log (turnlog.py) with ``added`` (the dice set aside from it),
    its combination ``combo`` and what settling it did; ``replace`` swaps the log's last entry (a choice
    about a throw already shown)."""
    events: tuple[Event, ...] = () if combo is None else (combo,)
    confirmed = -1
    if awaiting and not created and max(kept) >= 3:
        awaiting = False  # KA-08: a clump that made no new combination confirms
        events = (*events, (CONFIRMED, pending, 0))
        confirmed = strassen  # every Straße of the chain is confirmed with it (KA-20, E-13)
    if created and config.fresh_sequence:
        throws = 0  # KA-09 (F): a renewed Würfelfolge
        before = -1
    free = 6 - sum(kept)
    log = turn.log[:-1] if replace else turn.log
    if throws == 3 or (free == 0 and not awaiting):
        now = _value_of(awaiting, pending, kept, config)
        if throws != 3:  # KA-02: all dice set aside (22 + 4444): the turn simply ends
            result = now
            end: Event = (ALL_KEPT, now, 0)
        elif not config.must_improve:
            result = now
            end = (THIRD, now, 0)
        elif before == 0:  # KA-03 R-B: a free throw must bring something countable ...
            result = now if now > 0 else 0
            end = (FREE_COUNTED, now, 0) if result else (FREE_FAILED, 0, 0)
        else:  # ... and a risk throw must raise the value
            result = now if now > before else 0
            end = (RAISED if result else FAILED, before, now)
        done = _make(
            turn,
            step=ROLL,
            throws=throws,
            kept=kept,
            pending=pending,
            awaiting=awaiting,
            before=before,
            last=last,
            strassen=strassen,
            log=(*log, (last, added, (*events, end), number)),
            confirmed=confirmed,
        )
        return done, DONE, result
    log = (*log, (last, added, events, number))
    step = CONTINUE if throws >= 2 else ROLL
    going = _make(
        turn,
        step=step,
        throws=throws,
        kept=kept,
        pending=pending,
        awaiting=awaiting,
        before=before,
        last=last,
        strassen=strassen,
        log=log,
        confirmed=confirmed,
    )
    return going, GOING, 0


def keep_pair(turn: PlayerTurn, face: int, config: Config) -> Step:
    """K-6.7: set aside the chosen pair of a 2-2-1-1 throw; the other four dice stay free."""
    kept = [0, 0, 0, 0, 0, 0]
    kept[face - 1] = 2
    pair = (kept[0], kept[1], kept[2], kept[3], kept[4], kept[5])
    return settle(
        turn,
        throws=turn.throws,
        kept=pair,
        pending=turn.pending,
        awaiting=turn.awaiting,
        before=turn.before,
        last=turn.last,
        strassen=turn.strassen,
        created=False,
        config=config,
        added=pair,
        combo=None,
        number=turn.throws,
        replace=True,
    )


def choose_voll_star(turn: PlayerTurn, option: str, config: Config) -> Step:
    """S-8.3/KA-11: (a) 15 pending and all six back; (b) keep the four (its S-2 value), the 15 is forfeited."""
    counts = [0, 0, 0, 0, 0, 0]
    for f in turn.choice:
        counts[f - 1] += 1
    if option == "a":
        return settle(
            turn,
            throws=turn.throws,
            kept=NOTHING,
            pending=turn.pending + VOLL_STAR,
            awaiting=True,
            before=turn.before,
            last=turn.last,
            strassen=turn.strassen,
            created=True,
            config=config,
            added=NOTHING,
            combo=(VOLL_STAR_A, VOLL_STAR, 0),
            number=turn.throws,
            replace=True,
        )
    kept = [4 if n == 4 else 0 for n in counts]
    four = (kept[0], kept[1], kept[2], kept[3], kept[4], kept[5])
    return settle(
        turn,
        throws=turn.throws,
        kept=four,
        pending=turn.pending,
        awaiting=turn.awaiting,
        before=turn.before,
        last=turn.last,
        strassen=turn.strassen,
        created=False,
        config=config,
        added=four,
        combo=(VOLL_STAR_B, counts.index(4) + 1, 0),
        number=turn.throws,
        replace=True,
    )


def stop(turn: PlayerTurn, config: Config) -> int:
    """D3 stop (KA-02/KA-37): the turn scores its value now (0 while a confirmation is open)."""
    return value(turn, config)


def tower(turn: PlayerTurn, config: Config) -> Step:
    """K-7/KA-25: a Turm repeats the throw; ``tower_limit`` in a row end the turn."""
    towers = turn.towers + 1
    ended = towers >= config.tower_limit
    log = (*turn.log, ((), NOTHING, ((TOWER, towers, int(ended)),), turn.throws + 1))
    if ended:
        return turn_noted(turn, log=log), DONE, 0 if config.tower_zero else value(turn, config)
    return turn_towered(turn, towers=towers, log=log), GOING, 0


def cocked(turn: PlayerTurn) -> PlayerTurn:
    """K-9.1/KA-26: cocked dice are repeated and not counted; only the table's record notes them."""
    return turn_noted(turn, log=(*turn.log, ((), NOTHING, ((COCKED, 0, 0),), turn.throws + 1)))


def foul(turn: PlayerTurn, config: Config, kind: int = 0) -> Step:
    """K-4/KA-24: a void throw ends the turn; it scores 0 (or the prior state with keep_prior_state).
    ``kind`` indexes FOUL_KINDS (for the table's record)."""
    fouled = turn_noted(turn, log=(*turn.log, ((), NOTHING, ((FOUL, kind, 0),), turn.throws + 1)))
    return fouled, DONE, 0 if config.foul_zero else value(turn, config)
