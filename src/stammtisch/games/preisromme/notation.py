"""Text notation of Preisrommé actions and outcomes; parse and format round-trip.

Cards are codes (``7H``, ``10C``, ``QD``, ``AS``, ``JK``; see ``cards``); seats and figure numbers
are 1-based as people count them.

=========================  ===========================================================
``take``                   the next player takes the discard (R-4.4)
``knock``                  another player knocks for it (R-4.1)
``pass``                   decline in the knock window (``draw`` is read as ``pass``)
``meld 7H 8H 9H``          lay a figure; ``meld run …``/``meld set …`` where the cards
                           alone do not say which (RA-18); runs in position order,
                           sets in suit order (sets are put in suit order when read)
``layoff 1 10H``           lay a card off on figure 1; ``layoff 1 JK low`` / ``high``
                           for a joker or an ace on a run
``swap 2 JK 5C``           give 5C for the joker on figure 2 that stands for it
``withdraw``               a false laying was taken back (R-9.2)
``discard 7H``             discard; the last card goes out (R-11.2)
``out 2`` / ``out none``   score sheet: who went out
``romme yes`` / ``no``     score sheet: Rommé-Hand
``points 3 47``            score sheet: seat 3 holds 47 points
=========================  ===========================================================

An outcome (a card from the stock) is its code, e.g. ``7H``. In table mode, when several knocked, the
Schreiber enters who knocked first: ``first 3`` (seat 3, RA-07).
"""

from __future__ import annotations

from stammtisch.core.errors import InvalidNotation
from stammtisch.core.text import Text
from stammtisch.games.preisromme.cards import CARD, CODES
from stammtisch.games.preisromme.melds import canonical_set
from stammtisch.games.preisromme.model import (
    CardOutcome,
    Discard,
    FirstKnock,
    Knock,
    Layoff,
    Meld,
    Out,
    Pass,
    Points,
    Romme,
    Swap,
    Take,
    Withdraw,
)

_WORDS = {"take": Take(), "knock": Knock(), "pass": Pass(), "draw": Pass(), "withdraw": Withdraw()}


def _invalid(text: str, why_de: str = "", why_en: str = "") -> InvalidNotation:
    return InvalidNotation(
        "preisromme/notation",
        Text(f"Unlesbarer Zug {text!r}. {why_de}".strip(), f"Cannot read {text!r}. {why_en}".strip()),
    )


def _inferred_kind(cards: tuple[str, ...]) -> str:
    ranks = {code[:-1] for code in cards if code != "JK"}
    naturals = sum(1 for code in cards if code != "JK")
    return "set" if naturals >= 2 and len(ranks) == 1 else "run"


def format_action(action: object) -> str:
    if isinstance(action, Take):
        return "take"
    if isinstance(action, Knock):
        return "knock"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Withdraw):
        return "withdraw"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, Meld):
        kind = "" if _inferred_kind(action.cards) == action.kind else f"{action.kind} "
        return f"meld {kind}{' '.join(action.cards)}"
    if isinstance(action, Layoff):
        return f"layoff {action.figure} {action.card}" + (f" {action.end}" if action.end else "")
    if isinstance(action, Swap):
        return f"swap {action.figure} JK {action.card}"
    if isinstance(action, Out):
        return "out none" if action.seat < 0 else f"out {action.seat + 1}"
    if isinstance(action, Romme):
        return "romme yes" if action.yes else "romme no"
    if isinstance(action, Points):
        return f"points {action.seat + 1} {action.points}"
    raise _invalid(repr(action))


def _code(text: str, word: str) -> str:
    code = word.upper()
    if code not in CARD:
        raise _invalid(text, "Karten wie 7H, 10C, QD, AS, JK.", "Cards look like 7H, 10C, QD, AS, JK.")
    return code


def _number(text: str, word: str) -> int:
    if not word.isdigit():
        raise _invalid(text, "Zahl erwartet.", "A number was expected.")
    return int(word)


