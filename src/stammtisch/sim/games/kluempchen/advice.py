"""Advice at the table: for the decision at hand, every choice with its win probability and expected points.

The win probabilities come from a stored whole-game solution (``game.py``) for the spot's score pair;
the expected points from the exact single-turn policy (``points.py``). Without a stored solution the
advice says so and ranks by expected points. One function serves the CLI, the web card and the API,
so the three always agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from stammtisch.core.errors import IllegalAction
from stammtisch.core.text import Text
from stammtisch.games.kluempchen.model import CONTINUE, KEEP_DICE, PAIR, VOLL, Config, PlayerTurn
from stammtisch.sim.games.kluempchen.game import GameSolution, compiled_for, config_of, turn_options
from stammtisch.sim.games.kluempchen.jokers import P1, P2
from stammtisch.sim.games.kluempchen.points import solve_points
from stammtisch.sim.race_fast import Layout, Role, layout
from stammtisch.sim.sweep import Array

TOLERANCE = 1e-12
JOKER, THROW = "joker", "throw"


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the player stands: his team's score ``own`` against ``other``, his ``role`` (1 or 2), what
    his partner put up in this joint turn (``partner``, after the partner's joker; role 2 only), whether
    he announced the joker (``joker``) or still may (``joker_available``), and his turn (``None``:
    before his first throw)."""

    own: int
    other: int
    role: int = 1
    partner: int = 0
    joker: bool = False
    joker_available: bool = False
    turn: PlayerTurn | None = None
    #: KS-4: the jokers left now as masks (own team, other team; bit 1 its player 1's, bit 2 its player
    #: 2's), after an announcement for this turn; None when not known.
    jokers: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice: the engine's notation, plain words, the win probability (None without a solution)
    and the expected points of the turn (after the joker)."""

    action: str
    words: Text
    win: float | None
    expected: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "de": self.words.de,
            "en": self.words.en,
            "win_probability": None if self.win is None else round(self.win, 6),
            "expected_points": round(self.expected, 4),
        }


@dataclass(frozen=True, slots=True)
class Advice:
    """The choices, best first (by win probability when solved, else by expected points)."""

    choices: tuple[Choice, ...]
    solved: bool
    target: int
    #: KS-4: the win probabilities count every joker left on both sides (a solve with jokers and the
    #: teams' jokers known); else a joker is valued for this turn only, joker-free play after it.
    with_jokers: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "solved": self.solved,
            "target": self.target,
            "with_jokers": self.with_jokers,
            "best": self.choices[0].action if self.choices else None,
            "choices": [c.to_json() for c in self.choices],
        }


def words(action: str) -> Text:
    """The choice in plain words (German and English)."""
    if action == JOKER:
        return Text("Joker ansagen und werfen (Punkte zählen doppelt)", "announce the joker and throw (points double)")
    if action == THROW:
        return Text("werfen", "throw")
    if action == "stop":
        return Text("aufhören und die Punkte behalten", "stop and keep the points")
    if action == "voll a":
        return Text(
            "15 Voll*: alle sechs Würfel neu, die 15 ausbauen (a)",
            "15 Voll*: all six dice again to build on the 15 (a)",
        )
    if action == "voll b":
        return Text("15 Voll*: die vier Gleichen rauslegen (b)", "15 Voll*: set the four equal dice aside (b)")
    if action.startswith("keep "):
        face = action[5:]
        return Text(f"das Paar {face} {face} rauslegen", f"set the pair {face} {face} aside")
    if action.startswith("aside"):
        dice = action[5:].strip()
        return Text(f"rauslegen: {dice or 'nichts'}", f"set aside: {dice or 'nothing'}")
    return Text(action, action)


def _third_throw_words(turn: PlayerTurn) -> Text:
    return Text("den 3. Wurf werfen", "take the 3rd throw") if turn.step == CONTINUE else words(THROW)


class NoDecision(IllegalAction):
    """The spot's turn waits for dice, not for a decision."""


