"""Das Regeln Wir Schon! in the terminal: the table as one seat sees it, and what changed on the
public table. Both work on views only: ``draw`` gets the acting seat's own view (its hand, its own
vote and prediction), ``news`` compares two *public* views, so it tells only what everybody at a
real table sees: a card put to the vote, the reveal of every vote at once (RG-3.2), adopted or
rejected, and the scorepad after a Scoring and Prediction Round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text as Plain

from stammtisch.cli.board import seat_name
from stammtisch.core.text import Text
from stammtisch.games.regeln.catalogue import catalogue_of

COLOURS = ("white", "purple", "yellow", "green")
COLOUR_SHORT = {"white": ("ws", "wh"), "purple": ("li", "pu"), "yellow": ("ge", "ye"), "green": ("gr", "gn")}


def _say(lang: str, de: str, en: str) -> str:
    return Text(de, en).get(lang)


def card_title(view: Mapping[str, Any], card_id: str | None, lang: str) -> str:
    """``K-W0 „Die weissen Chips zählen null Punkte“`` (marked * when the card is ours)."""
    if card_id is None:
        return "–"
    card = (catalogue_of(str(view.get("deck") or "")) or {}).get(card_id)
    if card is None:
        return card_id
    ours = " *" if card.get("designed") else ""
    return f"{card_id} „{card['title_de' if lang == 'de' else 'title_en']}“{ours}"


def chips_text(chips: Mapping[str, int], lang: str) -> str:
    index = 0 if lang == "de" else 1
    return " ".join(f"{COLOUR_SHORT[c][index]}:{chips.get(c, 0)}" for c in COLOURS)


def draw(view: Mapping[str, Any], humans: Sequence[int], lang: str) -> RenderableType:
    """The rules in force, the card under vote, every seat's chips, tiles, cards and score, the last
    reveal, and the seat's own hand, vote and prediction."""
    name = [seat_name(seat, humans, lang) for seat in range(int(view["seats"]))]
    parts: list[RenderableType] = []
    mats = Table(
        show_header=False,
        box=None,
        title=_say(lang, f"Runde {view['round']} von 5", f"Round {view['round']} of 5"),
        title_justify="left",
    )
    mats.add_column()
    mats.add_column()
    mats.add_row("Wertung", card_title(view, view["wertung"], lang))
    mats.add_row("Prognose", card_title(view, view["prognose"], lang))
    for kind in ("korrektur", "abstimm", "ereignis"):
        for card in view[kind]:
            mats.add_row(kind.capitalize(), card_title(view, card, lang))
    if view.get("under_vote"):
        mats.add_row(_say(lang, "Zur Abstimmung", "Up for the vote"), card_title(view, view["under_vote"], lang))
    parts.append(mats)
    seats = Table(show_header=True, box=None)
    for heading in (
        _say(lang, "Platz", "Seat"),
        "Chips",
        _say(lang, "Plättchen", "Tiles"),
        _say(lang, "Karten", "Cards"),
        _say(lang, "Punkte", "Points"),
    ):
        seats.add_column(heading)
    for seat in range(int(view["seats"])):
        marker = "▶ " if seat == view["active"] else ""
        voted = ""
        if view["phase"] == "vote":
            voted = " ✓" if view["voted"][seat] else " …"
        seats.add_row(
            f"{marker}{name[seat]}{voted}",
            chips_text(view["chips"][seat], lang),
            f"{view['tiles'][seat]} ({view['used_tiles'][seat]})",
            str(view["hand_sizes"][seat]),
            str(view["scores"][seat]),
        )
    parts.append(seats)
    parts.append(Plain(_say(lang, "Vorrat: ", "Pool: ") + chips_text(view["pool"], lang)))
    if view.get("last_vote"):
        parts.append(Plain(reveal_line(view, name, lang)))
    if "hand" in view:
        parts.append(Plain(_say(lang, "Deine Karten:", "Your cards:")))
        for card in view["hand"]:
            parts.append(Plain(f"  {card_title(view, card, lang)}"))
        mine = view.get("my_prediction")
        if mine:
            colour = f" {mine['colour']}" if mine.get("colour") else ""
            parts.append(
                Plain(
                    _say(
                        lang, f"Deine Vorhersage: {mine['value']}{colour}", f"Your prediction: {mine['value']}{colour}"
                    )
                )
            )
    parts.append(
        Plain(
            _say(lang, "* = von uns entworfene Karte (Original verloren)", "* = card designed by us (original lost)"),
            style="dim",
        )
    )
    return Group(*parts)


def reveal_line(view: Mapping[str, Any], names: Sequence[str], lang: str) -> str:
    """Every vote of the last reveal, the sums and the outcome."""
    record = view["last_vote"]
    votes = record["votes"]
    shown = ", ".join(
        f"{names[seat]} {_say(lang, 'Ja' if v['yes'] else 'Nein', 'yes' if v['yes'] else 'no')}×{v['tiles']}"
        for seat, v in enumerate(votes)
    )
    yes = sum(v["tiles"] for v in votes if v["yes"])
    no = sum(v["tiles"] for v in votes if not v["yes"])
    if record["adopted"] is None:
        outcome = _say(lang, "Gleichstand", "tie")
    else:
        outcome = _say(
            lang, "angenommen" if record["adopted"] else "abgelehnt", "adopted" if record["adopted"] else "rejected"
        )
    return _say(
        lang,
        f"Abstimmung: {shown} – Ja {yes} : {no} Nein → {outcome}",
        f"Vote: {shown} – yes {yes} : {no} no → {outcome}",
    )


def news(before: Mapping[str, Any], after: Mapping[str, Any], humans: Sequence[int], lang: str) -> list[str]:
    """What the whole table learns from one step: a card put to the vote, the reveal, the decision,
    the end of a Scoring and Prediction Round with the totals, the end of the game."""
    names = [seat_name(seat, humans, lang) for seat in range(int(after["seats"]))]
    lines: list[str] = []
    if after.get("under_vote") and after["under_vote"] != before.get("under_vote") and after["phase"] == "vote":
        lines.append(
            _say(
                lang,
                f"{names[after['active']]} stellt zur Abstimmung: ",
                f"{names[after['active']]} puts to the vote: ",
            )
            + card_title(after, after["under_vote"], lang)
        )
    old, new = before.get("last_vote"), after.get("last_vote")
    if new and (old != new):
        if not old or old.get("card") != new.get("card") or old.get("adopted") != new.get("adopted"):
            lines.append(reveal_line(after, names, lang))
    if len(after.get("scorepad") or []) > len(before.get("scorepad") or []):
        number = len(after["scorepad"])
        lines.append(_say(lang, f"Wertung und Prognose, Runde {number}:", f"Scoring and prediction, round {number}:"))
        for seat, line in enumerate(after["scorepad"][-1]):
            lines.append(
                f"  {names[seat]}: {line['interim']} + {line['prediction']} → {line['total']} "
                + _say(lang, f"(Platz {line['place']})", f"(place {line['place']})")
            )
    if after["phase"] == "over" and before["phase"] != "over":
        lines.append(_say(lang, "Das Spiel ist zu Ende.", "The game is over."))
    return lines
