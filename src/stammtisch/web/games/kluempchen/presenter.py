"""The Klümpchen page model, read from the engine's JSON view (``games/kluempchen/view.py``).

Seat numbers become names, kept dice ``[[face, n], ...]`` become a row of faces, money stays in
cents (the template formats it), the legal actions are split into the dice pad (table mode), the
score-sheet form and buttons. Missing keys are tolerated: the template shows what there is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stammtisch.web.kit import plain_text, seat_legal, translator

#: Actions that throw the free dice: in table mode the dice pad sends them together with the faces.
THROW_NOTATIONS = ("throw", "joker")
#: Rarely needed choices, folded under "someone away?" and drawn unlike the usual ones.
SECONDARY = ("away", "standin", "absent", "forfeit")
#: Costly to undo: drawn as dangerous and asked again before they are sent.
DANGEROUS = ("close",)
#: "(role 1)" in the engine's hints: the banner already says who throws first.
_ROLE = re.compile(r"\s*\((?:role|Rolle) \d\)")
#: After a round every seat may choose these; they mean the same whoever taps, so one button each.
ANY_SEAT = ("next", "close", "redraw")
#: Between rounds (E-22): who comes to the table and who leaves, one button per name, whoever enters it.
TABLE_CHANGE_TYPES = ("Arrive", "Leave")
#: Between rounds (E-26): someone nobody expected sits down: a name box, not a button (``new_seat``).
JOIN_TYPE = "Join"
#: Scoresheet entries are typed into one small form instead of one button per possible result.
ENTRY_TYPES = ("EnterTurn",)
#: Six equal dice written on the sheet: a tick in the same form, not eight look-alike buttons.
SIX_TYPES = ("EnterSixEqual",)
THROWS_PER_SEQUENCE = 3


def _reasons(lang: str) -> dict[str, str]:
    _ = translator(lang)
    return {
        "lost": _("lost the round"),
        "below_75": _("Schuster (below 75)"),
        "no_points": _("Schwarz (no points)"),
        "unused_joker": _("Joker ins Grab (unused joker)"),
        "three_straights": _("3 Straßen"),
        "six_equal_fine": _("six equal dice"),
    }


def _incidents(lang: str) -> list[tuple[str, str]]:
    _ = translator(lang)
    return [
        ("turm", _("Turm (dice stacked): repeat")),
        ("cocked", _("Dice burning against each other: repeat")),
        ("foul missing_die", _("Foul: a die is missing")),
        ("foul wrong_packing", _("Foul: packed wrongly")),
        ("foul fell_out", _("Foul: a die fell out of the cup")),
        ("foul off_table", _("Foul: a die fell off the table")),
    ]


def _name(players: list[str], seat: object) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _team_names(players: list[str], members: list[int]) -> str:
    return " & ".join(_name(players, seat) for seat in members)


def _throws(throws: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turn's throws in order (E-1: one tap may bring two): each die with whether it was set aside
    from this throw, the Würfelfolge, the throw's number in it and its bilingual event line."""
    shown = []
    for entry in throws:
        left = list(entry.get("kept") or [])
        dice = []
        for face in entry.get("faces") or []:
            kept = face in left
            if kept:
                left.remove(face)
            dice.append({"face": face, "kept": kept})
        shown.append(
            {
                "dice": dice,
                "event": entry.get("event"),
                "sequence": entry.get("sequence", 1),
                "number": entry.get("number", 1),
                "void": bool(entry.get("void")),
            }
        )
    return shown


def _result_line(previous: dict[str, Any], lang: str) -> str:
    """How the last turn ended, in the reader's language (the name stands in the heading)."""
    _ = translator(lang)
    points = previous.get("points", 0)
    how = previous.get("how", "")
    if how == "forfeit":
        line = _("Absent, nobody threw: 0 points")
    elif how == "six_equal":
        line = _("Six equal dice in one throw")
    elif how == "entered":
        line = _("Entered: %(points)s points", points=points)
    elif how == "stop":
        line = _("Stopped with %(points)s points", points=points)
    else:
        line = _("%(points)s points", points=points)
    if previous.get("joker") and points:
        line += " · " + _("joker: doubled")
    return line