def _check(spot: Spot, target: int) -> None:
    if not (0 <= spot.own < target and 0 <= spot.other < target):
        raise IllegalAction(
            "K-11.1",
            Text(
                f"Punktestände müssen zwischen 0 und {target - 1} liegen (sonst ist das Team raus)",
                f"scores must lie between 0 and {target - 1} (a team at {target} is out)",
            ),
        )
    if spot.role not in (1, 2):
        raise IllegalAction("K-5.1", Text("Rolle ist 1 oder 2", "the role is 1 or 2"))
    if spot.partner < 0 or (spot.role == 1 and spot.partner):
        raise IllegalAction(
            "K-5.1",
            Text(
                "Vorgelegte Punkte des Partners gibt es nur für Spieler 2 und nie negativ",
                "a partner's points exist only for player 2 and are never negative",
            ),
        )
    if spot.jokers is not None:
        _check_jokers(spot)
    if spot.turn is not None and spot.turn.step not in (CONTINUE, PAIR, VOLL, KEEP_DICE):
        raise NoDecision(
            "K-6.2",
            Text(
                "Jetzt ist nichts zu entscheiden: die nächsten Würfe sind Pflicht",
                "there is nothing to decide now: the next throws are mandatory",
            ),
        )


def _check_jokers(spot: Spot) -> None:
    """KS-4: the jokers left must be masks (bit 1 player 1's, bit 2 player 2's) that agree with the
    spot: an announced joker is used up (K-10.3, KA-15), one still to announce is left (K-10.1)."""
    own, other = spot.jokers or (0, 0)
    if not (0 <= own <= P1 | P2 and 0 <= other <= P1 | P2):
        raise IllegalAction(
            "K-10.1",
            Text(
                "Jedes Team hat höchstens die Joker seiner zwei Spieler (Spieler 1, Spieler 2)",
                "a team has at most its two players' jokers (player 1's, player 2's)",
            ),
        )
    mine = P1 if spot.role == 1 else P2
    if spot.joker and own & mine:
        raise IllegalAction(
            "KA-15",
            Text(
                f"Der angesagte Joker ist für diesen Wurf verbraucht: Spieler {spot.role} hat keinen mehr übrig",
                f"the announced joker is spent on this turn: player {spot.role} has none left",
            ),
        )
    if spot.joker_available and not spot.joker and not own & mine:
        raise IllegalAction(
            "K-10.1",
            Text(
                f"Spieler {spot.role} hat seinen Joker nicht mehr, kann ihn also nicht ansagen",
                f"player {spot.role} has no joker left, so he cannot announce one",
            ),
        )


def advise(spot: Spot, options: Mapping[str, object] | None = None, solution: GameSolution | None = None) -> Advice:
    """Every choice at ``spot`` with its win probability (from ``solution``) and expected points."""
    chosen = turn_options(options)
    target = solution.target if solution is not None else 150
    _check(spot, target)
    config = config_of(chosen)
    points = solve_points(config)
    factor = 2 if spot.joker else 1
    masks = spot.jokers if solution is not None and solution.jokers is not None else None
    rows: list[tuple[str, Text, float | None, float]] = []
    if spot.turn is None:
        base = points.expected
        win_plain = _win_before(spot, solution, 1, masks) if solution is not None else None
        rows.append((THROW, words(THROW), win_plain, base * factor))
        if spot.joker_available and not spot.joker:
            spent = None if masks is None else (masks[0] & ~(P1 if spot.role == 1 else P2), masks[1])
            win_joker = _win_before(spot, solution, 2, spent) if solution is not None else None
            rows.append((JOKER, words(JOKER), win_joker, base * 2))
    else:
        pending = spot.turn.pending
        expected = {c.label: c.expected * factor for c in points.choices(spot.turn)}
        wins = _win_choices(spot, solution, factor, masks) if solution is not None else {}
        for label, value in expected.items():
            text = _third_throw_words(spot.turn) if label == THROW else words(label)
            rows.append((label, text, wins.get(label), value))
        del pending
    if solution is not None:
        rows.sort(key=lambda r: (-(r[2] or 0.0), -r[3]))
    else:
        rows.sort(key=lambda r: -r[3])
    return Advice(tuple(Choice(a, w, win, e) for a, w, win, e in rows), solution is not None, target, masks is not None)


