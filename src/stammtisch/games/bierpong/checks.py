"""Why an action or outcome is refused: one ``RuleViolation`` per rule broken, with the clause
(``BP-<article>.<paragraph>`` for the rule text, ``BP-R<nn>`` for a ruling) and a plain German and
English message that says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

from stammtisch.core.chance import ChanceNode
from stammtisch.core.errors import IllegalAction, ImpossibleOutcome
from stammtisch.core.text import Text
from stammtisch.games.bierpong import rules
from stammtisch.games.bierpong.events import can_rerack
from stammtisch.games.bierpong.flow import legal_pairs
from stammtisch.games.bierpong.model import (
    TEAM_NAMES,
    THROW_TYPES,
    AirBall,
    Begin,
    BothAtOnce,
    Call,
    CallIsland,
    DeadCupRemoved,
    Distracted,
    Drank,
    Drinking,
    Duel,
    Fetch,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    KnockOver,
    LeftStanding,
    NoCall,
    Pair,
    Phase,
    Remove,
    Rerack,
    Shoot,
    Side,
    State,
    TimeUp,
    Void,
)
from stammtisch.games.bierpong.rack import DEAD, GONE, LIVE, islands, live_neighbours, standing_cups


def _cups(cups: tuple[int, ...]) -> str:
    return ", ".join(map(str, cups)) or "–"


def _illegal(clause: str, de: str, en: str) -> IllegalAction:
    return IllegalAction(clause, Text(de, en))


def check_action(state: State, seat: int, action: object) -> None:
    """Refuse ``action`` unless it is among ``legal_actions``, saying which rule it breaks."""
    legal = rules.legal_actions(state, seat)
    if action in legal:
        return
    if isinstance(action, Begin | Side):
        raise _illegal(
            "BP-8.3",
            "Das Team des Duellsiegers wählt, wer beginnt; das andere Team wählt die Tischseite (links/rechts).",
            "The duel winner's team chooses who begins; the other team chooses the side (left/right).",
        )
    if isinstance(action, Pair):
        pairs = [f"{a}+{b}" for a, b in legal_pairs(state, _throwing_team(state))]
        raise _illegal(
            "BP-11.3",
            f"Dieses Paar darf jetzt nicht werfen: es müssen zwei verschiedene Spieler des Teams sein, "
            f"bei drei und mehr ein anderes Paar als in der letzten Runde. Erlaubt: {', '.join(pairs) or '–'}.",
            f"This pair may not throw now: it must be two different players of the team, with three or more "
            f"a different pair from the last round. Allowed: {', '.join(pairs) or '–'}.",
        )
    if isinstance(action, CallIsland):
        _refuse_island(state, seat, action.cup)
    if isinstance(action, Call):
        p = state.players[seat]
        raise _illegal(
            "BP-21.1",
            f"Diesen Ruf gibt es jetzt nicht: Heating Up nach zwei Treffern in Folge, On Fire nach drei mit "
            f"vorherigem Heating Up (Serie: {p.streak}).",
            f"That call is not available: Heating Up after two hits in a row, On Fire after three with an "
            f"earlier Heating Up (streak: {p.streak}).",
        )
    if isinstance(action, Remove):
        _refuse_removal(state, action.cup, legal)
    if isinstance(action, Fetch):
        raise _illegal(
            "BP-19.1",
            "Den zurückgerollten Ball holt ein Spieler des werfenden Teams, solange er auf der eigenen Hälfte liegt.",
            "A rolled-back ball is fetched by a player of the throwing team while it lies on the own half.",
        )
    if isinstance(action, Shoot | NoCall):
        raise _illegal("BP-R22", "Jetzt ist etwas anderes zu entscheiden.", "Something else has to be decided now.")
    raise _illegal(
        "BP-R22", f"Der Zug {action!r} ist jetzt nicht möglich.", f"The move {action!r} is not possible now."
    )


def _throwing_team(state: State) -> int:
    if state.phase is Phase.KONTER and state.konter is not None:
        return state.konter.team
    return state.round.team if state.round is not None else 0


def _refuse_island(state: State, seat: int, cup: int) -> None:
    if state.players[seat].island_used:
        raise _illegal(
            "BP-22.2",
            "Island hat dieser Spieler in diesem Spiel schon gerufen; jeder darf es nur einmal.",
            "This player has already called Island in this game; everyone may call it only once.",
        )
    target = state.konter.first if state.phase is Phase.KONTER and state.konter else 1 - _throwing_team(state)
    open_cups = islands(state.cups[target], state.config.dead_neighbour)
    raise _illegal(
        "BP-22.1",
        f"Becher {cup} steht nicht allein: Island geht nur auf einen Becher ohne Nachbarn. "
        f"Möglich: {_cups(open_cups)}.",
        f"Cup {cup} does not stand alone: Island is only for a cup without neighbours. Possible: {_cups(open_cups)}.",
    )


def _refuse_removal(state: State, cup: int, legal: tuple[Any, ...]) -> None:
    allowed = tuple(a.cup for a in legal if isinstance(a, Remove))
    if state.knock is not None:
        raise _illegal(
            "BP-16.1",
            f"Nach dem Umwerfen wird genau ein Becher entfernt, einer der umgeworfenen: {_cups(allowed)}.",
            f"After a knock-over exactly one cup goes, one of those knocked over: {_cups(allowed)}.",
        )
    r = state.round
    if r is None or not r.removals:
        raise _illegal("BP-3.1", "Jetzt ist kein Becher zu entfernen.", "No cup is to be removed now.")
    rem = r.removals[0]
    cups = state.cups[rem.team]
    if not 1 <= cup <= len(cups) or cups[cup - 1] != LIVE:
        raise _illegal(
            "BP-3.1",
            f"Becher {cup} steht nicht mehr im Spiel. Wählbar: {_cups(allowed)}.",
            f"Cup {cup} is no longer in play. Choose from: {_cups(allowed)}.",
        )
    if live_neighbours(cups, rem.cup):
        raise _illegal(
            "BP-3.2",
            f"Zuerst kommen die Nachbarn des Specialbechers {rem.cup} weg: {_cups(allowed)}.",
            f"The neighbours of the special cup {rem.cup} go first: {_cups(allowed)}.",
        )
    raise _illegal("BP-3.2", f"Wählbar: {_cups(allowed)}.", f"Choose from: {_cups(allowed)}.")


def _impossible(clause: str, de: str, en: str) -> ImpossibleOutcome:
    return ImpossibleOutcome(clause, Text(de, en))


def _refuse_both_at_once(state: State) -> None:
    """Art 4.1: in singles one player may not release both balls at once; in a team (Art 4.2, 11.3,
    BP-R18) two players may release together (two throws), and one player throwing both is a choice of
    the pair (single_player_double_release), never a throw's result."""
    if all(len(team) == 1 for team in state.teams):
        raise _impossible(
            "BP-4.1",
            "Im Einzelspiel darf ein Spieler nicht beide Bälle gleichzeitig werfen. Die Bälle werden "
            "nacheinander geworfen: bitte den Wurf wiederholen lassen und jeden Ball für sich eintragen.",
            "In singles a player may not throw both balls at the same time. The balls are thrown one after "
            "the other: have the throw repeated and enter each ball on its own.",
        )
    if state.config.double_release:
        raise _impossible(
            "BP-R18",
            "Wirft ein Spieler beide Bälle, wird das vor der Runde als Paar gewählt (derselbe Spieler zweimal); "
            "danach wird jeder Ball für sich eingetragen.",
            "One player throwing both balls is chosen as the pair before the round (the same player twice); "
            "then each ball is entered on its own.",
        )
    raise _impossible(
        "BP-11.3",
        "Im Team werfen immer zwei verschiedene Spieler je einen Ball (gleichzeitig ist erlaubt); "
        "ein Spieler allein darf nicht beide Bälle werfen.",
        "In a team two different players throw one ball each (at the same time is allowed); one player alone "
        "may not throw both balls.",
    )


