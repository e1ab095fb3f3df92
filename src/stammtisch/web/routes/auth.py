"""Sign-in, sign-out, the first start, invites and one's own API tokens (issue 10.2; docs/access.md).

* ``GET/POST /setup`` – only while no club exists (AC-8): the club's name and its admin;
* ``GET/POST /signin`` – name and password; failures slow down further guesses per place and name,
  never other members (AC-3, ``web.auth.ratelimit``); a browser that signed in is known for that name;
  ``next`` brings her back to the page she came from (only paths of this site);
* ``POST /signout`` – ends the session (on the server: the cookie counts for nothing afterwards);
* ``POST /account/signout-everywhere`` – ends every session of the member, this one included;
* ``GET/POST /invite/{secret}`` – the member sets her own password (AC-7), then is signed in;
* ``GET /account`` – who I am; ``POST /account/password`` – a new password;
* ``GET/POST /account/tokens``, ``POST /account/tokens/{token_id}/revoke`` – API tokens (AC-6), the
  secret shown once.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from stammtisch.club.members.errors import ClubRefusal
from stammtisch.club.members.model import ROLE_TITLES, Account
from stammtisch.web.auth import club_service, current_account
from stammtisch.web.auth.devices import known_browser, remember
from stammtisch.web.auth.identity import sessions_of, the_club
from stammtisch.web.auth.ratelimit import Asker, SignInLimiter, name_key
from stammtisch.web.auth.refusals import TooManyAttempts
from stammtisch.web.auth.session import session_data, session_secret
from stammtisch.web.deps import LangDep, RendererDep

router = APIRouter()

Name = Annotated[str, Form(max_length=200)]
Secret = Annotated[str, Form(max_length=400)]


def limiter(request: Request) -> SignInLimiter:
    found = getattr(request.app.state, "sign_in_limiter", None)
    if found is None:
        found = request.app.state.sign_in_limiter = SignInLimiter()
    return found


def safe_next(target: str | None) -> str:
    """Only a path of this site (never ``//host`` or a scheme): no open redirect."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


async def _start_session(request: Request, account: Account) -> None:
    """A new server-side session for ``account`` in this browser (a session it had before ends: a
    sign-in never continues a session someone else may have seen)."""
    sessions = sessions_of(request.app)
    old = session_secret(request.session)
    clock = club_service(request.app).clock
    if old is not None:
        await run_in_threadpool(sessions.end, old)
    secret = await run_in_threadpool(sessions.start, account.member_id, clock())
    request.session.clear()
    request.session.update(session_data(account, secret))


def _refused(error: ClubRefusal, lang: str) -> dict[str, Any]:
    return {"error": error.text(lang), "clause": error.clause}


# --- first start --------------------------------------------------------------------------------
@router.get("/setup", response_class=HTMLResponse)
async def setup_page(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    if await run_in_threadpool(the_club, request.app) is not None:
        return RedirectResponse("/signin", status_code=303)
    return renderer.response("auth/setup.html", request, lang, form={})


@router.post("/setup")
async def setup(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    club: Name = "",
    name: Name = "",
    password: Secret = "",
    repeat: Secret = "",
) -> Response:
    form = {"club": club, "name": name}
    if password != repeat:
        return renderer.response(
            "auth/setup.html", request, lang, status_code=422, form=form, error=_say("mismatch", lang), clause="AC-2"
        )
    try:
        account = await run_in_threadpool(club_service(request.app).init_club, club, name, password)
    except ClubRefusal as error:
        status = 409 if error.code == "club/exists" else 422
        return renderer.response(
            "auth/setup.html", request, lang, status_code=status, form=form, **_refused(error, lang)
        )
    request.app.state.club_ready = True
    await _start_session(request, account)
    return RedirectResponse("/members", status_code=303)


# --- sign-in ------------------------------------------------------------------------------------
@router.get("/signin", response_class=HTMLResponse)
async def signin_page(
    request: Request, renderer: RendererDep, lang: LangDep, next: str = "/", ended: str = ""
) -> Response:
    return renderer.response(
        "auth/signin.html",
        request,
        lang,
        next=safe_next(next),
        username="",
        account=current_account(request),
        ended=ended[:20],
    )


@router.post("/signin")
async def signin(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    name: Name = "",
    password: Secret = "",
    next: Annotated[str, Form(max_length=500)] = "/",
) -> Response:
    key = name_key(name)
    known = known_browser(request)
    asker = Asker(
        request.client.host if request.client else "?", key, known.browser if known and known.knows(key) else None
    )
    limits = limiter(request)
    wait = limits.check(asker)
    if wait is not None:
        raise TooManyAttempts(wait.seconds, wait.message)
    try:
        account = await run_in_threadpool(club_service(request.app).sign_in, name, password)
    except ClubRefusal as error:
        limits.failed(asker)
        return renderer.response(
            "auth/signin.html",
            request,
            lang,
            status_code=401,
            next=safe_next(next),
            username=name[:40],
            account=None,
            **_refused(error, lang),
        )
    limits.succeeded(asker)
    await _start_session(request, account)
    response = RedirectResponse(safe_next(next), status_code=303)
    remember(request, response, key)
    return response


@router.post("/signout")
async def signout(request: Request) -> Response:
    secret = session_secret(request.session)
    if secret is not None:
        await run_in_threadpool(sessions_of(request.app).end, secret)
    request.session.clear()
    return RedirectResponse("/signin", status_code=303)


@router.post("/account/signout-everywhere")
async def signout_everywhere(request: Request) -> Response:
    """Every browser and phone signed in as this member is signed out, this one too (a lost phone)."""
    account = current_account(request)
    assert account is not None  # the policy lets only signed-in members here
    await run_in_threadpool(sessions_of(request.app).end_member, account.member_id)
    request.session.clear()
    return RedirectResponse("/signin?ended=everywhere", status_code=303)


# --- invites ------------------------------------------------------------------------------------
@router.get("/invite/{secret}", response_class=HTMLResponse)
async def invite_page(request: Request, secret: str, renderer: RendererDep, lang: LangDep) -> Response:
    try:
        member = await run_in_threadpool(club_service(request.app).invited, secret)
    except ClubRefusal as error:
        return renderer.response(
            "auth/invite.html", request, lang, status_code=404, member=None, **_refused(error, lang)
        )
    # The secret is in this page's URL: it is sent on as Referer only to this site (the app's default
    # same-origin policy); "no-referrer" would make the browser send "Origin: null", which CSRF refuses.
    return renderer.response("auth/invite.html", request, lang, member=member, headers={"Cache-Control": "no-store"})


@router.post("/invite/{secret}")
async def accept_invite(
    request: Request, secret: str, renderer: RendererDep, lang: LangDep, password: Secret = "", repeat: Secret = ""
) -> Response:
    service = club_service(request.app)
    try:
        member = await run_in_threadpool(service.invited, secret)
    except ClubRefusal as error:
        return renderer.response(
            "auth/invite.html", request, lang, status_code=404, member=None, **_refused(error, lang)
        )
    if password != repeat:
        return renderer.response(
            "auth/invite.html",
            request,
            lang,
            status_code=422,
            member=member,
            error=_say("mismatch", lang),
            clause="AC-2",
        )
    try:
        account = await run_in_threadpool(service.accept_invite, secret, password)
    except ClubRefusal as error:
        status = 404 if error.code == "auth/invite_refused" else 422
        return renderer.response(
            "auth/invite.html", request, lang, status_code=status, member=member, **_refused(error, lang)
        )
    await _start_session(request, account)
    return RedirectResponse("/", status_code=303)


# --- my account ---------------------------------------------------------------------------------
async def _account_page(
    request: Request, renderer: RendererDep, lang: str, status_code: int = 200, **values: Any
) -> Response:
    account = current_account(request)
    assert account is not None  # the policy lets only signed-in members here
    tokens = await run_in_threadpool(club_service(request.app).tokens, account.member_id)
    signed_in = await run_in_threadpool(sessions_of(request.app).count, account.member_id)
    return renderer.response(
        "auth/account.html",
        request,
        lang,
        status_code=status_code,
        headers={"Cache-Control": "no-store"},
        account=account,
        role=ROLE_TITLES[account.role].get(lang),
        tokens=tokens,
        signed_in=signed_in,
        **values,
    )


@router.get("/account", response_class=HTMLResponse)
async def account_page(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    return await _account_page(request, renderer, lang)


@router.get("/account/tokens", response_class=HTMLResponse)
async def tokens_page(request: Request, renderer: RendererDep, lang: LangDep) -> Response:
    return await _account_page(request, renderer, lang)


@router.post("/account/tokens")
async def create_token(
    request: Request, renderer: RendererDep, lang: LangDep, label: Annotated[str, Form(max_length=200)] = ""
) -> Response:
    account = current_account(request)
    assert account is not None
    try:
        token, secret = await run_in_threadpool(club_service(request.app).create_token, account.member_id, label)
    except ClubRefusal as error:
        return await _account_page(request, renderer, lang, 422, label=label[:80], **_refused(error, lang))
    return await _account_page(request, renderer, lang, 201, new_token=token, new_secret=secret)


@router.post("/account/tokens/{token_id}/revoke")
async def revoke_token(request: Request, token_id: int, renderer: RendererDep, lang: LangDep) -> Response:
    account = current_account(request)
    assert account is not None
    try:
        await run_in_threadpool(club_service(request.app).revoke_token, account.member_id, token_id)
    except ClubRefusal as error:
        return await _account_page(request, renderer, lang, 404, **_refused(error, lang))
    return RedirectResponse("/account/tokens", status_code=303)


@router.post("/account/password")
async def change_password(
    request: Request,
    renderer: RendererDep,
    lang: LangDep,
    old: Secret = "",
    password: Secret = "",
    repeat: Secret = "",
) -> Response:
    account = current_account(request)
    assert account is not None
    if password != repeat:
        return await _account_page(request, renderer, lang, 422, error=_say("mismatch", lang), clause="AC-2")
    try:
        changed = await run_in_threadpool(club_service(request.app).change_password, account.member_id, old, password)
    except ClubRefusal as error:
        return await _account_page(request, renderer, lang, 422, **_refused(error, lang))
    await _start_session(request, changed)  # the change ended every session; this browser gets a new one
    return await _account_page(request, renderer, lang, password_changed=True)


_MESSAGES = {
    "mismatch": (
        "Die beiden Passwörter sind nicht gleich. Tippe das neue Passwort zweimal gleich ein.",
        "The two passwords differ. Type the new password twice, the same both times.",
    ),
}


def _say(key: str, lang: str) -> str:
    de, en = _MESSAGES[key]
    return de if lang == "de" else en
