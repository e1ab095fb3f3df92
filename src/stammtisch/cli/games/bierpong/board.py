"""The Bier-Pong table in the terminal: both racks as triangles (``●`` live, ``◐`` hit and still
standing, ``☠`` Dead Cup, ``·`` gone), the round, the drinks and the news after each step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text as RichText

from stammtisch.games.bierpong.rack import ROWS
from stammtisch.games.bierpong.texts import konter_failed

MARKS = {"live": "●", "hit": "◐", "dead": "☠", "removed": "·"}


def _say(lang: str, de: str, en: str) -> str:
    return de if lang == "de" else en


def rack_lines(cups: Sequence[str], tip_down: bool) -> list[str]:
    """The rack as text rows, each cup as its number and mark (``5●``), the tip towards the middle."""
    rows: list[str] = []
    cup = 1
    rows_count = ROWS[len(cups)]
    width = rows_count * 5
    for r in range(rows_count):
        cells = [f"{c:>2}{MARKS[cups[c - 1]]}" for c in range(cup, cup + r + 1)]
        cup += r + 1
        rows.append(" ".join(cells).center(width))
    return list(reversed(rows)) if tip_down else rows


def draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """Both racks (team A above, tip down; team B below, tip up) and whose throw it is."""
    parts: list[RenderableType] = []
    for team, tip_down in ((0, True), (1, False)):
        tv = view["teams"][team]
        head = f"Team {tv['name']} · {tv['live']} " + _say(lang, "Becher", "cups")
        if tv["drinks_open"]:
            head += f" · 🍺 {tv['drinks_open']}"
        parts.append(RichText(head, style="bold"))
        parts.extend(RichText(line) for line in rack_lines(tv["cups"], tip_down))
    k = view["konter"]
    if k is not None:
        parts.append(
            RichText(
                _say(
                    lang,
                    f"Konter Team {k['team']}: {k['hits']}/{k['need']} Treffer, noch {k['throws_left']} Würfe",
                    f"Konter team {k['team']}: {k['hits']}/{k['need']} hits, {k['throws_left']} throws left",
                )
            )
        )
    return Group(*parts)


def news(before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """Cups gone, a new round, a Konter, the end."""
    lines: list[str] = []
    for team in (0, 1):
        old, new = before["teams"][team]["cups"], after["teams"][team]["cups"]
        gone = [i + 1 for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != "removed" and b == "removed"]
        back = [i + 1 for i, (a, b) in enumerate(zip(old, new, strict=True)) if a == "removed" and b != "removed"]
        name = after["teams"][team]["name"]
        if gone:
            cups = ", ".join(map(str, gone))
            lines.append(" " + _say(lang, f"Team {name}: Becher {cups} weg", f"Team {name}: cup(s) {cups} gone"))
        if back:
            cups = ", ".join(map(str, back))
            lines.append(
                _say(
                    lang,
                    f"Konter geschafft: Team {name} stellt {cups} wieder auf",
                    f"Konter made: team {name} puts back {cups}",
                )
            )
    if after["konter"] is not None and before["konter"] is None:
        lines.append(
            _say(lang, f"Konter für Team {after['konter']['team']}!", f"Konter for team {after['konter']['team']}!")
        )
    r0, r1 = before["round"], after["round"]
    if r1 is not None and (r0 is None or r0["number"] != r1["number"]):
        lines.append(
            _say(
                lang,
                f"Runde {r1['number']}: Team {r1['team']} wirft",
                f"Round {r1['number']}: team {r1['team']} throws",
            )
        )
    if after["winner"] is not None and before["winner"] is None:
        lines.append(_say(lang, f"Team {after['winner']} gewinnt", f"Team {after['winner']} wins"))
        loser = "B" if after["winner"] == "A" else "A"
        why = konter_failed(str(after.get("konter_failed") or ""), loser)
        if why is not None:
            lines.append(why.get(lang))
    return lines
