"""Why an action is refused: ``check_action`` and the game's ``RuleViolation`` subclasses.

Each refusal names the clause (in the error's ``clause``, never in the sentence) and says in German
and English what was wrong and what is allowed. A message only ever mentions the acting seat's own
hand, tiles and chips, or public facts, never another seat's secrets. The checks run after the
framework's pre-checks (game over, outcome pending, not your turn); a final comparison with
``legal_actions`` guarantees that the two always agree.
"""

from __future__ import annotations

from stammtisch.core.errors import IllegalAction
from stammtisch.core.text import Text
from stammtisch.games.regeln import rules, unknown_hands
from stammtisch.games.regeln.model import (
    COLOUR_NAMES,
    COLOURS,
    ChooseRule,
    Confirm,
    Cover,
    Decide,
    Object,
    PayChip,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    State,
    TakeChip,
    Vote,
)
from stammtisch.games.regeln.texts import COLOUR_ACCUSATIVE_DE, COLOUR_NOMINATIVE_DE, PHASE_TEXT


class WrongStep(IllegalAction):
    """The action belongs to another step of the game than the one now due."""

    code = "regeln/wrong_step"


class CardNotInHand(IllegalAction):
    """RG-3.1: only a card from one's own hand can be played."""

    code = "regeln/card_not_in_hand"


class CardSeen(IllegalAction):
    """RGO-23: with unknown hands a played card must be one not seen anywhere yet, from a seat that
    still holds a card."""

    code = "regeln/card_seen"


class StandingNotCounted(IllegalAction):
    """RG-R15: standing up is entered only while an Ereignis card reacts to it."""

    code = "regeln/standing_not_counted"


class BadVote(IllegalAction):
    """RG-R01, RG-R02: at least one tile, at most the tiles in one's stock."""

    code = "regeln/bad_vote"


class KorrekturColourRuled(IllegalAction):
    """RG-1.8, RG-3.8: a Korrektur naming a colour in force must cover that colour's card."""

    code = "regeln/korrektur_colour_ruled"


class BadSlot(IllegalAction):
    """RG-3.8: there are two spaces per card type."""

    code = "regeln/bad_slot"


class ChipUnavailable(IllegalAction):
    """RG-R05, RG-R06: one pays only chips one holds and takes only chips the pool holds."""

    code = "regeln/chip_unavailable"


class RuleUnavailable(IllegalAction):
    """RG-5.4: the next rule is chosen from the remaining cards of its type."""

    code = "regeln/rule_unavailable"


class BadPrediction(IllegalAction):
    """RG-5.4: a prediction names what the Prognose card asks (and the colour under W-NOTIERT5)."""

    code = "regeln/bad_prediction"


class NothingProposed(IllegalAction):
    """RGO-22: one confirms or objects to a proposed report, and proposes only while none is pending."""

    code = "regeln/nothing_proposed"


class BadReport(IllegalAction):
    """RG-R15: a report names seats of this table, each once, in seat order."""

    code = "regeln/bad_report"


_ACTION_PHASES: dict[type, tuple[str, ...]] = {
    PlayCard: ("play",),
    Vote: ("vote",),
    Decide: ("tie",),
    ReportSpeech: ("report_speech",),
    ReportFirstSpeaker: ("first_speaker",),
    Confirm: ("report_speech", "first_speaker"),
    Object: ("report_speech", "first_speaker"),
    TakeChip: ("payment",),
    PayChip: ("payment",),
    Cover: ("cover",),
    ChooseRule: ("choose_wertung", "choose_prognose"),
    Predict: ("predict",),
}

_CLAUSES = {
    "play": "RG-3.1",
    "vote": "RG-3.2",
    "tie": "RG-R01",
    "report_speech": "RG-R15",
    "first_speaker": "RG-R15",
    "payment": "RG-R05",
    "cover": "RG-3.8",
    "choose_wertung": "RG-5.4",
    "choose_prognose": "RG-5.4",
    "predict": "RG-5.1",
}


def _colour(name: str) -> Text:
    return COLOUR_NAMES.get(name, Text(name, name))