@lru_cache(maxsize=16)
def _layout(config: Config, factor: int) -> Layout:
    return layout(compiled_for(config).compiled, factor)


def _role(solution: GameSolution, factor: int, x: int, end: Array, fail: float) -> Role:
    """One player's turn at own score ``x`` solved by ``race_fast`` (one context, columns z = the team's
    score if the turn so far were banked; the same equations as the game solve): ``end[z]`` is the value
    of banking to z, ``fail`` of scoring nothing."""
    role = Role(_layout(config_of(solution.options), factor), solution.target, np.array([x]))
    role.set_terminals(end[:, None], np.array([fail]), 1.0)
    role.solve_loop(TOLERANCE)
    role.solve_start_everywhere()
    return role


def _second_ends(solution: GameSolution, y: int, after: tuple[int, int] | None) -> Array:
    """Player 2's ends: banking to z wins at z >= t, else the other team moves at (y, z) (its jokers and
    ours swapped, KS-4, when known)."""
    t = solution.target
    end = np.ones(t + 1)
    if after is None:
        end[:t] = 1.0 - solution.v1[y, :t]
    else:
        assert solution.jokers is not None
        end[:t] = 1.0 - solution.jokers[y, :t, after[1], after[0]]
    return end


def _second_values(solution: GameSolution, x: int, y: int, masks: tuple[int, int] | None) -> Array:
    """Player 2's value before his turn for every z (what player 1 puts up for him): from the stored
    ``v2`` without jokers; with jokers the better of his plain and (if left) doubled turn, solved here."""
    t = solution.target
    if masks is None:
        found: Array = solution.v2[x, y, np.clip(np.arange(t + 1) - x, 0, t)]
        return found
    root = compiled_for(config_of(solution.options)).template.root
    end = _second_ends(solution, y, masks)
    best: Array = _role(solution, 1, x, end, _fail_value(solution, x, y, masks)).node(root)[:, 0].copy()
    if masks[0] & P2:
        spent = (masks[0] & ~P2, masks[1])
        doubled = _role(solution, 2, x, _second_ends(solution, y, spent), _fail_value(solution, x, y, spent))
        best = np.maximum(best, doubled.node(root)[:, 0])
    return best


def _fail_value(solution: GameSolution, x: int, y: int, after: tuple[int, int] | None) -> float:
    """Player 2 scored nothing: the other team moves at (y, x)."""
    if after is None:
        return 1.0 - float(solution.v1[y, x])
    assert solution.jokers is not None
    return 1.0 - float(solution.jokers[y, x, after[1], after[0]])


def _solved_turn(spot: Spot, solution: GameSolution, factor: int, masks: tuple[int, int] | None) -> Role:
    """The spot's turn solved for its score pair (``masks``: the jokers left after this turn's announcement)."""
    x, y = spot.own, spot.other
    if spot.role == 2:
        return _role(solution, factor, x, _second_ends(solution, y, masks), _fail_value(solution, x, y, masks))
    # Player 1's points s = z - x are put up for player 2.
    second = _second_values(solution, x, y, masks)
    return _role(solution, factor, x, second, float(second[x]))


def _column(spot: Spot, solution: GameSolution, factor: int, pending: int) -> int:
    """The spot's column z: own score, the partner's points (player 2) and the pending points (doubled
    under the joker), at most the target."""
    partner = spot.partner if spot.role == 2 else 0
    return min(spot.own + partner + factor * pending, solution.target)


