"""Links handed out at the table besides the seat links (issue 24; clauses LK-1…LK-6 in docs/access.md).

* a **table-screen link** (``screen``) shows one digital match's public table, read-only, to whoever
  opens it (a TV, a laptop, a phone without an account): no hands, no secret votes (LK-2);
* a **follow link** (``follow``) shows one match's names and scores, read-only, live (LK-3): what the
  people at a Klümpchen, Prömpeln or Bier-Pong table open on their own phones;
* a **withdrawn seat link** (``seat``) remembers a seat token the scribe replaced (LK-4), so its holder
  is told in plain words that the link was withdrawn instead of "no such link".

A link is a random token (as the seat links: ``seat_links.new_token``) naming one match. The scribe
may withdraw it at any time (``revoked_at``); a screen or follow link also ends by itself (LK-5):
``LINK_HOURS`` after it was made, or ``AFTER_END_HOURS`` after its match ended, whichever comes first.
At most one screen and one follow link of a match is in force at a time (``current``).

An **evening follow link** (``EveningLink``, LK-7) follows a whole evening of several games (a Bier-Pong
evening: its standings and each game's cups): the same token, the same withdrawing, the same ending,
counted from when the evening's last game ended (the champion is known).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Protocol, runtime_checkable

#: LK-5: a screen or follow link ends this many hours after it was made (one evening, however long).
LINK_HOURS = 12
#: LK-5: ... or this many hours after its match ended (time to look at the result at the table).
AFTER_END_HOURS = 1


class LinkKind(StrEnum):
    SCREEN = "screen"
    FOLLOW = "follow"
    SEAT = "seat"  # a withdrawn seat token (the seat itself has a new one in ``seat_links``)
    EVENING = "evening"  # an evening follow link (``EveningLink``, LK-7; kept in its own table)


@dataclass(frozen=True, slots=True)
class ShareLink:
    """``token`` admits to ``match_id`` as ``kind`` until ``revoked_at`` (or LK-5's end)."""

    token: str
    kind: LinkKind
    match_id: str
    created_at: datetime
    revoked_at: datetime | None = None
    seat: int | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    def ends_at(self, match_ended_at: datetime | None) -> datetime:
        """LK-5: when a screen or follow link stops admitting (given when its match ended, if it did)."""
        end = self.created_at + timedelta(hours=LINK_HOURS)
        if match_ended_at is not None:
            end = min(end, match_ended_at + timedelta(hours=AFTER_END_HOURS))
        return end


@runtime_checkable
class ShareLinkRepository(Protocol):
    def add(self, link: ShareLink) -> None:
        """Store a new link (tokens are unique)."""
        ...

    def find(self, token: str) -> ShareLink | None: ...

    def for_match(self, match_id: str) -> list[ShareLink]:
        """The links of ``match_id``, oldest first."""
        ...

    def revoke(self, token: str, at: datetime) -> None:
        """Mark the link withdrawn (no-op if it already is)."""
        ...


def current(links: Sequence[ShareLink], kind: LinkKind) -> ShareLink | None:
    """The newest link of ``kind`` not withdrawn (LK-2, LK-3: one at a time)."""
    live = [link for link in links if link.kind is kind and not link.revoked]
    return live[-1] if live else None


class InMemoryShareLinks:
    """Share links in a dict, for tests and stores without SQL. Thread-safe."""

    def __init__(self) -> None:
        self._by_token: dict[str, ShareLink] = {}
        self._lock = threading.Lock()

    def add(self, link: ShareLink) -> None:
        with self._lock:
            if link.token in self._by_token:
                raise ValueError("link token exists already")
            self._by_token[link.token] = link

    def find(self, token: str) -> ShareLink | None:
        with self._lock:
            return self._by_token.get(token)

    def for_match(self, match_id: str) -> list[ShareLink]:
        with self._lock:
            return [link for link in self._by_token.values() if link.match_id == match_id]

    def revoke(self, token: str, at: datetime) -> None:
        with self._lock:
            link = self._by_token.get(token)
            if link is not None and link.revoked_at is None:
                self._by_token[token] = replace(link, revoked_at=at)


@dataclass(frozen=True, slots=True)
class EveningLink:
    """``token`` follows the evening ``evening_id`` of ``game`` until ``revoked_at`` (or LK-5's end)."""

    token: str
    game: str
    evening_id: str
    created_at: datetime
    revoked_at: datetime | None = None

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None

    def ends_at(self, evening_ended_at: datetime | None) -> datetime:
        """LK-5 for an evening: 12 hours after it was made, or an hour after the evening's last game ended."""
        end = self.created_at + timedelta(hours=LINK_HOURS)
        if evening_ended_at is not None:
            end = min(end, evening_ended_at + timedelta(hours=AFTER_END_HOURS))
        return end


@runtime_checkable
class EveningLinkRepository(Protocol):
    def add(self, link: EveningLink) -> None: ...

    def find(self, token: str) -> EveningLink | None: ...

    def for_evening(self, game: str, evening_id: str) -> list[EveningLink]:
        """The links of the evening, oldest first."""
        ...

    def revoke(self, token: str, at: datetime) -> None: ...


def current_evening_link(links: Sequence[EveningLink]) -> EveningLink | None:
    """The newest evening link not withdrawn (one at a time)."""
    live = [link for link in links if not link.revoked]
    return live[-1] if live else None
