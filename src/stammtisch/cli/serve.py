"""``stammtisch serve``: prepare the database, then run the web app under uvicorn.

The data directory comes from ``STAMMTISCH_DATA_DIR`` (default: the per-user data directory), the
database from ``STAMMTISCH_DATABASE_URL`` when set (default: SQLite in the data directory); see
``store.config``. Preparing means opening the store, which creates and checks the data directory
and applies the migrations. Anything that goes wrong there is the user's environment, not a bug,
so it ends in one bilingual paragraph and exit code 2 instead of a traceback.

``--lan`` (``make run LAN=1``) serves the club's table: it listens on every interface, prints the LAN
address with a QR code of it, makes the pages' links say that address, and announces the server as
``stammtisch.local`` by mDNS while it runs (``cli.lan``). ``--workers`` runs several processes (on
PostgreSQL; docs/deploy.md).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Annotated, Any

import typer

from stammtisch.cli.console import USAGE_ERROR, fail, stderr, stdout
from stammtisch.core.text import Text

# The store (SQLAlchemy, Alembic) is imported inside the functions: the CLI starts without it.

#: The web app is built by uvicorn from this import string: ``web`` is a sibling layer of ``cli``
#: (import contract), so the CLI does not import it; ``create_app`` reads the same environment.
APP_FACTORY = "stammtisch.web.app:create_app"


class PreparationError(Exception):
    """The data directory or the database cannot be used; ``message`` says why in both languages."""

    def __init__(self, message: Text) -> None:
        super().__init__(f"{message.de}\n{message.en}")
        self.message = message


def prepare(env: Mapping[str, str]) -> str:
    """Everything ``serve`` does before starting the server: find the database, create and check the
    data directory, apply migrations. Returns the database URL; raises ``PreparationError``."""
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError

    url = database_url(env)
    try:
        store = open_store(url)
    except StoreError as error:
        raise PreparationError(error.message) from error
    except Exception as error:  # any other driver or migration failure: still the user's database
        raise PreparationError(_unusable(url, error)) from error
    store.close()
    return store.url


#: ``--host`` when ``--lan`` is given: every IPv4 interface.
ALL_INTERFACES = "0.0.0.0"


def serve(
    host: Annotated[
        str | None, typer.Option("--host", help="Interface to listen on (default 127.0.0.1; with --lan 0.0.0.0).")
    ] = None,
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Serve the phones on the local network: all interfaces, QR code, stammtisch.local."),
    ] = False,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=64, help="Worker processes (more than one needs PostgreSQL).")
    ] = 1,
) -> None:
    """Apply database migrations and serve the web app."""
    from stammtisch.store.config import DATABASE_URL_VARIABLE

    try:
        url = prepare(os.environ)
    except PreparationError as error:
        fail(error.message, USAGE_ERROR)
    if workers > 1 and url.startswith("sqlite"):
        fail(_sqlite_workers(), USAGE_ERROR)
    import uvicorn

    os.environ[DATABASE_URL_VARIABLE] = url
    listen = host or (ALL_INTERFACES if lan else "127.0.0.1")
    announcement = None
    if lan:
        announcement = _prepare_lan(listen, port)
    else:
        stdout().print(f"Stammtisch: http://{listen}:{port}  ({redact(url)})", markup=False)
    try:
        if announcement is not None:
            announcement.start()
            for warning in announcement.warnings:
                _say(_no_mdns(warning))
        uvicorn.run(APP_FACTORY, factory=True, host=listen, port=port, workers=workers, timeout_graceful_shutdown=2)
    finally:
        if announcement is not None:
            announcement.stop()


def _prepare_lan(listen: str, port: int) -> Any:
    """Settings for the web app, the banner with address and QR code; the mDNS announcement to start."""
    from stammtisch.cli.lan import Announcement, lan_addresses, lan_settings, terminal_qr, url_for

    addresses = lan_addresses()
    if listen not in (ALL_INTERFACES, "::"):
        addresses = [listen]  # one interface chosen by hand: the phones use that one
    os.environ.update(lan_settings(os.environ, addresses, port))
    public = os.environ.get("STAMMTISCH_PUBLIC_URL", "").strip() or (url_for(addresses[0], port) if addresses else "")
    if not addresses:
        _say(
            Text(
                "Kein lokales Netz gefunden (kein WLAN, kein Kabel?). Der Server läuft trotzdem; verbinde den Laptop "
                "mit dem Netz der Handys und starte neu, damit Adresse und QR-Code stimmen.",
                "No local network found (no Wi-Fi, no cable?). The server runs anyway; connect the laptop to the "
                "phones' network and start again so that address and QR code are right.",
            )
        )
    lines = ["Stammtisch im lokalen Netz / on the local network:"]
    lines += [f"  {url_for(address, port)}" for address in addresses]
    lines.append(f"  {url_for('stammtisch.local', port)}  (mDNS)")
    if public and public not in (url_for(address, port) for address in addresses):
        lines.append(f"Links auf den Seiten / links on the pages: {public}")
    console = stdout()
    for line in lines:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    if public:
        typer.echo(terminal_qr(public, colour=sys.stdout.isatty()), nl=False)
        console.print("Mit der Handy-Kamera scannen / scan with the phone's camera.", markup=False)
    return Announcement(port=port, addresses=addresses)


def _say(message: Text) -> None:
    console = stderr()
    console.print(message.de, markup=False, soft_wrap=True)
    console.print(message.en, markup=False, soft_wrap=True)


def _no_mdns(detail: str) -> Text:
    return Text(
        f"Hinweis: stammtisch.local ließ sich nicht im Netz ankündigen ({detail}). Die Handys erreichen den Server "
        "über die Adresse oben oder den QR-Code.",
        f"Note: stammtisch.local could not be announced on the network ({detail}). Phones reach the server by the "
        "address above or the QR code.",
    )


def _sqlite_workers() -> Text:
    return Text(
        "Mehrere Worker brauchen PostgreSQL (STAMMTISCH_DATABASE_URL): SQLite schreibt nur aus einem Prozess "
        "zuverlässig schnell, und die Live-Anzeige der anderen Handys liefe nur im eigenen Prozess. Ohne "
        "--workers läuft ein Prozess.",
        "Several workers need PostgreSQL (STAMMTISCH_DATABASE_URL): SQLite writes fast only from one process, "
        "and the other phones' live updates would reach only the pages of the same process. Without --workers "
        "one process runs.",
    )


def _unusable(url: str, error: Exception) -> Text:
    from stammtisch.store.config import DATABASE_URL_VARIABLE

    lines = str(error).strip().splitlines()
    why = lines[0] if lines else type(error).__name__
    return Text(
        f"Die Datenbank {redact(url)} lässt sich nicht öffnen oder einrichten ({why}). Ist die Datei beschädigt "
        f"oder der Server nicht erreichbar? Stelle eine Sicherung wieder her oder setze {DATABASE_URL_VARIABLE} "
        "auf eine andere Datenbank.",
        f"The database {redact(url)} cannot be opened or set up ({why}). Is the file damaged or the server "
        f"unreachable? Restore a backup or set {DATABASE_URL_VARIABLE} to another database.",
    )


def redact(url: str) -> str:
    """The URL without its password, fit to print."""
    scheme, sep, rest = url.partition("://")
    if sep and "@" in rest:
        credentials, _, host = rest.rpartition("@")
        user, has_password, _ = credentials.partition(":")
        return f"{scheme}://{user}:***@{host}" if has_password else url
    return url
