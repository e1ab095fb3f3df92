"""The Klümpchen player turn folded over its pending points: a small graph with shifted edges.

A turn's pending points (combinations waiting for, or past, confirmation, KA-08) change nothing in
how the rules treat the turn except the points it ends with: the value is *pending + clump* or 0
(KA-04, KA-10), a risk throw compares two values that both contain the same pending points (KA-03),
and a free throw is one whose value is 0. So every turn state with pending points ``p > 0`` is the
same *template* node as the state with any other ``p > 0``, its edges carry the pending points they
add (``shift``), and its ends say how many points come on top of ``p`` (``END`` with ``value`` = x,
total = p + x) or that the turn scores nothing (``FAIL``). That collapses the ~23,000 turn states
below 150 pending points (``turn_graph.build``) into a few hundred nodes, and lets one array column
per pending amount (or, in the game solve, per points already in the joint turn) be handled at once.

The transitions come from the reference engine's own turn functions (``games/kluempchen/throws.py``);
pending points are normalised to a large constant ``BIG`` for ``p > 0`` (the engine adds and compares,
it never looks at the size), and ``tests/sim/test_ks_turn_template.py`` proves the template equal to the
unfolded graph of ``turn_graph.build``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from stammtisch.core.chance import multiset_probability
from stammtisch.games.kluempchen import throws
from stammtisch.games.kluempchen.model import CONTINUE, KEEP_DICE, PAIR, ROLL, VOLL, Config, PlayerTurn
from stammtisch.games.kluempchen.rules import set_aside_choices
from stammtisch.sim.games.kluempchen.turn_graph import STOP, THROW, VOLL_A, VOLL_B, Key, aside_label, canonical, key_of

#: Pending points of every template node with p > 0; far above anything a turn can add up to.
BIG = 1 << 20

CHANCE, DECISION, END, FAIL, SIX = 0, 1, 2, 3, 4
KIND_NAMES = ("chance", "decision", "end", "fail", "six")


@dataclass(slots=True)
class TNode:
    """A template node. ``pending`` says whether the turn holds pending points (p > 0)."""

    kind: int
    turn: PlayerTurn | None
    pending: bool = False
    value: int = 0  # END: points on top of the pending ones
    #: CHANCE: (child, shift, probability, Straßen thrown on this throw)
    edges: list[tuple[int, int, Fraction, int]] = field(default_factory=list)
    #: DECISION: (label, child, shift)
    choices: list[tuple[str, int, int]] = field(default_factory=list)


@dataclass(slots=True)
class Template:
    """The folded turn under one set of house rules; node 0 is a fresh turn's first throw."""

    config: Config
    nodes: list[TNode]
    index: dict[Key, int]
    fail: int
    six: int
    root: int = 2  # a fresh turn's first throw (nodes 0 and 1 are FAIL and SIX)

    def locate(self, turn: PlayerTurn) -> tuple[int, int]:
        """(template node, pending points) of an engine turn at a throw or a decision.

        Raises KeyError for a turn the template does not know (a finished turn)."""
        pending = turn.pending
        probe = turn
        if pending > 0:
            probe = turn._replace(pending=BIG, before=turn.before - pending + BIG if turn.before > 0 else turn.before)
        return self.index[key_of(probe)], pending

    def topological(self) -> list[int]:
        """Non-terminal nodes, children first along unshifted edges (shifted edges may loop: the
        solvers iterate over them)."""
        order: list[int] = []
        state = bytearray(len(self.nodes))

        def unshifted(i: int) -> list[int]:
            n = self.nodes[i]
            if n.kind == CHANCE:
                return [c for c, s, _, _ in n.edges if s == 0]
            if n.kind == DECISION:
                return [c for _, c, s in n.choices if s == 0]
            return []

        for root in range(len(self.nodes)):
            if state[root] or self.nodes[root].kind not in (CHANCE, DECISION):
                continue
            stack = [(root, iter(unshifted(root)))]
            state[root] = 1
            while stack:
                node, children = stack[-1]
                for child in children:
                    if state[child] == 1 and self.nodes[child].kind in (CHANCE, DECISION):
                        if child not in order:
                            raise AssertionError("unshifted cycle in the turn template")
                    if not state[child]:
                        state[child] = 1
                        if self.nodes[child].kind in (CHANCE, DECISION):
                            stack.append((child, iter(unshifted(child))))
                        break
                else:
                    stack.pop()
                    order.append(node)
        return order


