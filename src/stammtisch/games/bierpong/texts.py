"""What Bierpong's choices and events mean, in German and English (buttons, help, the log)."""

from __future__ import annotations

from typing import Any

from stammtisch.core.text import Text
from stammtisch.games.bierpong.model import (
    TEAM_NAMES,
    Begin,
    Call,
    CallIsland,
    End,
    Fetch,
    Leave,
    NoCall,
    Pair,
    Remove,
    Shoot,
    Side,
)

TITLE = Text("Bierpong (Hausregeln)", "Beer pong (house rules)")

#: The rule text shipped with the package: ``rules_de.md`` (the authority) and ``rules_en.md`` (our
#: English rendering, marked as a translation), for ``stammtisch rules bierpong --lang de|en``.
RULE_FILES = {"de": "rules_de.md", "en": "rules_en.md"}

CALLS = {
    "heating_up": Text("„Heating Up“ rufen", "call 'Heating Up'"),
    "on_fire": Text("„On Fire“ rufen: weiterwerfen bis zum Fehlwurf", "call 'On Fire': throw on until a miss"),
    "both": Text("„Heating Up“ und „On Fire“ rufen", "call 'Heating Up' and 'On Fire'"),
}

ENDS = {
    End.CUPS: Text("keine Becher mehr", "no cups left"),
    End.DEAD_CUP: Text("Dead Cup getroffen", "Dead Cup hit"),
    End.TIMER: Text("Zeit abgelaufen: mehr Becher", "time up: more cups"),
    End.SUDDEN_DEATH: Text("Zeit abgelaufen: nächster Treffer", "time up: next hit"),
}

SPECIALS = {
    "aufsetzer": Text("Aufsetzer", "bounce (Aufsetzer)"),
    "bombe": Text("Bombe", "Bombe (both balls in one cup)"),
    "island": Text("Island", "Island"),
}


def konter_failed(reason: str, team: str) -> Text | None:
    """Why ``team``'s Konter ended the game, in one sentence (``konter.konter_failure``; H31)."""
    sentences = {
        "throws": (
            f"Team {team} hat den Konter nicht geschafft: nicht genug Treffer mit den erlaubten Würfen.",
            f"Team {team} missed the Konter: not enough hits with the throws allowed.",
        ),
        "hits": (
            f"Der Konter von Team {team} war nicht mehr zu gewinnen: es fehlen mehr Treffer, als Würfe übrig sind.",
            f"Team {team}'s Konter could no longer be won: more hits were missing than throws were left.",
        ),
        "island": (
            f"Der Konter von Team {team} braucht eine Island, aber wer noch werfen darf, hat keinen Island-Ruf "
            "mehr oder es steht keine Island.",
            f"Team {team}'s Konter needs an Island, but nobody left to throw has an Island call, or no Island stands.",
        ),
        "bombe": (
            f"Der Konter von Team {team} braucht eine Bombe, aber es bleibt nur ein Wurf und noch kein Ball im Becher.",
            f"Team {team}'s Konter needs a Bombe, but only one throw is left and no ball is in a cup yet.",
        ),
    }
    found = sentences.get(reason)
    return None if found is None else Text(*found)


def describe_action(action: Any) -> Text:
    """What choosing ``action`` means, for buttons and help."""
    if isinstance(action, Begin):
        name = TEAM_NAMES[action.team]
        return Text(f"Team {name} beginnt", f"team {name} begins")
    if isinstance(action, Side):
        de = "links" if action.side == "left" else "rechts"
        return Text(f"Tischseite {de}", f"table side {action.side}")
    if isinstance(action, Pair):
        if action.first == action.second:
            return Text(f"Platz {action.first + 1} wirft beide Bälle", f"seat {action.first + 1} throws both balls")
        return Text(
            f"Platz {action.first + 1} wirft zuerst, dann Platz {action.second + 1}",
            f"seat {action.first + 1} throws first, then seat {action.second + 1}",
        )
    if isinstance(action, Shoot):
        return Text("werfen (ohne Island)", "throw (no Island call)")
    if isinstance(action, CallIsland):
        return Text(f"Island auf Becher {action.cup} rufen", f"call Island on cup {action.cup}")
    if isinstance(action, Call):
        return CALLS.get(action.kind, Text(action.kind, action.kind))
    if isinstance(action, NoCall):
        return Text("nichts rufen", "no call")
    if isinstance(action, Fetch):
        return Text(f"Platz {action.seat + 1} holt den Ball (Trickshot)", f"seat {action.seat + 1} fetches (trickshot)")
    if isinstance(action, Leave):
        return Text("Ball liegen lassen", "leave the ball")
    if isinstance(action, Remove):
        return Text(f"Becher {action.cup} entfernen", f"remove cup {action.cup}")
    return Text(repr(action), repr(action))