def _previous(previous: dict[str, Any] | None, players: list[str], lang: str) -> dict[str, Any] | None:
    """The last finished player turn: who threw, how it went, the result line."""
    if not previous:
        return None
    return {
        "line": _result_line(previous, lang),
        "name": _name(players, previous.get("owner")),
        "thrower": _name(players, previous.get("thrower")) if previous.get("stand_in") else None,
        "role": previous.get("role"),
        "points": previous.get("points", 0),
        "joker": bool(previous.get("joker")),
        "how": previous.get("how", ""),
        "result": previous.get("result"),
        "throws": _throws(previous.get("throws") or []),
    }


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The Klümpchen page model of a snapshot for ``seat``'s page (``None``: the scribe's)."""
    view: dict[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    turn = view.get("turn") or {}
    on_turn = view.get("on_turn") or {}
    teams_view = view.get("teams") or []
    jokers = view.get("jokers_left") or []
    current_team = on_turn.get("team")
    k: dict[str, Any] = {
        "phase": view.get("phase", ""),
        "round_number": view.get("round", 0),
        "hint": _ROLE.sub("", plain_text(view.get("hint"), lang, players)),
        "throws": int(turn.get("throws_used", 0) or 0),
        "throws_max": THROWS_PER_SEQUENCE,
        "pending": turn.get("value", turn.get("pending", 0)),
        "raw_pending": turn.get("pending", 0),
        "awaiting": bool(turn.get("awaiting_confirmation")),
        "joker": bool(turn.get("joker")),
        "turn_strassen": turn.get("strassen", 0),
        "kept": [face for face, count in turn.get("kept") or [] for _ in range(count)],
        "free": turn.get("free", 0),
        "last": list(turn.get("last_throw") or []),
        "turn_throws": _throws(turn.get("throws") or []),
        "previous": _previous(view.get("previous_turn"), players, lang),
        "first_result": (view.get("provisional") or {}).get("points"),
        "on_turn": None,
        "teams": [],
        "strassen": [],
        "last_round": None,
    }
    if on_turn:
        team = teams_view[current_team] if isinstance(current_team, int) and current_team < len(teams_view) else {}
        k["on_turn"] = {
            "seat": on_turn.get("seat"),
            "name": _name(players, on_turn.get("seat")),
            "thrower": _name(players, on_turn.get("thrower")),
            "role": on_turn.get("role"),
            "team": _team_names(players, team.get("members") or []),
        }
    for team in teams_view:
        members = team.get("members") or []
        k["teams"].append(
            {
                "names": _team_names(players, members),
                "score": team.get("score", 0),
                "out": bool(team.get("out")),
                "solo": bool(team.get("solo")),
                "current": team.get("index") == current_team and view.get("phase") == "play",
                "jokers_left": sum(jokers[s] for s in members if s < len(jokers)),
            }
        )
    k["strassen"] = [
        {"name": _name(players, seat), "count": count} for seat, count in enumerate(view.get("strassen") or [])
    ]
    draw = view.get("draw") or {}
    k["roller"] = _name(players, draw.get("next_roller"))
    k["draw_rolls"] = [{"name": _name(players, seat), "face": face} for seat, face in draw.get("rolls") or []]
    rounds = view.get("rounds") or []
    if rounds:
        k["last_round"] = _settlement(rounds[-1], view, players, lang)
    k["evening"] = _evening(view, players)
    k["table"] = _table(view, players)
    k.update(_actions(snap, seat, view, lang))
    # Table mode mid-turn: "stop" sits in the dice pad beside the next throw, both in the first screen.
    k["pad_stop"] = [entry for entry in k["main_actions"] if entry["notation"] == "stop"] if k["pad"] else []
    k["main_actions"] = [entry for entry in k["main_actions"] if entry not in k["pad_stop"]]
    k["team_choices"] = _team_choices(k["other_actions"], players, lang)
    if k["team_choices"]:
        k["other_actions"] = [entry for entry in k["other_actions"] if not entry["notation"].startswith("team ")]
        k["main_actions"] = [entry for entry in k["main_actions"] if not entry["notation"].startswith("team ")]
    return k


def _team_choices(entries: list[dict[str, Any]], players: list[str], lang: str) -> list[dict[str, Any]]:
    """Manual team entry (``team A B``): one row per first thrower, a button per partner, all in names."""
    _ = translator(lang)
    rows: dict[int, dict[str, Any]] = {}
    for entry in entries:
        parts = entry["notation"].split()
        if len(parts) != 3 or parts[0] != "team":
            continue
        first, second = int(parts[1]), int(parts[2])
        row = rows.setdefault(
            first,
            {
                "first": _name(players, first),
                "heading": _("%(name)s throws first, with:", name=_name(players, first)),
                "partners": [],
            },
        )
        row["partners"].append(
            {
                **entry,
                "name": _name(players, second),
                "text": _(
                    "%(first)s with %(second)s (%(first)s throws first)",
                    first=_name(players, first),
                    second=_name(players, second),
                ),
            }
        )
    return [rows[first] for first in sorted(rows)]


def _settlement(record: dict[str, Any], view: dict[str, Any], players: list[str], lang: str) -> dict[str, Any]:
    """Who pays what for one round: per player units and cents with the reasons, payouts to externals."""
    reasons = _reasons(lang)
    externals = set(view.get("externals") or [])
    per_seat: dict[int, dict[str, Any]] = {}
    for payment in record.get("payments") or []:
        seat = payment["seat"]
        row = per_seat.setdefault(
            seat, {"name": _name(players, seat), "external": seat in externals, "units": 0, "cents": 0, "why": []}
        )
        row["units"] += payment["units"]
        row["cents"] += payment["cents"]
        row["why"].append(f"{reasons.get(payment['reason'], payment['reason'])} ×{payment['units']}")
    teams = record.get("teams") or []
    loser = record.get("loser")
    loser_members = teams[loser] if isinstance(loser, int) and loser < len(teams) else []
    payouts = [
        {"name": _name(players, p["seat"]), "cents": p["cents"]} for p in record.get("payouts") or [] if p["cents"]
    ]
    paid = sum(row["cents"] for row in per_seat.values())
    # Who pays least this round: everyone who played it, 0 for those who paid nothing.
    played = sorted({seat for team in teams for seat in team if isinstance(seat, int)})
    owed = {seat: per_seat[seat]["cents"] if seat in per_seat else 0 for seat in played}
    least = min(owed.values()) if owed else 0
    return {
        "least": {
            "names": [_name(players, seat) for seat in played if owed[seat] == least],
            "cents": least,
        }
        if owed and len(set(owed.values())) > 1
        else None,
        "number": record.get("number"),
        "unit_cents": record.get("unit_cents"),  # that round's unit: its N (E-22)
        "players": record.get("players"),
        "ending": record.get("ending"),
        "loser": _team_names(players, sorted(set(loser_members))),
        "rows": [per_seat[seat] for seat in sorted(per_seat)],
        "payouts": payouts,
        "paid_cents": paid,
        "bank_cents": paid - sum(p["cents"] for p in payouts),
    }


def _table(view: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """Who is at the table now (E-22): names, N and the unit of the next (or running) round."""
    return {
        "players": view.get("players", len(players)),
        "unit_cents": view.get("unit_cents"),
        "away": [_name(players, seat) for seat in view.get("not_seated") or []],
        "changed": bool(view.get("table_changed")),
        "starter": _name(players, view.get("draw_starter")),
    }


def _table_change(entry: dict[str, Any], players: list[str], lang: str) -> dict[str, Any]:
    """An arrival or a leave as a button with the player's name (names, not seats)."""
    _ = translator(lang)
    action = entry.get("action") or {}
    name = _name(players, action.get("seat"))
    arriving = action.get("type") == "Arrive"
    return {
        **entry,
        "any_seat": True,  # whoever enters it, it is about the named player
        "name": name,
        "arriving": arriving,
        "text": _("%(name)s arrives", name=name) if arriving else _("%(name)s leaves", name=name),
    }


