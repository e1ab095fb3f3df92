"""``stammtisch user`` and ``stammtisch token``: members' sign-ins and API tokens from the terminal
(issue 10.2; docs/access.md AC-2, AC-6, AC-7).

* ``user add NAME --role ROLE [--short S] [--external] [--password-stdin]`` – a member with a sign-in
  (made if the club has no such member); without a password an invite link (and QR code) is printed;
* ``user list`` – members with kind, guest flag and sign-in role;
* ``user role NAME ROLE``, ``user disable NAME``, ``user enable NAME``;
* ``user invite NAME [--base-url URL]`` – a new single-use invite link and its QR code in the terminal;
* ``token create NAME LABEL`` (printed once), ``token list NAME``, ``token revoke NAME TOKEN_ID``.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from stammtisch.cli.club import club_service, read_password
from stammtisch.cli.console import stdout

app = typer.Typer(help="Members' sign-ins: add, list, role, disable, enable, invite.", no_args_is_help=True)
tokens = typer.Typer(help="API tokens for scripts and bots: create, list, revoke.", no_args_is_help=True)

DEFAULT_BASE = "http://localhost:8000"


def _base_url(given: str | None) -> str:
    """Where phones reach the server: ``--base-url``, else ``STAMMTISCH_PUBLIC_URL``, else localhost."""
    if given:
        return given.rstrip("/")
    public = os.environ.get("STAMMTISCH_PUBLIC_URL", "").strip().rstrip("/")  # as the server's links (web.qr)
    return public if public.startswith(("http://", "https://")) else DEFAULT_BASE


def _print_invite(name: str, secret: str, base_url: str | None) -> None:
    from stammtisch.cli.lan import terminal_qr

    url = f"{_base_url(base_url)}/invite/{secret}"
    console = stdout()
    console.print(
        f"Einladungslink für {name} (einmal, 7 Tage gültig) / Invite link for {name} (once, valid 7 days):",
        markup=False,
        soft_wrap=True,
    )
    console.print(url, markup=False, soft_wrap=True)
    typer.echo(terminal_qr(url), nl=False)


@app.command("add")
def add(
    name: Annotated[str, typer.Argument(help="the member's name (unique in the club)")],
    role: Annotated[str, typer.Option("--role", help="admin, treasurer, scribe or member")] = "member",
    short: Annotated[str, typer.Option("--short", help="short name for the phone")] = "",
    external: Annotated[bool, typer.Option("--external", help="does not pay into the dice fund (C-4)")] = False,
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="set the password from stdin")] = False,
    base_url: Annotated[str | None, typer.Option("--base-url", help="the server's address for the invite")] = None,
) -> None:
    """Add a member with a sign-in; without a password, print her invite link."""
    from stammtisch.club.members.model import Kind
    from stammtisch.club.members.service import parse_role

    with club_service() as service:
        chosen = parse_role(role)
        service.require_club()
        if external and service.repository.member_by_key(name.strip().casefold()) is None:
            service.add_member(name, short, Kind.EXTERNAL)
        password = read_password(True) if password_stdin else None
        account = service.add_user(name, chosen, password, short_name=short)
        secret = service.invite(account.member_id) if password is None else None
    stdout().print(f"{account.name}: {account.role.value}", markup=False)
    if secret is not None:
        _print_invite(account.name, secret, base_url)


@app.command("list")
def list_members() -> None:
    """Members, their kind and sign-in."""
    with club_service() as service:
        members = service.members()
        accounts = {account.member_id: account for account in service.accounts()}
    console = stdout()
    for member in members:
        account = accounts.get(member.member_id)
        tags = [member.kind.value]
        if member.guest:
            tags.append("guest")
        if not member.active:
            tags.append("inactive")
        if account is not None:
            tags.append(f"role={account.role.value}" + ("" if account.active else " (disabled)"))
            if account.password_hash is None:
                tags.append("invited")
        short = f" ({member.short_name})" if member.short_name else ""
        console.print(f"{member.member_id:>4}  {member.name}{short}  {', '.join(tags)}", markup=False, soft_wrap=True)


@app.command("role")
def role(
    name: Annotated[str, typer.Argument()],
    new_role: Annotated[str, typer.Argument(metavar="ROLE", help="admin, treasurer, scribe or member")],
) -> None:
    """Change a member's role."""
    from stammtisch.club.members.service import parse_role

    with club_service() as service:
        account = service.set_role(service.find(name).member_id, parse_role(new_role))
    stdout().print(f"{account.name}: {account.role.value}", markup=False)


@app.command("disable")
def disable(name: Annotated[str, typer.Argument()]) -> None:
    """Disable a member's sign-in (her sessions and tokens stop at once)."""
    with club_service() as service:
        account = service.set_disabled(service.find(name).member_id, True)
    stdout().print(f"{account.name}: disabled", markup=False)


@app.command("enable")
def enable(name: Annotated[str, typer.Argument()]) -> None:
    """Enable a disabled sign-in again."""
    with club_service() as service:
        account = service.set_disabled(service.find(name).member_id, False)
    stdout().print(f"{account.name}: enabled", markup=False)


@app.command("invite")
def invite(
    name: Annotated[str, typer.Argument()],
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="the server's address, e.g. http://192.168.1.20:8000")
    ] = None,
) -> None:
    """Print a new single-use invite link (and its QR code) with which the member sets her password."""
    with club_service() as service:
        member = service.find(name)
        secret = service.invite(member.member_id)
    _print_invite(member.name, secret, base_url)


@tokens.command("create")
def create_token(
    name: Annotated[str, typer.Argument(help="the member the token acts as")],
    label: Annotated[str, typer.Argument(help="what uses it, e.g. 'dice bot'")],
) -> None:
    """Make an API token (printed once; only its hash is stored)."""
    with club_service() as service:
        token, secret = service.create_token(service.find(name).member_id, label)
    console = stdout()
    console.print(f"token {token.token_id} ({token.label}); shown once / nur jetzt sichtbar:", markup=False)
    console.print(secret, markup=False, soft_wrap=True)


@tokens.command("list")
def list_tokens(name: Annotated[str, typer.Argument()]) -> None:
    """A member's tokens (never their secrets)."""
    with club_service() as service:
        found = service.tokens(service.find(name).member_id)
    console = stdout()
    for token in found:
        state = "active" if token.active else "revoked"
        console.print(f"{token.token_id:>4}  {token.label}  {token.created_at:%Y-%m-%d %H:%M}  {state}", markup=False)


@tokens.command("revoke")
def revoke_token(name: Annotated[str, typer.Argument()], token_id: Annotated[int, typer.Argument()]) -> None:
    """Revoke one of a member's tokens (it stops working at once)."""
    with club_service() as service:
        service.revoke_token(service.find(name).member_id, token_id)
    stdout().print(f"token {token_id}: revoked", markup=False)