def _check_rerack(state: State, event: Rerack) -> None:
    """BP-R01 ``allow_rerack``: only with the option, only the defending team, only before the first
    throw of the opposing round, and exactly its live cups' number of free slots (a Dead Cup's slot stays)."""
    if not state.config.allow_rerack:
        raise _impossible(
            "BP-R01",
            "Umstellen ist nach diesen Hausregeln nicht erlaubt (Option allow_rerack).",
            "Re-racking is not allowed under these house rules (option allow_rerack).",
        )
    r = state.round
    if not can_rerack(state) or r is None:
        raise _impossible(
            "BP-R01",
            "Umstellen geht nur zu Beginn einer gegnerischen Wurfrunde, vor dem ersten Wurf.",
            "Cups can be re-formed only at the start of an opposing throwing round, before its first throw.",
        )
    if event.team != 1 - r.team:
        raise _impossible(
            "BP-R01",
            f"Team {TEAM_NAMES[r.team]} wirft gerade: umstellen darf nur das Team, auf das geworfen wird.",
            f"Team {TEAM_NAMES[r.team]} is throwing: only the team thrown at may re-form its cups.",
        )
    rack = state.cups[event.team]
    live = sum(1 for s in rack if s == LIVE)
    free = [i + 1 for i, s in enumerate(rack) if s in (LIVE, GONE)]
    cups = event.cups
    if len(cups) != live or tuple(sorted(set(cups))) != cups or not all(isinstance(c, int) and c in free for c in cups):
        raise _impossible(
            "BP-R01",
            f"Team {TEAM_NAMES[event.team]} hat {live} Becher im Spiel: genau so viele Plätze aus {_cups(tuple(free))} "
            "angeben, aufsteigend, ohne Doppelte.",
            f"Team {TEAM_NAMES[event.team]} has {live} cups in play: name exactly that many slots from "
            f"{_cups(tuple(free))}, ascending, no repeats.",
        )


