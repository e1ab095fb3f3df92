"""Server-Sent Events: ``/m/{match_id}/events`` tells an open page each time its match changed.

Each event is ``event: changed`` with the new ``seq`` as id and data; the page then re-fetches its
board. The stream checks about once a second whether the client is gone and sends a comment line
now and then so proxies keep the connection open; when the client disconnects (or the server
stops, or the stream has run for ``STREAM_SECONDS``) the generator ends and its subscription is
removed, so nothing leaks.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import StreamingResponse

from stammtisch.web.deps import BroadcasterDep, ServiceDep
from stammtisch.web.live import Broadcaster

router = APIRouter()

#: Seconds between checks whether the client has gone.
POLL_SECONDS = 1.0
#: Seconds of silence after which a keep-alive comment is sent.
KEEPALIVE_SECONDS = 15.0
#: A stream ends after this long and the browser reconnects at once (``retry``). Its first event is
#: the current seq, so nothing is missed; and a server asked to stop never waits longer than this
#: for open pages (uvicorn waits for open responses before it shuts down).
STREAM_SECONDS = 30.0


async def event_stream(request: Request, broadcaster: Broadcaster, match_id: str, seq: int) -> AsyncIterator[str]:
    """The SSE lines for one open page: first the current ``seq``, then every change."""
    async with broadcaster.subscribe(match_id) as queue:
        yield "retry: 1000\n\n"
        yield _event(match_id, seq)
        silent = 0.0
        ends = asyncio.get_running_loop().time() + STREAM_SECONDS
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


@router.get("/m/{match_id}/events")
async def match_events(
    request: Request, match_id: str, service: ServiceDep, broadcaster: BroadcasterDep
) -> StreamingResponse:
    snapshot = await run_in_threadpool(service.snapshot, match_id, None)  # 404 for an unknown match
    return StreamingResponse(
        event_stream(request, broadcaster, match_id, snapshot.seq),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
