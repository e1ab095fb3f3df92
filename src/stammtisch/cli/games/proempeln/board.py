"""Drawing the Prömpeln table in the terminal: the score sheet with moves and running totals, the
run in progress (seven bottles), and what changed after a step. Only views are drawn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.cli.board import seat_name
from stammtisch.core.text import Text


def _say(lang: str, de: str, en: str) -> str:
    return Text(de, en).get(lang)


def _name(seat: int, humans: Sequence[int], lang: str) -> str:
    return seat_name(seat, humans, lang)


def draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The score sheet (rounds 1-7, Σ, specials left) and the bottles of the run in progress."""
    sheet = Table(title=_say(lang, f"Runde {view['round']} von 7", f"Round {view['round']} of 7"), title_justify="left")
    sheet.add_column(_say(lang, "Spieler", "Player"))
    for number in range(1, 8):
        sheet.add_column(str(number), justify="right")
    sheet.add_column("Σ", justify="right")
    sheet.add_column(_say(lang, "übrig", "left"))
    for player in view["players"]:
        cells = [
            f"{'' if move == 'none' else move + ' '}{points}"
            for move, points in zip(player["moves"], player["round_scores"], strict=False)
        ]
        cells += [""] * (7 - len(cells))
        marker = "▶ " if player["seat"] == view.get("current_seat") else ""
        sheet.add_row(
            Plain(marker + _name(player["seat"], humans, lang)),
            *cells,
            str(player["total"]),
            "".join(player["specials_left"]) or "–",
        )
    parts: list[RenderableType] = [sheet]
    run = view.get("run")
    if run:
        bottles = "  ".join(
            f"{bottle}:{'?' if value is None or bottle in run['pending_bottles'] else value}"
            for bottle, value in enumerate(run["caps"], start=1)
        )
        special = run["special"] + (f" {run['hand']}" if run.get("hand") else "")
        parts.append(Plain(f"{_name(run['seat'], humans, lang)} – {special} – {bottles}"))
        if run.get("score_now") is not None:
            parts.append(
                Plain(
                    _say(
                        lang, f"Punkte dieses Durchlaufs: {run['score_now']}", f"Points of this run: {run['score_now']}"
                    )
                )
            )
    return Group(*parts)


def news(before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """A recorded round score, a King, the end of the game."""
    lines = []
    for old, new in zip(before["players"], after["players"], strict=True):
        if len(new["round_scores"]) > len(old["round_scores"]):
            points = new["round_scores"][-1]
            lines.append(
                _say(
                    lang,
                    f"{_name(new['seat'], humans, lang)}: {points} Punkte (gesamt {new['total']})",
                    f"{_name(new['seat'], humans, lang)}: {points} points (total {new['total']})",
                )
            )
    if after.get("stechen") and not before.get("stechen"):
        lines.append(_say(lang, "Gleichstand: Stechen!", "Tie: Stechen!"))
    if after.get("winner") is not None and before.get("winner") is None:
        who = _name(after["winner"], humans, lang)
        if after.get("end_reason") == "king":
            lines.append(
                _say(lang, f"👑 {who}: „Ich bin König“ – Spiel vorbei.", f"👑 {who}: 'I am king' – game over.")
            )
        else:
            lines.append(_say(lang, f"👑 {who} ist König.", f"👑 {who} is king."))
    return lines
