"""Text notation of actions and outcomes (round-trips with ``parse_*``).

Actions: ``play K-W0`` / ``play K-W0 stood``; ``vote yes 2`` / ``vote no 1``; ``adopt`` / ``reject``;
``spoke none`` / ``spoke 1 3`` (seats 1-based); ``first none`` / ``first 2``; ``confirm`` / ``object``
(RGO-22); ``take white`` / ``pay green``; ``cover 1`` (space 1 or 2); ``choose W-PRODUKT2``; ``predict 2`` /
``predict 2 white``. Outcomes: ``card K-W0``; ``place 2``.
"""

from __future__ import annotations

from stammtisch.core.errors import InvalidNotation
from stammtisch.core.text import Text
from stammtisch.games.regeln.model import (
    COLOURS,
    Action,
    CardOutcome,
    ChooseRule,
    Confirm,
    Cover,
    Decide,
    Object,
    Outcome,
    PayChip,
    PlaceOutcome,
    PlayCard,
    Predict,
    ReportFirstSpeaker,
    ReportSpeech,
    TakeChip,
    Vote,
)


def _invalid(text: str) -> InvalidNotation:
    return InvalidNotation(
        "regeln/notation",
        Text(
            f"{text!r} ist kein Zug: z. B. 'play K-W0', 'vote yes 2', 'take white', 'cover 1', 'predict 2'.",
            f"{text!r} is not a move: e.g. 'play K-W0', 'vote yes 2', 'take white', 'cover 1', 'predict 2'.",
        ),
    )


def format_action(action: Action) -> str:
    if isinstance(action, PlayCard):
        return f"play {action.card}" + (" stood" if action.stood else "")
    if isinstance(action, Vote):
        return f"vote {'yes' if action.yes else 'no'} {action.tiles}"
    if isinstance(action, Decide):
        return "adopt" if action.adopt else "reject"
    if isinstance(action, ReportSpeech):
        return "spoke " + (" ".join(str(s + 1) for s in action.seats) if action.seats else "none")
    if isinstance(action, ReportFirstSpeaker):
        return "first " + ("none" if action.seat is None else str(action.seat + 1))
    if isinstance(action, Confirm):
        return "confirm"
    if isinstance(action, Object):
        return "object"
    if isinstance(action, TakeChip):
        return f"take {action.colour}"
    if isinstance(action, PayChip):
        return f"pay {action.colour}"
    if isinstance(action, Cover):
        return f"cover {action.slot + 1}"
    if isinstance(action, ChooseRule):
        return f"choose {action.card}"
    return f"predict {action.value}" + (f" {action.colour}" if action.colour else "")


def _int(word: str, text: str) -> int:
    if not word.isdigit():
        raise _invalid(text)
    return int(word)


def parse_action(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise _invalid(text)
    head, rest = words[0].lower(), words[1:]
    if head == "play" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "stood"):
        return PlayCard(rest[0], len(rest) == 2)
    if head == "vote" and len(rest) == 2 and rest[0] in ("yes", "no"):
        return Vote(rest[0] == "yes", _int(rest[1], text))
    if head in ("adopt", "reject") and not rest:
        return Decide(head == "adopt")
    if head == "spoke" and rest:
        if rest == ["none"]:
            return ReportSpeech(())
        return ReportSpeech(tuple(_int(w, text) - 1 for w in rest))
    if head == "first" and len(rest) == 1:
        return ReportFirstSpeaker(None if rest[0] == "none" else _int(rest[0], text) - 1)
    if head == "confirm" and not rest:
        return Confirm()
    if head == "object" and not rest:
        return Object()
    if head in ("take", "pay") and len(rest) == 1 and rest[0] in COLOURS:
        return TakeChip(rest[0]) if head == "take" else PayChip(rest[0])
    if head == "cover" and len(rest) == 1:
        return Cover(_int(rest[0], text) - 1)
    if head == "choose" and len(rest) == 1:
        return ChooseRule(rest[0])
    if head == "predict" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] in COLOURS):
        return Predict(_int(rest[0], text), rest[1] if len(rest) == 2 else None)
    raise _invalid(text)


def format_outcome(outcome: Outcome) -> str:
    if isinstance(outcome, CardOutcome):
        return f"card {outcome.card}"
    return f"place {outcome.place}"


def parse_outcome(text: str) -> Outcome:
    words = text.strip().split()
    if len(words) == 2 and words[0] == "card":
        return CardOutcome(words[1])
    if len(words) == 2 and words[0] == "place":
        return PlaceOutcome(_int(words[1], text))
    raise InvalidNotation(
        "regeln/notation",
        Text(
            f"{text!r} ist kein Ergebnis: 'card K-W0' oder 'place 2'.",
            f"{text!r} is not an outcome: 'card K-W0' or 'place 2'.",
        ),
    )
