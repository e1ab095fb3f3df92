"""Correcting a closed match (AC-5, M-10): ``GET /m/{match_id}/correct`` shows the admin or treasurer
the last steps and a form to take the last one back with a written reason; it posts to the ordinary
undo route (``POST /m/{match_id}/undo`` with ``reason``), which records the reason and the actor with
the undo event. Scribes and members are refused (``web.auth.policy``: ``CHANGE_CLOSED``)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, Response

from stammtisch.web.deps import LangDep, RendererDep, ServiceDep
from stammtisch.web.presenters import history

router = APIRouter()


@router.get("/m/{match_id}/correct", response_class=HTMLResponse)
async def correct_page(
    request: Request, match_id: str, service: ServiceDep, renderer: RendererDep, lang: LangDep
) -> Response:
    snapshot = await run_in_threadpool(service.snapshot, match_id, None)
    snap = snapshot.to_json()
    return renderer.response(
        "auth/correct.html",
        request,
        lang,
        headers={"Cache-Control": "no-store"},
        match_id=match_id,
        title=snapshot.title,
        game=snapshot.game,
        seq=snapshot.seq,
        finished=snapshot.finished,
        closed=bool(snap.get("closed")),
        steps=history(snap, lang),
    )
