"""Drawing a game's table view in the terminal (Rich). Only views are drawn, never raw state.

Klümpchen gets its own layout (team totals, the set-aside dice, whose turn); any other game falls
back to a plain listing of its view, so ``play`` works for a new game from its first day.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.cli import preisromme_board, proempeln_board
from stammtisch.core.text import Text

DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def _say(lang: str, de: str, en: str) -> str:
    return Text(de, en).get(lang)


def seat_name(seat: int, humans: Sequence[int], lang: str) -> str:
    """ "Platz 3" / "Seat 3", marked as a bot where one plays."""
    word = Text("Platz", "Seat").get(lang)
    return f"{word} {seat + 1}" + ("" if seat in humans else " (Bot)")


def dice(faces: Sequence[int]) -> str:
    """Faces as digits with die symbols, e.g. ``5 5 6`` → ``5⚄ 5⚄ 6⚅``."""
    return " ".join(f"{face}{DIE_FACES[face - 1]}" for face in faces if 1 <= face <= 6) or "–"


def throw_line(entry: dict[str, Any], lang: str) -> Plain:
    """One throw of a turn (E-1): its dice, the set-aside ones bold in brackets, then what it did."""
    line = Plain(f"{entry.get('number', 1)}. ")
    left = list(entry.get("kept") or [])
    for face in entry.get("faces") or []:
        if face in left:
            left.remove(face)
            line.append(f"[{face}{DIE_FACES[face - 1]}]", style="bold yellow")
        else:
            line.append(f"{face}{DIE_FACES[face - 1]}")
        line.append(" ")
    event = entry.get("event")
    if event:
        line.append(("– " if entry.get("faces") else "") + event.get(lang, event.get("en", "")), style="italic")
    return line


def throws_table(throws: Sequence[dict[str, Any]], lang: str) -> Table:
    """The throws of a turn in order; a new Würfelfolge (all six dice back) gets a divider line."""
    table = Table(show_header=False, box=None, padding=(0, 1))
    for index, entry in enumerate(throws):
        if index and entry.get("sequence") != throws[index - 1].get("sequence"):
            seq = entry.get("sequence")
            table.add_row(Plain(_say(lang, f"– Würfelfolge {seq} –", f"– sequence {seq} –"), style="dim"))
        table.add_row(throw_line(entry, lang))
    return table


def render(slug: str, view: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The table as a Rich renderable."""
    drawer: Callable[[dict[str, Any], Sequence[int], str], RenderableType] = _DRAWERS.get(slug, _generic)
    return drawer(view, humans, lang)