def _knock_ok(state: State, knock: KnockOver) -> bool:
    """Art 16: own live cups, ascending, no repeats, during the rounds (not in the duel)."""
    if state.phase not in (Phase.PLAY, Phase.KONTER) or knock.team not in (0, 1):
        return False
    rack = state.cups[knock.team]
    cups = knock.cups
    return (
        len(cups) > 0
        and tuple(sorted(set(cups))) == cups
        and all(isinstance(c, int) and 1 <= c <= len(rack) and rack[c - 1] == LIVE for c in cups)
    )


def check_outcome(state: State, node: ChanceNode, outcome: object) -> None:
    """Refuse an outcome the table cannot have seen here, saying why."""
    if node.contains(outcome):
        return
    if isinstance(outcome, KnockOver) and _knock_ok(state, outcome):
        return
    if isinstance(outcome, Rerack):
        _check_rerack(state, outcome)
        return
    if isinstance(outcome, Duel) or state.phase is Phase.DUEL:
        raise _impossible(
            "BP-8.1",
            "Jetzt ist das Duell dran: einzugeben ist, welcher der beiden Werfer getroffen hat.",
            "The duel is on: enter which of the two throwers hit.",
        )
    if isinstance(outcome, BothAtOnce):
        _refuse_both_at_once(state)
    target = state.konter.first if state.phase is Phase.KONTER and state.konter else 1 - _throwing_team(state)
    cups = state.cups[target]
    if state.config.drink_lock and state.drinks.drinking[target] and isinstance(outcome, THROW_TYPES):
        raise _impossible(
            "BP-7.1",
            f"Team {TEAM_NAMES[target]} trinkt gerade seine Pflichtmenge: so lange wird nicht geworfen.",
            f"Team {TEAM_NAMES[target]} is drinking its mandatory amount: no throwing until it is done.",
        )
    if isinstance(outcome, Hit | IllegalSave):
        standing = standing_cups(cups)
        if not 1 <= outcome.cup <= len(cups) or cups[outcome.cup - 1] == GONE:
            raise _impossible(
                "BP-3.1",
                f"Becher {outcome.cup} ist schon entfernt. Getroffen werden kann: {_cups(standing)}.",
                f"Cup {outcome.cup} has already been removed. Cups that can be hit: {_cups(standing)}.",
            )
    if isinstance(outcome, Void):
        raise _impossible(
            "BP-12.1",
            "Diese Hausregel wertet den Ellenbogen nicht: einzugeben ist, was der Ball tat.",
            "Under this house rule the elbow is not judged: enter what the ball did.",
        )
    if isinstance(outcome, IllegalDefence):
        raise _impossible(
            "BP-14.2",
            "Diese Hausregel wiederholt den Wurf nicht: einzugeben ist „abgewehrt“.",
            "Under this house rule the throw is not repeated: enter 'defended'.",
        )
    if isinstance(outcome, IllegalSave):
        raise _impossible(
            "BP-17.1",
            "Diese Hausregel wertet Blasen/Fingern nicht als Treffer: einzugeben ist, was der Ball tat.",
            "Under this house rule blowing/fingering is not a hit: enter what the ball did.",
        )
    if isinstance(outcome, AirBall):
        raise _impossible(
            "BP-23.1",
            "Ein Air Ball zählt nur, wenn ihn ein Spieler des verteidigenden Teams fängt.",
            "An Air Ball counts only when a player of the defending team catches it.",
        )
    if isinstance(outcome, TimeUp):
        raise _impossible(
            "BP-9.2", "Ohne laufenden Timer kann keine Zeit ablaufen.", "Without a running timer no time can run out."
        )
    if isinstance(outcome, KnockOver):
        raise _impossible(
            "BP-16.1",
            "Umgeworfen werden können nur stehende Becher im Spiel (aufsteigend, ohne Doppelte).",
            "Only live cups can be knocked over (ascending, no repeats).",
        )
    if isinstance(outcome, LeftStanding):
        raise _impossible(
            "BP-18.1",
            "Ein Dead Cup entsteht nur aus einem in der letzten Runde getroffenen Becher, "
            "zu Beginn der nächsten Runde.",
            "A Dead Cup is only a cup hit in the last round, entered at the start of the next round.",
        )
    if isinstance(outcome, DeadCupRemoved):
        r = state.round
        opposing = r is not None and 1 <= outcome.cup <= len(cups) and cups[outcome.cup - 1] == DEAD
        if opposing:
            raise _impossible(
                "BP-18.2",
                "Den Dead Cup darf sein Team nicht während einer gegnerischen Wurfrunde entfernen.",
                "Its team may not remove a Dead Cup during an opposing throwing round.",
            )
        raise _impossible(
            "BP-18.2", "Das ist kein Dead Cup des werfenden Teams.", "That is not a Dead Cup of the throwing team."
        )
    if isinstance(outcome, Drinking | Drank | Distracted | Forgot):
        raise _impossible(
            "BP-2.1",
            "Dieses Team hat gerade nichts zu trinken offen (oder trinkt nicht).",
            "This team has no drinks open right now (or is not drinking).",
        )
    raise _impossible(
        "BP-R22", f"Das Ergebnis {outcome!r} ist hier nicht möglich.", f"The outcome {outcome!r} is not possible here."
    )
