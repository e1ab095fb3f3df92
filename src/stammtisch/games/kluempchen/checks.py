"""Why an action or outcome is refused: the clause it breaks, in German and English.

Called after the framework's pre-checks (finished, pending outcome, whose turn). Legal actions pass
at once; everything else is explained by the most specific clause.
"""

from __future__ import annotations

from stammtisch.core.chance import ChanceNode, DiceOutcome, DiceRoll
from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import scoresheet
from stammtisch.games.kluempchen.model import (
    KEEP_DICE,
    MANUAL,
    PAIR,
    PLAY,
    PRE,
    ROUND_OVER,
    VOLL,
    AnnounceJoker,
    ChooseVollStar,
    CloseEvening,
    CockedOutcome,
    DemandRedraw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    FoulOutcome,
    KeepPair,
    NextRound,
    SetAside,
    StandIn,
    State,
    Stop,
    Throw,
    TowerOutcome,
)
from stammtisch.games.kluempchen.rules import joker_available, legal_actions, partner_of
from stammtisch.games.kluempchen.scoring import pairs_of
from stammtisch.games.kluempchen.texts import illegal


def check_action(state: State, seat: int, action: object) -> None:
    """Say which clause an action breaks (after the framework's pre-checks)."""
    if action in legal_actions(state, seat):
        return
    phase = state.phase
    name = type(action).__name__
    if isinstance(action, EnterTurn | EnterSixEqual):
        if state.config.mode != "scoresheet":
            raise illegal(
                "KA-36",
                "Wurfergebnisse werden nur im Schreibzettel-Modus eingetragen",
                "turn results are entered only in scoresheet mode",
            )
        if phase == PLAY:
            _check_entry(state, seat, action)
    if phase == PLAY:
        _check_play_action(state, seat, action)
    elif phase == ROUND_OVER:
        if isinstance(action, DemandRedraw):
            raise illegal(
                "K-17.1",
                "Neu auswürfeln dürfen nur das Verliererteam und der Alleinspieler fordern",
                "only the losing team and the solo player may demand a redraw",
            )
        raise illegal(
            "KA-23",
            f"Die Runde ist vorbei: neu auswürfeln, nächste Runde oder Abend beenden, nicht {name}",
            f"the round is over: redraw, next round or close the evening, not {name}",
        )
    elif phase == MANUAL:
        if isinstance(action, FormTeam):
            raise illegal(
                "K-2.2",
                f"Team {action.first + 1}/{action.second + 1}: beide Plätze müssen verschieden und noch frei sein",
                f"team {action.first + 1}/{action.second + 1}: both seats must differ and be unassigned",
            )
        raise illegal("KA-22", "Erst die Teams eintragen", "enter the teams first")
    raise illegal("KA-22", f"{name} ist jetzt nicht erlaubt", f"{name} is not allowed now")


def _check_entry(state: State, seat: int, action: EnterTurn | EnterSixEqual) -> None:
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    bound = scoresheet.chain_bound(state.config)
    if isinstance(action, EnterSixEqual):
        if action.strassen < 0 or action.strassen > bound:
            raise illegal(
                "KA-20",
                f"{action.strassen} Straßen vor 6 Gleichen sind in einem Wurf unmöglich",
                f"{action.strassen} Straßen before six equal are impossible in one turn",
            )
        return
    if action.joker and not joker_available(rnd, rnd.turn):
        raise illegal("K-10.1", "Der Joker ist in dieser Runde schon genommen", "the joker was already used this round")
    if action.points < 0:
        raise illegal("S-1", "Punkte können nicht negativ sein", "points cannot be negative")
    if action.joker and action.points % 2:
        raise illegal(
            "K-10.4",
            f"Mit Joker verdoppeln sich die Punkte: {action.points} ist ungerade",
            f"a joker doubles the points: {action.points} is odd",
        )
    if action.strassen < 0 or action.strassen > scoresheet.max_strassen(state.config, action.points):
        raise illegal(
            "KA-20",
            f"{action.strassen} Straßen passen nicht zu diesem Wurf",
            f"{action.strassen} Straßen cannot happen in this turn",
        )
    if not scoresheet.achievable(state.config, action.points, action.joker, action.strassen):
        raise illegal(
            "S-8.1" if action.strassen else "S-1",
            f"{action.points} Punkte sind so nicht erreichbar (Straßen: {action.strassen})",
            f"{action.points} points cannot be reached like this (Straßen: {action.strassen})",
        )