def check_action(state: State, seat: int, action: object) -> None:
    """Raise the ``IllegalAction`` subclass that says why ``action`` is not legal for ``seat`` now."""
    phases = _ACTION_PHASES.get(type(action))
    due = PHASE_TEXT[state.phase]
    if phases is None or state.phase not in phases:
        clause = _CLAUSES.get(state.phase, "RG-2.1")
        if isinstance(action, Predict):
            raise WrongStep(
                "RG-5.1",
                Text(
                    f"Vorhersagen werden jetzt nicht geschrieben; jetzt ist dran: {due.de}.",
                    f"Predictions are not written now; now due: {due.en}.",
                ),
            )
        raise WrongStep(
            clause, Text(f"Das geht jetzt nicht; jetzt ist dran: {due.de}.", f"Not now; now due: {due.en}.")
        )
    if isinstance(action, PlayCard):
        _check_play(state, seat, action)
    elif isinstance(action, Vote):
        _check_vote(state, seat, action)
    elif isinstance(action, TakeChip | PayChip):
        _check_chip(state, seat, action)
    elif isinstance(action, Cover):
        _check_cover(state, action)
    elif isinstance(action, ChooseRule):
        remaining = state.wertung_unused if state.phase == "choose_wertung" else state.prognose_unused
        if action.card not in remaining:
            raise RuleUnavailable(
                "RG-5.4",
                Text(
                    f"{action.card} liegt nicht zur Wahl; wählbar: {', '.join(remaining)}.",
                    f"{action.card} is not among the remaining cards; choose one of: {', '.join(remaining)}.",
                ),
            )
    elif isinstance(action, Predict):
        _check_prediction(state, action)
    elif isinstance(action, ReportSpeech | ReportFirstSpeaker):
        _check_report(state, action)
        _check_no_proposal(state)
    elif isinstance(action, Confirm | Object):
        _check_proposal(state)
    if action not in rules.legal_actions(state, seat):
        raise IllegalAction(
            _CLAUSES.get(state.phase, "RG-2.1"),
            Text("Dieser Zug ist jetzt nicht erlaubt.", "This move is not allowed now."),
        )


def _check_play(state: State, seat: int, action: PlayCard) -> None:
    if state.unknown_hands:
        _check_unseen_play(state, seat, action)
    elif action.card not in state.hands[seat]:
        raise CardNotInHand(
            "RG-3.1",
            Text(
                f"Die Karte {action.card} ist nicht in deiner Hand; spiel eine deiner Karten aus.",
                f"The card {action.card} is not in your hand; play one of your own cards.",
            ),
        )
    if action.stood and not rules.stands_matter(state):
        raise StandingNotCounted(
            "RG-R15",
            Text(
                "Aufstehen zählt nur, solange eine Ereignis-Karte darauf reagiert; spiel die Karte ohne Aufstehen.",
                "Standing up counts only while an Ereignis card reacts to it; play the card without standing.",
            ),
        )


def _check_vote(state: State, seat: int, action: Vote) -> None:
    stock = state.tiles[seat]
    if action.tiles < 1:
        raise BadVote(
            "RG-R01",
            Text(
                "Mit mindestens einem Stimmplättchen abstimmen; Enthaltung gibt es nicht.",
                "Vote with at least one voting tile; abstaining is not possible.",
            ),
        )
    if action.tiles > stock:
        raise BadVote(
            "RG-R02",
            Text(
                f"Du hast nur {stock} Stimmplättchen im Vorrat; setz 1 bis {stock} ein.",
                f"You hold only {stock} voting tiles; commit 1 to {stock}.",
            ),
        )


def _check_chip(state: State, seat: int, action: TakeChip | PayChip) -> None:
    if action.colour not in COLOURS:
        allowed = ", ".join(COLOURS)
        raise ChipUnavailable(
            "RG-R05",
            Text(
                f"Unbekannte Farbe {action.colour!r}; erlaubt: {allowed}.",
                f"Unknown colour {action.colour!r}; allowed: {allowed}.",
            ),
        )
    colour = COLOURS.index(action.colour)
    name = _colour(action.colour)
    owed = state.queue[0].amount
    if isinstance(action, TakeChip):
        if owed < 0:
            raise WrongStep(
                "RG-R05",
                Text("Du musst jetzt Chips zahlen, nicht nehmen.", "You have to pay chips now, not take them."),
            )
        if state.pool[colour] == 0:
            raise ChipUnavailable(
                "RG-R06",
                Text(
                    f"Im Pool ist kein {COLOUR_NOMINATIVE_DE[action.colour]} Chip mehr; nimm eine andere Farbe.",
                    f"The pool has no {name.en} chip left; take another colour.",
                ),
            )
    else:
        if owed > 0:
            raise WrongStep(
                "RG-R05", Text("Du bekommst jetzt Chips, du zahlst nicht.", "You receive chips now; you do not pay.")
            )
        if state.chips[seat][colour] == 0:
            raise ChipUnavailable(
                "RG-R05",
                Text(
                    f"Du hast keinen {COLOUR_ACCUSATIVE_DE[action.colour]} Chip; zahl mit einer Farbe, die du hast.",
                    f"You hold no {name.en} chip; pay with a colour you hold.",
                ),
            )


