"""The Bier-Pong page model, read from the engine's JSON view (``games/bierpong/view.py``).

The table page is built for the scribe at a real table: the rack being thrown at is drawn as it
stands, every cup a big tap target; tapping a cup enters a hit (with the Aufsetzer/Roller toggles
set before, so an ordinary hit is one tap and an Aufsetzer two), and big buttons enter a miss, a
defended ball, a rolled-back ball, an Air Ball. What the rules leave to the teams (which extra cups,
who fetches a rolled-back ball, Heating Up / On Fire, Island) is asked from the engine's legal
actions; extra cups and Island calls are tapped on the rack too. Everything the rules decide is said
in plain words (``explain``). Works on snapshots only, never on engine state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.bierpong.rack import ROWS, neighbours
from stammtisch.games.bierpong.texts import konter_failed
from stammtisch.web.games.bierpong.clock import seconds_left
from stammtisch.web.kit import seat_legal

TEAMS = ("A", "B")
SPECIAL_NAMES = {
    "aufsetzer": ("Aufsetzer", "Aufsetzer (bounce)"),
    "bombe": ("Bombe", "Bombe"),
    "island": ("Island", "Island"),
}
THROW_KINDS = {
    "std": ("Wurf", "throw"),
    "bb": ("Balls Back", "Balls Back"),
    "fire": ("On Fire", "On Fire"),
    "air": ("Air-Ball-Extrawurf", "Air Ball extra throw"),
    "trick": ("Trickshot", "trickshot"),
    "konter": ("Konterwurf", "Konter throw"),
}
ENDS = {
    "cups": ("keine Becher mehr", "no cups left"),
    "dead_cup": ("Dead Cup getroffen", "Dead Cup hit"),
    "timer": ("Zeit abgelaufen, mehr Becher", "time up, more cups"),
    "sudden_death": ("Zeit abgelaufen, nächster Treffer", "time up, next hit"),
}


def _l(lang: str, de: str, en: str) -> str:
    return de if lang == "de" else en


def _name(players: list[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _team_index(name: str | None) -> int | None:
    return TEAMS.index(name) if name in TEAMS else None


def _members(view: Mapping[str, Any], team: int, players: list[str]) -> str:
    return " & ".join(_name(players, s) for s in view["teams"][team]["seats"])


def _specials(lang: str, names: list[str]) -> str:
    return " + ".join(SPECIAL_NAMES[n][0 if lang == "de" else 1] for n in names if n in SPECIAL_NAMES)


def _cups_list(lang: str, cups: list[int]) -> str:
    words = [str(c) for c in cups]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + _l(lang, " oder ", " or ") + words[-1]


def rack_rows(size: int) -> list[list[int]]:
    """The cups of a rack row by row from the tip (cup 1) to the back row (``rack.py``'s numbering)."""
    rows = []
    cup = 1
    for r in range(ROWS[size]):
        rows.append(list(range(cup, cup + r + 1)))
        cup += r + 1
    return rows


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The Bier-Pong page model of a snapshot for ``seat``'s page (``None``: the scribe's)."""
    view: dict[str, Any] = dict(snap.get("view") or {})
    players: list[str] = list(snap.get("players") or [])
    table_mode = snap.get("mode", "table") == "table"
    options: dict[str, Any] = dict(snap.get("options") or {})
    phase = view.get("phase", "duel")
    r = view.get("round")
    k = view.get("konter")
    throw = view.get("throw")
    legal = seat_legal(snap, seat)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for entry in legal:
        by_type.setdefault((entry.get("action") or {}).get("type", ""), []).append(entry)

    # Which rack is in play: the one thrown at, or the one cups are chosen from.
    target = _team_index(throw["target"]) if throw else None
    if target is None and r is not None:
        target = 1 - TEAMS.index(r["team"])
    if target is None and k is not None:
        target = 1 - TEAMS.index(k["team"])
    removes = {int(e["action"]["cup"]): e for e in by_type.get("Remove", [])}
    islands = {int(e["action"]["cup"]): e for e in by_type.get("CallIsland", [])}
    removal_team: int | None = None
    if removes:
        removal_team = _team_index(view["knock"]["team"]) if view.get("knock") else target
    focus = removal_team if removal_team is not None else target

    racks = []
    for team in (0, 1):
        tv = view["teams"][team]
        rows = []
        for row in rack_rows(int(view["rack"])):
            cups = []
            for cup in row:
                state = tv["cups"][cup - 1]
                tap: dict[str, Any] | None = None
                if team == removal_team and cup in removes:
                    tap = {"kind": "act", "seat": removes[cup]["seat"], "notation": removes[cup]["notation"]}
                elif team == target and cup in islands:
                    tap = {"kind": "act", "seat": islands[cup]["seat"], "notation": islands[cup]["notation"]}
                elif (
                    team == target
                    and throw
                    and table_mode
                    and not throw["locked"]
                    and state != "removed"
                    and not islands
                ):
                    tap = {"kind": "hit"}
                cups.append({"cup": cup, "state": state, "tap": tap, "aim": throw is not None and throw["aim"] == cup})
            rows.append(cups)
        racks.append(
            {
                "team": TEAMS[team],
                "index": team,
                "members": _members(view, team, players),
                "live": tv["live"],
                "rows": rows,
                "focus": team == focus,
                "drinks_owed": tv["drinks_owed"],
                "drinks_open": tv["drinks_open"],
                "drinking": tv["drinking"],
            }
        )
    # The rack in focus first (the main input), the other one after the buttons.
    # Before the first round (duel, choices) both racks are shown as they stand, B's above.
    main = racks[focus if focus is not None else 1]
    other = racks[1 - focus if focus is not None else 0]

    pair_pad = _pair_pad(view, by_type, players, table_mode, islands_on(view, target))
    pad_throw = throw or (view.get("next_throw") if pair_pad else None)
    if pair_pad is not None and (pad_throw is None or pad_throw["locked"]):
        pair_pad, pad_throw = None, None  # an Island question or a drinking team: the pair first, on its own
    if pair_pad is not None and target is not None:
        for row in racks[target]["rows"]:
            for c in row:
                if c["state"] != "removed":
                    c["tap"] = {"kind": "hit"}
    pad = None
    if pad_throw and table_mode:
        pad = {
            "seat": pad_throw["seat"],
            "locked": pad_throw["locked"],
            "catchers": [{"seat": s, "name": _name(players, s)} for s in pad_throw["catchers"]],
            "pair": pair_pad,
            "calls": _call_toggles(lang, view, options, pad_throw["seat"], pad_throw),
            "singles": all(len(t["seats"]) == 1 for t in view["teams"]),
            "void": options.get("elbow_breach", "void") == "void",
            "rethrow": options.get("illegal_defense", "rethrow") == "rethrow",
            "save": options.get("illegal_save", "count_hit") == "count_hit",
            "events": [_event(lang, n, players, view) for n in pad_throw["events"]],
            "rerack": _rerack(view, pad_throw),
            "knock_racks": [
                {"team": TEAMS[t], "cups": [i + 1 for i, s in enumerate(view["teams"][t]["cups"]) if s == "live"]}
                for t in (0, 1)
            ],
        }
    duel = snap.get("turn", {}).get("kind") == "chance" and phase == "duel" and table_mode
    decisions = _decisions(lang, by_type, players, view, skip_pairs=pair_pad is not None)
    return {
        # The digital table's pages (web.routes.tables) read these too.
        "match_id": snap.get("match_id"),
        "title": snap.get("title") or "",
        "game": snap.get("game"),
        "seq": snap.get("seq", 0),
        "seat": seat,
        "me": players[seat] if seat is not None and 0 <= seat < len(players) else None,
        "players": players,
        "legal": legal,
        "waiting": [_name(players, s) for s in (snap.get("turn") or {}).get("seats") or []],
        "phase": phase,
        "headline": _headline(lang, view, players, [int(s) for s in (snap.get("turn") or {}).get("seats") or []]),
        "explain": explain(lang, view, options),
        "main": main,
        "other": other,
        "pad": pad,
        "duel": duel,
        "duel_names": [_name(players, view["teams"][t]["seats"][0]) for t in (0, 1)],
        "decisions": decisions,
        "throw_first": [e for e in by_type.get("Shoot", [])],
        "hint_remove": bool(removes),
        "hint_island": bool(islands),
        "finished": view.get("winner") is not None,
        "winner": view.get("winner"),
        "winner_members": _members(view, TEAMS.index(view["winner"]), players) if view.get("winner") else "",
        "end": _l(lang, *ENDS[view["end"]]) if view.get("end") in ENDS else "",
        "end_why": konter_end(lang, view),
        "stats": _stats(view, players),
        "drink_amount": view.get("drink_amount", ""),
        "timer": view.get("timer", "off"),
        "minutes_left": None if (left := seconds_left(snap)) is None else (left + 59) // 60,
    }


def islands_on(view: Mapping[str, Any], team: int | None) -> bool:
    """Whether ``team``'s rack has a live cup without a live neighbour (Art 22.1: an Island to call)."""
    if team is None:
        return False
    cups = view["teams"][team]["cups"]
    near = neighbours(int(view["rack"]))
    return any(s == "live" and not any(cups[n - 1] == "live" for n in near[i]) for i, s in enumerate(cups))


