"""The generic web pages of a game without a web plug-in, built only from what every engine declares.

* the new-match form: the seat range (``min_seats`` … ``max_seats``), each declared house rule with its
  clause and default (``Game.options``) and the play modes (``GameInfo.play_modes``);
* the outcome pad of a table-mode match waiting for chance: dice → one button per face (one die) or a
  faces field (several dice); a small categorical (at most ``MAX_BUTTONS`` outcomes, no hidden
  information, since a draw's outcomes could tell which cards are left) → one button per outcome in the
  game's notation; anything else → a notation field.

A web game with its own pages (``web.plugin.WebGame``) overrides these where it needs more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stammtisch.core.chance import Categorical, ChanceNode, DiceRoll
from stammtisch.core.options import Option
from stammtisch.core.protocol import Chance, Game
from stammtisch.core.text import Text
from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.games import web_game

#: Most buttons the pad shows for a categorical chance node; beyond that a notation field.
MAX_BUTTONS = 12


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What the generic new-match form asked for (validated by the match service and the engine)."""

    players: list[str]
    options: dict[str, Any]
    mode: str
    title: str


def _option_field(option: Option, value: object, lang: str) -> dict[str, Any]:
    if isinstance(option.default, bool):
        kind = "bool"
    elif isinstance(option.default, int):
        kind = "int"
    else:
        kind = "choice" if option.choices else "text"
    return {
        "key": option.key,
        "clause": option.clause,
        "label": option.description.get(lang),
        "kind": kind,
        "default": option.default,
        "value": value,
        "minimum": option.minimum,
        "maximum": option.maximum,
        "choices": list(option.choices),
    }


def new_match_form(engine: Game[Any], lang: str, values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The page model of the generic new-match form; ``values``: what was typed (a refused form comes back)."""
    typed = dict(values or {})
    names = list(typed.get("players") or [])
    players = (names + [""] * engine.max_seats)[: engine.max_seats]
    given = dict(typed.get("options") or {})
    modes = [str(mode) for mode in engine.info.play_modes]
    return {
        "slug": engine.slug,
        "title": engine.title.get(lang),
        "match_title": str(typed.get("title") or ""),
        "min_seats": engine.min_seats,
        "max_seats": engine.max_seats,
        "players": players,
        # A game that lets the mode be chosen by a house rule gets it from the mode field (MatchService.create).
        "options": [
            _option_field(option, given.get(option.key, option.default), lang)
            for option in engine.options
            if option.key != "mode"
        ],
        "modes": modes,
        "mode": str(typed.get("mode") or ("table" if "table" in modes else modes[0])),
    }


def read_new_match(engine: Game[Any], form: Mapping[str, Any], players: list[str]) -> NewMatch:
    """The form's fields as a ``NewMatch``; an unticked box is ``False``, the rest is checked by the engine."""
    options: dict[str, Any] = {}
    for option in engine.options:
        if option.key == "mode":
            continue
        field = f"option.{option.key}"
        if isinstance(option.default, bool):
            options[option.key] = str(form.get(field) or "") in ("1", "true", "on", "yes")
        elif field in form:
            options[option.key] = str(form[field]).strip()[:80]
    names = [name.strip()[:80] for name in players][: engine.max_seats * 2]
    return NewMatch(
        players=[name for name in names if name],
        options=options,
        mode=str(form.get("mode") or "table"),
        title=str(form.get("title") or "").strip()[:80],
    )


def outcome_pad(engine: Game[Any], node: ChanceNode) -> dict[str, Any]:
    """How the scribe enters ``node``'s outcome at the table (see the module docstring)."""
    distribution = node.distribution
    if isinstance(distribution, DiceRoll):
        faces = list(range(1, distribution.sides + 1))
        return {"kind": "dice", "count": distribution.count, "sides": distribution.sides, "faces": faces}
    hidden = engine.info.hidden_information
    if isinstance(distribution, Categorical) and not hidden and len(distribution.choices) <= MAX_BUTTONS:
        choices = [engine.format_outcome(outcome) for outcome in distribution.choices]
        return {"kind": "choices", "choices": choices}
    return {"kind": "notation"}


def pending_pad(engine: Game[Any], state: object) -> dict[str, Any] | None:
    """The outcome pad for ``state`` if it waits for chance, else ``None``."""
    turn = engine.turn(state)
    return outcome_pad(engine, turn.node) if isinstance(turn, Chance) else None


def board_pad(service: MatchService, snapshot: MatchSnapshot) -> dict[str, Any] | None:
    """The outcome pad for the generic board of ``snapshot``: only while the match waits for chance (a table
    match at every throw; a digital one only where the app cannot draw, a skill outcome without a model)."""
    engine = service.games.get(snapshot.game)
    if snapshot.turn.get("kind") != "chance" or engine is None:
        return None
    return pending_pad(engine, service.state(snapshot.match_id))


def generic_games(engines: Mapping[str, Game[Any]], lang: str) -> list[dict[str, Any]]:
    """The home page's entries for the registered games without a web plug-in: the generic new-match page."""
    label = Text("Neue Partie", "New match").get(lang)
    return [
        {
            "slug": slug,
            "title": engine.title.get(lang),
            "starts": [{"label": label, "href": f"/games/{slug}/new", "primary": True}],
        }
        for slug, engine in engines.items()
        if web_game(slug) is None
    ]
