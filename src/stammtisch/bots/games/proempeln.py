"""Prömpeln bots. Like every bot they see only a seat's view and the legal actions.

* ``RandomSpecialsBot`` announces a uniformly random legal move (so its specials fall at random
  legal times), replays its 0s and 1s once in a Kniffel and makes the best claim.
* ``AdvisorBot`` follows the exact advisor for its own landing distribution: the best move of
  ``advisor.advise``, the optimal Kniffel replays, the best claim.

Neither ever botches an announcement or enters a slip: those are table facts, not choices.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.core.text import Text
from stammtisch.games.proempeln import advisor
from stammtisch.games.proempeln.model import Announce, Config, Record, Replay


def _config(view: Mapping[str, Any]) -> Config:
    return Config(**view.get("options", {}))


def best_record(view: Mapping[str, Any], legal: Sequence[Any]) -> Record:
    """The claim worth most: a King always (it wins), a Meier when it does not lower the score."""
    records = [a for a in legal if isinstance(a, Record)]
    claims = {r.claim for r in records}
    if "king" in claims:
        return Record("king")
    if "meier" in claims:
        run = view["run"]
        values = [v or 0 for v in run["caps"]]
        base = run["score_now"]
        if advisor.run_value(run["effective"], values, _config(view)) > base:
            return Record("meier")
    return Record("none")


def _announcements(legal: Sequence[Any]) -> list[Announce]:
    return [a for a in legal if isinstance(a, Announce) and a.correct]


@dataclass
class RandomSpecialsBot:
    """Specials at random legal times; a simple Kniffel; the best claim."""

    name: str = "specials"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if view["phase"] == "announce":
            return rng.choice(_announcements(legal))
        if view["phase"] == "replay":
            caps = view["run"]["caps"]
            if view["run"]["replays_done"] == 0:
                return Replay(tuple(b for b, v in enumerate(caps, start=1) if v is not None and v < 2))
            return Replay(())
        return best_record(view, legal)


@dataclass
class AdvisorBot:
    """Follows the exact advisor for landing distribution ``p`` (probabilities of 0, 1, 2, 3)."""

    p: advisor.Dist
    middle: advisor.Dist | None = None
    name: str = "advisor"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        config = _config(view)
        seat = view["you"] if view["you"] is not None else view["current_seat"]
        if view["phase"] == "announce":
            me = view["players"][seat]
            advice = advisor.advise(view["round"], me["specials_left"], self.p, config, self.middle)
            choices = _announcements(legal)
            return next((a for a in choices if a.move == advice.best), choices[0])
        if view["phase"] == "replay":
            run = view["run"]
            policy = advisor.kniffel(tuple(self.p), config)
            return Replay(advisor.replay_choice(run["caps"], run["replays_left"], policy))
        return best_record(view, legal)


#: The landing distribution an advisor bot assumes when it is given none: a new player's (Laplace prior).
DEFAULT_P: advisor.Dist = (0.25, 0.25, 0.25, 0.25)


def _advisor_bot() -> AdvisorBot:
    return AdvisorBot(DEFAULT_P)


#: The bots ``play`` and ``simulate`` offer (``bots.registry``); ``heuristic`` is the advisor, the
#: default name of those commands.
BOTS = {"specials": RandomSpecialsBot, "advisor": _advisor_bot, "heuristic": _advisor_bot}
#: The bots' names as people read them (``bots.registry.bot_names``; the codes are for the command line).
NAMES = {
    "specials": Text("Wagemutig (nutzt Spezialzüge)", "Bold (uses the special moves)"),
    "advisor": Text("Berechnend (folgt dem Berater)", "Calculating (follows the advisor)"),
    "heuristic": Text("Berechnend (folgt dem Berater)", "Calculating (follows the advisor)"),
}
