"""Text notation of actions and outcomes; ``parse_*`` inverts ``format_*`` exactly.

Actions: ``joker``, ``throw``, ``stop``, ``keep 4``, ``aside 6 6`` (``aside``: none), ``voll a``, ``away``,
``standin``, ``absent``, ``team 0 3``, ``redraw``, ``next``, ``close``, ``score 26 joker strassen 1``,
``score 36 strassen 1 by 1`` (seat 1 threw it for the absent owner, K-16), ``six strassen 1``, ``six by 1``,
``arrive 5`` and ``leave 2`` (between rounds, E-22), ``join`` and ``join external`` (someone new sits down
between rounds, E-26).
Outcomes: ``1 3 3 5 6 6`` (the faces, any order; ``133566`` is read too), ``turm``, ``cocked``,
``foul missing_die``.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.chance import DiceOutcome
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.errors import UnreadableEntry
from stammtisch.games.kluempchen.model import (
    FOUL_KINDS,
    AnnounceJoker,
    Arrive,
    ChooseVollStar,
    CloseEvening,
    CockedOutcome,
    DemandRedraw,
    EnterSixEqual,
    EnterTurn,
    Forfeit,
    FormTeam,
    FoulOutcome,
    Join,
    KeepPair,
    Leave,
    NextRound,
    ReportAway,
    SetAside,
    StandIn,
    Stop,
    Throw,
    TowerOutcome,
)

_WORDS: dict[str, Any] = {
    "joker": AnnounceJoker(),
    "throw": Throw(),
    "stop": Stop(),
    "away": ReportAway(),
    "standin": StandIn(),
    "absent": Forfeit(),
    "redraw": DemandRedraw(),
    "next": NextRound(),
    "close": CloseEvening(),
}
_NAMES = {type(action): word for word, action in _WORDS.items()}


def _bad(text: str, why_de: str, why_en: str) -> UnreadableEntry:
    return UnreadableEntry("KA-36", Text(f"{text!r} ist unlesbar: {why_de}", f"cannot read {text!r}: {why_en}"))


def format_action(action: Any) -> str:
    word = _NAMES.get(type(action))
    if word is not None:
        return word
    if isinstance(action, KeepPair):
        return f"keep {action.face}"
    if isinstance(action, ChooseVollStar):
        return f"voll {action.option}"
    if isinstance(action, SetAside):
        return " ".join(("aside", *map(str, action.faces)))
    if isinstance(action, FormTeam):
        return f"team {action.first} {action.second}"
    if isinstance(action, Arrive):
        return f"arrive {action.seat}"
    if isinstance(action, Leave):
        return f"leave {action.seat}"
    if isinstance(action, Join):
        return "join external" if action.external else "join"
    if isinstance(action, EnterTurn):
        text = f"score {action.points}"
        if action.joker:
            text += " joker"
        if action.strassen:
            text += f" strassen {action.strassen}"
        return text + (f" by {action.thrower}" if action.thrower >= 0 else "")
    if isinstance(action, EnterSixEqual):
        text = f"six strassen {action.strassen}" if action.strassen else "six"
        return text + (f" by {action.thrower}" if action.thrower >= 0 else "")
    raise _bad(repr(action), "kein Klümpchen-Zug", "not a Klümpchen action")


def _number(text: str, word: str) -> int:
    if not word.isdigit():
        raise _bad(text, f"{word!r} ist keine Zahl", f"{word!r} is not a number")
    return int(word)


def _entry_tail(text: str, words: list[str]) -> tuple[bool, int, int]:
    """``[joker] [strassen N] [by SEAT]`` after a score or six entry."""
    joker = False
    strassen = 0
    thrower = -1
    if words and words[0] == "joker":
        joker = True
        words = words[1:]
    if len(words) >= 2 and words[0] == "strassen":
        strassen = _number(text, words[1])
        words = words[2:]
    if len(words) == 2 and words[0] == "by":
        thrower = _number(text, words[1])
        words = []
    if words:
        raise _bad(text, "erwartet [joker] [strassen N] [by PLATZ]", "expected [joker] [strassen N] [by SEAT]")
    return joker, strassen, thrower


def parse_action(text: str) -> Any:
    if not isinstance(text, str):
        raise _bad(repr(text), "kein Text", "not text")
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "leer", "empty")
    head, rest = words[0], words[1:]
    if head in _WORDS and not rest:
        return _WORDS[head]
    if head == "keep" and len(rest) == 1:
        face = _number(text, rest[0])
        if not 1 <= face <= 6:
            raise _bad(text, "Augenzahl 1-6", "face 1-6")
        return KeepPair(face)
    if head == "keep" and len(rest) > 1:
        # K-6.7: of two pairs exactly one is set aside, in every state; say so instead of "unreadable".
        raise UnreadableEntry(
            "K-6.7",
            Text(
                f"Bei zwei Paaren wird genau eines rausgenommen, nicht beide: keep {rest[0]} oder keep {rest[-1]}.",
                f"With two pairs exactly one is set aside, not both: keep {rest[0]} or keep {rest[-1]}.",
            ),
        )
    if head == "aside":
        faces = tuple(sorted(_number(text, word) for word in rest))
        if not all(1 <= face <= 6 for face in faces) or len(faces) > 5:
            raise _bad(text, "Augenzahlen 1-6, höchstens 5 Würfel", "faces 1-6, at most 5 dice")
        return SetAside(faces)
    if head == "voll" and len(rest) == 1 and rest[0] in ("a", "b"):
        return ChooseVollStar(rest[0])  # type: ignore[arg-type]
    if head == "team" and len(rest) == 2:
        return FormTeam(_number(text, rest[0]), _number(text, rest[1]))
    if head == "arrive" and len(rest) == 1:
        return Arrive(_number(text, rest[0]))
    if head == "leave" and len(rest) == 1:
        return Leave(_number(text, rest[0]))
    if head == "join" and rest in ([], ["external"]):
        return Join(external=bool(rest))
    if head == "score" and rest:
        points = _number(text, rest[0])
        joker, strassen, thrower = _entry_tail(text, rest[1:])
        return EnterTurn(points, joker, strassen, thrower)
    if head == "six":
        joker, strassen, thrower = _entry_tail(text, rest)
        if joker:
            raise _bad(text, "6 Gleiche brauchen keinen Joker", "six equal takes no joker")
        return EnterSixEqual(strassen, thrower)
    raise _bad(
        text,
        "erwartet joker, throw, stop, keep N, aside N.., voll a|b, away, standin, absent, team A B, redraw, next, "
        "close, arrive SEAT, join [external], leave SEAT, score N, six",
        "expected joker, throw, stop, keep N, aside N.., voll a|b, away, standin, absent, team A B, redraw, next, "
        "close, arrive SEAT, join [external], leave SEAT, score N, six",
    )


def format_outcome(outcome: Any) -> str:
    if isinstance(outcome, DiceOutcome):
        return " ".join(map(str, outcome.faces))
    if isinstance(outcome, TowerOutcome):
        return "turm"
    if isinstance(outcome, CockedOutcome):
        return "cocked"
    if isinstance(outcome, FoulOutcome):
        return f"foul {outcome.kind}"
    raise _bad(repr(outcome), "kein Klümpchen-Ergebnis", "not a Klümpchen outcome")


def parse_outcome(text: str) -> Any:
    if not isinstance(text, str):
        raise _bad(repr(text), "kein Text", "not text")
    words = text.strip().lower().split()
    if not words:
        raise _bad(text, "leer", "empty")
    if words == ["turm"]:
        return TowerOutcome()
    if words == ["cocked"]:
        return CockedOutcome()
    if words[0] == "foul" and len(words) == 2:
        if words[1] not in FOUL_KINDS:
            raise _bad(text, f"Fouls: {', '.join(FOUL_KINDS)}", f"fouls: {', '.join(FOUL_KINDS)}")
        return FoulOutcome(words[1])  # type: ignore[arg-type]
    digits = "".join(words)
    if not digits.isdigit() or not all("1" <= d <= "6" for d in digits) or len(digits) > 6:
        raise _bad(text, "Augenzahlen 1-6, höchstens 6 Würfel", "faces 1-6, at most 6 dice")
    if len(words) > 1 and any(len(w) != 1 for w in words):
        raise _bad(text, "eine Augenzahl je Würfel", "one face per die")
    return DiceOutcome(tuple(int(d) for d in digits))