def _evening(view: dict[str, Any], players: list[str]) -> dict[str, Any]:
    totals = view.get("totals") or {}
    paid = totals.get("paid_cents") or []
    received = totals.get("received_cents") or []
    externals = set(view.get("externals") or [])
    return {
        "rows": [
            {
                "name": _name(players, seat),
                "external": seat in externals,
                "paid": paid[seat] if seat < len(paid) else 0,
                "received": received[seat] if seat < len(received) else 0,
            }
            for seat in range(len(players))
        ],
        "bank_cents": totals.get("bank_cents", 0),
        "unit_cents": view.get("unit_cents"),
    }


def _actions(snap: Mapping[str, Any], seat: int | None, view: dict[str, Any], lang: str) -> dict[str, Any]:
    """Split the legal actions: throws (the pad in table mode), scoresheet entries, the rest as buttons."""
    throws, entries, others, sixes, changes = [], [], [], [], []
    players: list[str] = list(snap.get("players") or [])
    shown: set[str] = set()
    new_seat: dict[str, Any] | None = None
    for entry in seat_legal(snap, seat):
        kind = (entry.get("action") or {}).get("type")
        if kind == JOIN_TYPE:  # E-26: whoever at the table enters him; the form asks for his name
            if new_seat is None:
                new_seat = {"seat": entry["seat"]}
            continue
        if kind in TABLE_CHANGE_TYPES:  # any seat at the table enters them: one button per name
            if entry["notation"] not in shown:
                shown.add(entry["notation"])
                changes.append(_table_change(entry, players, lang))
            continue
        if entry["notation"] in ANY_SEAT:
            if entry["notation"] in shown:
                continue
            shown.add(entry["notation"])
            entry = {**entry, "any_seat": True}
        entry = {
            **entry,
            "secondary": entry["notation"] in SECONDARY,
            "dangerous": entry["notation"] in DANGEROUS,
            "text": _ROLE.sub("", plain_text(entry.get("label"), lang, players)),
        }
        if entry["notation"] in THROW_NOTATIONS:
            throws.append(entry)
        elif kind in ENTRY_TYPES:
            entries.append(entry)
        elif kind in SIX_TYPES:
            sixes.append(entry)
        else:
            others.append(entry)
    # A player not at the table has one step on his own page: reporting himself back. It is his main input.
    own_return = seat is not None and seat in (view.get("not_seated") or [])
    return {
        "arrivals": [] if own_return else [entry for entry in changes if entry["arriving"]],
        "leaves": [entry for entry in changes if not entry["arriving"]],
        "new_seat": None if own_return else new_seat,
        "own_return": changes if own_return else [],
        "throw_actions": [entry for entry in throws if entry["notation"] != "joker"],
        "joker_actions": [entry for entry in throws if entry["notation"] == "joker"],
        "main_actions": [entry for entry in others if not entry["secondary"] and not entry["dangerous"]],
        "rare_actions": [entry for entry in others if entry["secondary"]],
        "dangerous_actions": [entry for entry in others if entry["dangerous"]],
        "other_actions": others,
        "scoresheet": {**_scoresheet(entries), "six": bool(sixes)} if entries else None,
        "pad": _pad(snap, view, throws, lang),
    }


