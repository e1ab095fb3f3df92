"""The Regeln page model for a seat's phone, the shared table screen and the scribe's table mode,
read from snapshots only (never from a raw state).

A seat's page shows what the seat must do now, big and first (the secret tile picker of a vote,
the cards of its hand to put to the vote, the chips to take or pay, its secret prediction, a tie,
a cover, the next rules, who spoke), then the mats (the eight cards in force and the card under
vote, each with its text; designed cards marked as ours), every seat's chips, tiles, hand size,
place and score, who has voted (never how, until the last vote reveals all at once: RG-3.2), the
last reveal and the scorepad. The public screen (``seat`` None) is the same without a hand or
actions; in table mode the scribe gets every seat's actions (the app is the referee of the boxed
game). Texts are bilingual pairs (``{"de", "en"}``) that the templates show with ``t``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.games.regeln.catalogue import catalogue_of
from stammtisch.games.regeln.model import COLOUR_NAMES, COLOURS
from stammtisch.games.regeln.texts import PHASE_TEXT

TYPE_NAMES = {
    "wertung": {"de": "Wertung", "en": "Scoring rule"},
    "prognose": {"de": "Prognose", "en": "Prediction rule"},
    "korrektur": {"de": "Korrektur", "en": "Correction rule"},
    "abstimm": {"de": "Abstimmung", "en": "Voting rule"},
    "ereignis": {"de": "Ereignis", "en": "Incident rule"},
}
#: Legal actions grouped by what the player is asked (the first word of the notation).
GROUPS = ("vote", "play", "predict", "take", "pay", "adopt", "cover", "choose", "spoke", "first", "confirm")
SCOREPAD_COLUMNS = (
    ("incidents_before", {"de": "Ereignis vor", "en": "Incidents before"}),
    ("chip_points", {"de": "Chips", "en": "Chips"}),
    ("bonus", {"de": "Bonus", "en": "Bonus"}),
    ("incidents_after", {"de": "Ereignis nach", "en": "Incidents after"}),
    ("interim", {"de": "Zwischenstand", "en": "Interim"}),
    ("prediction", {"de": "Prognose", "en": "Prediction"}),
    ("total", {"de": "Gesamt", "en": "Total"}),
)


def _t(de: str, en: str) -> dict[str, str]:
    return {"de": de, "en": en}


def _name(players: list[str], seat: object) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def card(cards: Mapping[str, Any], card_id: str | None) -> dict[str, Any] | None:
    """A card for display: id, type name, titles, texts, and whether it is one of ours."""
    if card_id is None:
        return None
    known = cards.get(card_id)
    if known is None:
        return {
            "id": card_id,
            "type": "",
            "type_name": _t("", ""),
            "title": _t(card_id, card_id),
            "text": _t("", ""),
            "designed": False,
        }
    return {
        "id": card_id,
        "type": known["type"],
        "type_name": TYPE_NAMES.get(known["type"], _t(known["type"], known["type"])),
        "title": _t(known["title_de"], known["title_en"]),
        "text": _t(known["text_de"], known["text_en"]),
        "designed": bool(known.get("designed")),
    }


def deck_cards(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The texts of the card file the view names (looked up once per file, never sent with a view)."""
    return catalogue_of(str(view.get("deck") or "")) or {}


def _verb(notation: str) -> str:
    verb = notation.split()[0]
    return {"reject": "adopt", "object": "confirm"}.get(verb, verb)


def _names(players: list[str], seats: list[int]) -> tuple[str, str]:
    """``Anna, Ben und Cem`` / ``Anna, Ben and Cem``."""
    named = [_name(players, s) for s in seats]
    if len(named) < 2:
        return (named[0], named[0]) if named else ("", "")
    head = ", ".join(named[:-1])
    return f"{head} und {named[-1]}", f"{head} and {named[-1]}"


def report_text(notation: str, players: list[str]) -> dict[str, str]:
    """A report in words with names, not seat numbers (``spoke 1 3`` → "Anna und Cem haben gesprochen")."""
    words = notation.split()
    seats = [int(w) - 1 for w in words[1:] if w.isdigit()]
    de, en = _names(players, seats)
    if words[0] == "spoke":
        if not seats:
            return _t("Niemand hat gesprochen", "Nobody spoke")
        return _t(f"{de} {'hat' if len(seats) == 1 else 'haben'} gesprochen", f"{en} spoke")
    if not seats:
        return _t("Niemand hat zuerst gesprochen", "Nobody spoke first")
    return _t(f"{de} hat zuerst gesprochen", f"{en} spoke first")


