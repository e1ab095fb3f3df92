"""Server-Sent Events: ``/m/{match_id}/events`` tells an open page each time its match changed.

Each event is ``event: changed`` with the new ``seq`` as id and data; the page then re-fetches its
board. The stream checks about once a second whether the client is gone and sends a comment line
now and then so proxies keep the connection open; when the client disconnects (or the server
stops, or the stream has run for ``STREAM_SECONDS``) the generator ends and its subscription is
removed, so nothing leaks.

One client holds at most ``StreamLimits.cap`` streams at once (8; ``STAMMTISCH_MAX_STREAMS_PER_CLIENT``):
the stream that would go over it is answered 429 with ``Retry-After`` and a readable message, and the
pages already open keep theirs (issue 10.5; docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import json
import random
import weakref
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import Response, StreamingResponse

from stammtisch.core.text import Text
from stammtisch.matches.service import MatchService
from stammtisch.web.deps import BroadcasterDep, ServiceDep
from stammtisch.web.errors import refuse
from stammtisch.web.live import Broadcaster, StreamLimits, StreamSlot, stream_owner

router = APIRouter()

#: Seconds between checks whether the client has gone.
POLL_SECONDS = 1.0
#: Seconds of silence after which a keep-alive comment is sent.
KEEPALIVE_SECONDS = 15.0
#: A stream ends after this long and the browser reconnects at once (``retry``). Its first event is
#: the current seq, so nothing is missed; and a server asked to stop never waits longer than this
#: for open pages (uvicorn waits for open responses before it shuts down).
STREAM_SECONDS = 30.0
#: Each stream runs between ``STREAM_SECONDS`` and this much longer, at random: pages opened together
#: (a table's phones, a tournament's tables) would otherwise all reconnect in the same second, and
#: a reveal landing then waited behind a hundred reconnections (measured with 20 tables of five phones).
STREAM_SPREAD = 0.5
#: Milliseconds the browser waits before reconnecting a stream that ended (the SSE ``retry``).
RETRY_MS = 250


async def event_stream(
    request: Request, broadcaster: Broadcaster, match_id: str, seq: int, slot: StreamSlot | None = None
) -> AsyncIterator[str]:
    """The SSE lines for one open page: first the current ``seq``, then every change. Ending frees the
    client's ``slot``."""
    try:
        async for line in _lines(request, broadcaster, match_id, seq):
            yield line
    finally:
        if slot is not None:
            slot.release()


async def _lines(request: Request, broadcaster: Broadcaster, match_id: str, seq: int) -> AsyncIterator[str]:
    async with broadcaster.subscribe(match_id) as queue:
        yield f"retry: {RETRY_MS}\n\n"
        yield _event(match_id, seq)
        silent = 0.0
        ends = asyncio.get_running_loop().time() + STREAM_SECONDS * (1 + STREAM_SPREAD * random.random())
        while not broadcaster.closed and asyncio.get_running_loop().time() < ends:
            try:
                notice = await asyncio.wait_for(queue.get(), timeout=POLL_SECONDS)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                silent += POLL_SECONDS
                if silent >= KEEPALIVE_SECONDS:
                    silent = 0.0
                    yield ": keep-alive\n\n"
                continue
            silent = 0.0
            yield _event(notice.match_id, notice.seq)


def _event(match_id: str, seq: int) -> str:
    data = json.dumps({"match_id": match_id, "seq": seq})
    return f"event: changed\nid: {seq}\ndata: {data}\n\n"


def stream_limits(request: Request) -> StreamLimits:
    """The app's stream caps (made on first use, from ``STAMMTISCH_MAX_STREAMS_PER_CLIENT``)."""
    state = request.app.state
    limits = getattr(state, "stream_limits", None)
    if limits is None:
        limits = state.stream_limits = StreamLimits()
    return limits


def client_key(request: Request) -> str:
    """Whose cap a stream counts against (``live.stream_owner``): the member, the seat, else the address."""
    account = getattr(request.state, "account", None)
    seat = getattr(request.state, "seat", None)
    match_id = request.path_params.get("match_id") or request.path_params.get("table")
    return stream_owner(
        account.member_id if account is not None else None,
        (str(match_id), int(seat)) if seat is not None and match_id else None,
        request.client.host if request.client is not None else None,
    )


def too_many_streams(cap: int) -> Text:
    return Text(
        f"Auf diesem Gerät sind schon {cap} Stammtisch-Seiten mit Live-Anzeige offen (mehr gehen nicht "
        "gleichzeitig). Schließe Seiten, die du nicht mehr brauchst, und lade diese neu.",
        f"This device already has {cap} Stammtisch pages with live updates open (that is the most at once). "
        "Close the pages you no longer need and reload this one.",
    )


@router.get("/m/{match_id}/events")
async def match_events(request: Request, match_id: str, service: ServiceDep, broadcaster: BroadcasterDep) -> Response:
    return await stream_match(request, service, broadcaster, match_id)


async def stream_match(request: Request, service: MatchService, broadcaster: Broadcaster, match_id: str) -> Response:
    """The live stream of ``match_id`` for a request already admitted (the match page's, a seat's, the
    table screen's or a follow link's: docs/access.md LK-1..LK-3)."""
    snapshot = await run_in_threadpool(service.snapshot, match_id, None)  # 404 for an unknown match
    limits = stream_limits(request)
    slot = limits.acquire(client_key(request))
    if slot is None:
        retry = {"Retry-After": str(int(STREAM_SECONDS))}
        return await refuse(request.scope, 429, too_many_streams(limits.cap), "request/too_many_streams", retry)
    stream = event_stream(request, broadcaster, match_id, snapshot.seq, slot)
    weakref.finalize(stream, slot.release)  # a stream never started (the client left at once) frees it too
    return StreamingResponse(
        stream,
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
