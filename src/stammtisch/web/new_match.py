"""Creating a match from a form (a game's new-match page or the generic one): the one way every start goes."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse

from stammtisch.matches.service import MatchService
from stammtisch.web.auth import link_seats
from stammtisch.web.live import Broadcaster
from stammtisch.web.names import settle_names


async def start_match(
    request: Request,
    service: MatchService,
    broadcaster: Broadcaster,
    game: str,
    players: list[str],
    options: dict[str, Any] | None = None,
    *,
    mode: str = "table",
    title: str = "",
) -> RedirectResponse:
    """Ask about names the club does not know (AC-1), start the match, link its seats to the members, tell the
    other pages, and answer with the way to the match (303). A refusal (``RuleViolation``, ``BadInput``, the
    newcomers' question) is raised before anything is written, for the form to come back with what was typed."""
    await settle_names(request, players)
    snapshot = await run_in_threadpool(lambda: service.create(game, players, options, mode=mode, title=title))
    await link_seats(request.app, snapshot.match_id, players)
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    return RedirectResponse(f"/m/{snapshot.match_id}", status_code=303)