def _proposal(view: Mapping[str, Any], players: list[str], turn: Mapping[str, Any]) -> dict[str, Any] | None:
    """RGO-22: the report proposed to the table, who proposed it, who has confirmed, who is still due."""
    proposal = view.get("proposal")
    if not proposal:
        return None
    return {
        "text": report_text(str(proposal["notation"]), players),
        "proposer": _name(players, proposal["proposer"]),
        "confirmed": [_name(players, s) for s in proposal.get("confirmed") or []],
        "waiting": [_name(players, s) for s in turn.get("seats") or []],
    }


def _actions(snap: Mapping[str, Any], seat: int | None, scribe: bool) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {name: [] for name in GROUPS}
    players: list[str] = list(snap.get("players") or [])
    chips: list[dict[str, int]] = list((snap.get("view") or {}).get("chips") or [])
    for entry in snap.get("legal") or []:
        if not scribe and (seat is None or entry.get("seat") != seat):
            continue
        notation = str(entry["notation"])
        words = notation.split()
        item: dict[str, Any] = {
            "notation": notation,
            "label": entry.get("label") or _t(notation, notation),
            "seat": entry.get("seat"),
        }
        if words[0] == "vote":
            item.update(yes=words[1] == "yes", tiles=int(words[2]))
        elif words[0] in ("take", "pay"):
            mine = chips[int(entry["seat"])] if 0 <= int(entry["seat"]) < len(chips) else {}
            item.update(colour=words[1], colour_name=COLOUR_NAMES[words[1]].to_json(), held=mine.get(words[1], 0))
        elif words[0] in ("play", "choose"):
            item.update(card=words[1], stood=len(words) > 2)
        elif words[0] in ("spoke", "first"):
            item["label"] = report_text(notation, players)
        groups.setdefault(_verb(notation), []).append(item)
    return groups


