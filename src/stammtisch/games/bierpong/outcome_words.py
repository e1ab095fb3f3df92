"""What happened at the table, in words: each chance outcome of a throw or a table event as a short
sentence for the history (``hit 5 bounce`` → "Treffer in Becher 5, Aufsetzer"). The notation
(``notation.py``) stays the way to type an outcome; these words are the way to read one."""

from __future__ import annotations

from typing import Any

from stammtisch.core.text import Text
from stammtisch.games.bierpong.model import (
    TEAM_NAMES,
    AirBall,
    BothAtOnce,
    DeadCupRemoved,
    Defended,
    Distracted,
    Drank,
    Drinking,
    Duel,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    KnockOver,
    LeftStanding,
    Miss,
    Rerack,
    RolledBack,
    TimeUp,
    Void,
)

_PLAIN: dict[type, Text] = {
    Miss: Text("Fehlwurf", "miss"),
    Defended: Text("abgewehrt", "defended"),
    Void: Text("Wurf zählt nicht", "throw does not count"),
    IllegalDefence: Text("unerlaubte Abwehr", "illegal defence"),
    TimeUp: Text("Zeit abgelaufen", "time up"),
    BothAtOnce: Text("beide Bälle auf einmal geworfen", "both balls thrown at once"),
}


def _cups(cups: tuple[int, ...]) -> str:
    return ", ".join(map(str, cups))


def describe_outcome(outcome: Any) -> Text:
    """The outcome as people say it at the table, in German and English."""
    plain = _PLAIN.get(type(outcome))
    if plain is not None:
        return plain
    if isinstance(outcome, Hit):
        de = [f"Treffer in Becher {outcome.cup}"]
        en = [f"hit in cup {outcome.cup}"]
        if outcome.bounce:
            de.append("Aufsetzer")
            en.append("bounce")
        if outcome.roller:
            de.append("Roller")
            en.append("roller")
        return Text(", ".join(de), ", ".join(en))
    if isinstance(outcome, Duel):
        if outcome.a and outcome.b:
            return Text("beide getroffen", "both hit")
        if not (outcome.a or outcome.b):
            return Text("keiner getroffen", "neither hit")
        team = TEAM_NAMES[0 if outcome.a else 1]
        return Text(f"nur Team {team} getroffen", f"only team {team} hit")
    if isinstance(outcome, RolledBack):
        if outcome.own_half:
            return Text("Ball in die eigene Hälfte zurückgerollt", "ball rolled back into the own half")
        return Text("Ball in die fremde Hälfte zurückgerollt", "ball rolled back into the far half")
    if isinstance(outcome, AirBall):
        return Text(
            f"Airball, gefangen von Platz {outcome.catcher + 1}", f"air ball, caught by seat {outcome.catcher + 1}"
        )
    if isinstance(outcome, IllegalSave):
        return Text(f"Ball aus Becher {outcome.cup} herausgeholt", f"ball taken out of cup {outcome.cup}")
    if isinstance(outcome, LeftStanding):
        return Text(f"Becher {outcome.cup} blieb stehen", f"cup {outcome.cup} left standing")
    if isinstance(outcome, DeadCupRemoved):
        return Text(f"Dead Cup {outcome.cup} entfernt", f"Dead Cup {outcome.cup} removed")
    if isinstance(outcome, KnockOver):
        team = TEAM_NAMES[outcome.team]
        return Text(
            f"Becher {_cups(outcome.cups)} von Team {team} umgeworfen",
            f"team {team}'s cups {_cups(outcome.cups)} knocked over",
        )
    if isinstance(outcome, Rerack):
        team = TEAM_NAMES[outcome.team]
        return Text(f"Team {team} stellt neu: {_cups(outcome.cups)}", f"team {team} re-racks: {_cups(outcome.cups)}")
    if isinstance(outcome, Drinking):
        return Text(f"Team {TEAM_NAMES[outcome.team]} trinkt noch", f"team {TEAM_NAMES[outcome.team]} still drinking")
    if isinstance(outcome, Drank):
        return Text(f"Team {TEAM_NAMES[outcome.team]} hat getrunken", f"team {TEAM_NAMES[outcome.team]} drank")
    if isinstance(outcome, Distracted):
        return Text(f"Team {TEAM_NAMES[outcome.team]} abgelenkt", f"team {TEAM_NAMES[outcome.team]} distracted")
    if isinstance(outcome, Forgot):
        team = TEAM_NAMES[outcome.team]
        return Text(f"Team {team} hat etwas vergessen", f"team {team} forgot something")
    raise TypeError(f"not a Bierpong outcome: {outcome!r}")
