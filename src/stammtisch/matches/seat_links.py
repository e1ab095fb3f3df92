"""Seat links for digital play with hidden hands: each seat joins through its own secret link.

A link carries a random token (``secrets.token_urlsafe``, 192 bits); the server resolves the seat
from the token alone, so a request can only ever see and act for the seat its token names (clause
TS-1 below). Tokens are stored with the match (``SeatLinkRepository``; SQL in ``store.seat_links``),
so a player who reloads, reconnects or comes back after a server restart gets her seat back.

Clauses:

* **TS-1** A seat link names exactly one seat of one match; an unknown token is refused (not found).
* **TS-2** In a match with seat links, a seat's view and its actions are reachable only through its
  link: the generic per-seat pages and API refuse them (``web.seat_guard``).
* **TS-3** (web) A link is exchanged for an HttpOnly seat cookie on first open, so the token is in
  no later URL (``web.routes.tables``); **TS-4** the spectator link shows the public view only.

The use cases around the links (bots, deadlines, refusal policies) are ``matches.tables``; the
clauses are in docs/tables.md.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

#: Bytes of randomness per token (32 URL-safe characters).
TOKEN_BYTES = 24


def new_token() -> str:
    """A fresh, unguessable seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True, slots=True)
class SeatLink:
    """``token`` joins ``seat`` (0-based) of ``match_id``."""

    match_id: str
    seat: int
    token: str


class UnknownSeatLink(RuleViolation):
    """The token names no seat (TS-1): mistyped, or the match was deleted."""

    code = "seat/unknown_link"

    def __init__(self) -> None:
        super().__init__(
            "TS-1",
            Text(
                "Diesen Platz-Link gibt es nicht. Bitte den Link der Spielleitung prüfen.",
                "There is no such seat link. Please check the link you were given.",
            ),
        )


class SeatLinkRequired(RuleViolation):
    """A seat's view or action was requested without its link in a match that has seat links (TS-2)."""

    code = "seat/link_required"

    def __init__(self) -> None:
        super().__init__(
            "TS-2",
            Text(
                "In dieser Partie sieht und spielt jeder Platz nur über seinen eigenen Link.",
                "In this match each seat is seen and played only through its own link.",
            ),
        )


@runtime_checkable
class SeatLinkRepository(Protocol):
    def add(self, links: Sequence[SeatLink]) -> None:
        """Store new links (tokens are unique)."""
        ...

    def find(self, token: str) -> SeatLink | None:
        """The link with ``token``, or None."""
        ...

    def for_match(self, match_id: str) -> list[SeatLink]:
        """The links of ``match_id``, by seat (empty: the match has none)."""
        ...

    def replace(self, match_id: str, seat: int, token: str) -> None:
        """Give the seat a new token (the old one no longer names it: LK-4)."""
        ...


class InMemorySeatLinks:
    """Seat links in a dict, for tests and simulations. Thread-safe."""

    def __init__(self) -> None:
        self._by_token: dict[str, SeatLink] = {}
        self._lock = threading.Lock()

    def add(self, links: Sequence[SeatLink]) -> None:
        with self._lock:
            if any(link.token in self._by_token for link in links):
                raise ValueError("seat token exists already")
            for link in links:
                self._by_token[link.token] = link

    def find(self, token: str) -> SeatLink | None:
        with self._lock:
            return self._by_token.get(token)

    def for_match(self, match_id: str) -> list[SeatLink]:
        with self._lock:
            return sorted((link for link in self._by_token.values() if link.match_id == match_id), key=_by_seat)

    def replace(self, match_id: str, seat: int, token: str) -> None:
        with self._lock:
            old = [t for t, link in self._by_token.items() if link.match_id == match_id and link.seat == seat]
            for stale in old:
                del self._by_token[stale]
            self._by_token[token] = SeatLink(match_id, seat, token)


def _by_seat(link: SeatLink) -> int:
    return link.seat


def issue_links(repository: SeatLinkRepository, match_id: str, seats: Sequence[int]) -> dict[int, str]:
    """New links for ``seats`` of ``match_id``: seat → token."""
    links = [SeatLink(match_id, seat, new_token()) for seat in seats]
    repository.add(links)
    return {link.seat: link.token for link in links}


def resolve_link(repository: SeatLinkRepository, token: str) -> SeatLink:
    """The link for ``token`` (TS-1); ``UnknownSeatLink`` if there is none."""
    link = repository.find(token) if isinstance(token, str) and 0 < len(token) <= 128 else None
    if link is None:
        raise UnknownSeatLink()
    return link


def tokens_by_seat(links: Sequence[SeatLink]) -> Mapping[int, str]:
    return {link.seat: link.token for link in links}
