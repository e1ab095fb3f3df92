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

GOING, DONE, SIX = 0, 1, 2
NOTHING = (0, 0, 0, 0, 0, 0)

Step = tuple[PlayerTurn, int, int]


def value(turn: PlayerTurn, config: Config) -> int:
    """A.3 value(): 0 while a confirmation is open, else confirmed pending + the clump (KA-04, KA-08).
    With confirmation_adds_points = false a confirmed turn is worth its pending points only."""
    if turn.awaiting:
        return 0
    if turn.pending and not config.confirmation_adds_points:
        return turn.pending
    return turn.pending + clump_value(turn.kept)


def _make(
    turn: PlayerTurn,
    *,
    step: int,
    throws: int,
    kept: tuple[int, int, int, int, int, int],
    pending: int,
    awaiting: bool,
    before: int,
    last: tuple[int, ...],
    strassen: int,
    choice: tuple[int, ...] = (),
) -> PlayerTurn:
    return PlayerTurn(
        turn.owner,
        turn.role,
        turn.thrower,
        turn.joker,
        step,
        throws,
        0,
        kept,
        6 - sum(kept),
        pending,
        awaiting,
        before,
        last,
        strassen,
        choice,
    )


def counted_throw(turn: PlayerTurn, faces: tuple[int, ...], config: Config) -> Step:
    """A.3 steps 1-3: count the throw, set dice aside (KA-05/06/07), find combinations (S-3..S-6)."""
    throws = turn.throws + 1
    before = value(turn, config) if throws == 3 else turn.before
    pending = turn.pending
    awaiting = turn.awaiting
    strassen = turn.strassen
    created = False
    if turn.free == 6:
        pattern, points, kept = classify(faces)
        if pattern == SIX_EQUAL:
            ended = _make(
                turn,
                step=ROLL,
                throws=throws,
                kept=NOTHING,
                pending=pending,
                awaiting=awaiting,
                before=before,
                last=faces,
                strassen=strassen,
            )
            return ended, SIX, 0
        if pattern == KEEP:
            pass
        elif pattern == TWO_PAIRS or pattern == VOLL_STAR_PATTERN:
            # K-6.7 / S-8.3: the player chooses before anything else happens to this throw.
            waiting = _make(
                turn,
                step=PAIR if pattern == TWO_PAIRS else VOLL,
                throws=throws,
                kept=NOTHING,
                pending=pending,
                awaiting=awaiting,
                before=before,
                last=faces,
                strassen=strassen,
                choice=faces,
            )
            return waiting, GOING, 0
        else:  # Straße, 15 Voll, Anschluss: pending, all six dice back (KA-08, KA-12)
            if pattern == STRASSE_PATTERN:
                strassen += 1
            pending += points
            awaiting = True
            created = True
            kept = NOTHING
        assert pattern in (KEEP, STRASSE_PATTERN, VOLL_PATTERN, ANSCHLUSS_PATTERN)
    else:
        if config.player_choice_set_aside:
            # CFG late_throw_set_aside = player_choice (KA-06 ii): the player says which dice he sets aside.
            waiting = _make(
                turn,
                step=KEEP_DICE,
                throws=throws,
                kept=turn.kept,
                pending=pending,
                awaiting=awaiting,
                before=before,
                last=faces,
                strassen=strassen,
                choice=faces,
            )
            return waiting, GOING, 0
        counts = [0, 0, 0, 0, 0, 0]
        for f in faces:
            counts[f - 1] += 1
        grown = list(turn.kept)
        for index in range(6):
            n = counts[index]
            # KA-06 (i): thrown dice join a kept group; any other face thrown >= 3 times is a new group.
            if n and (grown[index] or n >= 3):
                grown[index] += n
        return _grown(turn, grown, throws, pending, awaiting, before, faces, strassen, config)
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
    )


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
) -> Step:
    """KA-07 after dice joined the kept groups: six equal over several throws or two triples (Anschluss)
    are combinations; all six dice go back for confirmation."""
    kept = (grown[0], grown[1], grown[2], grown[3], grown[4], grown[5])
    created = False
    if 6 in kept:  # six equal over several throws: a combination (KA-07, KA-13)
        pending += clump(kept.index(6) + 1, 6)
        awaiting = True
        created = True
        kept = NOTHING
    elif kept.count(3) == 2:  # Anschluss over several throws (S-6, KA-07)
        a = kept.index(3)
        b = kept.index(3, a + 1)
        pending += anschluss(a + 1, b + 1)
        awaiting = True
        created = True
        kept = NOTHING
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
    )