def _scoresheet(entries: list[dict[str, Any]]) -> dict[str, Any]:
    actions = [entry["action"] for entry in entries]
    stand_ins = sorted({int(action["thrower"]) for action in actions if int(action.get("thrower", -1)) >= 0})
    return {
        "seat": entries[0]["seat"],
        "partner": stand_ins[0] if stand_ins else None,
        "joker": any(action.get("joker") for action in actions),
        "max_points": max(int(action.get("points", 0)) for action in actions),
        "max_strassen": max(int(action.get("strassen", 0)) for action in actions),
    }


def _pad(
    snap: Mapping[str, Any], view: dict[str, Any], throws: list[dict[str, Any]], lang: str
) -> dict[str, Any] | None:
    """The dice tap pad (table mode): how many dice, which throw actions go with the faces, incidents."""
    if snap.get("mode", "table") != "table":
        return None
    turn = view.get("turn") or {}
    in_play = view.get("phase") == "play"
    chance = (snap.get("turn") or {}).get("kind", "decision") == "chance"
    if chance:
        dice = turn.get("free") if in_play else 1
        choices = [{"notation": "", "seat": "", "label": None, "joker": False}]
        seat: object = ""
    elif throws:
        dice = turn.get("free", 6)
        choices = [
            {"notation": e["notation"], "seat": e["seat"], "label": e["label"], "joker": e["notation"] == "joker"}
            for e in throws
        ]
        seat = throws[-1]["seat"]
    else:
        return None
    incidents = []
    if in_play:
        notation = "" if chance else "throw"
        incidents = [
            {"outcome": outcome, "label": label, "notation": notation, "seat": seat}
            for outcome, label in _incidents(lang)
        ]
    return {"dice": dice if isinstance(dice, int) else None, "choices": choices, "incidents": incidents}