def _pair_pad(
    view: Mapping[str, Any],
    by_type: Mapping[str, list[dict[str, Any]]],
    players: list[str],
    table_mode: bool,
    island: bool,
) -> dict[str, Any] | None:
    """BP-R18, H3: a team of two chooses who throws first. At the table the choice sits on the throw pad
    as two toggles (the likely order preselected) and goes in with the first throw: one tap. Not when an
    Island could be called (the Island question comes first) or the team has more than one pair order."""
    entries = by_type.get("Pair", [])
    if not table_mode or island or len(entries) < 2:
        return None
    orders: dict[str, dict[str, Any]] = {}
    for e in entries:
        a = e["action"]
        if a["first"] != a["second"]:
            orders.setdefault(e["notation"], e)
    if len(orders) != 2:
        return None
    likely = view.get("likely_pair") or []
    likely_notation = f"pair {likely[0]} {likely[1]}" if len(likely) == 2 else ""
    if likely_notation not in orders:
        likely_notation = next(iter(orders))
    choices = [
        {
            "notation": notation,
            "value": notation.removeprefix("pair "),
            "name": _name(players, e["action"]["first"]),
            "checked": notation == likely_notation,
        }
        for notation, e in orders.items()
    ]
    choices.sort(key=lambda c: not c["checked"])  # the likely one first
    thrower = int(likely_notation.split()[1])
    return {"choices": choices, "thrower": thrower}


