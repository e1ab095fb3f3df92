"""Refusals that name Prömpeln's clause where the framework would answer with a generic one.

A second special announced in a round (PR-2.4) or a claim after the run's score is written down
(PR-5.0) usually reaches the engine when it is no longer that seat's turn (or a stopper is being
entered), so the framework's pre-checks refuse it first (``NotYourTurn``, ``OutcomePending``,
``MatchFinished``). ``Game.explain_refusal`` keeps that class, so programs and the conformance kit
see the same kind of refusal, and gives it Prömpeln's clause, its own code and plain words."""

from __future__ import annotations

from stammtisch.core.errors import RuleViolation

#: Codes of Prömpeln's own refusals, by clause.
CODES = {
    "PR-2.4": "special/one_per_round",
    "PR-5.0": "claim/after_record",
    "PR-3.5": "slip/after_record",
}


_MADE: dict[tuple[str, str], type[RuleViolation]] = {}


def refusal_class(base: type[RuleViolation], clause: str) -> type[RuleViolation]:
    """A subclass of ``base`` with the code of ``clause`` (one class per pair, built once, so the same
    refusal always has the same class)."""
    key = (base.__name__, clause)
    made = _MADE.get(key)
    if made is None or not issubclass(made, base):
        name = f"{base.__name__}{clause.replace('-', '').replace('.', '_')}"
        made = type(name, (base,), {"code": CODES[clause], "__module__": __name__})
        _MADE[key] = made
    return made