def _play_choices(entries: list[dict[str, Any]], cards: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Table mode with unknown hands (RGO-23): the cards the scribe may enter as played, for one list
    (type, title and id, by type in deck order; standing up as its own choice)."""
    choices = []
    for entry in entries:
        shown = card(cards, entry["card"])
        assert shown is not None
        stood = _t(" – aufgestanden", " – stood up") if entry["stood"] else _t("", "")
        choices.append(
            {
                "notation": entry["notation"],
                "seat": entry["seat"],
                "group": shown["type_name"],
                "label": _t(
                    f"{shown['type_name']['de']}: {shown['title']['de']} ({shown['id']}){stood['de']}",
                    f"{shown['type_name']['en']}: {shown['title']['en']} ({shown['id']}){stood['en']}",
                ),
            }
        )
    return choices


def _vote_picker(groups: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]] | None:
    """The secret tile picker: one column of tile counts for Ja, one for Nein (RG-3.2, RG-R01)."""
    votes = groups.get("vote") or []
    if not votes:
        return None
    return {
        "yes": [v for v in votes if v["yes"]],
        "no": [v for v in votes if not v["yes"]],
    }


def _seats(view: Mapping[str, Any], players: list[str], seat: int | None) -> list[dict[str, Any]]:
    places = view.get("places") or []
    voting = view.get("phase") == "vote"
    on_turn = set(view.get("on_turn") or [])
    rows = []
    for index in range(int(view.get("seats") or 0)):
        chips = (view.get("chips") or [{}])[index] if index < len(view.get("chips") or []) else {}
        rows.append(
            {
                "seat": index,
                "name": _name(players, index),
                "me": index == seat,
                "active": index == view.get("active"),
                "due": index in on_turn,
                "chips": [{"colour": c, "count": int(chips.get(c, 0))} for c in COLOURS],
                "chip_total": sum(int(chips.get(c, 0)) for c in COLOURS),
                "tiles": (view.get("tiles") or [0] * (index + 1))[index],
                "used_tiles": (view.get("used_tiles") or [0] * (index + 1))[index],
                "hand": (view.get("hand_sizes") or [0] * (index + 1))[index],
                "place": places[index] if index < len(places) else None,
                "score": (view.get("scores") or [0] * (index + 1))[index],
                "voted": bool((view.get("voted") or [False] * (index + 1))[index]) if voting else None,
                "punktbeste": index == view.get("punktbeste"),
                "punktletzte": index == view.get("punktletzte"),
            }
        )
    return rows


def _last_vote(view: Mapping[str, Any], players: list[str], cards: Mapping[str, Any]) -> dict[str, Any] | None:
    record = view.get("last_vote")
    if not record:
        return None
    votes = record.get("votes") or []
    yes = sum(v["tiles"] for v in votes if v["yes"])
    no = sum(v["tiles"] for v in votes if not v["yes"])
    return {
        "card": card(cards, record.get("card")),
        "player": _name(players, record.get("player")),
        "votes": [{"name": _name(players, s), "yes": v["yes"], "tiles": v["tiles"]} for s, v in enumerate(votes)],
        "yes": yes,
        "no": no,
        "adopted": record.get("adopted"),
        "tie": bool(record.get("tie")),
    }


def _scorepad(view: Mapping[str, Any], players: list[str]) -> list[dict[str, Any]]:
    rounds = []
    for number, lines in enumerate(view.get("scorepad") or [], start=1):
        rounds.append(
            {
                "round": number,
                "lines": [
                    {
                        "name": _name(players, s),
                        "values": [line[key] for key, _ in SCOREPAD_COLUMNS],
                        "predicted": line.get("predicted"),
                        "noted_colour": COLOUR_NAMES[line["noted_colour"]].to_json()
                        if line.get("noted_colour")
                        else None,
                        "place": line.get("place"),
                    }
                    for s, line in enumerate(lines)
                ],
            }
        )
    return rounds


def _colour(colour: str | None) -> dict[str, str] | None:
    return COLOUR_NAMES[colour].to_json() if colour in COLOUR_NAMES else None


def _status(view: Mapping[str, Any], players: list[str], turn: Mapping[str, Any]) -> dict[str, str]:
    """One sentence: what the table waits for and from whom."""
    phase = str(view.get("phase") or "")
    waiting = ", ".join(_name(players, s) for s in turn.get("seats") or [])
    what = PHASE_TEXT.get(phase)
    what_json = what.to_json() if what is not None else _t(phase, phase)
    if view.get("proposal"):  # RGO-22: the table answers a proposed report
        what_json = _t("den Vorschlag bestätigen oder widersprechen", "confirming or objecting to the proposal")
    if turn.get("kind") == "finished":
        return _t("Das Spiel ist zu Ende.", "The game is over.")
    if not waiting:
        return what_json
    return _t(
        f"{what_json['de'][:1].upper()}{what_json['de'][1:]} – es fehlt: {waiting}",
        f"{what_json['en'][:1].upper()}{what_json['en'][1:]} – waiting for: {waiting}",
    )


def outcome_choices(view: Mapping[str, Any], lang: str) -> list[dict[str, str]]:
    """Table mode: what the scribe may enter at a chance event, as (notation, label) choices: the cards
    of the type a face-up space wants, the hand cards not yet seen (the deal), or the contested places.
    The engine still checks the entry; this only spares typing."""
    cards = deck_cards(view)
    phase = view.get("phase")
    if phase == "ranking":  # RG-5.2: only the place cards still in the draw
        draw = view.get("draw") or {}
        places = draw.get("places") or range(1, int(view.get("seats") or 0) + 1)
        word = "Platz" if lang == "de" else "place"
        return [{"notation": f"place {n}", "label": f"{n}. {word}"} for n in places]
    seen = {c for kind in ("korrektur", "abstimm", "ereignis") for c in view.get(kind) or [] if c}
    seen |= set(view.get("covered") or []) | set(view.get("discard") or [])
    if phase == "setup_table":
        wanted = next((kind for kind in ("korrektur", "abstimm", "ereignis") if None in (view.get(kind) or [])), None)
        types: tuple[str, ...] = (wanted,) if wanted else ()
    else:
        types = ("korrektur", "abstimm", "ereignis")
    title = "title_de" if lang == "de" else "title_en"
    # The card's words only: its id is a code of the card file, and every title differs (test_words_not_codes).
    return [
        {"notation": f"card {card_id}", "label": str(card[title])}
        for card_id, card in cards.items()
        if card["type"] in types and card_id not in seen
    ]


#: What the scribe enters now, by phase (RGO-24): the heading of the scribe's steps, in words.
SCRIBE_HEADINGS: dict[str, dict[str, str]] = {
    "predict": _t(
        "Geheime Vorhersagen: was hat jeder aufgeschrieben?", "Secret predictions: what did everybody write down?"
    ),
    "payment": _t("Chips: welche Farbe wird genommen oder gezahlt?", "Chips: which colour is taken or paid?"),
    "play": _t("Welche Karte wird zur Abstimmung ausgespielt?", "Which card is put to the vote?"),
    "vote": _t("Aufgedeckt: wie hat jeder abgestimmt?", "Revealed: how did everybody vote?"),
    "tie": _t("Gleichstand: der aktive Spieler entscheidet", "A tie: the active player decides"),
    "report_speech": _t("Wer hat während der Abstimmung gesprochen?", "Who spoke during the vote?"),
    "cover": _t("Welche Karte deckt die angenommene ab?", "Which card does the adopted one cover?"),
    "first_speaker": _t("Wer hat in der Wertung zuerst gesprochen?", "Who spoke first in the scoring?"),
    "choose_wertung": _t("Punktletzte wählt die nächste Wertung-Regel", "Punktletzte chooses the next scoring rule"),
    "choose_prognose": _t(
        "Der Vorletzte wählt die nächste Prognose-Regel", "The next-to-last chooses the next prediction rule"
    ),
}


def _scribe_label(item: dict[str, Any], players: list[str], leader: bool) -> dict[str, str]:
    """The short label of a scribe's button: the row already names the seat and the question."""
    words = str(item["notation"]).split()
    if words[0] == "vote":
        return _t(words[2], words[2])
    if words[0] == "predict":
        value = int(words[1])
        shown = _name(players, value - 1) if leader else f"{value}."
        colour = COLOUR_NAMES[words[2]].to_json() if len(words) > 2 else None
        if colour is None:
            return _t(shown, shown)
        return _t(f"{shown} {colour['de']}", f"{shown} {colour['en']}")
    label: dict[str, str] = item["label"]
    return label


def _scribe_rows(
    groups: dict[str, list[dict[str, Any]]],
    players: list[str],
    turn: Mapping[str, Any],
    leader: bool,
    view_owed: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """RGO-24: the scribe's steps, one row per seat the turn waits for (in seat order): the seat's name
    and its choices by kind (``vote``: the Ja and Nein tile counts; ``predict``: the places or, for a
    "who leads" prediction, the names)."""
    rows = []
    for seat in turn.get("seats") or []:
        mine = {
            verb: [{**item, "short": _scribe_label(item, players, leader)} for item in entries if item["seat"] == seat]
            for verb, entries in groups.items()
        }
        mine = {verb: entries for verb, entries in mine.items() if entries}
        if not mine:
            continue
        row: dict[str, Any] = {"seat": seat, "name": _name(players, seat), "groups": mine, "kinds": list(mine)}
        owed = [t for t in view_owed if t["seat"] == seat][:1]
        row["owed"] = abs(int(owed[0]["amount"])) if owed and ("take" in mine or "pay" in mine) else 0
        if "vote" in mine:
            row["yes"] = [v for v in mine["vote"] if v["yes"]]
            row["no"] = [v for v in mine["vote"] if not v["yes"]]
        rows.append(row)
    return rows


def _last_round(view: Mapping[str, Any], players: list[str]) -> dict[str, Any] | None:
    """The last Scoring and Prediction Round in one line per seat (place, total), for the scribe to read
    out while the next rules and predictions are chosen (RG-5.3, RG-5.4)."""
    pad = view.get("scorepad") or []
    if not pad or view.get("phase") not in ("choose_wertung", "choose_prognose", "predict", "ranking"):
        return None
    lines = [
        {"name": _name(players, s), "total": line["total"], "place": line.get("place")}
        for s, line in enumerate(pad[-1])
    ]
    lines.sort(key=lambda line: (line["place"] or 99, line["name"]))
    return {"round": len(pad), "lines": lines}


def _chance_heading(view: Mapping[str, Any], players: list[str]) -> dict[str, str] | None:
    """The scribe's question at a place-card draw, by name (RG-5.2); None: the engine's label."""
    draw = view.get("draw")
    if not draw:
        return None
    name = _name(players, draw.get("seat"))
    return _t(f"Platzkarten ziehen: welche hat {name} gezogen?", f"Drawing place cards: which one did {name} draw?")


def _leader_prediction(view: Mapping[str, Any], cards: Mapping[str, Any]) -> bool:
    """Whether the Prognose card in force asks for a seat ("who leads") rather than a place."""
    prognose = cards.get(str(view.get("prognose") or "")) or {}
    return bool((prognose.get("effect") or {}).get("target") == "leader_seat")


def present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]:
    """The page model of a seat's phone, of the public table screen (``seat`` None) or, in table
    mode, of the scribe's page (``seat`` None and every seat's actions)."""
    view: Mapping[str, Any] = snap.get("view") or {}
    players: list[str] = list(snap.get("players") or [])
    turn: Mapping[str, Any] = snap.get("turn") or {}
    cards = deck_cards(view)
    scribe = snap.get("mode") == "table" and seat is None
    groups = _actions(snap, seat, scribe)
    finished = turn.get("kind") == "finished"
    result = snap.get("result") or {}
    my_prediction = view.get("my_prediction")
    my_vote = view.get("my_vote")
    return {
        "match_id": snap.get("match_id"),
        "title": snap.get("title") or "",
        "seq": snap.get("seq", 0),
        "mode": snap.get("mode"),
        "scribe": scribe,
        "seat": seat,
        "me": _name(players, seat) if seat is not None else None,
        "players": players,
        "round": view.get("round"),
        "phase": view.get("phase"),
        "phase_text": PHASE_TEXT[view["phase"]].to_json() if view.get("phase") in PHASE_TEXT else _t("", ""),
        "status": _status(view, players, turn),
        "active": _name(players, view.get("active")),
        "my_turn": seat is not None and seat in (turn.get("seats") or []),
        "mats": {
            "wertung": card(cards, view.get("wertung")),
            "prognose": card(cards, view.get("prognose")),
            "korrektur": [card(cards, c) for c in view.get("korrektur") or []],
            "abstimm": [card(cards, c) for c in view.get("abstimm") or []],
            "ereignis": [card(cards, c) for c in view.get("ereignis") or []],
        },
        "under_vote": card(cards, view.get("under_vote")),
        "unused": {
            "wertung": [card(cards, c) for c in view.get("wertung_unused") or []],
            "prognose": [card(cards, c) for c in view.get("prognose_unused") or []],
        },
        "discard_count": len(view.get("discard") or []) + int(view.get("set_aside") or 0),
        "covered_count": len(view.get("covered") or []),
        "pool": [{"colour": c, "count": int((view.get("pool") or {}).get(c, 0))} for c in COLOURS],
        "colour_names": {c: COLOUR_NAMES[c].to_json() for c in COLOURS},
        "seats": _seats(view, players, seat),
        "hand": [card(cards, c) for c in view.get("hand") or []],
        "my_vote": my_vote,
        "my_prediction": my_prediction,
        "my_prediction_colour": COLOUR_NAMES[my_prediction["colour"]].to_json()
        if my_prediction and my_prediction.get("colour")
        else None,
        "owed": [{"name": _name(players, t["seat"]), "amount": t["amount"]} for t in view.get("owed") or []],
        "last_vote": _last_vote(view, players, cards),
        "actions": groups,
        "vote_picker": _vote_picker(groups),
        "proposal": _proposal(view, players, turn),
        "unknown_hands": bool(view.get("unknown_hands")),
        "play_choices": _play_choices(groups.get("play") or [], cards),
        "objections": int(view.get("objections") or 0),
        "next_proposer": _name(players, view.get("next_proposer")) if view.get("next_proposer") is not None else None,
        "by_table": bool(view.get("confirm_by_table")),
        "reporter": _name(players, view.get("reporter")) if view.get("reporter") is not None else None,
        "scorepad": _scorepad(view, players),
        "scribe_rows": _scribe_rows(
            groups, players, turn, _leader_prediction(view, cards), list(view.get("owed") or [])
        )
        if scribe
        else [],
        "card_texts": {
            item["card"]: card(cards, item["card"]) for verb in ("play", "choose") for item in groups.get(verb) or []
        }
        if scribe
        else {},
        "scribe_heading": SCRIBE_HEADINGS.get(str(view.get("phase") or "")),
        "entered": [_name(players, s) for s, done in enumerate(view.get("voted") or []) if done]
        if view.get("phase") == "vote"
        else [],
        "outcome_choices": outcome_choices(view, lang) if scribe and turn.get("kind") == "chance" else [],
        "chance_heading": _chance_heading(view, players),
        "last_round": _last_round(view, players),
        "scorepad_columns": [label for _, label in SCOREPAD_COLUMNS],
        "finished": finished,
        "scores": result.get("scores") if finished else None,
        "winners": [
            _name(players, s)
            for s, score in enumerate(result.get("scores") or [])
            if finished and score == max(result.get("scores") or [0])
        ],
    }
