"""Text notation of Bierpong actions and outcomes; ``parse(format(x)) == x`` for every value.

Teams are ``A`` (0) and ``B`` (1); seats and cups are numbers (seats as the engine counts them).

Actions: ``begin A``, ``side left``, ``pair 0 2``, ``throw`` (no Island call), ``island 4``,
``heating-up``, ``on-fire``, ``heating-up+on-fire``, ``no-call``, ``fetch 2``, ``leave``, ``remove 4``.

Outcomes: ``duel A`` / ``duel B`` (only that team's thrower hit), ``duel both``, ``duel none``;
``hit 5``, ``hit 5 bounce``, ``hit 5 roller``, ``hit 5 bounce roller``; ``miss``, ``defended``,
``back own`` / ``back far``, ``airball 3`` (caught by seat 3), ``void``, ``illegal-defence``,
``save 5``, ``both-at-once`` (one player released both balls at once: always refused, Art 4.1,
BP-R18); table events ``timeup``, ``knock A 3 5``, ``standing 4``, ``dead-removed 4``,
``drinking A``, ``drank A``, ``distracted A``, ``forgot A`` (optionally followed by the penalty),
``rerack B 1 2 3 5`` (``allow_rerack``: the slots B's live cups stand in after re-forming them).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.errors import InvalidNotation
from stammtisch.core.text import Text
from stammtisch.games.bierpong.model import (
    TEAM_NAMES,
    AirBall,
    Begin,
    BothAtOnce,
    Call,
    CallIsland,
    DeadCupRemoved,
    Defended,
    Distracted,
    Drank,
    Drinking,
    Duel,
    Fetch,
    Forgot,
    Hit,
    IllegalDefence,
    IllegalSave,
    KnockOver,
    Leave,
    LeftStanding,
    Miss,
    NoCall,
    Pair,
    Remove,
    Rerack,
    RolledBack,
    Shoot,
    Side,
    TimeUp,
    Void,
)

CLAUSE = "BP-notation"
CALL_WORDS = {"heating_up": "heating-up", "on_fire": "on-fire", "both": "heating-up+on-fire"}
CALL_KINDS = {word: kind for kind, word in CALL_WORDS.items()}
DUEL_WORDS = {(True, False): "A", (False, True): "B", (True, True): "both", (False, False): "none"}
DUEL_KINDS = {word: hits for hits, word in DUEL_WORDS.items()}
PLAIN_ACTIONS: dict[str, Any] = {"throw": Shoot(), "no-call": NoCall(), "leave": Leave()}
PLAIN_OUTCOMES: dict[str, Any] = {
    "miss": Miss(),
    "defended": Defended(),
    "void": Void(),
    "illegal-defence": IllegalDefence(),
    "timeup": TimeUp(),
    "both-at-once": BothAtOnce(),
    "back own": RolledBack(True),
    "back far": RolledBack(False),
}
ONE_NUMBER_ACTIONS: dict[str, type] = {"island": CallIsland, "fetch": Fetch, "remove": Remove}
ONE_NUMBER_OUTCOMES: dict[str, type] = {
    "airball": AirBall,
    "save": IllegalSave,
    "standing": LeftStanding,
    "dead-removed": DeadCupRemoved,
}
TEAM_OUTCOMES: dict[str, type] = {"drinking": Drinking, "drank": Drank, "distracted": Distracted}


def _bad(text: str, de: str, en: str) -> InvalidNotation:
    return InvalidNotation(CLAUSE, Text(f"Unlesbar: {text!r} ({de}).", f"Cannot read {text!r} ({en})."))


def _number(text: str, word: str) -> int:
    if not word.isdigit():
        raise _bad(text, "Zahl erwartet", "expected a number")
    return int(word)


def _team(text: str, word: str) -> int:
    if word not in TEAM_NAMES:
        raise _bad(text, "Team A oder B erwartet", "expected team A or B")
    return TEAM_NAMES.index(word)


def format_action(action: Any) -> str:
    if isinstance(action, Begin):
        return f"begin {TEAM_NAMES[action.team]}"
    if isinstance(action, Side):
        return f"side {action.side}"
    if isinstance(action, Pair):
        return f"pair {action.first} {action.second}"
    if isinstance(action, Shoot):
        return "throw"
    if isinstance(action, CallIsland):
        return f"island {action.cup}"
    if isinstance(action, Call):
        return CALL_WORDS.get(action.kind, f"call {action.kind}")
    if isinstance(action, NoCall):
        return "no-call"
    if isinstance(action, Fetch):
        return f"fetch {action.seat}"
    if isinstance(action, Leave):
        return "leave"
    if isinstance(action, Remove):
        return f"remove {action.cup}"
    raise TypeError(f"not a Bierpong action: {action!r}")


def parse_action(text: str) -> Any:
    words = text.split()
    joined = " ".join(words)
    if joined in PLAIN_ACTIONS:
        return PLAIN_ACTIONS[joined]
    if joined in CALL_KINDS:
        return Call(CALL_KINDS[joined])
    if len(words) == 2 and words[0] in ONE_NUMBER_ACTIONS:
        return ONE_NUMBER_ACTIONS[words[0]](_number(text, words[1]))
    if len(words) == 2 and words[0] == "begin":
        return Begin(_team(text, words[1]))
    if len(words) == 2 and words[0] == "side" and words[1] in ("left", "right"):
        return Side(words[1])
    if len(words) == 3 and words[0] == "pair":
        return Pair(_number(text, words[1]), _number(text, words[2]))
    raise _bad(text, "unbekannter Zug", "unknown move")


def format_outcome(outcome: Any) -> str:
    if isinstance(outcome, Hit):
        flags = (" bounce" if outcome.bounce else "") + (" roller" if outcome.roller else "")
        return f"hit {outcome.cup}{flags}"
    if isinstance(outcome, Duel):
        return f"duel {DUEL_WORDS[(outcome.a, outcome.b)]}"
    if isinstance(outcome, RolledBack):
        return "back own" if outcome.own_half else "back far"
    for word, value in PLAIN_OUTCOMES.items():
        if outcome == value:
            return word
    if isinstance(outcome, AirBall):
        return f"airball {outcome.catcher}"
    if isinstance(outcome, IllegalSave):
        return f"save {outcome.cup}"
    if isinstance(outcome, LeftStanding):
        return f"standing {outcome.cup}"
    if isinstance(outcome, DeadCupRemoved):
        return f"dead-removed {outcome.cup}"
    if isinstance(outcome, KnockOver):
        return f"knock {TEAM_NAMES[outcome.team]} " + " ".join(map(str, outcome.cups))
    if isinstance(outcome, Rerack):
        return f"rerack {TEAM_NAMES[outcome.team]} " + " ".join(map(str, outcome.cups))
    for word, cls in TEAM_OUTCOMES.items():
        if isinstance(outcome, cls):
            return f"{word} {TEAM_NAMES[outcome.team]}"  # type: ignore[attr-defined]
    if isinstance(outcome, Forgot):
        return f"forgot {TEAM_NAMES[outcome.team]}" + (f" {outcome.penalty}" if outcome.penalty else "")
    raise TypeError(f"not a Bierpong outcome: {outcome!r}")


def parse_outcome(text: str) -> Any:
    words = text.split()
    joined = " ".join(words)
    if joined in PLAIN_OUTCOMES:
        return PLAIN_OUTCOMES[joined]
    if not words:
        raise _bad(text, "leer", "empty")
    head = words[0]
    if head == "hit" and 2 <= len(words) <= 4:
        flags = words[2:]
        if any(f not in ("bounce", "roller") for f in flags) or len(set(flags)) != len(flags):
            raise _bad(text, "nach dem Becher nur bounce/roller", "only bounce/roller after the cup")
        if flags == ["roller", "bounce"]:
            raise _bad(text, "erst bounce, dann roller", "bounce before roller")
        return Hit(_number(text, words[1]), "bounce" in flags, "roller" in flags)
    if head == "duel" and len(words) == 2 and words[1] in DUEL_KINDS:
        a, b = DUEL_KINDS[words[1]]
        return Duel(a, b)
    if head in ONE_NUMBER_OUTCOMES and len(words) == 2:
        return ONE_NUMBER_OUTCOMES[head](_number(text, words[1]))
    if head == "knock" and len(words) >= 3:
        return KnockOver(_team(text, words[1]), tuple(_number(text, w) for w in words[2:]))
    if head == "rerack" and len(words) >= 3:
        return Rerack(_team(text, words[1]), tuple(_number(text, w) for w in words[2:]))
    if head in TEAM_OUTCOMES and len(words) == 2:
        return TEAM_OUTCOMES[head](_team(text, words[1]))
    if head == "forgot" and len(words) >= 2:
        team = _team(text, words[1])
        rest = text.strip()[len("forgot") :].lstrip()[1:]
        return Forgot(team, rest[1:] if rest.startswith(" ") else rest)
    raise _bad(text, "unbekanntes Ergebnis", "unknown outcome")
