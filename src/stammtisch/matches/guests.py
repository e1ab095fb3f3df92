"""Players who join a running match (M-12, issue 13.2): someone nobody expected sits down at the table.

A match's seats are named when it starts (``MatchRecord.players``). A game may let a seat join later
(Klümpchen E-26: between two rounds); the engine then counts one seat more (``Game.seat_count``), and
the step that seated him carries his name in its event's payload (``"player"``), so the log alone says
who sat where: replay, undo, export and backup need nothing else. The fold keeps the names in force
(``Position.joined``); the service shows them after the record's (``MatchService.players``, snapshots,
history sentences). Linking the new seat to a member (``match_seats``) is the club's, as for the seats
named at the start; duplicate names are refused there too (the adapters use ``club.members.duplicates``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text

if TYPE_CHECKING:  # the service imports this module for its checks
    from stammtisch.matches.service import MatchService
    from stammtisch.matches.snapshot import MatchSnapshot

#: The longest name a joining player may have (as the record's names, the actor and the title: M-7).
MAX_NAME = 200


class JoinRefused(RuleViolation):
    """A step that seats a new player without his name, a name without such a step, or a name that is
    empty or too long (M-12). Nothing is written."""

    code = "match/join_refused"


def joining_name(name: object, steps: int) -> str:
    """The name of a player who joins, cleaned (whitespace collapsed); the step that seats him comes
    alone (M-12), so the name belongs to exactly one event."""
    clean = " ".join(str(name).split()) if isinstance(name, str) else ""
    if not clean:
        raise JoinRefused(
            "M-12",
            Text("Wer sich neu an den Tisch setzt, braucht einen Namen.", "Someone who sits down new needs a name."),
        )
    if len(clean) > MAX_NAME:
        raise JoinRefused(
            "M-12",
            Text(f"Der Name ist länger als {MAX_NAME} Zeichen.", f"The name is longer than {MAX_NAME} characters."),
        )
    if steps != 1:
        raise JoinRefused(
            "M-12",
            Text(
                "Wer sich neu an den Tisch setzt, wird mit einem Schritt allein eingetragen.",
                "Someone who sits down new is entered by one step on its own.",
            ),
        )
    return clean


def check_joined(added: int, player: str | None) -> None:
    """M-12: a submission that adds a seat names its player, and only such a submission names one."""
    if added == (0 if player is None else 1):
        return
    if player is None:
        raise JoinRefused(
            "M-12",
            Text(
                "Dieser Schritt setzt jemanden neu an den Tisch: dafür braucht es seinen Namen.",
                "This step seats someone new at the table: it needs his name.",
            ),
        )
    raise JoinRefused(
        "M-12",
        Text(
            f"Ein Name ({player}) gehört nur zu einem Schritt, der jemanden neu an den Tisch setzt.",
            f"A name ({player}) belongs only to a step that seats someone new at the table.",
        ),
    )


def seat_player(
    service: MatchService,
    match_id: str,
    seat: int,
    action: Any,
    name: str,
    expected_seq: int,
    *,
    duplicate: Callable[[list[str]], Text | None],
    link: Callable[[str, list[str]], object] | None = None,
    actor: str | None = None,
) -> MatchSnapshot:
    """The adapters' use case: ``seat`` (at the table) enters ``action``, which seats ``name``; refused
    (nothing written) when another seat has that name already (``duplicate``: the club's shared check,
    ``club.members.duplicates.duplicate_warning``). Then ``link`` ties the new seat to a member, as the
    seats named at the start were (``ClubService.link_joined_seat``: a known name is that member, an
    unknown one becomes a guest; a link left by a join taken back is replaced)."""
    clean = joining_name(name, 1)
    warning = duplicate([*service.players(match_id), clean])
    if warning is not None:
        raise JoinRefused("M-12", warning)
    snapshot = service.act(match_id, seat, action, expected_seq, actor, player=clean)
    if link is not None:
        link(match_id, list(snapshot.players))
    return snapshot