def _generic(view: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    table = Table(show_header=False, box=None)
    for key, value in view.items():
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        table.add_row(Plain(str(key)), Plain(shown))
    return Panel(table)


def _kluempchen(view: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    t = partial(_say, lang)
    parts: list[RenderableType] = []
    if view["teams"]:
        teams = Table(title=t(f"Runde {view['round']}", f"Round {view['round']}"), title_justify="left")
        teams.add_column(t("Team", "Team"))
        teams.add_column(t("Spieler", "Players"))
        teams.add_column(t("Punkte", "Points"), justify="right")
        playing = view["phase"] == "play"
        if playing:  # jokers are counted per round: only while one runs
            teams.add_column(t("Joker übrig", "Jokers left"), justify="right")
        on_turn = view.get("on_turn") or {}
        for team in view["teams"]:
            marker = "▶ " if on_turn.get("team") == team["index"] else ""
            members = " + ".join(seat_name(seat, humans, lang) for seat in team["members"])
            if team["solo"]:
                members += t(" (Alleinspieler)", " (solo)")
            score = f"{team['score']}" + (t(" raus", " out") if team["out"] else "")
            row = [f"{marker}{team['index'] + 1}", members, score]
            if playing:
                row.append(str(sum(view["jokers_left"][seat] for seat in team["members"])))
            teams.add_row(*row)
        parts.append(teams)
    draw = view.get("draw")
    if draw is not None and draw["rolls"]:
        rolled = ", ".join(f"{seat_name(seat, humans, lang)}: {face}" for seat, face in draw["rolls"])
        parts.append(Plain(t(f"Auswürfeln: {rolled}", f"Team draw: {rolled}")))
    provisional = view.get("provisional")
    if provisional:
        parts.append(
            Plain(
                t(
                    f"Vorgelegt von {seat_name(provisional['seat'], humans, lang)}: {provisional['points']} Punkte",
                    f"Put up by {seat_name(provisional['seat'], humans, lang)}: {provisional['points']} points",
                )
            )
        )
    previous = view.get("previous_turn")
    if previous:
        parts.append(_previous_panel(previous, humans, lang))
    turn = view.get("turn")
    if turn is not None:
        parts.append(_turn_panel(turn, humans, lang))
    hint = view.get("hint")
    if hint:
        parts.append(Plain(f"→ {hint.get(lang, hint.get('en', ''))}"))
    return Group(*parts)


def _turn_panel(turn: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    t = partial(_say, lang)
    kept = [face for face, count in turn["kept"] for _ in range(count)]
    rows = Table(show_header=False, box=None)
    who = seat_name(turn["owner"], humans, lang)
    if turn["stand_in"]:
        who += t(
            f", geworfen von {seat_name(turn['thrower'], humans, lang)}",
            f", thrown by {seat_name(turn['thrower'], humans, lang)}",
        )
    rows.add_row(
        t("Am Zug", "On turn"), f"{who} – {t('Rolle', 'role')} {turn['role']}" + (" – JOKER" if turn["joker"] else "")
    )
    rows.add_row(t("Wurf", "Throw"), f"{turn['throws_used']} / 3")
    if turn.get("throws"):
        rows.add_row(t("Würfe", "Throws"), throws_table(turn["throws"], lang))
    rows.add_row(t("Rausgelegt", "Set aside"), dice(kept))
    rows.add_row(t("Im Becher", "In the cup"), str(turn["free"]))
    if turn["pending"]:
        state = (
            t("wartet auf Bestätigung", "awaiting confirmation")
            if turn["awaiting_confirmation"]
            else t("bestätigt", "confirmed")
        )
        rows.add_row(t("Vorgemerkt", "Pending"), f"{turn['pending']} ({state})")
    rows.add_row(t("Wert jetzt", "Value now"), str(turn["value"]))
    return Panel(rows, title=t("Wurf", "Turn"), title_align="left")


def _previous_panel(previous: dict[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The last finished player turn, so the table can still read it after the turn passed."""
    result = previous["result"]
    rows: list[RenderableType] = [Plain(result.get(lang, result.get("en", "")), style="bold")]
    if previous.get("stand_in"):
        thrower = seat_name(previous["thrower"], humans, lang)
        rows.append(Plain(_say(lang, f"geworfen von {thrower}", f"thrown by {thrower}")))
    if previous.get("throws"):
        rows.append(throws_table(previous["throws"], lang))
    who = seat_name(previous["owner"], humans, lang)
    return Panel(Group(*rows), title=_say(lang, f"Zuletzt: {who}", f"Previous turn: {who}"), title_align="left")


_DRAWERS: dict[str, Callable[[dict[str, Any], Sequence[int], str], RenderableType]] = {
    "kluempchen": _kluempchen,
    "preisromme": preisromme_board.draw,
    "proempeln": proempeln_board.draw,
}


def news(slug: str, before: dict[str, Any], after: dict[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """What changed between two views that a player should be told (a score, a round end)."""
    reporter = _NEWS.get(slug)
    return reporter(before, after, humans, lang) if reporter is not None else []


def _kluempchen_news(before: dict[str, Any], after: dict[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    t = partial(_say, lang)
    name = partial(_name, humans=humans, lang=lang)
    lines = []
    if before["phase"] == "draw" and after["phase"] == "play":
        teams = "; ".join(" + ".join(name(seat) for seat in team["members"]) for team in after["teams"])
        lines.append(t(f"Teams: {teams}", f"Teams: {teams}"))
    same_round = before["round"] == after["round"]
    provisional = after.get("provisional")
    if provisional and not before.get("provisional"):
        points = provisional["points"]
        lines.append(
            t(f"{name(provisional['seat'])} legt {points} vor.", f"{name(provisional['seat'])} puts up {points}.")
        )
    if same_round and len(after["sheet"]) > len(before["sheet"]):
        entry = after["sheet"][-1]
        total = after["teams"][entry["team"]]["score"]
        lines.append(
            t(
                f"Team {entry['team'] + 1}: {entry['p1_points']} + {entry['p2_points']} → +{entry['gain']} "
                f"(jetzt {total})",
                f"Team {entry['team'] + 1}: {entry['p1_points']} + {entry['p2_points']} → +{entry['gain']} "
                f"(now {total})",
            )
        )
    if len(after["rounds"]) > len(before["rounds"]):
        record = after["rounds"][-1]
        loser = " + ".join(name(seat) for seat in record["teams"][record["loser"]])
        how = t("6 Gleiche mit einem Wurf", "six equal in one throw") if record["ending"] == "six_equal" else ""
        lines.append(
            t(
                f"Runde {record['number']} vorbei{': ' + how if how else ''}. Verloren: {loser}.",
                f"Round {record['number']} over{': ' + how if how else ''}. Lost: {loser}.",
            )
        )
        for payment in record["payments"]:
            lines.append(
                t(
                    f"  {name(payment['seat'])} zahlt {payment['units']} Einheit(en) = {payment['cents']} Cent "
                    f"({payment['reason']})",
                    f"  {name(payment['seat'])} pays {payment['units']} unit(s) = {payment['cents']} cents "
                    f"({payment['reason']})",
                )
            )
    return lines


def _name(seat: int, *, humans: Sequence[int], lang: str) -> str:
    return seat_name(seat, humans, lang)


_NEWS: dict[str, Callable[[dict[str, Any], dict[str, Any], Sequence[int], str], list[str]]] = {
    "kluempchen": _kluempchen_news,
    "preisromme": preisromme_board.news,
    "proempeln": proempeln_board.news,
}
