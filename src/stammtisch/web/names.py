"""Names come from the club (issue 24.6; docs/access.md AC-1).

* The game and evening forms include ``names/club.html``: a ``<datalist id="club-members">`` that loads the
  club's active members from ``GET /names/members?game=<slug>`` (the regulars of that game first, then the
  others by name), and a hidden marker ``names_from_club``. Name fields say ``list="club-members"``.
* ``settle_names(request, names)``, called by a form's route before it creates anything: a typed name that
  matches no member needs an answer, "guest tonight" or "new member" (radio ``newcomer:<key>``). Without
  one the form comes back asking (``MemberRefused`` with the names; ``request.state.newcomers`` lists them
  for the template); with one, the guest or the member is written, and the match's seats then link to them.
  A form without the marker (the JSON API, scripts) keeps the old rule: an unknown name is a guest, so a
  guest never becomes a member without that answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.responses import HTMLResponse, Response

from stammtisch.club.members.names import Newcomer, ask_newcomers, name_key, unknown_names
from stammtisch.club.members.service import ClubService
from stammtisch.web.auth import club_service
from stammtisch.web.deps import LangDep, RendererDep

router = APIRouter()

#: The hidden field that says the form asked about newcomers (and so must get an answer for each).
MARKER = "names_from_club"
#: Radio fields: ``newcomer:<name key>`` = ``guest`` | ``member``.
ANSWER = "newcomer:"


def answers(form: FormData) -> dict[str, Newcomer]:
    """name key → the scribe's answer, from the form."""
    found: dict[str, Newcomer] = {}
    for field, value in form.multi_items():
        if field.startswith(ANSWER) and str(value) in (Newcomer.GUEST, Newcomer.MEMBER):
            found[field[len(ANSWER) :]] = Newcomer(str(value))
    return found


def _settle(club: ClubService, form: FormData, names: Sequence[str]) -> list[dict[str, str]]:
    """Write the answered newcomers; return the names still unanswered (key and name)."""
    unknown = unknown_names(names, lambda key: club.repository.member_by_key(key) is not None)
    given = answers(form)
    open_names = [{"key": name_key(name), "name": name} for name in unknown if name_key(name) not in given]
    if open_names:
        return open_names
    for name in unknown:
        if club.repository.member_by_key(name_key(name)) is None:  # not added a moment ago by another form
            club.add_member(name, guest=given[name_key(name)] is Newcomer.GUEST)
    return []


async def settle_names(request: Request, names: Sequence[str]) -> None:
    """AC-1 for a form that offered the club's names: ask before anybody new is written (module docstring)."""
    form = await request.form()
    if form.get(MARKER) != "1":
        return
    club = club_service(request.app)
    open_names = await run_in_threadpool(_settle, club, form, names)
    if open_names:
        request.state.newcomers = open_names
        raise ask_newcomers([entry["name"] for entry in open_names])


def _offered(club: ClubService, game: str, engine: Any) -> list[str]:
    members = club.members(include_inactive=False)
    by_id = {member.member_id: member for member in members}
    first: list[str] = []
    if engine is not None and game:
        from stammtisch.store.regulars import regulars

        first = [by_id[member_id].name for member_id in regulars(engine, game) if member_id in by_id]
    chosen = set(first)
    rest = sorted((m.name for m in members if m.name not in chosen), key=str.casefold)
    return first + rest


@router.get("/names/members", response_class=HTMLResponse)
async def member_options(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    game: Annotated[str, Query(max_length=40, pattern=r"^[a-z0-9_]*$")] = "",
) -> Response:
    """The ``<option>``s of the forms' datalist: the regulars of ``game`` first, then the club by name."""
    engine = getattr(request.app.state.service.repository, "engine", None)
    names = await run_in_threadpool(_offered, club_service(request.app), game, engine)
    return renderer.response("names/options.html", request, lang, names=names, headers={"Cache-Control": "no-store"})
