"""Setting up an evening (K-1, K-2, C-4, KA-22, KA-35): seats, externals and manual teams."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import InvalidSetup
from stammtisch.core.text import Text
from stammtisch.games.kluempchen import draw as drawing
from stammtisch.games.kluempchen.model import DRAW, MANUAL, PLAY, Config, State, Team
from stammtisch.games.kluempchen.rules import new_round, with_round


def _setup_error(clause: str, de: str, en: str) -> InvalidSetup:
    return InvalidSetup(clause, Text(de, en))


def _read_teams(players: tuple[int, ...], given: object) -> tuple[Team, ...]:
    """KA-22 manual teams: ``[[p1, p2], ..., [solo]]``, every seat at the table exactly once, at most one
    solo."""
    if not isinstance(given, list | tuple) or not given:
        raise _setup_error("KA-22", "Teams: Liste von Paaren erwartet", "teams: expected a list of pairs")
    teams = []
    for entry in given:
        if (
            not isinstance(entry, list | tuple)
            or len(entry) not in (1, 2)
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in entry)
        ):
            raise _setup_error("KA-22", f"Team {entry!r} ist ungültig", f"team {entry!r} is invalid")
        teams.append(Team(entry[0], entry[-1]))
    members = sorted(s for team in teams for s in team.members)
    if members != list(players):
        raise _setup_error(
            "K-2.2", "Jeder Platz muss genau einem Team angehören", "every seat must belong to exactly one team"
        )
    solos = sum(1 for team in teams if team.solo)
    if solos != len(players) % 2:
        raise _setup_error(
            "K-1.2",
            "Einen Alleinspieler gibt es genau bei ungerader Spielerzahl",
            "there is a solo player exactly when the number of players is odd",
        )
    return tuple(teams)


def _read_later(seats: int, given: object) -> tuple[int, ...]:
    """E-22: the seats of players expected tonight who are not at the table yet (they arrive between
    rounds), ascending."""
    if not isinstance(given, list | tuple) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in given
    ):
        raise _setup_error("E-22", "Später: Liste von Plätzen erwartet", "later: expected a list of seats")
    if len(set(given)) != len(given):
        raise _setup_error("E-22", "Ein Platz ist bei „später“ doppelt genannt", "a seat is listed twice as later")
    return tuple(sorted(given))


def start(seats: int, config: Config, setup: Mapping[str, Any] | None) -> State:
    """The evening before the first team draw (or with the manual teams from ``setup``); ``setup["later"]``
    names the seats that come to the table only later in the evening (E-22)."""
    if not isinstance(seats, int) or seats < max(4, config.min_players):
        raise _setup_error("K-1.1", "Mindestens 4 Spieler am Tisch", "at least 4 players must be at the table")
    if seats > config.max_players:
        raise _setup_error("KA-35", f"Höchstens {config.max_players} Spieler", f"at most {config.max_players} players")
    setup = dict(setup or {})
    unknown = sorted(set(setup) - {"externals", "teams", "later"})
    if unknown:
        raise _setup_error("KA-22", f"Unbekannte Angaben: {unknown}", f"unknown setup keys: {unknown}")
    given_externals = setup.get("externals", [])
    if not isinstance(given_externals, list | tuple) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in given_externals
    ):
        raise _setup_error("C-4.1", "Externe: Liste von Plätzen erwartet", "externals: expected a list of seats")
    if len(set(given_externals)) != len(given_externals):
        raise _setup_error("C-4.1", "Externe doppelt genannt", "an external seat is listed twice")
    externals = tuple(s in given_externals for s in range(seats))
    strassen = (0,) * (2 * seats)
    later = _read_later(seats, setup.get("later", []))
    players = tuple(s for s in range(seats) if s not in later)
    if len(players) < max(4, config.min_players):
        raise _setup_error(
            "K-1.1",
            f"Mindestens {max(4, config.min_players)} Spieler müssen zu Beginn am Tisch sitzen, nicht {len(players)}",
            f"at least {max(4, config.min_players)} players must be at the table at the start, not {len(players)}",
        )
    if "teams" in setup:
        if config.team_draw != "manual":
            raise _setup_error(
                "KA-22",
                "Teams vorgeben geht nur, wenn die Teams von Hand eingetragen statt ausgewürfelt werden",
                "teams can be given in advance only when they are entered by hand instead of drawn",
            )
        formed = _read_teams(players, setup["teams"])
        teams, first = drawing.seating(formed)
        state = State(seats, config, externals, PLAY, None, teams, first, None, (), strassen, first, (), later)
        return with_round(state, new_round(state, teams, first))
    if config.team_draw == "manual":
        draw = drawing.begin_manual(players)
        return State(seats, config, externals, MANUAL, draw, (), 0, None, (), strassen, not_seated=later)
    draw = drawing.begin(players, players[0])  # K-2.1: the first listed at the table came last
    return State(seats, config, externals, DRAW, draw, (), 0, None, (), strassen, not_seated=later)
