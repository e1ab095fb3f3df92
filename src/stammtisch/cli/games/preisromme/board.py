"""Preisrommé in the terminal: the table as one seat sees it, and what changed on the public table.

Both work on views only. ``draw`` gets the human's own view (her hand, the table, the discard, how
many cards the others hold); ``news`` compares two *public* views, so it can only ever tell what
everybody at a real table sees: a discard, who took or knocked for it (R-4), a figure laid or
extended, the end of a game with its penalty points (R-13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.cli.board import seat_name
from stammtisch.core.text import Text


def _say(lang: str, de: str, en: str) -> str:
    return Text(de, en).get(lang)


def _seat(seat: int, humans: Sequence[int], lang: str) -> str:
    return seat_name(seat, humans, lang)


def figure_text(figure: dict[str, Any]) -> str:
    """``1: 7H 8H JK(9H)`` — a joker shows the card it stands for (RA-16)."""
    cards = [
        card if card != "JK" else f"JK({stands})"
        for card, stands in zip(figure["cards"], figure["stands_for"], strict=True)
    ]
    return f"{figure['number']}: {' '.join(cards)}"


def draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The seats with their card counts, openings and penalties, the stock and discard, the table's
    figures, an open knock window, and the seat's own hand."""
    t = partial(_say, lang)
    seat_name = partial(_seat, humans=humans, lang=lang)
    parts: list[RenderableType] = []
    head = Table(
        show_header=True,
        box=None,
        title=t(
            f"Spiel {view['game_no']} von {view['games']} – Geberin {seat_name(view['dealer'])}",
            f"Game {view['game_no']} of {view['games']} – dealer {seat_name(view['dealer'])}",
        ),
        title_justify="left",
    )
    head.add_column(t("Platz", "Seat"))
    head.add_column(t("Karten", "Cards"), justify="right")
    head.add_column(t("ausgelegt", "opened"))
    head.add_column(t("Strafpunkte", "Penalty"), justify="right")
    for seat, size in enumerate(view["hand_sizes"]):
        marker = "▶ " if seat == view["current"] else ""
        head.add_row(
            f"{marker}{seat_name(seat)}",
            str(size),
            t("ja", "yes") if view["opened"][seat] else "–",
            str(view["penalties"][seat]),
        )
    parts.append(head)
    parts.append(
        Plain(
            t(
                f"Stapel: {view['stock_size']} Karten   Ablage oben: {view['discard_top'] or '–'}",
                f"Stock: {view['stock_size']} cards   Discard pile top: {view['discard_top'] or '–'}",
            )
        )
    )
    if view["table"]:
        parts.append(Plain(t("Tisch:", "Table:")))
        for figure in view["table"]:
            parts.append(Plain(f"  {figure_text(figure)}"))
    window = view.get("window")
    if window:
        parts.append(
            Plain(
                t(
                    f"Klopffenster: {window['card']} von {seat_name(window['discarder'])}",
                    f"Knock window: {window['card']} from {seat_name(window['discarder'])}",
                )
            )
        )
    if "hand" in view:
        parts.append(
            Plain(
                t(
                    f"Deine Hand ({view['hand_points']} Punkte): {' '.join(view['hand'])}",
                    f"Your hand ({view['hand_points']} points): {' '.join(view['hand'])}",
                ),
                style="bold",
            )
        )
    return Panel(Group(*parts))


def news(before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """What changed on the public table between two public views."""
    t = partial(_say, lang)
    seat_name = partial(_seat, humans=humans, lang=lang)
    lines: list[str] = []
    same_game = before["game_no"] == after["game_no"] and len(before["history"]) == len(after["history"])
    window = after.get("window")
    if window and after["phase"] == "knock_window" and before["phase"] != "knock_window":
        if before["phase"] in ("deal", "upcard"):
            lines.append(t(f"Aufgedeckt: {window['card']}.", f"Turned up: {window['card']}."))
        else:
            discarder = seat_name(window["discarder"])
            lines.append(t(f"{discarder} wirft {window['card']} ab.", f"{discarder} discards {window['card']}."))
    last = after.get("last_window")
    if last and last != before.get("last_window") and same_game:
        knocked = ", ".join(seat_name(s) for s in last["claimed"] if s != last["taken_by"])
        if last["taken_by"] is None:
            lines.append(t(f"Niemand nimmt {last['card']}.", f"Nobody takes {last['card']}."))
        else:
            lines.append(
                t(
                    f"{seat_name(last['taken_by'])} bekommt {last['card']}.",
                    f"{seat_name(last['taken_by'])} gets {last['card']}.",
                )
            )
        if knocked:
            lines.append(t(f"  Geklopft haben auch: {knocked}", f"  Also knocked: {knocked}"))
    if same_game:
        old = {figure["number"]: figure for figure in before["table"]}
        for figure in after["table"]:
            previous = old.get(figure["number"])
            if previous is None:
                lines.append(
                    t(
                        f"{seat_name(figure['laid_by'][0])} legt aus: {figure_text(figure)}",
                        f"{seat_name(figure['laid_by'][0])} lays: {figure_text(figure)}",
                    )
                )
            elif previous["cards"] != figure["cards"]:
                lines.append(t(f"Figur geändert: {figure_text(figure)}", f"Figure changed: {figure_text(figure)}"))
    if len(after["history"]) > len(before["history"]):
        record = after["history"][-1]
        winner = record["winner"]
        if winner is None:
            lines.append(
                t(
                    "Spiel vorbei: der Stapel ist leer, niemand hat ausgemacht.",
                    "Game over: the stock is empty, nobody went out.",
                )
            )
        else:
            romme = t(" mit Rommé-Hand (doppelt)", " with a Rommé-Hand (doubled)") if record["romme_hand"] else ""
            lines.append(
                t(
                    f"Spiel vorbei: {seat_name(winner)} hat ausgemacht{romme}.",
                    f"Game over: {seat_name(winner)} went out{romme}.",
                )
            )
        points = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(record["penalties"]))
        lines.append(t(f"  Strafpunkte: {points}", f"  Penalty points: {points}"))
    return lines