#: The calls a hit may allow (BP-R11), in the engine's notation.
CALL_LABELS = {
    "heating-up": ("Heating Up", "Heating Up"),
    "on-fire": ("On Fire", "On Fire"),
    "heating-up+on-fire": ("Heating Up + On Fire", "Heating Up + On Fire"),
}


def _call_toggles(
    lang: str, view: Mapping[str, Any], options: Mapping[str, Any], seat: int, throw: Mapping[str, Any] | None
) -> list[dict[str, str]]:
    """H33: the calls this throw would allow if it hits (Art 21.1, BP-R11): Heating Up after a second hit
    in a row, On Fire after a third with Heating Up called (both at once with allow_double_call). Shown
    as a toggle on the hit; none during the thrower's own On Fire throws."""
    if throw is None or throw.get("kind") == "fire":
        return []
    p = view["players"][seat]
    streak = int(p["streak"]) + 1
    out = []
    if streak >= 2 and not p["heating_up"]:
        out.append("heating-up")
    if p["heating_up"] and not p["on_fire"] and streak >= 3:
        out.append("on-fire")
    if options.get("allow_double_call") and not p["heating_up"] and streak >= 3:
        out.append("heating-up+on-fire")
    who = p.get("name") or ""
    return [{"notation": n, "label": _l(lang, *CALL_LABELS[n]), "who": who} for n in out]


