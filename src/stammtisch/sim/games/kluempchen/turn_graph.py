"""One Klümpchen player turn as an explicit graph of decisions and chance nodes.

The graph is built by calling the reference engine's own turn functions (``games/kluempchen/throws.py``:
``counted_throw``, ``keep_pair``, ``choose_voll_star``, ``keep_dice``, ``stop``), so every transition is
the engine's by construction; only the bookkeeping the rules ignore (the table's log, the Straßen
counters, the faces of the last throw) is dropped from the node key. Probabilities are the exact
multinomial ones of ``core.chance`` (``Fraction``), with a float copy for the numeric solvers.

Node kinds:

* ``CHANCE`` — the free dice are thrown (K-6.2: throws 1 and 2 of a Würfelfolge follow without a
  decision, E-1); edges ``(child, probability)`` merged per distinct child.
* ``DECISION`` — the player chooses: which pair (K-6.7), 15 Voll* a/b (S-8.3), throw 3 or stop (K-6.3),
  which dice to set aside (KA-06 ii, only under ``late_throw_set_aside = player_choice``).
* ``END`` — the turn is over with ``value`` points (before the joker, K-10.4).
* ``SIX`` — six equal dice in one throw: the round ends at once (S-7, KA-13).

Pending points are capped at ``cap`` (ruling KS-3 in docs/rulings/kluempchen-solver.md): a
combination raising them beyond the cap leads to the ``CAPPED`` end, counted as ``cap`` points. The
probability of ever getting there is computed (``capped_mass``) and reported as the stated error.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement

from stammtisch.core.chance import multiset_probability
from stammtisch.games.kluempchen import throws
from stammtisch.games.kluempchen.model import CONTINUE, KEEP_DICE, PAIR, ROLL, VOLL, Config, PlayerTurn
from stammtisch.games.kluempchen.rules import set_aside_choices
from stammtisch.games.kluempchen.scoring import pairs_of

CHANCE, DECISION, END, SIX = 0, 1, 2, 3
KIND_NAMES = ("chance", "decision", "end", "six")

#: Decision labels: what the player chooses, in the engine's notation.
THROW, STOP, VOLL_A, VOLL_B = "throw", "stop", "voll a", "voll b"

Key = tuple[int, int, tuple[int, ...], int, bool, int, tuple[int, ...]]


@dataclass(slots=True)
class Node:
    """One node of the turn graph; ``turn`` is the engine's state it stands for (log dropped)."""

    kind: int
    turn: PlayerTurn | None
    value: int = 0  # END: the turn's points before the joker
    edges: list[tuple[int, Fraction]] = field(default_factory=list)  # CHANCE
    choices: list[tuple[str, int]] = field(default_factory=list)  # DECISION


def key_of(turn: PlayerTurn) -> Key:
    """The part of a turn the rules look at: step, throws of the sequence, kept dice, pending points,
    open confirmation, value before throw 3, and the throw waiting for a choice (canonical form)."""
    choice = turn.choice
    if turn.step == PAIR:
        choice = tuple(sorted(f for f in pairs_of(choice) for _ in range(2)))
    elif turn.step == VOLL:
        four = next(f for f in set(choice) if choice.count(f) == 4)
        choice = (four,) * 4
    elif turn.step != KEEP_DICE:
        choice = ()
    return (turn.step, turn.throws, turn.kept, turn.pending, turn.awaiting, turn.before, choice)


def canonical(turn: PlayerTurn) -> PlayerTurn:
    """The engine turn rebuilt from its key (owner/role/thrower 0/1/0, no log, no Straßen)."""
    step, n, kept, pending, awaiting, before, choice = key_of(turn)
    return PlayerTurn(
        0,
        1,
        0,
        step=step,
        throws=n,
        kept=kept,  # type: ignore[arg-type]
        free=6 - sum(kept),
        pending=pending,
        awaiting=awaiting,
        before=before,
        choice=choice,
    )


