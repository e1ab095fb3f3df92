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


#: German card names as printed on French-suited cards in Germany: Bube, Dame, König, As; the suits as
#: their signs (Kreuz ♣, Karo ♦, Herz ♥, Pik ♠). The notation (``QS``) stays what a move is typed in.
_GERMAN_RANKS = {"J": "B", "Q": "D", "K": "K", "A": "A"}
_SUIT_SIGNS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_text(card: str | None, lang: str) -> str:
    """A card as the reader's deck prints it: ``D♠`` / ``10♣`` / ``Joker`` in German, the notation
    (``QS``) in English; ``–`` for none."""
    if not card:
        return "–"
    if lang != "de":
        return card
    if card == "JK":
        return "Joker"
    rank, suit = card[:-1], card[-1]
    return f"{_GERMAN_RANKS.get(rank, rank)}{_SUIT_SIGNS.get(suit, suit)}"


def cards_text(cards: Sequence[str], lang: str) -> str:
    return " ".join(card_text(card, lang) for card in cards)


def figure_text(figure: dict[str, Any], lang: str = "en") -> str:
    """``1: 7H 8H JK(9H)`` (German: ``1: 7♥ 8♥ Joker(9♥)``) — a joker shows the card it stands for (RA-16)."""
    cards = [
        card_text(card, lang) if card != "JK" else f"{card_text(card, lang)}({card_text(stands, lang)})"
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
                f"Stapel: {view['stock_size']} Karten   Ablage oben: {card_text(view['discard_top'], lang)}",
                f"Stock: {view['stock_size']} cards   Discard pile top: {card_text(view['discard_top'], lang)}",
            )
        )
    )
    if view["table"]:
        parts.append(Plain(t("Tisch:", "Table:")))
        for figure in view["table"]:
            parts.append(Plain(f"  {figure_text(figure, lang)}"))
    window = view.get("window")
    if window:
        parts.append(
            Plain(
                t(
                    f"Klopffenster: {card_text(window['card'], lang)} von {seat_name(window['discarder'])}",
                    f"Knock window: {card_text(window['card'], lang)} from {seat_name(window['discarder'])}",
                )
            )
        )
    if "hand" in view:
        parts.append(
            Plain(
                t(
                    f"Deine Hand ({view['hand_points']} Punkte): {cards_text(view['hand'], lang)}",
                    f"Your hand ({view['hand_points']} points): {cards_text(view['hand'], lang)}",
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
            lines.append(
                t(f"Aufgedeckt: {card_text(window['card'], lang)}.", f"Turned up: {card_text(window['card'], lang)}.")
            )
        else:
            discarder = seat_name(window["discarder"])
            lines.append(
                t(
                    f"{discarder} wirft {card_text(window['card'], lang)} ab.",
                    f"{discarder} discards {card_text(window['card'], lang)}.",
                )
            )
    last = after.get("last_window")
    if last and last != before.get("last_window") and same_game:
        knocked = ", ".join(seat_name(s) for s in last["claimed"] if s != last["taken_by"])
        if last["taken_by"] is None:
            lines.append(
                t(f"Niemand nimmt {card_text(last['card'], lang)}.", f"Nobody takes {card_text(last['card'], lang)}.")
            )
        else:
            lines.append(
                t(
                    f"{seat_name(last['taken_by'])} bekommt {card_text(last['card'], lang)}.",
                    f"{seat_name(last['taken_by'])} gets {card_text(last['card'], lang)}.",
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
                        f"{seat_name(figure['laid_by'][0])} legt aus: {figure_text(figure, lang)}",
                        f"{seat_name(figure['laid_by'][0])} lays: {figure_text(figure, lang)}",
                    )
                )
            elif previous["cards"] != figure["cards"]:
                lines.append(
                    t(f"Figur geändert: {figure_text(figure, lang)}", f"Figure changed: {figure_text(figure, lang)}")
                )
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
