"""The Preisrommé page model for a seat's own phone and for spectators, read from snapshots only.

A seat's page shows her hand, the table figures, the top of the discard pile, how many cards each
seat holds, the knock window (who has answered, never how: R-4/RA-07 answers stay hidden until the
window closes) and her legal actions grouped as a player thinks of them: take/knock/pass, lay a
figure, lay off, swap a joker, discard. The spectator page is the same without a hand or actions.
Texts are bilingual pairs (``{"de", "en"}``) that the templates show with ``t``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.preisromme.cards import CARD

SUIT_SIGNS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
#: Sorting the hand (hand.js): suits alternate in colour; aces high; the joker last.
SUIT_ORDER = "CHSD"
RANK_ORDER = "2 3 4 5 6 7 8 9 10 J Q K A"
RANKS_DE = {"J": "B", "Q": "D", "K": "K", "A": "A"}
GROUPS = ("window", "meld", "layoff", "swap", "withdraw", "discard")


def _t(de: str, en: str) -> dict[str, str]:
    return {"de": de, "en": en}


def card(code: str, lang: str) -> dict[str, Any]:
    """A card for display: ``{"code": "QH", "label": "D♥", "red": True}`` (German ranks in de)."""
    if code == "JK":
        return {"code": code, "label": "Joker", "red": False, "joker": True, "name": "Joker", "rank": "", "suit": ""}
    rank, suit = code[:-1], code[-1]
    shown = RANKS_DE.get(rank, rank) if lang == "de" else rank
    return {
        "code": code,
        "label": f"{shown}{SUIT_SIGNS.get(suit, suit)}",
        "red": suit in "HD",
        "joker": False,
        "name": _card_name(rank, suit, lang),
        "rank": rank,
        "suit": suit,
    }


_SUIT_NAMES = {"C": ("Kreuz", "clubs"), "S": ("Pik", "spades"), "H": ("Herz", "hearts"), "D": ("Karo", "diamonds")}
_RANK_NAMES = {
    "J": ("Bube", "jack"),
    "Q": ("Dame", "queen"),
    "K": ("König", "king"),
    "A": ("Ass", "ace"),
}


def _card_name(rank: str, suit: str, lang: str) -> str:
    """What a screen reader says: "Herz Dame", "queen of hearts"."""
    index = 0 if lang == "de" else 1
    suit_name = _SUIT_NAMES.get(suit, (suit, suit))[index]
    rank_name = _RANK_NAMES.get(rank, (rank, rank))[index]
    return f"{suit_name} {rank_name}" if lang == "de" else f"{rank_name} of {suit_name}"


def _name(players: list[str], seat: object) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _action_label(notation: str, lang: str) -> dict[str, str]:
    words = notation.split()
    verb = words[0]
    if verb == "take":
        return _t("Karte nehmen", "Take the card")
    if verb == "knock":
        return _t("Klopfen", "Knock")
    if verb == "pass":
        return _t("Passen", "Pass")
    if verb == "withdraw":
        return _t("Nicht mehr auslegen", "Stop laying")
    cards = [card(word, lang)["label"] for word in words[1:] if word.upper() in _CODES]
    if verb == "discard":
        return _t(f"{cards[0]} abwerfen", f"Discard {cards[0]}")
    if verb == "meld":
        joined = " ".join(cards)
        return _t(f"Auslegen: {joined}", f"Lay: {joined}")
    if verb == "layoff":
        end = {"low": _t(" (unten)", " (low end)"), "high": _t(" (oben)", " (high end)")}.get(words[-1])
        suffix = end or _t("", "")
        return _t(f"{cards[0]} an Figur {words[1]}{suffix['de']}", f"{cards[0]} onto figure {words[1]}{suffix['en']}")
    if verb == "swap":
        return _t(f"Joker an Figur {words[1]} gegen {cards[-1]}", f"Joker on figure {words[1]} for {cards[-1]}")
    return _t(notation, notation)


_CODES = frozenset(CARD)


def _group(notation: str) -> str:
    verb = notation.split()[0]
    return "window" if verb in ("take", "knock", "pass") else verb


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The page model of a seat's (or, with ``seat`` None, the public) Preisrommé table."""
    view: dict[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    turn: dict[str, Any] = snap.get("turn") or {}
    window = view.get("window")
    last = view.get("last_window")
    groups: dict[str, list[dict[str, Any]]] = {name: [] for name in GROUPS}
    for entry in snap.get("legal") or []:
        if seat is None or entry.get("seat") != seat:
            continue
        notation = str(entry["notation"])
        groups.setdefault(_group(notation), []).append(
            {
                "notation": notation,
                "label": _action_label(notation, lang),
                "kind": _group(notation),
                # The hand's cards the move plays (the selection that offers it, hand.js): a meld's cards,
                # the card laid off, swapped in or discarded.
                "cards": " ".join(word for word in notation.split()[1:] if word in _CODES),
            }
        )
    seats = []
    for index, size in enumerate(view.get("hand_sizes") or []):
        answered = (window or {}).get("answered") or []
        seats.append(
            {
                "seat": index,
                "name": _name(players, index),
                "cards": size,
                "opened": bool((view.get("opened") or [False] * (index + 1))[index]),
                "penalty": (view.get("penalties") or [0] * (index + 1))[index],
                "current": index == view.get("current"),
                "dealer": index == view.get("dealer"),
                "me": index == seat,
                "answered": answered[index] if index < len(answered) else None,
            }
        )
    figures = [
        {
            "number": figure["number"],
            "kind": figure["kind"],
            "laid_by": _name(players, (figure.get("laid_by") or [None])[0]),
            "cards": [
                {**card(code, lang), "stands_for": card(stands, lang)["label"] if code == "JK" else None}
                for code, stands in zip(figure["cards"], figure["stands_for"], strict=True)
            ],
        }
        for figure in view.get("table") or []
    ]
    result = snap.get("result")
    finished = turn.get("kind") == "finished"
    return {
        "match_id": snap.get("match_id"),
        "title": snap.get("title") or "",
        "seq": snap.get("seq", 0),
        "seat": seat,
        "me": _name(players, seat) if seat is not None else None,
        "players": players,
        "game_no": view.get("game_no"),
        "games": view.get("games"),
        "phase": view.get("phase"),
        "dealer": _name(players, view.get("dealer")),
        "current": _name(players, view.get("current")),
        "stock": view.get("stock_size"),
        "discard": card(view["discard_top"], lang) if view.get("discard_top") else None,
        "seats": seats,
        "figures": figures,
        "hand": [card(code, lang) for code in view.get("hand") or []],
        "hand_points": view.get("hand_points"),
        "my_answer": view.get("my_answer"),
        "window": {
            "card": card(window["card"], lang),
            "discarder": _name(players, window.get("discarder")),
            "next": _name(players, window.get("next")),
        }
        if window
        else None,
        "last_window": {
            "card": card(last["card"], lang),
            "taken_by": _name(players, last["taken_by"]) if last.get("taken_by") is not None else None,
            "claimed": [_name(players, s) for s in last.get("claimed") or []],
        }
        if last
        else None,
        "locked": bool(view.get("locked")),
        "my_turn": seat is not None and seat in (turn.get("seats") or []),
        "actions": groups,
        "history": [
            {
                "number": number,
                "winner": _name(players, record.get("winner")) if record.get("winner") is not None else None,
                "romme_hand": record.get("romme_hand"),
                "penalties": record.get("penalties"),
            }
            for number, record in enumerate(view.get("history") or [], start=1)
        ],
        "deal_end": deal_end(view, players, finished),
        "sheet": sheet(view, players),
        "finished": finished,
        "scores": (result or {}).get("scores") if finished else None,
        "suits": SUIT_ORDER,
        "ranks": RANK_ORDER,
    }


def deal_end(view: Mapping[str, Any], players: list[str], finished: bool) -> dict[str, Any] | None:
    """The moment after a game (Spiel) of the pass: who went out, what each hand counted and what went on
    the sheet (doubled after a Rommé-Hand, R-13.2). Shown while the next game's first round is played
    (``turn_no`` below the number of seats) and at the end of the pass; ``None`` otherwise."""
    history = view.get("history") or []
    if not history or not (finished or int(view.get("turn_no") or 0) < len(players)):
        return None
    record = history[-1]
    winner = record.get("winner")
    counted = list(record.get("hand_points") or [])
    penalties = list(record.get("penalties") or [])
    return {
        "number": len(history),
        "winner": _name(players, winner) if winner is not None else None,
        "romme_hand": bool(record.get("romme_hand")),
        "rows": [
            {
                "name": name,
                "out": seat == winner,
                "counted": counted[seat] if seat < len(counted) else 0,
                "penalty": penalties[seat] if seat < len(penalties) else 0,
            }
            for seat, name in enumerate(players)
        ],
    }


def sheet(view: Mapping[str, Any], players: list[str]) -> dict[str, Any]:
    """The running score sheet with names: per player the penalty of each game so far and the sum."""
    history = view.get("history") or []
    rows = []
    for seat, name in enumerate(players):
        cells = [list(record.get("penalties") or [])[seat : seat + 1] or [0] for record in history]
        points = [cell[0] for cell in cells]
        totals = list(view.get("sheet") or [])
        rows.append({"name": name, "games": points, "total": totals[seat] if seat < len(totals) else sum(points)})
    return {"games": list(range(1, len(history) + 1)), "rows": rows}