def _check_play_action(state: State, seat: int, action: object) -> None:
    rnd = state.round
    assert rnd is not None and rnd.turn is not None
    t = rnd.turn
    step = t.step
    if state.config.mode == "scoresheet":
        raise illegal(
            "KA-36",
            "Im Schreibzettel-Modus wird nur das Ergebnis des Wurfs eingetragen",
            "in scoresheet mode only the turn's result is entered",
        )
    if isinstance(action, AnnounceJoker):
        if seat != t.owner or t.thrower != t.owner:
            raise illegal(
                "K-16.2",
                "Für einen Abwesenden darf kein Joker genommen werden",
                "no joker may be taken for an absent player",
            )
        if step != PRE:
            raise illegal(
                "K-10.3", "Der Joker muss vor dem Wurf angesagt werden", "the joker must be announced before the turn"
            )
        raise illegal(
            "K-10.1",
            "Jeder Spieler hat nur einen Joker pro Runde (KA-15)",
            "each player has one joker per round (KA-15)",
        )
    if isinstance(action, StandIn | Forfeit):
        if partner_of(rnd, t) < 0:
            raise illegal("K-1.3", "Der Alleinspieler hat keinen Partner", "the solo player has no partner")
        if step != PRE:
            raise illegal(
                "K-16.1",
                "Für den Abwesenden wird nur vor Beginn seines Wurfs entschieden",
                "standing in is decided only before the absent player's turn begins",
            )
        raise illegal("K-16.1", "Nur der Partner kann für den Abwesenden würfeln", "only the partner can stand in")
    if seat != t.thrower and step != PRE:
        raise illegal("K-16.1", "Es würfelt der Spieler am Zug", "the player on turn throws")
    if isinstance(action, KeepPair):
        if step == PAIR:
            raise illegal(
                "K-6.7",
                f"Rausnehmen kann man nur eines der Paare {pairs_of(t.choice)}",
                f"only one of the pairs {pairs_of(t.choice)} can be set aside",
            )
        raise illegal(
            "K-6.6",
            "Hier gibt es keine Wahl: gleiche Würfel werden von selbst rausgelegt",
            "there is no choice here: equal dice are set aside automatically",
        )
    if isinstance(action, ChooseVollStar):
        if step == VOLL:
            raise illegal("S-8.3", "Nur a oder b ist erlaubt (KA-11)", "only a or b is allowed (KA-11)")
        raise illegal(
            "S-8.3", "Die Wahl a/b gibt es nur bei einem 15 Voll* (4 + 2)", "the a/b choice needs a 15 Voll* (4 + 2)"
        )
    if isinstance(action, SetAside):
        if step == KEEP_DICE:
            raise illegal(
                "KA-06",
                f"Rauslegen kann man nur Würfel aus dem letzten Wurf {list(t.choice)}",
                f"only dice of the last throw {list(t.choice)} can be set aside",
            )
        raise illegal(
            "KA-06",
            "Frei rauslegen gibt es nur mit late_throw_set_aside = player_choice nach Würfen mit weniger als 6",
            "free setting aside needs late_throw_set_aside = player_choice after a throw of fewer than 6 dice",
        )
    if step == KEEP_DICE:
        raise illegal("KA-06", "Erst angeben, welche Würfel rausgelegt werden", "first say which dice are set aside")
    if step == PAIR:
        raise illegal("K-6.7", "Erst wählen, welches Paar rausgenommen wird", "first choose which pair to set aside")
    if step == VOLL:
        raise illegal("S-8.3", "Erst 15 Voll* a oder b wählen", "first choose 15 Voll* a or b")
    if isinstance(action, Stop):
        raise illegal("K-6.2", "Wurf 1 und 2 sind Pflichtwürfe (KA-02)", "throws 1 and 2 are mandatory (KA-02)")
    if isinstance(action, Throw) and seat != t.owner:
        raise illegal(
            "K-16.1",
            "Für einen Abwesenden erst 'standin' wählen",
            "to throw for an absent partner choose 'standin' first",
        )
    raise illegal(
        "K-17.1" if isinstance(action, DemandRedraw | NextRound | CloseEvening | FormTeam) else "KA-01",
        f"{type(action).__name__} ist während der Runde nicht erlaubt",
        f"{type(action).__name__} is not allowed during the round",
    )


def check_outcome(state: State, node: ChanceNode, outcome: object) -> None:
    """KA-36: dice must match the free dice; table incidents only in table mode during a throw."""
    if isinstance(outcome, DiceOutcome):
        distribution = node.distribution
        assert isinstance(distribution, DiceRoll)
        faces = outcome.faces
        if len(faces) != distribution.count:
            raise ImpossibleOutcome(
                "KA-36",
                Text(
                    f"{len(faces)} Würfel eingegeben, aber {distribution.count} sind im Becher",
                    f"{len(faces)} dice entered but {distribution.count} are in the cup",
                ),
            )
        for face in faces:
            if type(face) is not int or not 1 <= face <= 6:
                raise ImpossibleOutcome(
                    "KA-36", Text(f"Augenzahl {face!r} gibt es nicht (1-6)", f"there is no face {face!r} (1-6)")
                )
        return
    if isinstance(outcome, TowerOutcome | CockedOutcome | FoulOutcome):
        if state.config.mode != "table":
            raise ImpossibleOutcome(
                "KA-36",
                Text(
                    "Turm, Brennen und Fouls gibt es nur am Tisch",
                    "Turm, cocked dice and fouls exist only at the table",
                ),
            )
        if state.phase != PLAY:
            raise ImpossibleOutcome(
                "KA-22",
                Text("Beim Auswürfeln der Paare zählt nur die Augenzahl", "the team draw only takes a face"),
            )
        if isinstance(outcome, FoulOutcome):
            if outcome.kind == "conduct" and not state.config.conduct_as_foul:
                raise ImpossibleOutcome(
                    "KA-27",
                    Text(
                        "Verstöße gegen K-3/K-8 zählen hier nicht als Foul",
                        "K-3/K-8 conduct violations are not fouls under these house rules",
                    ),
                )
            if outcome.kind not in ("missing_die", "wrong_packing", "fell_out", "off_table", "conduct"):
                raise ImpossibleOutcome(
                    "K-4.2", Text(f"Unbekanntes Foul {outcome.kind!r}", f"unknown foul {outcome.kind!r}")
                )
        return
    raise ImpossibleOutcome("KA-36", Text(f"{outcome!r} ist kein Würfelergebnis", f"{outcome!r} is not a dice outcome"))
