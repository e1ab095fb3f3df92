"""The admin's pages for the club's people (issue 10.1-2; AC-1, AC-2, AC-7, AC-9 in docs/access.md).

* ``GET /members`` – members (name, short name, member or external, active, guest, sign-in role) and
  the form to add one; the club's setting for anonymous spectators;
* ``POST /members`` – add a member (optionally with a sign-in role: then the invite link is shown);
* ``GET/POST /members/{member_id}`` – edit (with the optional birthday: C-2 reminders);
  ``POST …/promote`` – a guest becomes a member;
* ``POST …/role`` – give a sign-in role (makes the account); ``POST …/disable`` / ``…/enable``;
* ``POST …/invite`` – a new single-use invite link with its QR code, shown once;
* ``POST /settings`` – public spectators on or off.
Who may: ``MEMBERS`` (admin) for members and invites, ``ROLES`` for roles and disabling,
``SETTINGS`` for the settings (``web.auth.policy``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.members.errors import ClubRefusal
from stammtisch.club.members.model import ROLE_TITLES, Kind, Role
from stammtisch.club.members.names import parse_kind
from stammtisch.club.members.service import ClubService, parse_role
from stammtisch.club.reminders import ReminderRefused, parse_birthday
from stammtisch.web.auth import club_service
from stammtisch.web.deps import LangDep, RendererDep
from stammtisch.web.qr import absolute_url, qr_svg
from stammtisch.web.routes.reminders import club_today, reminders_store

router = APIRouter()

Text200 = Annotated[str, Form(max_length=200)]


def _rows(service: ClubService) -> list[dict[str, Any]]:
    accounts = {account.member_id: account for account in service.accounts()}
    return [{"member": member, "account": accounts.get(member.member_id)} for member in service.members()]


async def _list_page(
    request: Request, renderer: RendererDep, lang: str, status_code: int = 200, **values: Any
) -> Response:
    service = club_service(request.app)
    rows = await run_in_threadpool(_rows, service)
    club = await run_in_threadpool(service.require_club)
    values.setdefault("form", {"name": "", "short_name": "", "kind": "member", "role": ""})
    return renderer.response(
        "members/list.html",
        request,
        lang,
        status_code=status_code,
        headers={"Cache-Control": "no-store"},
        rows=rows,
        club=club,
        roles=[(role.value, ROLE_TITLES[role].get(lang)) for role in Role],
        role_titles={role.value: ROLE_TITLES[role].get(lang) for role in Role},
        kinds=[(kind.value, kind.label.get(lang)) for kind in Kind],
        **values,
    )


def _refused(error: ClubRefusal, lang: str) -> dict[str, Any]:
    return {"error": error.text(lang), "clause": error.clause}


@router.get("/members", response_class=HTMLResponse)
async def members_page(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    return await _list_page(request, renderer, lang)


@router.post("/members")
async def add_member(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    name: Text200 = "",
    short_name: Text200 = "",
    kind: Annotated[str, Form(max_length=20)] = "member",
    role: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    service = club_service(request.app)
    form = {"name": name[:40], "short_name": short_name[:12], "kind": kind, "role": role}

    def add() -> int:
        chosen_kind = parse_kind(kind)
        chosen_role = parse_role(role) if role.strip() else None
        member = service.add_member(name, short_name, chosen_kind)
        if chosen_role is not None:
            service.add_user(member.name, chosen_role)
        return member.member_id

    try:
        member_id = await run_in_threadpool(add)
    except ClubRefusal as error:
        return await _list_page(request, renderer, lang, 422, form=form, **_refused(error, lang))
    if role.strip():  # she signs in with a password she sets herself: show her invite at once
        return await _invite(request, renderer, lang, member_id, status_code=201)
    return RedirectResponse(f"/members#member-{member_id}", status_code=303)


async def _edit_page(
    request: Request, renderer: RendererDep, lang: str, member_id: int, status_code: int = 200, **values: Any
) -> Response:
    service = club_service(request.app)
    try:
        member = await run_in_threadpool(service.member, member_id)
    except ClubRefusal as error:
        return await _list_page(request, renderer, lang, 404, **_refused(error, lang))
    account = await run_in_threadpool(service.account, member_id)
    return renderer.response(
        "members/edit.html",
        request,
        lang,
        status_code=status_code,
        headers={"Cache-Control": "no-store"},
        member=member,
        member_account=account,
        role_title=ROLE_TITLES[account.role].get(lang) if account else None,
        roles=[(role.value, ROLE_TITLES[role].get(lang)) for role in Role],
        kinds=[(kind.value, kind.label.get(lang)) for kind in Kind],
        **values,
    )


async def _birthday_field(request: Request, member_id: int) -> str:
    """The birthday shown on the form (C-2; stored beside the member, migration 0010)."""
    store = reminders_store(request)
    born = None if store is None else await run_in_threadpool(store.birthday, member_id)
    return born.isoformat() if born else ""


@router.get("/members/{member_id}", response_class=HTMLResponse)
async def member_page(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    return await _edit_page(request, renderer, lang, member_id, birthday=await _birthday_field(request, member_id))


@router.post("/members/{member_id}")
async def edit_member(
    request: Request,
    member_id: int,
    renderer: RendererDep,
    lang: LangDep,
    name: Text200 = "",
    short_name: Text200 = "",
    kind: Annotated[str, Form(max_length=20)] = "member",
    active: Annotated[bool, Form()] = False,
    birthday: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    service = club_service(request.app)
    try:
        born = parse_birthday(birthday, club_today())  # refused before anything is written
        await run_in_threadpool(
            lambda: service.edit_member(
                member_id, name=name, short_name=short_name, kind=parse_kind(kind), active=active
            )
        )
    except (ClubRefusal, ReminderRefused) as error:
        return await _edit_page(
            request, renderer, lang, member_id, 422, birthday=birthday, error=error.text(lang), clause=error.clause
        )
    store = reminders_store(request)
    if store is not None:
        await run_in_threadpool(store.set_birthday, member_id, born)
    return RedirectResponse(f"/members#member-{member_id}", status_code=303)


@router.post("/members/{member_id}/promote")
async def promote(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    try:
        await run_in_threadpool(club_service(request.app).promote, member_id)
    except ClubRefusal as error:
        return await _list_page(request, renderer, lang, 422, **_refused(error, lang))
    return RedirectResponse(f"/members#member-{member_id}", status_code=303)


@router.post("/members/{member_id}/role")
async def set_role(
    request: Request,
    member_id: int,
    renderer: RendererDep,
    lang: LangDep,
    role: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    service = club_service(request.app)

    def change() -> bool:
        chosen = parse_role(role)
        if service.account(member_id) is None:
            service.add_user(service.member(member_id).name, chosen)
            return True
        service.set_role(member_id, chosen)
        return False

    try:
        created = await run_in_threadpool(change)
    except ClubRefusal as error:
        return await _edit_page(request, renderer, lang, member_id, 422, **_refused(error, lang))
    if created:
        return await _invite(request, renderer, lang, member_id, status_code=201)
    return RedirectResponse(f"/members/{member_id}", status_code=303)


async def _set_disabled(request: Request, renderer: RendererDep, lang: str, member_id: int, disabled: bool) -> Response:
    try:
        await run_in_threadpool(club_service(request.app).set_disabled, member_id, disabled)
    except ClubRefusal as error:
        return await _edit_page(request, renderer, lang, member_id, 422, **_refused(error, lang))
    return RedirectResponse(f"/members/{member_id}", status_code=303)


@router.post("/members/{member_id}/disable")
async def disable(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    return await _set_disabled(request, renderer, lang, member_id, True)


@router.post("/members/{member_id}/enable")
async def enable(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    return await _set_disabled(request, renderer, lang, member_id, False)


async def _invite(
    request: Request, renderer: RendererDep, lang: str, member_id: int, status_code: int = 200
) -> Response:
    service = club_service(request.app)
    try:
        member = await run_in_threadpool(service.member, member_id)
        secret = await run_in_threadpool(service.invite, member_id)
    except ClubRefusal as error:
        return await _edit_page(request, renderer, lang, member_id, 422, **_refused(error, lang))
    url = absolute_url(request, f"/invite/{secret}")  # the address phones use (STAMMTISCH_PUBLIC_URL, LAN)
    return renderer.response(
        "members/invite.html",
        request,
        lang,
        status_code=status_code,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
        member=member,
        url=url,
        qr=qr_svg(url),
    )


@router.post("/members/{member_id}/invite")
async def invite(request: Request, member_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    return await _invite(request, renderer, lang, member_id)


@router.post("/settings")
async def settings(request: Request, public_spectators: Annotated[bool, Form()] = False) -> Response:
    await run_in_threadpool(club_service(request.app).set_public_spectators, public_spectators)
    return RedirectResponse("/members#settings", status_code=303)