def keep_dice(turn: PlayerTurn, faces: tuple[int, ...], config: Config) -> Step:
    """late_throw_set_aside = player_choice: the chosen dice of the last throw join the kept groups."""
    grown = list(turn.kept)
    for f in faces:
        grown[f - 1] += 1
    return _grown(turn, grown, turn.throws, turn.pending, turn.awaiting, turn.before, turn.last, turn.strassen, config)


def settle(
    turn: PlayerTurn,
    *,
    throws: int,
    kept: tuple[int, int, int, int, int, int],
    pending: int,
    awaiting: bool,
    before: int,
    last: tuple[int, ...],
    strassen: int,
    created: bool,
    config: Config,
) -> Step:
    """A.3 steps 4-6: confirmation, the fresh sequence, and the end of the turn after a 3rd throw."""
    if awaiting and not created and max(kept) >= 3:
        awaiting = False  # KA-08: a clump that made no new combination confirms
    if created and config.fresh_sequence:
        throws = 0  # KA-09 (F): a renewed Würfelfolge
        before = -1
    free = 6 - sum(kept)
    if throws == 3:
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
        )
        now = value(done, config)
        if config.must_improve:  # KA-03 R-B: free throw must count, risk throw must raise
            result = now if (before == 0 and now > 0) or (before > 0 and now > before) else 0
        else:
            result = now
        return done, DONE, result
    if free == 0 and not awaiting:  # KA-02: all dice set aside (22 + 4444): the turn simply ends
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
        )
        return done, DONE, value(done, config)
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
    )
    return going, GOING, 0


def keep_pair(turn: PlayerTurn, face: int, config: Config) -> Step:
    """K-6.7: set aside the chosen pair of a 2-2-1-1 throw; the other four dice stay free."""
    kept = [0, 0, 0, 0, 0, 0]
    kept[face - 1] = 2
    return settle(
        turn,
        throws=turn.throws,
        kept=(kept[0], kept[1], kept[2], kept[3], kept[4], kept[5]),
        pending=turn.pending,
        awaiting=turn.awaiting,
        before=turn.before,
        last=turn.last,
        strassen=turn.strassen,
        created=False,
        config=config,
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
        )
    kept = [4 if n == 4 else 0 for n in counts]
    return settle(
        turn,
        throws=turn.throws,
        kept=(kept[0], kept[1], kept[2], kept[3], kept[4], kept[5]),
        pending=turn.pending,
        awaiting=turn.awaiting,
        before=turn.before,
        last=turn.last,
        strassen=turn.strassen,
        created=False,
        config=config,
    )


def stop(turn: PlayerTurn, config: Config) -> int:
    """D3 stop (KA-02/KA-37): the turn scores its value now (0 while a confirmation is open)."""
    return value(turn, config)


def tower(turn: PlayerTurn, config: Config) -> Step:
    """K-7/KA-25: a Turm repeats the throw; ``tower_limit`` in a row end the turn."""
    towers = turn.towers + 1
    if towers >= config.tower_limit:
        return turn, DONE, 0 if config.tower_zero else value(turn, config)
    repeated = PlayerTurn(
        turn.owner,
        turn.role,
        turn.thrower,
        turn.joker,
        turn.step,
        turn.throws,
        towers,
        turn.kept,
        turn.free,
        turn.pending,
        turn.awaiting,
        turn.before,
        turn.last,
        turn.strassen,
        turn.choice,
    )
    return repeated, GOING, 0


def foul(turn: PlayerTurn, config: Config) -> Step:
    """K-4/KA-24: a void throw ends the turn; it scores 0 (or the prior state with keep_prior_state)."""
    return turn, DONE, 0 if config.foul_zero else value(turn, config)