def _outcomes(free: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    return tuple((faces, multiset_probability(faces)) for faces in combinations_with_replacement(range(1, 7), free))


def _normalise(turn: PlayerTurn) -> tuple[PlayerTurn, int]:
    """Pending points to BIG (or 0); returns the turn and the points the step added (the shift)."""
    if turn.pending == 0:
        return turn, 0
    base = BIG if turn.pending >= BIG else 0
    shift = turn.pending - base
    if shift == 0:
        return turn, 0
    before = turn.before - shift if turn.before > 0 else turn.before
    return turn._replace(pending=BIG, before=before), shift


@lru_cache(maxsize=16)
def build(config: Config) -> Template:
    """Enumerate the template under ``config`` (cached per house rules: it is immutable in use)."""
    nodes: list[TNode] = [TNode(FAIL, None), TNode(SIX, None)]
    index: dict[Key, int] = {}
    ends: dict[int, int] = {}
    outcomes = {k: _outcomes(k) for k in range(1, 7)}
    todo: list[int] = []

    def end(base_pending: int, total: int) -> int:
        if total == 0:
            return 0  # FAIL
        x = total - base_pending
        found = ends.get(x)
        if found is None:
            found = ends[x] = len(nodes)
            nodes.append(TNode(END, None, value=x))
        return found

    def visit(turn: PlayerTurn) -> tuple[int, int]:
        turn, shift = _normalise(canonical(turn))
        key = key_of(turn)
        found = index.get(key)
        if found is None:
            found = index[key] = len(nodes)
            nodes.append(TNode(CHANCE if turn.step == ROLL else DECISION, turn, pending=turn.pending > 0))
            todo.append(found)
        return found, shift

    def after(parent: PlayerTurn, step: throws.Step) -> tuple[int, int]:
        turn, status, value = step
        if status == throws.DONE:
            return end(parent.pending, value), 0
        if status == throws.SIX:
            return 1, 0
        return visit(turn)

    visit(PlayerTurn(0, 1, 0, step=ROLL))
    while todo:
        i = todo.pop()
        node = nodes[i]
        t = node.turn
        assert t is not None
        if node.kind == CHANCE:
            merged: dict[tuple[int, int, int], Fraction] = {}
            for faces, probability in outcomes[t.free]:
                step = throws.counted_throw(t, faces, config)
                child, shift = after(t, step)
                strassen = step[0].strassen - t.strassen
                k = (child, shift, strassen)
                merged[k] = merged.get(k, Fraction(0)) + probability
            node.edges = [(c, s, p, st) for (c, s, st), p in sorted(merged.items())]
        elif t.step == CONTINUE:
            choices = [(STOP, end(t.pending, throws.stop(t, config)), 0)]
            if t.free:
                child, shift = visit(t._replace(step=ROLL))
                choices.append((THROW, child, shift))
            node.choices = choices
        elif t.step == PAIR:
            pairs = sorted(set(t.choice))
            node.choices = [(f"keep {f}", *after(t, throws.keep_pair(t, f, config))) for f in pairs]
        elif t.step == VOLL:
            node.choices = [
                (VOLL_A, *after(t, throws.choose_voll_star(t, "a", config))),
                (VOLL_B, *after(t, throws.choose_voll_star(t, "b", config))),
            ]
        elif t.step == KEEP_DICE:
            node.choices = [
                (aside_label(a.faces), *after(t, throws.keep_dice(t, a.faces, config)))
                for a in set_aside_choices(t.choice)
            ]
        else:  # pragma: no cover - every step of a running turn is handled above
            raise AssertionError(f"unexpected step {t.step}")
    return Template(config, nodes, index, 0, 1)
