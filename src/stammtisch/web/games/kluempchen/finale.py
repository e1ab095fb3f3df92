"""The end of a Klümpchen evening in its own terms: everybody pays, so there is no winner; the screen says
who pays what in euros (the club's unit, through Babel in the page's language), who pays least, who was
Schuster (under 75 points) or Schwarz (no points) in which round, and what the bank keeps. A closed
evening is over: no rematch and no next round are offered (a new evening is started from the start page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.web.kit import money, translator

#: Payment reasons (``result.details.payments[].reason``) that name a player's bad round.
MARKS = ("below_75", "no_points")


def names_list(names: list[str], lang: str) -> str:
    """ "Anna, Ben und Carl" / "Anna, Ben and Carl"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" und " if lang == "de" else " and ") + names[-1]


def finale(snap: Mapping[str, Any], lang: str) -> dict[str, Any] | None:
    """The closed evening: who pays what, who pays least, Schuster and Schwarz, the bank's total."""
    _ = translator(lang)
    details = (snap.get("result") or {}).get("details") or {}
    players: list[str] = list(snap.get("players") or [])
    paid: list[int] = list(details.get("paid_cents") or [])
    received: list[int] = list(details.get("received_cents") or [])
    if len(paid) != len(players):
        return None
    received += [0] * (len(players) - len(received))
    net = [paid[seat] - received[seat] for seat in range(len(players))]
    least = min(net)
    cheapest = [players[seat] for seat in range(len(players)) if net[seat] == least]
    lines = []
    if len(cheapest) == 1:
        lines.append(_("Pays least: %(names)s (%(amount)s)", names=cheapest[0], amount=money(least, lang)))
    elif len(cheapest) < len(players):
        lines.append(
            _("Pay least: %(names)s (%(amount)s each)", names=names_list(cheapest, lang), amount=money(least, lang))
        )
    else:
        lines.append(_("Everybody pays the same: %(amount)s each", amount=money(least, lang)))
    marks = {
        "below_75": _("Schuster (under 75 points)"),
        "no_points": _("Schwarz (no points)"),
    }
    for reason in MARKS:
        hits = [
            _("%(name)s in round %(n)s", name=players[p["seat"]], n=p["round"])
            for p in details.get("payments") or []
            if p.get("reason") == reason and 0 <= p.get("seat", -1) < len(players)
        ]
        if hits:
            lines.append(f"{marks[reason]}: {', '.join(hits)}")
    lines.append(_("The bank keeps %(amount)s", amount=money(int(details.get("bank_cents") or 0), lang)))
    any_received = any(received)
    head = [_("Player"), _("pays")] + ([_("receives")] if any_received else [])
    rows = []
    for seat in sorted(range(len(players)), key=lambda s: (net[s], players[s])):
        cells = [players[seat], money(paid[seat], lang)]
        if any_received:
            cells.append(money(received[seat], lang))
        rows.append({"cells": cells, "best": net[seat] == least and len(cheapest) < len(players)})
    rounds = int(details.get("rounds") or 0)
    return {
        "headline": _("The evening is closed: who pays what"),
        "lines": lines,
        "table": {
            "caption": _("Rounds played: %(n)s", n=rounds),
            "head": head,
            "rows": rows,
        },
        "chart": None,  # everybody pays: bars of amounts would crown nobody
        "rematch": False,
    }