@dataclass(slots=True)
class TurnGraph:
    """The whole turn, from the first throw (node 0), for one set of house rules."""

    config: Config
    cap: int
    nodes: list[Node]
    index: dict[Key, int]

    def node(self, turn: PlayerTurn) -> int:
        """The node of an engine turn (as found in a match); KeyError if unreachable from a fresh turn."""
        return self.index[key_of(_capped(turn, self.cap))]

    def order(self) -> list[int]:
        """Nodes children-first (reverse topological order); the graph is acyclic (KS-3)."""
        seen = bytearray(len(self.nodes))
        out: list[int] = []
        stack: list[tuple[int, Iterator[int]]] = [(0, iter(self._children(0)))]
        seen[0] = 1
        while stack:
            node, children = stack[-1]
            for child in children:
                if not seen[child]:
                    seen[child] = 1
                    stack.append((child, iter(self._children(child))))
                    break
            else:
                stack.pop()
                out.append(node)
        return out

    def _children(self, i: int) -> list[int]:
        n = self.nodes[i]
        if n.kind == CHANCE:
            return [c for c, _ in n.edges]
        if n.kind == DECISION:
            return [c for _, c in n.choices]
        return []


def _capped(turn: PlayerTurn, cap: int) -> PlayerTurn:
    if turn.pending > cap:
        return turn._replace(pending=cap)
    return turn


@dataclass(frozen=True, slots=True)
class _Outcome:
    faces: tuple[int, ...]
    probability: Fraction


def _outcomes(free: int) -> tuple[_Outcome, ...]:
    return tuple(
        _Outcome(faces, multiset_probability(faces)) for faces in combinations_with_replacement(range(1, 7), free)
    )


def build(config: Config, cap: int = 300) -> TurnGraph:
    """Enumerate every turn state reachable from a fresh turn under ``config``."""
    nodes: list[Node] = []
    index: dict[Key, int] = {}
    ends: dict[int, int] = {}
    outcomes = {k: _outcomes(k) for k in range(1, 7)}
    six_node = -1

    def end(value: int) -> int:
        found = ends.get(value)
        if found is None:
            found = ends[value] = len(nodes)
            nodes.append(Node(END, None, value))
        return found

    def six() -> int:
        nonlocal six_node
        if six_node < 0:
            six_node = len(nodes)
            nodes.append(Node(SIX, None))
        return six_node

    todo: list[int] = []

    def visit(turn: PlayerTurn) -> int:
        if turn.pending > cap:
            return end(cap)  # KS-3: beyond the cap, counted as the cap
        turn = canonical(turn)
        key = key_of(turn)
        found = index.get(key)
        if found is None:
            found = index[key] = len(nodes)
            nodes.append(Node(CHANCE if turn.step == ROLL else DECISION, turn))
            todo.append(found)
        return found

    def after(step: throws.Step) -> int:
        turn, status, value = step
        if status == throws.DONE:
            return end(value)
        if status == throws.SIX:
            return six()
        return visit(turn)

    visit(PlayerTurn(0, 1, 0, step=ROLL))
    while todo:
        i = todo.pop()
        node = nodes[i]
        t = node.turn
        assert t is not None
        if node.kind == CHANCE:
            merged: dict[int, Fraction] = {}
            for outcome in outcomes[t.free]:
                child = after(throws.counted_throw(t, outcome.faces, config))
                merged[child] = merged.get(child, Fraction(0)) + outcome.probability
            node.edges = sorted(merged.items())
        elif t.step == CONTINUE:
            choices = [(STOP, end(throws.stop(t, config)))]
            if t.free:
                choices.append((THROW, visit(t._replace(step=ROLL))))
            node.choices = choices
        elif t.step == PAIR:
            node.choices = [(f"keep {f}", after(throws.keep_pair(t, f, config))) for f in pairs_of(t.choice)]
        elif t.step == VOLL:
            node.choices = [
                (VOLL_A, after(throws.choose_voll_star(t, "a", config))),
                (VOLL_B, after(throws.choose_voll_star(t, "b", config))),
            ]
        elif t.step == KEEP_DICE:
            node.choices = [
                (aside_label(a.faces), after(throws.keep_dice(t, a.faces, config))) for a in set_aside_choices(t.choice)
            ]
        else:  # pragma: no cover - every step of a running turn is handled above
            raise AssertionError(f"unexpected step {t.step}")
    return TurnGraph(config, cap, nodes, index)


def aside_label(faces: tuple[int, ...]) -> str:
    return "aside " + " ".join(str(f) for f in faces) if faces else "aside"