def parse_action(text: str) -> object:
    words = text.split()
    if not words:
        raise _invalid(text)
    verb, args = words[0].lower(), words[1:]
    if verb in _WORDS and not args:
        return _WORDS[verb]
    if verb == "discard" and len(args) == 1:
        return Discard(_code(text, args[0]))
    if verb == "meld" and args:
        kind = ""
        if args[0].lower() in ("run", "set"):
            kind, args = args[0].lower(), args[1:]
        cards = tuple(_code(text, word) for word in args)
        if not cards:
            raise _invalid(text)
        kind = kind or _inferred_kind(cards)
        if kind == "set":
            ordered = canonical_set([CARD[code] for code in cards])
            cards = tuple(CODES[card] for card in ordered)
        return Meld(kind, cards)
    if verb == "layoff" and len(args) in (2, 3):
        end = args[2].lower() if len(args) == 3 else ""
        if end not in ("", "low", "high"):
            raise _invalid(text, "Ende: low oder high.", "End: low or high.")
        return Layoff(_number(text, args[0]), _code(text, args[1]), end)
    if verb == "swap" and len(args) == 3 and args[1].upper() == "JK":
        return Swap(_number(text, args[0]), _code(text, args[2]))
    if verb == "out" and len(args) == 1:
        return Out(-1) if args[0].lower() == "none" else Out(_number(text, args[0]) - 1)
    if verb == "romme" and len(args) == 1 and args[0].lower() in ("yes", "no", "ja", "nein"):
        return Romme(args[0].lower() in ("yes", "ja"))
    if verb == "points" and len(args) == 2:
        return Points(_number(text, args[0]) - 1, _number(text, args[1]))
    raise _invalid(text)


def describe_action(action: object) -> Text:
    """What an action means, in German and English (buttons, help, logs)."""
    if isinstance(action, Take):
        return Text("die ausgespielte Karte nehmen (statt vom Stapel)", "take the discard (instead of the stock)")
    if isinstance(action, Knock):
        return Text(
            "klopfen: die Karte beanspruchen (plus eine vom Stapel)", "knock: claim the card (plus one from the stock)"
        )
    if isinstance(action, Pass):
        return Text(
            "nicht klopfen (die nächste Spielerin zieht vom Stapel)", "pass (the next player draws from the stock)"
        )
    if isinstance(action, Withdraw):
        return Text(
            "falsch ausgelegt: Karten zurück, in diesem Zug nicht mehr auslegen",
            "false laying: cards back, no more laying this turn",
        )
    if isinstance(action, Discard):
        return Text(f"{action.card} abwerfen", f"discard {action.card}")
    if isinstance(action, Meld):
        kind_de = "Reihe" if action.kind == "run" else "Satz"
        return Text(f"{kind_de} auslegen: {' '.join(action.cards)}", f"lay a {action.kind}: {' '.join(action.cards)}")
    if isinstance(action, Layoff):
        end = {"low": " (unten)", "high": " (oben)"}.get(action.end, "")
        end_en = {"low": " (low end)", "high": " (high end)"}.get(action.end, "")
        return Text(
            f"{action.card} an Figur {action.figure} anlegen{end}",
            f"lay off {action.card} on figure {action.figure}{end_en}",
        )
    if isinstance(action, Swap):
        return Text(
            f"Joker von Figur {action.figure} gegen {action.card} tauschen",
            f"swap {action.card} for the joker on figure {action.figure}",
        )
    if isinstance(action, Out):
        if action.seat < 0:
            return Text("niemand ist ausgegangen", "nobody went out")
        return Text(f"Platz {action.seat + 1} ist ausgegangen", f"seat {action.seat + 1} went out")
    if isinstance(action, Romme):
        return Text(
            "mit Rommé-Hand" if action.yes else "ohne Rommé-Hand", "Rommé-Hand" if action.yes else "no Rommé-Hand"
        )
    if isinstance(action, Points):
        return Text(
            f"Platz {action.seat + 1}: {action.points} Punkte auf der Hand",
            f"seat {action.seat + 1}: {action.points} points in hand",
        )
    text = format_action(action)
    return Text(text, text)


def format_outcome(outcome: CardOutcome | FirstKnock) -> str:
    if isinstance(outcome, FirstKnock):
        return f"first {outcome.seat + 1}"
    return outcome.card


def parse_outcome(text: str) -> CardOutcome | FirstKnock:
    words = text.split()
    if len(words) == 2 and words[0].lower() == "first":
        if not words[1].isdigit() or int(words[1]) < 1:
            raise _invalid(text, "Platz als Zahl ab 1, z. B. first 3.", "A seat number from 1, e.g. first 3.")
        return FirstKnock(int(words[1]) - 1)
    if len(words) == 2 and words[0].lower() == "draw":
        words = words[1:]
    if len(words) != 1:
        raise _invalid(text)
    return CardOutcome(_code(text, words[0]))
