"""``stammtisch club``: the first start and the club's settings (issue 10.2; docs/access.md AC-8, AC-9).

* ``club init --name NAME --admin NAME`` – creates the club and its admin (the password is asked
  twice, or read from stdin with ``--password-stdin``); refused once a club exists;
* ``club show`` – the club, its settings and how many members;
* ``club spectators on|off`` – whether anyone with a spectator link may watch without signing in.

Works on the same database as the server (``STAMMTISCH_DATABASE_URL`` or the data directory).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from stammtisch.cli.console import fail, stdout
from stammtisch.core.text import Text

if TYPE_CHECKING:
    from stammtisch.club.members.service import ClubService

app = typer.Typer(help="The club: first start (init) and settings.", no_args_is_help=True)


@contextmanager
def club_service() -> Iterator[ClubService]:
    """The club's use cases on the configured database; refusals end in a bilingual message."""
    from stammtisch.club.members.service import ClubService
    from stammtisch.core.errors import RuleViolation
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError
    from stammtisch.store.members import SqlClub

    try:
        store = open_store(database_url(os.environ))
    except StoreError as error:
        fail(error.message)
    try:
        yield ClubService(SqlClub(store.engine))
    except RuleViolation as error:
        fail(error.message)
    finally:
        store.close()


def read_password(from_stdin: bool, prompt: str = "Password / Passwort") -> str:
    """The password from the first line of stdin, or asked twice without echo."""
    if from_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return str(typer.prompt(prompt, hide_input=True, confirmation_prompt=True))


@app.command("init")
def init(
    name: Annotated[str, typer.Option("--name", help="the club's name")],
    admin: Annotated[str, typer.Option("--admin", help="the admin's name (a member of the club)")],
    password_stdin: Annotated[bool, typer.Option("--password-stdin", help="read the password from stdin")] = False,
) -> None:
    """Create the club and its admin (once)."""
    with club_service() as service:
        if service.club() is not None:
            from stammtisch.club.members.errors import ClubExists

            fail(ClubExists().message)
        account = service.init_club(name, admin, read_password(password_stdin))
        club = service.require_club()
    stdout().print(
        f"Verein {club.name!r} angelegt; Admin: {account.name}. / Club {club.name!r} created; admin: {account.name}.",
        markup=False,
        soft_wrap=True,
    )


@app.command("show")
def show() -> None:
    """The club, its settings and its members' count."""
    with club_service() as service:
        club = service.require_club()
        members = service.members()
        accounts = service.accounts()
    on = "on" if club.public_spectators else "off"
    console = stdout()
    console.print(f"{club.name}", markup=False)
    console.print(f"members: {len(members)}, sign-ins: {len(accounts)}, public spectators: {on}", markup=False)


@app.command("spectators")
def spectators(
    setting: Annotated[str, typer.Argument(help="on: anyone with a spectator link may watch; off: members only")],
) -> None:
    """Allow or forbid watching without signing in."""
    value = setting.strip().lower()
    if value not in ("on", "off"):
        fail(Text(f"'on' oder 'off', nicht {setting!r}.", f"'on' or 'off', not {setting!r}."))
    with club_service() as service:
        club = service.set_public_spectators(value == "on")
    stdout().print(f"public spectators: {'on' if club.public_spectators else 'off'}", markup=False)
