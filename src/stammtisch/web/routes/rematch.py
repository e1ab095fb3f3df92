"""After a game: "rematch with the same players" and "next round" start a new match of the same game
with the same players, options and play mode (next round: the seats move on by one, so the next player
starts; a set-up that names seats is dropped then, the game's own draw decides again)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import RedirectResponse, Response

from stammtisch.matches.service import MatchService
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.web.auth import link_seats
from stammtisch.web.deps import BroadcasterDep, ServiceDep

router = APIRouter()


def rematch(service: MatchService, match_id: str, order: str) -> MatchSnapshot:
    """A new match like ``match_id``'s; ``order`` "next" rotates the seats by one. Everybody who sat at the
    table plays again, also those who joined the running match (M-12); then, as after a rotation, the
    set-up (the teams, who comes later) is not carried over: it was made for the seats at the start."""
    record = service.record(match_id)
    players = service.players(match_id)
    setup = dict(record.setup) if len(players) == len(record.players) else {}
    if order == "next" and len(players) > 1:
        players = players[1:] + players[:1]
        setup = {}
    return service.create(
        record.game, players, options=dict(record.options), setup=setup, mode=record.mode, title=record.title
    )


@router.post("/m/{match_id}/rematch")
async def start_rematch(
    request: Request,
    match_id: str,
    service: ServiceDep,
    broadcaster: BroadcasterDep,
    order: Annotated[str, Form(pattern="^(same|next)$")] = "same",
) -> Response:
    snapshot = await run_in_threadpool(rematch, service, match_id, order)
    await link_seats(request.app, snapshot.match_id, list(snapshot.players))  # AC-1: the same members
    broadcaster.publish(snapshot.match_id, snapshot.seq)
    return RedirectResponse(f"/m/{snapshot.match_id}", status_code=303)
