"""``stammtisch tournament``: Preisrommé tournaments from the terminal, on the same database as the
web app (``STAMMTISCH_DATABASE_URL`` or the data directory): create, register, draw a pass (with
its audit data), change players between passes (``withdraw``, ``join``, ``replace``, ``changes``:
PT-7), show the tables and standings, ``delete`` (archive) a tournament after typing its title and
``restore`` it (PT-9).
Score sheets are entered on the web page of each table (``/sheet/<id>``) or through the JSON API.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from stammtisch.cli.console import fail, stdout
from stammtisch.core.text import Text

# The club, matches and store layers are imported inside the commands: the CLI starts without them.
if TYPE_CHECKING:
    from stammtisch.club.tournament import PlayerChange, TournamentService
    from stammtisch.core.errors import RuleViolation

app = typer.Typer(
    help="Preisrommé tournaments: create, register, draw, change players, standings, delete.", no_args_is_help=True
)


@contextmanager
def _service() -> Iterator[TournamentService]:
    from stammtisch.core.errors import RuleViolation
    from stammtisch.matches.service import MatchService
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError
    from stammtisch.store.tournament_sheets import tournament_service

    try:
        store = open_store(database_url(os.environ))
    except StoreError as error:
        fail(error.message)
    try:
        yield tournament_service(MatchService(store.repository))
    except RuleViolation as error:
        fail(_with_clause(error))
    finally:
        store.close()


def _with_clause(error: RuleViolation) -> Text:
    return Text(f"{error.message.de} ({error.clause})", f"{error.message.en} ({error.clause})")


@app.command("create")
def create(
    title: Annotated[str, typer.Argument(help="the tournament's title")],
    tie_break: Annotated[
        list[str] | None, typer.Option("--tie-break", help="second_pass, games_won or lots (in order; repeatable)")
    ] = None,
    prize: Annotated[list[str] | None, typer.Option("--prize", help="a prize, first place first (repeatable)")] = None,
    scoring: Annotated[
        str, typer.Option("--scoring", help="RA-23: penalty_points (default) or winner_collects")
    ] = "penalty_points",
    normalise_table_size: Annotated[
        bool,
        typer.Option(
            "--normalise-table-size/--raw-totals", help="RA-24 / PT-6: each pass times 3k/(4(k-1)) for a table of k"
        ),
    ] = False,
    tables: Annotated[
        int | None, typer.Option("--tables", help="PT-11: the tables at the venue (default: as many as needed)")
    ] = None,
) -> None:
    """Create a tournament; prints its id."""
    with _service() as service:
        record = service.create(title, tie_break or [], prize or [], scoring, normalise_table_size, tables)
    stdout().print(record.tournament_id, markup=False)


@app.command("register")
def register(
    tournament_id: Annotated[str, typer.Argument()],
    names: Annotated[list[str], typer.Argument(help="players' names")],
) -> None:
    """Register players (before the first draw), all together or none (PT-5)."""
    with _service() as service:
        for registration in service.register_many(tournament_id, names):
            stdout().print(f"{registration.number}. {registration.name}", markup=False)


@app.command("draw")
def draw(
    tournament_id: Annotated[str, typer.Argument()],
    pass_no: Annotated[int, typer.Argument(help="1 or 2")],
    seed: Annotated[str | None, typer.Option("--seed", help="a seed drawn in the room (default: random)")] = None,
) -> None:
    """Draw tables and seats for a pass (R-1.3) and print them with the audit data."""
    from stammtisch.club.tournament.draw import rng_key

    with _service() as service:
        stored = service.draw(tournament_id, pass_no, seed)
        names = service.overview(tournament_id).names
    out = stdout()
    d = stored.draw
    out.print(f"Durchgang / pass {d.pass_no} — seed {d.seed}", markup=False)
    out.print(f"permutation: {' '.join(map(str, d.permutation))}  (random.Random({rng_key(d.seed, d.pass_no)!r}))")
    for t, (table, match_id) in enumerate(zip(d.tables, stored.match_ids, strict=True), start=1):
        seats = ", ".join(f"{s}. {names[n]}" for s, n in enumerate(table, start=1))
        out.print(f"Tisch / table {t}: {seats}  sheet /sheet/{match_id}", markup=False)


@app.command("standings")
def standings(tournament_id: Annotated[str, typer.Argument()], lang: str = "de") -> None:
    """Totals across tables and the prize ranking (RA-24), with the tie explanations."""
    with _service() as service:
        overview = service.overview(tournament_id)
    out = stdout()
    if not overview.standings.complete:
        out.print("vorläufig / provisional", markup=False)
    for p in overview.standings.placings:
        r = p.result
        prize = f"  [{p.prize}]" if p.prize else ""
        passes = [r.pass_text(i).get(lang) for i in range(len(r.pass_totals))]
        raw = f" ({r.raw_total})" if r.normalised else ""
        out.print(
            f"{p.rank:>3}{'=' if p.shared else ' '} {r.name:<24} {passes[0]:>7} {passes[1]:>7} "
            f"{r.total_text.get(lang):>8}{raw}{prize}  {p.explanation.get(lang)}",
            markup=False,
        )
    for u in overview.standings.unranked:
        r = u.result
        passes = [r.pass_text(i).get(lang) if i + 1 in u.passes else "–" for i in range(len(r.pass_totals))]
        out.print(
            f"{'–':>3}  {r.name:<24} {passes[0]:>7} {passes[1]:>7} {r.total_text.get(lang):>8}  {u.note.get(lang)}",
            markup=False,
        )


def _print_change(service: TournamentService, tournament_id: str, change: PlayerChange) -> None:
    from stammtisch.club.tournament.service import change_text

    names = service.overview(tournament_id).names
    text = change_text(change, names)
    stdout().print(f"{text.de}\n{text.en}", markup=False, soft_wrap=True)


@app.command("withdraw")
def withdraw(
    tournament_id: Annotated[str, typer.Argument()],
    player: Annotated[str, typer.Argument(help="registration number or name")],
) -> None:
    """PT-7: a player leaves the next draw (before pass 1, or between the passes)."""
    with _service() as service:
        change = service.withdraw(tournament_id, service.player_number(tournament_id, player))
        _print_change(service, tournament_id, change)


@app.command("join")
def join(
    tournament_id: Annotated[str, typer.Argument()],
    name: Annotated[str, typer.Argument(help="the late arrival's name (or a withdrawn player's, to come back)")],
) -> None:
    """PT-7: a late arrival enters the next draw (before the first draw: a plain registration, PT-5)."""
    from stammtisch.club.tournament import PlayerChange

    with _service() as service:
        joined = service.join(tournament_id, name)
        if isinstance(joined, PlayerChange):
            _print_change(service, tournament_id, joined)
        else:
            stdout().print(f"{joined.number}. {joined.name}", markup=False)


@app.command("replace")
def replace(
    tournament_id: Annotated[str, typer.Argument()],
    leaving: Annotated[str, typer.Argument(help="the leaver: registration number or name")],
    newcomer: Annotated[str, typer.Argument(help="the newcomer's name")],
) -> None:
    """PT-7: the newcomer takes the leaver's place in the next draw (refused while a pass runs)."""
    with _service() as service:
        change = service.replace(tournament_id, service.player_number(tournament_id, leaving), newcomer)
        _print_change(service, tournament_id, change)