def _win_before(spot: Spot, solution: GameSolution, factor: int, masks: tuple[int, int] | None) -> float:
    role = _solved_turn(spot, solution, factor, masks)
    root = compiled_for(config_of(solution.options)).template.root
    return float(role.node(root)[_column(spot, solution, factor, 0), 0])


def _win_choices(spot: Spot, solution: GameSolution, factor: int, masks: tuple[int, int] | None) -> dict[str, float]:
    assert spot.turn is not None
    role = _solved_turn(spot, solution, factor, masks)
    found = compiled_for(config_of(solution.options))
    node, pending = found.template.locate(spot.turn)
    z = _column(spot, solution, factor, pending)
    labels, children, shifts = found.compiled.decision[node]
    t = solution.target
    return {
        label: float(role.value(child, min(z + factor * shift, t))[0])
        for label, child, shift in zip(labels, children, shifts, strict=True)
    }


_STEPS = {"continue": CONTINUE, "keep_pair": PAIR, "voll_star": VOLL, "keep_dice": KEEP_DICE}


def spot_from_view(view: Mapping[str, Any]) -> Spot | None:
    """The spot of the player on turn, read from the Klümpchen table view (``games/kluempchen/view.py``);
    None when nobody decides now (dice to throw, a round over) or the round has more than two teams (the
    solver is for two, KS-1)."""
    turn = view.get("turn")
    on_turn = view.get("on_turn")
    teams = view.get("teams") or []
    if not turn or not on_turn or view.get("phase") != "play" or len(teams) != 2:
        return None
    step = turn.get("step")
    own = int(teams[on_turn["team"]]["score"])
    other = int(teams[1 - on_turn["team"]]["score"])
    role = int(turn.get("role", on_turn.get("role", 1)))
    partner = int((view.get("provisional") or {}).get("points") or 0) if role == 2 else 0
    joker = bool(turn.get("joker"))
    available = bool(turn.get("joker_available"))
    masks = _joker_masks(view, teams, int(on_turn["team"]))
    if step == "pre_turn":
        return Spot(own, other, role, partner, joker, available, None, masks)
    if step not in _STEPS:
        return None
    kept = [0, 0, 0, 0, 0, 0]
    for face, count in turn.get("kept") or []:
        kept[int(face) - 1] = int(count)
    before = turn.get("value_before_third")
    player_turn = PlayerTurn(
        0,
        role,
        0,
        joker=joker,
        step=_STEPS[step],
        throws=int(turn.get("throws_used", 0)),
        kept=(kept[0], kept[1], kept[2], kept[3], kept[4], kept[5]),
        free=int(turn.get("free", 6 - sum(kept))),
        pending=int(turn.get("pending", 0)),
        awaiting=bool(turn.get("awaiting_confirmation")),
        before=-1 if before is None else int(before),
        choice=tuple(int(f) for f in turn.get("choice") or ()),
    )
    return Spot(own, other, role, partner, joker, False, player_turn, masks)


def _joker_masks(view: Mapping[str, Any], teams: list[Any], team: int) -> tuple[int, int] | None:
    """KS-4: the jokers left of the team on turn and of the other team as masks (bit 1: its player 1's,
    bit 2: its player 2's), from the view's jokers left per seat; None if unknown (a solo with one joker
    left: the view does not say for which role)."""
    left = view.get("jokers_left") or []
    found = []
    for t in (teams[team], teams[1 - team]):
        if t.get("solo"):
            count = int(left[t["p1"]]) if t["p1"] < len(left) else 0
            if count == 1:
                return None
            found.append(P1 | P2 if count == 2 else 0)
            continue
        if max(t["p1"], t["p2"]) >= len(left):
            return None
        found.append((P1 if left[t["p1"]] else 0) | (P2 if left[t["p2"]] else 0))
    return found[0], found[1]