def _check_cover(state: State, action: Cover) -> None:
    if action.slot not in (0, 1):
        raise BadSlot("RG-3.8", Text("Es gibt nur die Felder 1 und 2.", "There are only spaces 1 and 2."))
    allowed = rules.cover_slots(state)
    if action.slot not in allowed:
        assert state.under_vote is not None
        colour = state.deck.card(state.under_vote).colour
        name = _colour(colour or "")
        raise KorrekturColourRuled(
            "RG-3.8",
            Text(
                f"Für {name.de} gilt schon eine Korrektur-Regel; die neue Karte muss sie auf Feld {allowed[0] + 1} "
                "abdecken.",
                f"A Korrektur rule for {name.en} is already in force; the new card must cover it on space "
                f"{allowed[0] + 1}.",
            ),
        )


def _check_prediction(state: State, action: Predict) -> None:
    choices = rules.prediction_choices(state)
    values = sorted({p.value for p in choices})
    if action.value not in values:
        raise BadPrediction(
            "RG-5.4",
            Text(
                f"Die Vorhersage muss eine Zahl von {values[0]} bis {values[-1]} sein.",
                f"The prediction must be a number from {values[0]} to {values[-1]}.",
            ),
        )
    needs = choices[0].colour is not None
    if needs and action.colour not in COLOURS:
        raise BadPrediction(
            "RG-5.4",
            Text(
                f"Unter dieser Wertung notierst du auch eine Farbe ({', '.join(COLOURS)}).",
                f"Under this Wertung you also note a colour ({', '.join(COLOURS)}).",
            ),
        )
    if not needs and action.colour is not None:
        raise BadPrediction(
            "RG-5.4",
            Text(
                "Unter dieser Wertung wird keine Farbe notiert.",
                "No colour is noted under this Wertung.",
            ),
        )


def _check_unseen_play(state: State, seat: int, action: PlayCard) -> None:
    """RGO-23: the card is checked against the cards not yet seen anywhere."""
    if not unknown_hands.holds_cards(state, seat):
        raise CardSeen(
            "RGO-23",
            Text(
                "Dieser Platz hat keine Karte mehr auf der Hand.",
                "This seat has no card left in hand.",
            ),
        )
    if action.card not in unknown_hands.unseen_cards(state):
        known = state.deck.has(action.card)
        raise CardSeen(
            "RGO-23",
            Text(
                f"{action.card} lag schon offen (ausgespielt, auf einem Feld, abgedeckt oder abgelegt); "
                "eingeben kann man nur eine Karte, die noch niemand gesehen hat."
                if known
                else f"{action.card} gibt es in dieser Kartendatei nicht.",
                f"{action.card} has been seen already (played, on a space, covered or discarded); only a card "
                "nobody has seen yet can be entered."
                if known
                else f"There is no card {action.card} in this card file.",
            ),
        )


def _check_no_proposal(state: State) -> None:
    if state.proposal is not None:
        raise NothingProposed(
            "RGO-22",
            Text(
                "Es liegt schon ein Vorschlag vor: bestätige ihn oder widersprich; nach einem Widerspruch "
                "kann jeder einen neuen machen.",
                "A report is proposed already: confirm it or object; after an objection anyone may propose another.",
            ),
        )


def _check_proposal(state: State) -> None:
    if state.proposal is None:
        raise NothingProposed(
            "RGO-22",
            Text(
                "Es liegt kein Vorschlag vor, den du bestätigen oder ablehnen könntest; schlag selbst vor, "
                "wer gesprochen hat.",
                "No report is proposed that you could confirm or object to; propose who spoke yourself.",
            ),
        )


def _check_report(state: State, action: ReportSpeech | ReportFirstSpeaker) -> None:
    seats = action.seats if isinstance(action, ReportSpeech) else (() if action.seat is None else (action.seat,))
    if any(s < 0 or s >= state.seats for s in seats) or list(seats) != sorted(set(seats)):
        raise BadReport(
            "RG-R15",
            Text(
                f"Nenne Plätze von 1 bis {state.seats}, jeden höchstens einmal, der Reihe nach.",
                f"Name seats 1 to {state.seats}, each at most once, in seat order.",
            ),
        )
