"""Why an action or outcome is refused: the clause it breaks, in German and English plain words.

``check_action`` and ``check_outcome`` run after the framework's pre-checks (finished, pending
outcome, whose turn); legal steps pass at once, everything else is explained by the most specific
clause (errors.py). ``explain_refusal`` explains the steps the framework's pre-checks refuse before
the game is asked (a throw after one's turn ended, an action by a team that is out, a stand-in while
the owner is at the table, a pair kept while the dice of throw 2 are due): it gives the refusal that
names the clause, for the layer that reports the pre-check's refusal to people.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.errors import RuleViolation
from stammtisch.core.protocol import Chance, Decision, Finished, PlayMode
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen import notation, scoresheet
from stammtisch.games.kluempchen import table as seating_table
from stammtisch.games.kluempchen.errors import (
    ChoiceRefused,
    DecisionDue,
    DiceDue,
    DiceRefused,
    DrawRefused,
    EntryRefused,
    JokerRefused,
    NotOnTurn,
    RoundEndRefused,
    StandInRefused,
    TableChangeRefused,
    TeamOut,
    ThrowRefused,
    TurnOver,
    text,
)
from stammtisch.games.kluempchen.model import (
    AWAY,
    CONTINUE,
    DRAW,
    FOUL_KINDS,
    KEEP_DICE,
    MANUAL,
    PAIR,
    PLAY,
    PRE,
    ROUND_OVER,
    VOLL,
    AnnounceJoker,
    Arrive,
    ChooseVollStar,
    CloseEvening,
    CockedOutcome,
    DemandRedraw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    FoulOutcome,
    Join,
    KeepPair,
    Leave,
    NextRound,
    PlayerTurn,
    ReportAway,
    Round,
    SetAside,
    StandIn,
    State,
    Stop,
    Throw,
    TowerOutcome,
)
from stammtisch.games.kluempchen.rules import (
    MAX_SEATS,
    any_of_seats,
    deciding_seats,
    joker_available,
    legal_actions,
    partner_of,
    redraw_seats,
    turn,
)
from stammtisch.games.kluempchen.scoring import pairs_of

#: Steps of a player's own turn: sent by him after it ended, they are "a throw after the turn ended".
_TURN_STEPS = (Throw, Stop, KeepPair, ChooseVollStar, SetAside, AnnounceJoker)


def _word(action: object) -> str:
    """The action in notation for a message ("redraw"), or its class name if it has none."""
    try:
        return notation.format_action(action)
    except RuleViolation:
        return type(action).__name__


def _or(faces: tuple[int, ...]) -> tuple[str, str]:
    shown = [str(face) for face in faces]
    if len(shown) <= 1:
        return "".join(shown), "".join(shown)
    return ", ".join(shown[:-1]) + " oder " + shown[-1], ", ".join(shown[:-1]) + " or " + shown[-1]


# --- actions of the seats the game waits for -------------------------------------------------


def check_action(state: State, seat: int, action: object) -> None:
    """Say which clause an action breaks (after the framework's pre-checks)."""
    if action in legal_actions(state, seat):
        return
    phase = state.phase
    if isinstance(action, Arrive | Leave):
        _check_table_change(state, seat, action)
    if isinstance(action, Join):
        _check_join(state, seat)
    if isinstance(action, EnterTurn | EnterSixEqual):
        if state.config.mode != PlayMode.SCORESHEET:
            raise EntryRefused(
                "KA-36",
                text(
                    "Ergebnisse ganzer Würfe werden nur beim Spiel mit dem Schreibzettel eingetragen; hier wird "
                    "gewürfelt.",
                    "Whole-turn results are entered only when playing from the score sheet; here the dice are thrown.",
                ),
            )
        if phase == PLAY:
            _check_entry(state, action)
    if phase == PLAY:
        _check_play_action(state, seat, action)
    elif phase == ROUND_OVER:
        _check_round_end(state, seat, action)
    elif phase == MANUAL and isinstance(action, FormTeam):
        raise DrawRefused(
            "K-2.2",
            text(
                f"Team {action.first + 1}/{action.second + 1} geht nicht: beide Plätze müssen verschieden und "
                "noch ohne Team sein.",
                f"Team {action.first + 1}/{action.second + 1} is not possible: both seats must differ and have "
                "no team yet.",
            ),
        )
    raise DrawRefused(
        "KA-22",
        text(
            f"„{_word(action)}“ geht jetzt nicht: erst werden die Teams eingetragen.",
            f"'{_word(action)}' is not possible now: the teams are entered first.",
        ),
    )


def _check_entry(state: State, action: EnterTurn | EnterSixEqual) -> None:
    """Scoresheet mode: who threw (K-16), the joker (K-10) and whether a turn can end like this."""
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    _check_entry_thrower(t, partner_of(rnd, t), action.thrower)
    bound = scoresheet.chain_bound(state.config)
    if isinstance(action, EnterSixEqual):
        if action.strassen < 0 or action.strassen > bound:
            raise EntryRefused(
                "KA-20",
                text(
                    f"{action.strassen} Straßen vor 6 Gleichen sind in einem Wurf unmöglich (höchstens {bound}).",
                    f"{action.strassen} Straßen before six equal are impossible in one turn (at most {bound}).",
                ),
            )
        return
    if action.joker and action.thrower >= 0:
        raise JokerRefused(
            "K-16.2",
            text(
                "Wer für einen Abwesenden würfelt, darf keinen Joker für ihn nehmen: ohne Joker eintragen.",
                "Whoever throws for an absent player may not take a joker for him: enter it without the joker.",
            ),
        )
    if action.joker and not joker_available(rnd, t):
        raise JokerRefused(
            "K-10.1",
            text(
                "Der Joker ist in dieser Runde schon genommen: ohne Joker eintragen.",
                "The joker was already used this round: enter the result without it.",
            ),
        )
    if action.points < 0:
        raise EntryRefused("S-1", text("Punkte können nicht negativ sein.", "Points cannot be negative."))
    if action.joker and action.points % 2:
        raise EntryRefused(
            "K-10.4",
            text(
                f"Mit Joker verdoppeln sich die Punkte, {action.points} ist aber ungerade.",
                f"A joker doubles the points, but {action.points} is odd.",
            ),
        )
    if action.strassen < 0 or action.strassen > scoresheet.max_strassen(state.config, action.points):
        raise EntryRefused(
            "KA-20",
            text(
                f"{action.strassen} Straßen passen nicht zu einem Wurf mit {action.points} Punkten.",
                f"{action.strassen} Straßen cannot happen in a turn that scores {action.points}.",
            ),
        )
    if not scoresheet.achievable(state.config, action.points, action.joker, action.strassen):
        raise EntryRefused(
            "S-8.1" if action.strassen else "S-1",
            text(
                f"{action.points} Punkte sind mit {action.strassen} Straßen nicht erreichbar.",
                f"{action.points} points cannot be reached with {action.strassen} Straßen.",
            ),
        )


def _check_entry_thrower(t: PlayerTurn, partner: int, thrower: int) -> None:
    """K-1.3, K-16.1: an entry "by" another seat names the partner of the absent owner, and only then."""
    if thrower >= 0 and thrower != partner:
        if partner < 0:
            raise StandInRefused(
                "K-1.3",
                text(
                    "Der Alleinspieler hat keinen Partner, der für ihn würfeln könnte: ohne „by“ eintragen.",
                    "The solo player has no partner who could throw for him: enter the result without 'by'.",
                ),
            )
        if thrower == t.owner:
            raise StandInRefused(
                "K-16.1",
                text(
                    f"Platz {t.owner + 1} ist selbst am Zug: ohne „by“ eintragen.",
                    f"Seat {t.owner + 1} is on turn himself: enter the result without 'by'.",
                ),
            )
        raise StandInRefused(
            "K-16.1",
            text(
                f"Für Platz {t.owner + 1} darf nur sein Partner (Platz {partner + 1}) würfeln.",
                f"Only the partner (seat {partner + 1}) may throw for seat {t.owner + 1}.",
            ),
        )


def _check_play_action(state: State, seat: int, action: object) -> None:
    """Why a step of a player turn is refused: the score sheet throws no dice (KA-36), then the reasons of
    the step's own kind (``_TURN_REFUSALS``), a choice still open (K-6.7, S-8.3, KA-06), the throw itself."""
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    if state.config.mode == PlayMode.SCORESHEET:
        raise EntryRefused(
            "KA-36",
            text(
                "Beim Spiel mit dem Schreibzettel wird nur das Ergebnis des Wurfs eingetragen, nicht gewürfelt.",
                "Playing from the score sheet, only the turn's result is entered; no dice are thrown here.",
            ),
        )
    refuse = _TURN_REFUSALS.get(type(action))
    if refuse is not None:
        refuse(rnd, rnd.turn, seat)
    _refuse_while_choosing(rnd.turn)
    _refuse_throw_or_stop(rnd.turn, action)


def _refuse_joker(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """K-16.2, K-10.3, K-10.1: only the owner announces his joker, before his first throw, once a round."""
    step, owner = t.step, t.owner + 1
    if seat != t.owner:
        raise JokerRefused(
            "K-16.2",
            text(
                f"Für den abwesenden Platz {owner} darf kein Joker genommen werden; nur er selbst sagt ihn an.",
                f"No joker may be taken for the absent seat {owner}; only he himself announces it.",
            ),
        )
    if step not in (PRE, AWAY):
        raise JokerRefused(
            "K-10.3",
            text(
                "Der Joker wird vor dem ersten Wurf angesagt; dieser Wurf hat schon begonnen.",
                "The joker is announced before the first throw; this turn has already begun.",
            ),
        )
    raise JokerRefused(
        "K-10.1",
        text(
            "Jeder Spieler hat einen Joker pro Runde, und dieser ist schon genommen: einfach würfeln.",
            "Each player has one joker per round and this one is already used: just throw.",
        ),
    )


def _refuse_away(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """K-16.1: a player is reported absent once, before his first throw."""
    step, owner = t.step, t.owner + 1
    if step == AWAY:
        raise StandInRefused(
            "K-16.1",
            text(
                f"Platz {owner} ist schon als abwesend gemeldet: sein Partner entscheidet, oder er würfelt selbst.",
                f"Seat {owner} is already reported absent: his partner decides, or he throws himself.",
            ),
        )
    raise StandInRefused(
        "K-16.1",
        text(
            "Abwesend melden geht nur vor dem ersten Wurf des Spielers.",
            "A player can be reported absent only before the first throw of his turn.",
        ),
    )


def _refuse_stand_in(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """K-1.3, K-16.1: standing in (or forfeiting) is the partner's choice before the absent player's turn."""
    step = t.step
    if partner_of(rnd, t) < 0:
        raise StandInRefused(
            "K-1.3",
            text(
                "Der Alleinspieler hat keinen Partner, der für ihn würfeln könnte.",
                "The solo player has no partner who could throw for him.",
            ),
        )
    if step == AWAY and seat == t.owner:
        raise StandInRefused(
            "K-16.1",
            text(
                "Du bist selbst da: würfle selbst (oder sage den Joker an).",
                "You are here yourself: throw (or announce your joker).",
            ),
        )
    raise StandInRefused(
        "K-16.1",
        text(
            "Für einen Abwesenden wird nur vor Beginn seines Wurfs entschieden; dieser Wurf läuft schon.",
            "Standing in is decided only before the absent player's turn begins; this turn is under way.",
        ),
    )


def _refuse_pair(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """K-6.7, S-8.3, K-6.6: a pair is chosen only after a throw with two pairs."""
    step = t.step
    if step == PAIR:
        de, en = _or(pairs_of(t.choice))
        raise ChoiceRefused(
            "K-6.7",
            text(
                f"Bei zwei Paaren wird genau eines rausgenommen: das Paar {de}.",
                f"With two pairs exactly one is set aside: the pair of {en}.",
            ),
        )
    if step == VOLL:
        raise ChoiceRefused(
            "S-8.3",
            text(
                "Bei 15 Voll* wird kein Paar rausgenommen: a) alle 6 Würfel neu oder b) die 4 Gleichen behalten.",
                "A 15 Voll* keeps no pair: a) all six dice again, or b) keep the four equal dice.",
            ),
        )
    raise ChoiceRefused(
        "K-6.6",
        text(
            "Hier gibt es keine Wahl: gleiche Würfel werden von selbst rausgelegt.",
            "There is no choice here: equal dice are set aside by the rules themselves.",
        ),
    )


def _refuse_voll_star(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """S-8.3: a or b only after a 15 Voll*."""
    step = t.step
    if step == VOLL:
        raise ChoiceRefused("S-8.3", text("Bei 15 Voll* gibt es nur a oder b.", "A 15 Voll* offers only a or b."))
    raise ChoiceRefused(
        "S-8.3",
        text(
            "Die Wahl a/b gibt es nur nach einem 15 Voll* (4 + 2 gleiche in einem Wurf).",
            "The a/b choice exists only after a 15 Voll* (4 + 2 equal dice in one throw).",
        ),
    )


def _refuse_set_aside(rnd: Round, t: PlayerTurn, seat: int) -> NoReturn:
    """K-6.7, KA-06: dice are set aside by choice only where the house rules let the player choose."""
    step = t.step
    if step == PAIR:
        de, en = _or(pairs_of(t.choice))
        raise ChoiceRefused(
            "K-6.7",
            text(
                f"Bei zwei Paaren wird genau eines rausgenommen, nicht beide: das Paar {de}.",
                f"With two pairs exactly one is set aside, not both: the pair of {en}.",
            ),
        )
    if step == KEEP_DICE:
        shown = " ".join(map(str, t.choice))
        raise ChoiceRefused(
            "KA-06",
            text(
                f"Rauslegen kann man nur Würfel aus dem letzten Wurf ({shown}).",
                f"Only dice of the last throw ({shown}) can be set aside.",
            ),
        )
    raise ChoiceRefused(
        "KA-06",
        text(
            "Nach diesen Hausregeln werden gleiche Würfel von selbst rausgelegt; wählen kann man hier nicht.",
            "Under these house rules equal dice are set aside by the rules themselves; there is no choice.",
        ),
    )


#: The refusals of the steps a player turn has its own reasons for, by the step's kind.
_TURN_REFUSALS: dict[type, Callable[[Round, PlayerTurn, int], NoReturn]] = {
    AnnounceJoker: _refuse_joker,
    ReportAway: _refuse_away,
    StandIn: _refuse_stand_in,
    Forfeit: _refuse_stand_in,
    KeepPair: _refuse_pair,
    ChooseVollStar: _refuse_voll_star,
    SetAside: _refuse_set_aside,
}


def _refuse_while_choosing(t: PlayerTurn) -> None:
    """K-6.7, S-8.3, KA-06: while a choice is open, nothing else is possible."""
    step = t.step
    if step == KEEP_DICE:
        raise ChoiceRefused(
            "KA-06", text("Erst angeben, welche Würfel rausgelegt werden.", "First say which dice are set aside.")
        )
    if step == PAIR:
        de, en = _or(pairs_of(t.choice))
        raise ChoiceRefused(
            "K-6.7",
            text(f"Erst wählen, welches Paar rausgenommen wird: {de}.", f"First choose the pair to set aside: {en}."),
        )
    if step == VOLL:
        raise ChoiceRefused(
            "S-8.3", text("Erst bei 15 Voll* a oder b wählen.", "First choose a or b for the 15 Voll*.")
        )


def _refuse_throw_or_stop(t: PlayerTurn, action: object) -> NoReturn:
    """K-6.2, KA-06, K-16.1, K-17.1, KA-22: what is wrong with a throw or a stop now, or with a step of
    another part of the evening."""
    step, owner = t.step, t.owner + 1
    if isinstance(action, Stop):
        raise ThrowRefused(
            "K-6.2",
            text(
                "Wurf 1 und 2 sind Pflicht; aufhören kann man erst nach dem 2. Wurf.",
                "Throws 1 and 2 are mandatory; a player can stop only after his 2nd throw.",
            ),
        )
    if isinstance(action, Throw) and step == CONTINUE and not t.free:
        raise ThrowRefused(
            "KA-06",
            text(
                "Alle Würfel sind rausgelegt, im Becher ist keiner mehr: jetzt kann man nur aufhören.",
                "Every die is set aside and none is left in the cup: the player can only stop now.",
            ),
        )
    if isinstance(action, Throw) and step == AWAY:
        raise StandInRefused(
            "K-16.1",
            text(
                f"Für den abwesenden Platz {owner} würfelt der Partner mit „für ihn würfeln“.",
                f"The partner throws for the absent seat {owner} by choosing to stand in.",
            ),
        )
    if isinstance(action, DemandRedraw | NextRound | CloseEvening):
        raise RoundEndRefused(
            "K-17.1",
            text(
                f"„{_word(action)}“ gibt es erst, wenn die Runde vorbei ist.",
                f"'{_word(action)}' is possible only when the round is over.",
            ),
        )
    if isinstance(action, FormTeam):
        raise DrawRefused(
            "KA-22",
            text("Teams werden nur beim Auswürfeln eingetragen.", "Teams are entered only during the team draw."),
        )
    raise ThrowRefused(
        "K-6.2",
        text(
            f"„{_word(action)}“ geht jetzt nicht: jetzt wird gewürfelt oder aufgehört.",
            f"'{_word(action)}' is not possible now: the player throws or stops.",
        ),
    )


def _check_table_change(state: State, seat: int, action: Arrive | Leave) -> None:
    """E-22: arrivals and leaves only between rounds, of a seat of this evening that is (leave) or is
    not (arrive) at the table, entered by a player at the table or by the arriving player himself;
    at least 4 stay (K-1.1)."""
    word = "kommt" if isinstance(action, Arrive) else "geht"
    if state.phase != ROUND_OVER:
        raise TableChangeRefused(
            "E-22",
            text(
                f"Wer {word}, wird nur zwischen zwei Runden eingetragen (nach der Abrechnung, vor dem "
                "Auswürfeln der Paare); in der laufenden Runde kann der Partner für einen Abwesenden würfeln.",
                f"Players {'arriving' if isinstance(action, Arrive) else 'leaving'} are entered only between two "
                "rounds (after the settlement, before the team draw); during a round the partner may throw "
                "for an absent player.",
            ),
        )
    target = action.seat
    if not 0 <= target < state.seats:
        raise TableChangeRefused(
            "E-22",
            text(
                f"Platz {target + 1} gibt es an diesem Abend nicht (Plätze 1 bis {state.seats}).",
                f"There is no seat {target + 1} this evening (seats 1 to {state.seats}).",
            ),
        )
    if seat in state.not_seated and not (isinstance(action, Arrive) and target == seat):
        raise TableChangeRefused(
            "E-22",
            text(
                "Wer nicht am Tisch sitzt, kann sich nur selbst als angekommen melden.",
                "A player who is not at the table can only report himself arrived.",
            ),
        )
    if isinstance(action, Arrive):
        raise TableChangeRefused(
            "E-22",
            text(
                f"Platz {target + 1} sitzt schon am Tisch.",
                f"Seat {target + 1} is already at the table.",
            ),
        )
    if target in state.not_seated:
        raise TableChangeRefused(
            "E-22",
            text(f"Platz {target + 1} sitzt gar nicht am Tisch.", f"Seat {target + 1} is not at the table."),
        )
    least, now = max(4, state.config.min_players), len(seating_table.at_table(state))
    raise TableChangeRefused(
        "K-1.1",
        text(
            f"Es müssen mindestens {least} Spieler am Tisch bleiben; jetzt sitzen dort {now}.",
            f"At least {least} players must stay at the table; {now} sit there now.",
        ),
    )


def _check_join(state: State, seat: int) -> None:
    """E-26: someone new sits down only between rounds, entered by a player at the table, while fewer than
    ``max_players`` sit there (KA-35) and the evening has fewer than 16 seats."""
    if state.phase != ROUND_OVER:
        raise TableChangeRefused("E-26", _joins_between_rounds())
    if seat in state.not_seated:
        raise TableChangeRefused(
            "E-22",
            text(
                "Wer nicht am Tisch sitzt, kann sich nur selbst als angekommen melden, aber niemand Neues eintragen.",
                "A player who is not at the table can only report himself arrived, not enter someone new.",
            ),
        )
    most, now = state.config.max_players, len(seating_table.at_table(state))
    if now >= most:
        raise TableChangeRefused(
            "KA-35",
            text(
                f"Am Tisch sitzen schon {now} Spieler, höchstens {most} sind erlaubt: erst muss jemand gehen.",
                f"{now} players sit at the table already and at most {most} are allowed: someone must leave first.",
            ),
        )
    raise TableChangeRefused(
        "E-26",
        text(
            f"Dieser Abend hat schon {state.seats} Plätze (höchstens {MAX_SEATS}, auch die von Gegangenen zählen): "
            "wer gegangen ist, kann wiederkommen, ein neuer Platz geht nicht mehr.",
            f"This evening has {state.seats} seats already (at most {MAX_SEATS}, those of players who left "
            "count too): a player who left can come back, but no new seat fits.",
        ),
    )


def _joins_between_rounds() -> Text:
    return text(
        "Jemand Neues setzt sich nur zwischen zwei Runden dazu (nach der Abrechnung, vor dem Auswürfeln der "
        "Paare) und spielt ab der nächsten Runde mit.",
        "Someone new sits down only between two rounds (after the settlement, before the team draw) and plays "
        "from the next round on.",
    )


def _check_round_end(state: State, seat: int, action: object) -> None:
    """K-17.1-K-17.3: only the losing team and the solo player choose between redraw and next; after an
    arrival or a leave the teams are drawn again (E-22)."""
    if seat in state.not_seated:
        raise TableChangeRefused(
            "E-22",
            text(
                f"Platz {seat + 1} sitzt nicht am Tisch: erst als angekommen melden, dann mitentscheiden.",
                f"Seat {seat + 1} is not at the table: report the arrival first, then take part.",
            ),
        )
    if isinstance(action, NextRound) and not seating_table.teams_fit(state):
        raise TableChangeRefused(
            "E-23",
            text(
                "Seit der letzten Runde ist jemand gekommen oder gegangen: die Paare werden neu ausgewürfelt "
                f"(Platz {seating_table.draw_starter(state) + 1}, der zuletzt kam, beginnt).",
                "Someone arrived or left since the last round: the teams are drawn again "
                f"(seat {seating_table.draw_starter(state) + 1}, the last to arrive, starts).",
            ),
        )
    if isinstance(action, DemandRedraw | NextRound):
        if seat in redraw_seats(state):
            de, en = any_of_seats(deciding_seats(state))
            raise RoundEndRefused(
                "K-17.1",
                text(
                    f"Dein Team hat schon „nächste Runde“ gewählt; jetzt entscheidet noch {de}.",
                    f"Your team already chose the next round; {en} still decides.",
                ),
            )
        raise RoundEndRefused(
            "K-17.1",
            text(
                "Zwischen neu auswürfeln und nächster Runde wählen nur das Verliererteam und der Alleinspieler; "
                "alle anderen können nur den Abend beenden.",
                "Only the losing team and the solo player choose between a new team draw and the next round; "
                "everyone else can only close the evening.",
            ),
        )
    raise RoundEndRefused(
        "KA-23",
        text(
            f"Die Runde ist vorbei: neu auswürfeln, nächste Runde oder Abend beenden, nicht „{_word(action)}“.",
            f"The round is over: a new team draw, the next round or closing the evening, not '{_word(action)}'.",
        ),
    )


# --- steps the framework's pre-checks refuse ---------------------------------------------------


def explain_refusal(state: State, seat: int | None, step: object) -> RuleViolation | None:
    """The refusal naming the clause for a step the generic pre-checks refuse: an action by ``seat``
    while the dice are due or another seat is on turn, or an outcome (``seat`` None) while a decision
    is due. ``None`` when the pre-checks would let the step through (or the evening is over)."""
    now = turn(state)
    if isinstance(now, Finished):
        return None
    if seat is None:
        return _explain_outcome(state, now) if isinstance(now, Decision) else None
    if isinstance(now, Chance):
        if isinstance(step, Join):
            return DiceDue("E-26", _joins_between_rounds())
        if isinstance(step, Arrive | Leave):
            return DiceDue("E-22", _between_rounds_only())
        return _explain_dice_due(state, step)
    if seat in now.seats:
        return None
    if isinstance(step, Join):
        return NotOnTurn("E-26", _joins_between_rounds())
    if isinstance(step, Arrive | Leave):
        return NotOnTurn("E-22", _between_rounds_only())
    return _explain_not_on_turn(state, now, seat, step)


def _between_rounds_only() -> Text:
    return text(
        "Wer kommt oder geht, wird nur zwischen zwei Runden eingetragen (nach der Abrechnung, vor dem "
        "Auswürfeln der Paare).",
        "Arrivals and leaves are entered only between two rounds (after the settlement, before the team draw).",
    )


def _explain_dice_due(state: State, action: object) -> RuleViolation:
    if state.phase == DRAW:
        assert state.draw is not None
        roller = drawing.next_roller(state.draw) + 1
        return DiceDue(
            "K-2.1",
            text(
                f"Erst werden die Paare ausgewürfelt: Platz {roller} würfelt mit einem Würfel.",
                f"The teams are drawn first: seat {roller} rolls one die.",
            ),
        )
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    dice = f"{t.free} Würfel", f"{t.free} dice" if t.free != 1 else "1 die"
    if isinstance(action, KeepPair | SetAside | ChooseVollStar) and t.throws:
        return DiceDue(
            "K-6.6",
            text(
                f"Hier gibt es keine Wahl: die gleichen Würfel sind schon rausgelegt; jetzt werden {dice[0]} geworfen.",
                f"There is no choice here: the equal dice are already set aside; now {dice[1]} are thrown.",
            ),
        )
    if isinstance(action, Stop) and t.throws < 2:
        return DiceDue(
            "K-6.2",
            text(
                f"Wurf 1 und 2 sind Pflicht: jetzt werden {dice[0]} geworfen.",
                f"Throws 1 and 2 are mandatory: now {dice[1]} are thrown.",
            ),
        )
    return DiceDue(
        "K-6.2",
        text(
            f"Erst das Ergebnis des Wurfs eingeben ({dice[0]}), dann geht es weiter.",
            f"First enter the throw's result ({dice[1]}), then play goes on.",
        ),
    )


def _team_of(teams: tuple[object, ...], seat: int) -> int:
    for index, team in enumerate(teams):
        if seat in getattr(team, "members", ()):
            return index
    return -1


def _explain_not_on_turn(state: State, now: Decision, seat: int, action: object) -> RuleViolation:
    rnd = state.round
    on_turn = ", ".join(str(s + 1) for s in now.seats)
    if state.phase == PLAY and rnd is not None and rnd.turn is not None:
        t = rnd.turn
        team = _team_of(rnd.teams, seat)
        if team >= 0 and rnd.out[team]:
            return TeamOut(
                "K-11.1",
                text(
                    f"Dein Team hat 150 Punkte erreicht und ist raus: es würfelt in dieser Runde nicht mehr. "
                    f"Am Zug ist Platz {t.owner + 1}.",
                    f"Your team has reached 150 and is out: it throws no more this round. "
                    f"Seat {t.owner + 1} is on turn.",
                ),
            )
        if t.step == PRE and isinstance(action, StandIn | Forfeit) and seat == partner_of(rnd, t):
            return NotOnTurn(
                "K-16.1",
                text(
                    f"Platz {t.owner + 1} ist am Tisch und würfelt selbst; für ihn würfeln darf sein Partner erst, "
                    "wenn er als abwesend gemeldet ist.",
                    f"Seat {t.owner + 1} is at the table and throws himself; his partner may throw for him only "
                    "after he was reported absent.",
                ),
            )
        previous = rnd.previous
        if isinstance(action, _TURN_STEPS) and previous and previous[1] == seat:
            return TurnOver(
                "K-6.2",
                text(
                    f"Dein Wurf ist beendet ({previous[5]} Punkte); jeder würfelt höchstens dreimal und gibt dann "
                    f"den Becher weiter. Am Zug ist Platz {t.owner + 1}.",
                    f"Your turn has ended ({previous[5]} points); each player throws at most three times and then "
                    f"passes the cup. Seat {t.owner + 1} is on turn.",
                ),
            )
        return NotOnTurn(
            "KA-16",
            text(
                f"Platz {seat + 1} ist nicht am Zug; die Teams würfeln reihum im Uhrzeigersinn, jetzt Platz {on_turn}.",
                f"Seat {seat + 1} is not on turn; the teams throw in turn clockwise, now seat {on_turn}.",
            ),
        )
    if state.phase == MANUAL:
        starter = seating_table.draw_starter(state) + 1
        return NotOnTurn(
            "K-2.1",
            text(
                f"Die Teams trägt der ein, der mit dem Auswürfeln beginnt (Platz {starter}).",
                f"The teams are entered by the player who starts the draw (seat {starter}).",
            ),
        )
    return NotOnTurn(
        "KA-16",
        text(
            f"Platz {seat + 1} ist nicht am Zug, sondern Platz {on_turn}.",
            f"Seat {seat + 1} is not on turn: seat {on_turn} is.",
        ),
    )


def _explain_outcome(state: State, now: Decision) -> RuleViolation:
    """Dice entered while a decision is due: the decision and its clause."""
    if state.phase == ROUND_OVER:
        return DecisionDue(
            "K-17.1",
            text(
                "Die Runde ist vorbei: erst entscheiden, ob neu ausgewürfelt wird oder die nächste Runde beginnt.",
                "The round is over: first decide between a new team draw and the next round.",
            ),
        )
    if state.phase == MANUAL:
        return DecisionDue(
            "KA-22", text("Die Teams werden eingetragen, nicht gewürfelt.", "The teams are entered, not rolled.")
        )
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    seat = t.thrower + 1
    if t.step == AWAY:
        return DecisionDue(
            "K-16.1",
            text(
                f"Platz {t.owner + 1} ist abwesend: erst entscheidet sein Partner, ob er für ihn würfelt.",
                f"Seat {t.owner + 1} is absent: his partner first decides whether he throws for him.",
            ),
        )
    if t.step == CONTINUE:
        return DecisionDue(
            "K-6.3",
            text(
                f"Der 3. Wurf ist freiwillig: erst sagt Platz {seat}, ob er würfelt oder aufhört.",
                f"The 3rd throw is optional: seat {seat} first says whether he throws or stops.",
            ),
        )
    if t.step == PAIR:
        return DecisionDue(
            "K-6.7",
            text(
                f"Erst wählt Platz {seat}, welches Paar er rausnimmt.",
                f"Seat {seat} first chooses the pair to set aside.",
            ),
        )
    if t.step == VOLL:
        return DecisionDue(
            "S-8.3",
            text(
                f"Erst wählt Platz {seat} bei 15 Voll* a oder b.", f"Seat {seat} first chooses a or b for the 15 Voll*."
            ),
        )
    if t.step == KEEP_DICE:
        return DecisionDue(
            "KA-06",
            text(f"Erst sagt Platz {seat}, was er rauslegt.", f"Seat {seat} first says which dice he sets aside."),
        )
    if rnd.previous:
        ended = rnd.previous[1] + 1
        return DecisionDue(
            "K-10.3",
            text(
                f"Der Wurf von Platz {ended} ist beendet. Jetzt ist Platz {t.owner + 1} dran und sagt vor seinem "
                "ersten Wurf, ob er den Joker nimmt.",
                f"The turn of seat {ended} has ended. Seat {t.owner + 1} is on turn and says before his first throw "
                "whether he takes his joker.",
            ),
        )
    return DecisionDue(
        "K-10.3",
        text(
            f"Platz {t.owner + 1} sagt vor seinem ersten Wurf, ob er den Joker nimmt.",
            f"Seat {t.owner + 1} says before his first throw whether he takes his joker.",
        ),
    )


# --- outcomes -------------------------------------------------------------------------------


def check_outcome(state: State, node: ChanceNode, outcome: object) -> None:
    """KA-36: dice must match the free dice; table incidents only in table mode during a throw."""
    if isinstance(outcome, DiceOutcome):
        distribution = node.distribution
        assert isinstance(distribution, DiceRoll)
        faces = outcome.faces
        if len(faces) != distribution.count:
            raise DiceRefused(
                "KA-36",
                text(
                    f"{len(faces)} Würfel eingegeben, aber {distribution.count} sind im Becher.",
                    f"{len(faces)} dice entered but {distribution.count} are in the cup.",
                ),
            )
        for face in faces:
            if type(face) is not int or not 1 <= face <= 6:
                raise DiceRefused(
                    "KA-36",
                    text(f"Die Augenzahl {face!r} gibt es nicht (1 bis 6).", f"There is no face {face!r} (1 to 6)."),
                )
        return
    if isinstance(outcome, TowerOutcome | CockedOutcome | FoulOutcome):
        if state.config.mode != PlayMode.TABLE:
            raise DiceRefused(
                "KA-36",
                text(
                    "Turm, Brennen und Fouls werden nur beim Würfeln am Tisch eingetragen.",
                    "A Turm, cocked dice and fouls are entered only when throwing at the table.",
                ),
            )
        if state.phase != PLAY:
            raise DiceRefused(
                "KA-22",
                text("Beim Auswürfeln der Paare zählt nur die Augenzahl.", "The team draw only takes a face."),
            )
        if isinstance(outcome, FoulOutcome):
            if outcome.kind == "conduct" and not state.config.conduct_as_foul:
                raise DiceRefused(
                    "KA-27",
                    text(
                        "Nicht auf dem Tisch gewürfelt oder rollende Würfel aufgehalten: das zählt nach diesen "
                        "Hausregeln nicht als Foul.",
                        "Not throwing onto the table or stopping rolling dice is no foul under these house rules.",
                    ),
                )
            if outcome.kind not in FOUL_KINDS:
                raise DiceRefused(
                    "K-4.2",
                    text(
                        f"Unbekanntes Foul {outcome.kind!r}; möglich: {', '.join(FOUL_KINDS)}.",
                        f"Unknown foul {outcome.kind!r}; possible: {', '.join(FOUL_KINDS)}.",
                    ),
                )
        return
    raise DiceRefused(
        "KA-36",
        text(f"{outcome!r} ist kein Würfelergebnis.", f"{outcome!r} is not a dice result."),
    )
