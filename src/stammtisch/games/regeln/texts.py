"""What people read: the phases and the meaning of every action, in German and English."""

from __future__ import annotations

from stammtisch.core.text import Text
from stammtisch.games.regeln.model import (
    COLOUR_NAMES,
    Action,
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
    TakeChip,
    Vote,
)

#: German colour adjectives as they are inflected after "einen"/"keinen" (accusative) and "kein" (nominative).
COLOUR_ACCUSATIVE_DE: dict[str, str] = {"white": "weißen", "purple": "lila", "yellow": "gelben", "green": "grünen"}
COLOUR_NOMINATIVE_DE: dict[str, str] = {"white": "weißer", "purple": "lila", "yellow": "gelber", "green": "grüner"}

PHASE_TEXT: dict[str, Text] = {
    "setup_table": Text("Aufbau: offene Regelkarten", "set-up: the face-up rule cards"),
    "setup_deal": Text("Aufbau: Karten austeilen", "set-up: dealing the cards"),
    "ranking": Text("Platzkarten ziehen", "drawing place cards"),
    "predict": Text("Vorhersagen geheim notieren", "writing predictions in secret"),
    "payment": Text("Chips nehmen oder zahlen", "taking or paying chips"),
    "play": Text("eine Regelkarte zur Abstimmung ausspielen", "playing a rule card for the vote"),
    "vote": Text("geheime Abstimmung", "secret vote"),
    "tie": Text("Gleichstand: der aktive Spieler entscheidet", "tie: the active player decides"),
    "report_speech": Text("eintragen, wer gesprochen hat", "entering who spoke"),
    "cover": Text("die angenommene Karte ablegen", "placing the adopted card"),
    "first_speaker": Text("eintragen, wer in der Wertung zuerst sprach", "entering who spoke first in the scoring"),
    "choose_wertung": Text("Punktletzte wählt die Wertung-Regel", "Punktletzte chooses the Wertung rule"),
    "choose_prognose": Text("Vorletzte wählt die Prognose-Regel", "the next-to-last chooses the Prognose rule"),
    "over": Text("Spielende", "game over"),
}


def describe_action(action: Action) -> Text:
    """What choosing ``action`` means, for buttons and help."""
    if isinstance(action, PlayCard):
        stood = Text(" (aufgestanden)", " (stood up)") if action.stood else Text("", "")
        return Text(f"Karte {action.card} zur Abstimmung{stood.de}", f"put {action.card} to the vote{stood.en}")
    if isinstance(action, Vote):
        side = Text("Ja", "Yes") if action.yes else Text("Nein", "No")
        tiles = "tile" if action.tiles == 1 else "tiles"
        return Text(f"{side.de} mit {action.tiles} Plättchen", f"{side.en} with {action.tiles} {tiles}")
    if isinstance(action, Decide):
        return Text("annehmen", "adopt") if action.adopt else Text("ablehnen", "reject")
    if isinstance(action, ReportSpeech):
        if not action.seats:
            return Text("niemand hat gesprochen", "nobody spoke")
        names = ", ".join(str(s + 1) for s in action.seats)
        return Text(f"gesprochen haben: Platz {names}", f"spoke: seat {names}")
    if isinstance(action, ReportFirstSpeaker):
        if action.seat is None:
            return Text("niemand hat gesprochen", "nobody spoke")
        return Text(f"zuerst sprach Platz {action.seat + 1}", f"seat {action.seat + 1} spoke first")
    if isinstance(action, Confirm):
        return Text("bestätigen", "confirm")
    if isinstance(action, Object):
        return Text("widersprechen", "object")
    if isinstance(action, TakeChip):
        name = COLOUR_NAMES[action.colour]
        return Text(f"einen {COLOUR_ACCUSATIVE_DE[action.colour]} Chip nehmen", f"take a {name.en} chip")
    if isinstance(action, PayChip):
        name = COLOUR_NAMES[action.colour]
        return Text(f"einen {COLOUR_ACCUSATIVE_DE[action.colour]} Chip zahlen", f"pay a {name.en} chip")
    if isinstance(action, Cover):
        return Text(f"Feld {action.slot + 1} abdecken", f"cover space {action.slot + 1}")
    if isinstance(action, ChooseRule):
        return Text(f"{action.card} wählen", f"choose {action.card}")
    assert isinstance(action, Predict)
    colour = f" + {COLOUR_NAMES[action.colour].de}" if action.colour else ""
    colour_en = f" + {COLOUR_NAMES[action.colour].en}" if action.colour else ""
    return Text(f"Vorhersage {action.value}{colour}", f"prediction {action.value}{colour_en}")
