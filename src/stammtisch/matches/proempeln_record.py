"""Moved to ``matches.games.proempeln.record``; this shim goes once its importers are updated."""

from stammtisch.matches.games.proempeln.record import (
    MOVE_KINDS,
    SLUG,
    MatchFacts,
    PlayerFacts,
    RoundPlayed,
    player_key,
    players,
    read_match,
    read_matches,
)

__all__ = [
    "MOVE_KINDS",
    "SLUG",
    "MatchFacts",
    "PlayerFacts",
    "RoundPlayed",
    "player_key",
    "players",
    "read_match",
    "read_matches",
]