def konter_end(lang: str, view: Mapping[str, Any]) -> str:
    """Why a Konter ended the game, in one sentence (H31), or ""."""
    why = view.get("konter_failed")
    if not why or not view.get("winner"):
        return ""
    sentence = konter_failed(str(why), "B" if view["winner"] == "A" else "A")
    return "" if sentence is None else sentence.get(lang)


def _rerack(view: Mapping[str, Any], throw: Mapping[str, Any]) -> dict[str, Any] | None:
    """BP-R01 allow_rerack: the slots the thrown-at team may re-form its live cups into (now ticked: where
    they stand); a Dead Cup's slot is not free."""
    if not throw.get("rerack"):
        return None
    team = TEAMS.index(throw["target"])
    cups = view["teams"][team]["cups"]
    slots = [{"cup": i + 1, "checked": s == "live"} for i, s in enumerate(cups) if s in ("live", "removed")]
    return {"team": throw["target"], "live": view["teams"][team]["live"], "slots": slots}


def _event(lang: str, notation: str, players: list[str], view: Mapping[str, Any]) -> dict[str, str]:
    """A table event the engine offers now, with a label in plain words."""
    words = notation.split()
    head, arg = words[0], (words[1] if len(words) > 1 else "")
    team = arg if arg in TEAMS else ""
    labels = {
        "timeup": ("Zeit ist abgelaufen", "Time is up"),
        "standing": (f"Becher {arg} blieb stehen: Dead Cup", f"Cup {arg} was left standing: Dead Cup"),
        "dead-removed": (f"Dead Cup {arg} wurde abgeräumt", f"Dead Cup {arg} was taken off"),
        "drinking": (f"Team {team} trinkt jetzt (Wurfpause)", f"Team {team} is drinking now (no throws)"),
        "drank": (f"Team {team} hat ausgetrunken", f"Team {team} has drunk up"),
        "distracted": (f"Team {team} lenkt sich ab: Werfen erlaubt", f"Team {team} is distracted: throwing allowed"),
        "forgot": (f"Team {team} hat das Trinken vergessen", f"Team {team} forgot to drink"),
    }
    de, en = labels.get(head, (notation, notation))
    return {"notation": notation, "label": _l(lang, de, en), "kind": head, "team": team}


def _decisions(
    lang: str,
    by_type: dict[str, list[dict[str, Any]]],
    players: list[str],
    view: Mapping[str, Any],
    skip_pairs: bool = False,
) -> list[dict[str, Any]]:
    """The choices the rules leave to the teams, grouped with a question each (Remove and CallIsland
    are tapped on the rack; Shoot is the big "throw without a call" button). A team's choice (who begins,
    the side, the pair) is one button per option, not one per member of the team (issue 25.6)."""
    groups = []
    questions = {
        "Begin": ("Duell gewonnen: welches Team beginnt?", "Duel won: which team begins?"),
        "Side": (
            "Welche Tischseite nimmt das Team, das das Duell verlor?",
            "Which table side does the duel loser take?",
        ),
        "Pair": ("Wer wirft diese Runde, wer zuerst?", "Who throws this round, and who first?"),
        "Call": ("Treffer in Folge: ansagen?", "Hits in a row: make a call?"),
        "Fetch": ("Ball zurückgerollt: wer holt ihn (Trickshot)?", "Ball rolled back: who fetches it (trickshot)?"),
    }
    likely = view.get("likely_pair") or []
    likely_notation = f"pair {likely[0]} {likely[1]}" if len(likely) == 2 else ""
    for kind in ("Begin", "Side", "Pair", "Call", "Fetch"):
        if kind == "Pair" and skip_pairs:
            continue
        entries = list(by_type.get(kind, []))
        if kind == "Call":
            entries += by_type.get("NoCall", [])
        if kind == "Fetch":
            entries += by_type.get("Leave", [])
        if not entries:
            continue
        if kind in ("Begin", "Side", "Pair", "Fetch"):
            entries = _one_per_option(lang, kind, entries, players, view)
            if kind == "Pair" and likely_notation:
                entries.sort(key=lambda e: e["notation"] != likely_notation)
        groups.append({"kind": kind, "question": _l(lang, *questions[kind]), "entries": entries})
    return groups