@app.command("changes")
def changes(tournament_id: Annotated[str, typer.Argument()], lang: str = "de") -> None:
    """PT-7: every recorded change of players, in sequence, for the audit."""
    from stammtisch.club.tournament.service import change_text

    with _service() as service:
        overview = service.overview(tournament_id)
    out = stdout()
    if not overview.changes:
        out.print("keine Wechsel / no changes", markup=False)
    for change in overview.changes:
        out.print(change_text(change, overview.names).get(lang), markup=False, soft_wrap=True)


@app.command("delete")
def delete(
    tournament_id: Annotated[str, typer.Argument()],
    title: Annotated[
        str | None, typer.Option("--title", help="the tournament's title, typed again to confirm (else asked)")
    ] = None,
    with_scores: Annotated[
        bool, typer.Option("--with-scores", help="kept for old scripts: nothing is deleted any more (PT-9)")
    ] = False,
) -> None:
    """PT-9: "delete" a tournament: it is archived (left out of the list, frozen), never deleted; its
    players, draws, changes and score sheets are kept and ``restore`` brings it back. Asks for the title."""
    import getpass

    from stammtisch.matches.audit import cli_actor

    with _service() as service:
        preview = service.deletion_preview(tournament_id)
        out = stdout()
        out.print(
            f"{preview.record.title}: {preview.players} Spielerinnen / players, {preview.sheets} Schreibzettel / "
            f"sheets, {preview.games} Spiele / games ({preview.entries} Eintragungen / entries)",
            markup=False,
            soft_wrap=True,
        )
        typed = title if title is not None else typer.prompt("Titel zur Bestätigung / title to confirm", default="")
        service.delete(tournament_id, typed, with_scores, actor=cli_actor(getpass.getuser()))
    out.print(
        f"archiviert / archived: {preview.record.title} (wiederherstellen / restore: stammtisch tournament restore "
        f"{tournament_id})",
        markup=False,
        soft_wrap=True,
    )


@app.command("restore")
def restore(tournament_id: Annotated[str, typer.Argument()]) -> None:
    """PT-9: bring an archived tournament back, as it was."""
    with _service() as service:
        record = service.restore(tournament_id)
    stdout().print(f"wiederhergestellt / restored: {record.title}", markup=False, soft_wrap=True)