def _one_per_option(
    lang: str, kind: str, entries: list[dict[str, Any]], players: list[str], view: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """A team's decision offered once per option (any member of the team may enter it), named in words."""
    seen: dict[str, dict[str, Any]] = {}
    for e in entries:
        seen.setdefault(e["notation"], e)
    out = []
    for e in seen.values():
        a = e["action"]
        if kind == "Begin":
            team = TEAMS[int(a["team"])]
            label = {"de": f"Team {team} beginnt", "en": f"Team {team} begins"}
            who = _members(view, int(a["team"]), players)
        elif a["type"] == "Fetch":
            name = _name(players, a["seat"])
            label = {"de": f"{name} holt ihn (Trickshot)", "en": f"{name} fetches it (trickshot)"}
            who = ""
        elif a["type"] == "Leave":
            label = {"de": "Ball liegen lassen", "en": "leave the ball"}
            who = ""
        elif kind == "Side":
            label = {"de": "links" if a["side"] == "left" else "rechts", "en": str(a["side"])}
            who = ""
        else:
            first, second = _name(players, a["first"]), _name(players, a["second"])
            if a["first"] == a["second"]:
                label = {"de": f"{first} wirft beide Bälle", "en": f"{first} throws both balls"}
            else:
                label = {"de": f"{first} zuerst, dann {second}", "en": f"{first} first, then {second}"}
            who = ""
        out.append({**e, "label": label, "who": who})
    return out


def _headline(lang: str, view: Mapping[str, Any], players: list[str], waiting: list[int]) -> dict[str, str]:
    """Who is at it, in one line and a detail line (``waiting``: the seats the game waits for)."""
    phase = view.get("phase")
    r = view.get("round")
    k = view.get("konter")
    throw = view.get("throw") or view.get("next_throw")  # at a pair choice: the preselected first thrower
    if view.get("winner"):
        return {"role": _l(lang, "Spielende", "Game over"), "who": f"Team {view['winner']}"}
    if phase == "duel":
        return {
            "role": _l(lang, "Duell: beide werfen gleichzeitig", "Duel: both throw at once"),
            "who": " vs ".join(_name(players, view["teams"][t]["seats"][0]) for t in (0, 1)),
        }
    if phase in ("begin", "side") and waiting:
        team = view["players"][waiting[0]]["team"]
        if phase == "begin":
            who = _l(lang, f"Team {team} hat das Duell gewonnen", f"Team {team} won the duel")
        else:
            who = _l(lang, f"Team {team} wählt die Seite", f"Team {team} chooses the side")
        return {"role": _l(lang, "Spielbeginn", "Start of the game"), "who": who}
    if k is not None:
        role = _l(
            lang,
            f"Konter von Team {k['team']}: {k['hits']} von {k['need']} Treffern, noch {k['throws_left']} Würfe",
            f"Konter of team {k['team']}: {k['hits']} of {k['need']} hits, {k['throws_left']} throws left",
        )
    elif r is not None:
        role = _l(
            lang, f"Runde {r['number']} · Team {r['team']} wirft", f"Round {r['number']} · team {r['team']} throws"
        )
    else:
        role = ""
    who = ""
    if throw is None and waiting and r is not None and not r["removals"] and view.get("knock") is None:
        who = _name(players, waiting[0]) if len(waiting) == 1 else ""
    if throw is not None:
        kind = THROW_KINDS.get(throw["kind"], (throw["kind"], throw["kind"]))
        who = f"{_name(players, throw['seat'])} · {_l(lang, *kind)}"
        if throw["aim"]:
            who += _l(lang, f" · Island auf Becher {throw['aim']}", f" · Island on cup {throw['aim']}")
    return {"role": role, "who": who}


def explain(lang: str, view: Mapping[str, Any], options: Mapping[str, Any]) -> list[str]:
    """What the rules decide right now, in plain words (extra cups, drinks, locks, Konter, the end)."""
    lines: list[str] = []
    r = view.get("round")
    k = view.get("konter")
    throw = view.get("throw")
    if view.get("knock"):
        knock = view["knock"]
        lines.append(
            _l(
                lang,
                f"Umgeworfen: einer der Becher {_cups_list(lang, knock['cups'])} von Team {knock['team']} geht.",
                f"Knocked over: one of team {knock['team']}'s cups {_cups_list(lang, knock['cups'])} goes.",
            )
        )
    if r is not None and r["removals"]:
        cup, count = r["removals"][0]
        owner = "B" if r["team"] == "A" else "A"
        chooser = r["team"] if options.get("extra_cup_chooser") == "thrower" else owner
        names = list(r["last_special"]) if r["last_cup"] == cup else []
        if "bombe" in names and "aufsetzer" not in names and count > 2 + ("island" in names):
            names.append("aufsetzer")  # the first ball of the Bombe bounced (BP-R05 adds them up)
        what = _specials(lang, names) or _l(lang, "Specialwurf", "Special throw")
        near = _cups_list(lang, near_cups) if (near_cups := _near(view, owner, cup)) else ""
        lines.append(
            _l(
                lang,
                f"{what} auf Becher {cup}: noch {count} Becher müssen weg; Team {chooser} wählt, Nachbarn zuerst"
                + (f" ({near})." if near else ": kein Nachbar mehr, also ein beliebiger."),
                f"{what} on cup {cup}: {count} more {'cups' if count > 1 else 'cup'} to go; team {chooser} chooses,"
                + " adjacent cups first"
                + (f" ({near})." if near else ": no neighbour left, so any cup."),
            )
        )
    if k is not None and k["required"]:
        lines.append(
            _l(
                lang,
                f"Der Konter braucht auch: {_specials(lang, k['required'])} (wie der letzte Treffer).",
                f"The Konter also needs: {_specials(lang, k['required'])} (like the last hit).",
            )
        )
    if throw is not None and throw["locked"]:
        team = throw["target"]
        lines.append(
            _l(
                lang,
                f"Team {team} trinkt: bis es ausgetrunken hat, wird nicht geworfen.",
                f"Team {team} is drinking: no throws until it has drunk up.",
            )
        )
    for t in (0, 1):
        team = view["teams"][t]
        if team["drinks_open"] > 0 and not team["drinking"]:
            amount = view.get("drink_amount", "")
            lines.append(
                _l(
                    lang,
                    f"Team {TEAMS[t]} trinkt je Person {team['drinks_open']} × {amount}, nach den Würfen der Gegner.",
                    f"Team {TEAMS[t]} drinks {team['drinks_open']} × {amount} each, after the opponents' throws.",
                )
            )
    if view.get("timer") == "sudden":
        lines.append(_l(lang, "Sudden Death: der nächste Treffer gewinnt.", "Sudden death: the next hit wins."))
    return lines


def _near(view: Mapping[str, Any], team: str, cup: int) -> list[int]:
    """The live neighbours of ``cup`` in ``team``'s rack (Art 3.2: they go first)."""
    cups = view["teams"][TEAMS.index(team)]["cups"]
    return [n for n in neighbours(int(view["rack"]))[cup - 1] if cups[n - 1] == "live"]


def _stats(view: Mapping[str, Any], players: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "name": _name(players, p["seat"]),
            "team": p["team"],
            "throws": p["throws"],
            "hits": p["hits"],
            "bounces": p["bounces"],
            "bombs": p["bombs"],
            "islands": p["islands"],
            "fire": p["on_fire"],
            "heating": p["heating_up"],
            "streak": p["streak"],
        }
        for p in view.get("players") or []
    ]
