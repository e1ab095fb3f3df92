"""The tournament use cases: create, register, draw a pass, change players between passes (PT-7),
read the sheets and the standings, archive and restore a tournament (PT-9).

Storage is a ``TournamentRepository``; each table's pass is a score-sheet match kept by a
``SheetKeeper`` (the match service, behind a port: ``club`` and ``matches`` are sibling layers and do
not import each other; ``store.tournament_sheets`` adapts the match service).
"""

from __future__ import annotations

import dataclasses
import secrets
import unicodedata
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from stammtisch.club.tournament.changes import JOIN, REPLACE, RETURN, WITHDRAW, PlayerChange, pool
from stammtisch.club.tournament.draw import Draw, check_pass_no, draw_pass, verify_draw
from stammtisch.club.tournament.errors import (
    DeleteRefused,
    PassRunning,
    PlayerCountRefused,
    TournamentArchived,
    TournamentRefused,
    archived_refusal,
)
from stammtisch.club.tournament.model import Registration, StoredDraw, TournamentRecord
from stammtisch.club.tournament.options import (
    DEFAULT_NORMALISE_TABLE_SIZE,
    DEFAULT_SCORING,
    check_normalise_table_size,
    check_scoring,
)
from stammtisch.club.tournament.port import TournamentGame, default_game
from stammtisch.club.tournament.repository import (
    TournamentRepository,
    already_drawn,
    name_key,
    registration_closed,
)
from stammtisch.club.tournament.standings import (
    PlayerResult,
    SheetGame,
    Standings,
    TableSheet,
    Unranked,
    check_tie_break,
    higher_is_better,
    player_results,
    rank,
)
from stammtisch.club.tournament.tables import PASSES, check_capacity, check_tables
from stammtisch.core.text import Text

#: Longest title, player name and prize text (PT-5).
MAX_TITLE = 120
MAX_NAME = 60
MAX_PRIZES = 50


class SheetKeeper(Protocol):
    """Score-sheet matches of the tournament's game (R-2.1, RA-28)."""

    def open_sheet(self, title: str, names: Sequence[str], games: int, scoring: str = DEFAULT_SCORING) -> str:
        """Start a score-sheet match for ``names`` in seat order, played with ``scoring`` (RA-23); its id."""
        ...

    def read_sheet(self, match_id: str) -> tuple[SheetGame, ...]:
        """The games booked on the sheet so far."""
        ...

    def sheet_scoring(self, match_id: str) -> str:
        """The scoring (RA-23) the sheet is played with."""
        ...

    def sheet_entries(self, match_id: str) -> int:
        """How many entries (steps, undo included) the sheet holds; 0 for an untouched sheet (PT-9)."""
        ...


@dataclass(frozen=True, slots=True)
class Overview:
    """Everything the pages show of a tournament."""

    record: TournamentRecord
    players: tuple[Registration, ...]
    draws: tuple[StoredDraw, ...]
    sheets: tuple[TableSheet, ...]
    match_ids: dict[tuple[int, int], str]
    standings: Standings
    changes: tuple[PlayerChange, ...] = ()
    #: The tournament's game (``None``: the default one).
    game: TournamentGame | None = None

    @property
    def tournament_game(self) -> TournamentGame:
        return default_game() if self.game is None else self.game

    @property
    def passes(self) -> int:
        """R-1.2: the number of passes of the tournament's game."""
        return self.tournament_game.passes

    @property
    def names(self) -> dict[int, str]:
        return {p.number: p.name for p in self.players}

    @property
    def next_pass(self) -> int | None:
        return len(self.draws) + 1 if len(self.draws) < self.passes else None

    def pass_finished(self, pass_no: int) -> bool:
        sheets = [s for s in self.sheets if s.pass_no == pass_no]
        return bool(sheets) and all(s.finished for s in sheets)

    def pool(self, pass_no: int) -> tuple[int, ...]:
        """PT-7: the registration numbers in the draw of ``pass_no`` (for a pass not drawn yet: as the
        changes recorded so far leave it)."""
        return pool([p.number for p in self.players], self.changes, pass_no)

    def pool_is_dense(self, pass_no: int) -> bool:
        """Is the pool exactly 1..n (then the audit recipe can say ``range(1, n + 1)``)?"""
        numbers = self.pool(pass_no)
        return numbers == tuple(range(1, len(numbers) + 1))

    @property
    def change_pass(self) -> int | None:
        """PT-7: the pass whose draw a change of players would precede, or None while a pass is drawn
        and running (or both are drawn)."""
        if not self.draws:
            return 1
        if len(self.draws) == 1 and self.pass_finished(1):
            return 2
        return None

    def passes_of(self, number: int) -> tuple[int, ...]:
        """PT-8: the passes player ``number`` plays: seated in a drawn pass, or in the pool of the next."""
        return tuple(p for p in range(1, self.passes + 1) if number in self.seated(p))

    def seated(self, pass_no: int) -> tuple[int, ...]:
        for stored in self.draws:
            if stored.draw.pass_no == pass_no:
                return tuple(sorted(stored.draw.permutation))
        return self.pool(pass_no)

    def status(self, number: int) -> Text:
        """PT-7 / PT-8: how a player stands in the field, for the players list ('' for the plain case)."""
        return player_status(number, self.names, self.changes, self.passes_of(number), self.passes)

    def audit(self, stored: StoredDraw) -> bool:
        """PT-2 / PT-7: does the stored draw follow from its seed and the pool of its pass?"""
        return verify_draw(stored.draw, self.pool(stored.draw.pass_no), self.tournament_game, self.record.tables)


@dataclass(frozen=True, slots=True)
class DeletionPreview:
    """What archiving a tournament puts away (PT-9): its players, the score sheets of its draws and the
    entries on them (an entry is one step of a sheet; an untouched sheet has none). All are kept."""

    record: TournamentRecord
    players: int
    sheets: int
    games: int
    entries: int


def utc_now() -> datetime:
    return datetime.now(UTC)


def new_seed() -> str:
    return secrets.token_hex(8)


def _clean(text: str, limit: int, what: Text) -> str:
    cleaned = " ".join(str(text).split())
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in cleaned):
        raise TournamentRefused(
            "PT-5",
            Text(f"{what.de} enthält Steuerzeichen.", f"{what.en} contains control characters."),
        )
    if not cleaned or len(cleaned) > limit:
        raise TournamentRefused(
            "PT-5",
            Text(
                f"{what.de} muss 1 bis {limit} Zeichen lang sein.",
                f"{what.en} must be 1 to {limit} characters long.",
            ),
        )
    return cleaned


def _change_text(change: PlayerChange, names: dict[int, str]) -> Text:
    """PT-7: one change in words, for the audit list and the CLI."""
    leaving = names.get(change.leaving, "?") if change.leaving is not None else ""
    joining = names.get(change.joining, "?") if change.joining is not None else ""
    if change.kind == WITHDRAW:
        return Text(f"{leaving} zieht sich zurück", f"{leaving} withdraws")
    if change.kind == JOIN:
        return Text(f"{joining} kommt dazu (nachgemeldet)", f"{joining} joins (late registration)")
    if change.kind == RETURN:
        return Text(f"{joining} spielt wieder mit", f"{joining} plays again")
    return Text(f"{joining} ersetzt {leaving}", f"{joining} replaces {leaving}")


def change_text(change: PlayerChange, names: dict[int, str]) -> Text:
    """PT-7: '#2 vor Durchgang 2 (20:15:03 UTC): Berta ersetzt Anna'."""
    what = _change_text(change, names)
    when = change.at.strftime("%Y-%m-%d %H:%M:%S UTC")
    return Text(
        f"#{change.seq} vor Durchgang {change.before_pass} ({when}): {what.de}",
        f"#{change.seq} before pass {change.before_pass} ({when}): {what.en}",
    )


def player_status(
    number: int, names: dict[int, str], changes: Sequence[PlayerChange], passes: Sequence[int], of: int = PASSES
) -> Text:
    """PT-7 / PT-8: '' for a player of all ``of`` passes, else which pass she plays and why."""
    if len(passes) == of:
        return Text("", "")
    if not passes:
        return Text("zurückgezogen, spielt nicht mit", "withdrawn, does not play")
    mine = [c for c in changes if number in (c.leaving, c.joining)]
    last = mine[-1] if mine else None
    if passes == (1,):
        if last is not None and last.kind == REPLACE and last.leaving == number:
            who = names.get(last.joining or 0, "?")
            return Text(
                f"nur Durchgang 1, vor Durchgang 2 ersetzt durch {who}",
                f"pass 1 only, replaced by {who} before pass 2",
            )
        return Text("nur Durchgang 1, vor Durchgang 2 zurückgezogen", "pass 1 only, withdrew before pass 2")
    if last is not None and last.kind == REPLACE and last.joining == number:
        who = names.get(last.leaving or 0, "?")
        return Text(f"nur Durchgang 2, für {who}", f"pass 2 only, in place of {who}")
    if last is not None and last.kind == RETURN:
        return Text("nur Durchgang 2, wieder dabei", "pass 2 only, back in")
    return Text("nur Durchgang 2, nachgemeldet", "pass 2 only, late registration")


def _unranked(
    results: Sequence[PlayerResult],
    names: dict[int, str],
    changes: Sequence[PlayerChange],
    passes: dict[int, tuple[int, ...]],
    scoring: str,
    game: TournamentGame,
) -> tuple[Unranked, ...]:
    """PT-8: the one-pass players, best first in the tournament's scoring, each with her note."""
    sign = -1 if higher_is_better(scoring) else 1
    listed = []
    games = game.passes * game.games_per_pass
    for result in sorted(results, key=lambda r: (sign * r.total, r.number)):
        status = player_status(result.number, names, changes, passes[result.number], game.passes)
        note = Text(
            f"{status.de[:1].upper()}{status.de[1:]}: ohne Platz und Preis, denn gewertet wird die Summe "
            f"aller {games} Spiele beider Durchgänge (RA-24, PT-8).",
            f"{status.en[:1].upper()}{status.en[1:]}: listed without place or prize, as the result is the sum "
            f"of all {games} games of both passes (RA-24, PT-8).",
        )
        listed.append(Unranked(result, passes[result.number], note))
    return tuple(listed)


class TournamentService:
    def __init__(
        self,
        repository: TournamentRepository,
        sheets: SheetKeeper,
        clock: Callable[[], datetime] = utc_now,
        seeds: Callable[[], str] = new_seed,
        game: TournamentGame | None = None,
    ) -> None:
        """``game``: the tournament game (``club.games``) whose rules seat, deal and score the
        tables; by default the first registered one."""
        self.repository = repository
        self.sheets = sheets
        self.clock = clock
        self.seeds = seeds
        self.game = default_game() if game is None else game

    def create(
        self,
        title: str,
        tie_break: Sequence[str] = (),
        prizes: Sequence[str] = (),
        scoring: str = DEFAULT_SCORING,
        normalise_table_size: bool = DEFAULT_NORMALISE_TABLE_SIZE,
        tables: int | None = None,
    ) -> TournamentRecord:
        """A new tournament; players register next (PT-5). ``scoring`` (RA-23) is the scoring of
        every sheet; ``normalise_table_size`` (RA-24) multiplies each table-pass's scores by f(k) (PT-6);
        ``tables``: the venue's tables (PT-11, None: as many as needed)."""
        venue = check_tables(tables)
        chosen = check_tie_break(tie_break)
        chosen_scoring = check_scoring(scoring)
        normalise = check_normalise_table_size(normalise_table_size)
        prize_texts = tuple(_clean(p, MAX_NAME, Text("Ein Preis", "A prize")) for p in prizes if p.strip())
        if len(prize_texts) > MAX_PRIZES:
            raise TournamentRefused("PT-5", Text(f"Höchstens {MAX_PRIZES} Preise.", f"At most {MAX_PRIZES} prizes."))
        record = TournamentRecord(
            uuid.uuid4().hex,
            _clean(title, MAX_TITLE, Text("Der Titel", "The title")),
            self.clock(),
            chosen,
            prize_texts,
            chosen_scoring,
            normalise,
            tables=venue,
        )
        self.repository.create(record)
        return record

    def get(self, tournament_id: str) -> TournamentRecord:
        return self.repository.get(tournament_id)

    def list_tournaments(self, limit: int = 50) -> list[TournamentRecord]:
        return self.repository.list_tournaments(limit)

    def register(self, tournament_id: str, name: str) -> Registration:
        """PT-5: a player registers with a name not taken yet, before the first draw."""
        cleaned = _clean(name, MAX_NAME, Text("Der Name", "The name"))
        record = self._check_active(tournament_id)
        if self.repository.draws(tournament_id):
            raise registration_closed()
        self._refuse_withdrawn([cleaned], tournament_id)
        check_capacity(len(self.repository.players(tournament_id)) + 1, record.tables)
        return self.repository.register(tournament_id, cleaned)

    def _refuse_withdrawn(self, names: Sequence[str], tournament_id: str) -> None:
        """PT-5 / PT-7: a withdrawn player's name does not register again; she comes back (joins)."""
        changes = self.repository.changes(tournament_id)
        if not changes:
            return
        players = self.repository.players(tournament_id)
        active = set(pool([p.number for p in players], changes, 1))
        withdrawn = {name_key(p.name) for p in players if p.number not in active}
        for name in names:
            if name_key(name) in withdrawn:
                raise TournamentRefused(
                    "PT-7",
                    Text(
                        f"{name!r} hat sich zurückgezogen; sie kommt über „Spielerinnen ändern“ (kommt dazu) zurück.",
                        f"{name!r} has withdrawn; she comes back through 'Change players' (joins).",
                    ),
                )

    def register_many(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        """PT-5: register a list of names all together or not at all. A bad name (empty, too long,
        control characters, taken, or twice in the list) refuses the whole list, naming it."""
        if len(names) == 1:
            return [self.register(tournament_id, names[0])]
        self._check_active(tournament_id)
        try:
            cleaned = []
            seen: dict[str, str] = {}
            for line, name in enumerate(names, start=1):
                shown = repr(name if len(name) <= 30 else name[:30] + "…")
                one = _clean(
                    name, MAX_NAME, Text(f"Der Name in Zeile {line} ({shown})", f"The name on line {line} ({shown})")
                )
                if name_key(one) in seen:
                    raise TournamentRefused(
                        "PT-5",
                        Text(
                            f"{one!r} steht zweimal in der Liste (Zeile {line}).",
                            f"{one!r} is in the list twice (line {line}).",
                        ),
                    )
                seen[name_key(one)] = one
                cleaned.append(one)
            record = self.repository.get(tournament_id)
            if self.repository.draws(tournament_id):
                raise registration_closed()
            self._refuse_withdrawn(cleaned, tournament_id)
            check_capacity(len(self.repository.players(tournament_id)) + len(cleaned), record.tables)
            return self.repository.register_many(tournament_id, cleaned)
        except (TournamentRefused, PlayerCountRefused) as refused:
            raise TournamentRefused(
                refused.clause,
                Text(
                    f"{refused.message.de} Niemand aus der Liste wurde angemeldet.",
                    f"{refused.message.en} Nobody in the list was registered.",
                ),
            ) from None

    def draw(self, tournament_id: str, pass_no: int, seed: str | None = None) -> StoredDraw:
        """R-1.3: draw tables and seats for ``pass_no`` and open one score sheet per table (R-2.1).
        Pass 1 first; pass 2 only once every pass-1 sheet is complete (R-1.2)."""
        check_pass_no(pass_no, self.game)
        record = self._check_active(tournament_id)
        players = self.repository.players(tournament_id)
        # PT-7: the pool of this pass: the registered players as the recorded changes leave them.
        numbers = pool([p.number for p in players], self.repository.changes(tournament_id), pass_no)
        self.game.check_player_count(len(numbers))
        draws = self.repository.draws(tournament_id)
        if any(d.draw.pass_no == pass_no for d in draws):
            raise already_drawn(pass_no)
        if len(draws) != pass_no - 1:
            raise TournamentRefused(
                "R-1.3",
                Text(f"Erst Durchgang {len(draws) + 1} auslosen.", f"Draw pass {len(draws) + 1} first."),
            )
        if pass_no > 1:
            unfinished = [t + 1 for t, match_id in enumerate(draws[-1].match_ids) if not self._finished(match_id)]
            if unfinished:
                raise TournamentRefused(
                    "R-1.2",
                    Text(
                        f"Durchgang {pass_no - 1} läuft noch (Tisch {', '.join(map(str, unfinished))}).",
                        f"Pass {pass_no - 1} is still being played (table {', '.join(map(str, unfinished))}).",
                    ),
                )
        seed_text = _clean(seed, 64, Text("Der Startwert", "The seed")) if seed is not None else self.seeds()
        drawn = draw_pass(seed_text, pass_no, numbers, self.game, record.tables)
        names = {p.number: p.name for p in players}
        match_ids = tuple(
            self.sheets.open_sheet(
                f"{record.title} · {pass_no}/{t + 1}",
                [names[n] for n in table],
                self.game.games_per_pass,
                record.scoring,
            )
            for t, table in enumerate(drawn.tables)
        )
        stored = StoredDraw(drawn, match_ids, self.clock())
        self.repository.add_draw(tournament_id, stored)
        return stored

    def _finished(self, match_id: str) -> bool:
        return len(self.sheets.read_sheet(match_id)) >= self.game.games_per_pass

    def overview(self, tournament_id: str) -> Overview:
        """The tournament, its draws, every table's sheet and the standings (RA-24)."""
        record = self.repository.get(tournament_id)
        players = tuple(self.repository.players(tournament_id))
        draws = tuple(self.repository.draws(tournament_id))
        sheets = []
        match_ids = {}
        for stored in draws:
            for t, (table, match_id) in enumerate(zip(stored.draw.tables, stored.match_ids, strict=True)):
                games = self.sheets.read_sheet(match_id)
                scoring = self.sheets.sheet_scoring(match_id)
                sheets.append(TableSheet(stored.draw.pass_no, t + 1, table, games, self.game.games_per_pass, scoring))
                match_ids[(stored.draw.pass_no, t + 1)] = match_id
        changes = tuple(self.repository.changes(tournament_id))
        passes_due = self.game.passes
        bare = Overview(record, players, draws, tuple(sheets), match_ids, rank([]), changes, self.game)
        names = bare.names
        # PT-8: everyone who plays at least one pass is listed; only players of both passes are ranked.
        passes = {n: bare.passes_of(n) for n in names}
        listed = {n: name for n, name in names.items() if passes[n]}
        results = player_results(listed, sheets, passes_due, record.normalise_table_size)
        complete = len(draws) == passes_due and all(s.finished for s in sheets)
        lots_seed = ":".join(d.draw.seed for d in draws)
        scoring = played_scoring(record, sheets)
        ranked = [r for r in results if len(passes[r.number]) == passes_due]
        one_pass = [r for r in results if len(passes[r.number]) != passes_due]
        standings = rank(ranked, record.tie_break, lots_seed, record.prizes, complete, scoring, self.game.lottery_key)
        unranked = _unranked(one_pass, names, changes, passes, scoring, self.game)
        standings = dataclasses.replace(standings, unranked=unranked)
        return dataclasses.replace(bare, standings=standings)

    # --- players between passes (PT-7) --------------------------------------------------------

    def _change_pass(self, tournament_id: str) -> int:
        """PT-7: the pass whose draw a change precedes; refused while a pass is drawn and running."""
        draws = self.repository.draws(tournament_id)
        if not draws:
            return 1
        if len(draws) >= self.game.passes:
            raise PassRunning(
                "PT-7",
                Text(
                    f"Alle {self.game.passes} Durchgänge sind ausgelost; an laufenden Tischen wird niemand ersetzt "
                    "(die Auslosung hat jeden Platz vergeben, R-1.3). Nichts wurde geändert.",
                    f"All {self.game.passes} passes are drawn; nobody is replaced at a running table (the draw has "
                    "given every seat, R-1.3). Nothing was changed.",
                ),
            )
        last = draws[-1]
        running = [t + 1 for t, match_id in enumerate(last.match_ids) if not self._finished(match_id)]
        if running:
            tables = ", ".join(map(str, running))
            raise PassRunning(
                "PT-7",
                Text(
                    f"Durchgang {last.draw.pass_no} läuft noch (Tisch {tables}); an laufenden Tischen wird "
                    f"niemand ersetzt. Spielerinnen wechseln erst, wenn alle Tische fertig sind, vor der "
                    f"Auslosung von Durchgang {last.draw.pass_no + 1}. Nichts wurde geändert.",
                    f"Pass {last.draw.pass_no} is still being played (table {tables}); nobody is replaced at a "
                    f"running table. Players change once every table has finished, before pass "
                    f"{last.draw.pass_no + 1} is drawn. Nothing was changed.",
                ),
            )
        return last.draw.pass_no + 1

    def change(self, tournament_id: str, leaving: int | None = None, joining: str | None = None) -> PlayerChange:
        """PT-7: between two draws, ``leaving`` (a registration number) leaves the next draw, and/or
        ``joining`` (a name) enters it: a new name registers with the next number (a late arrival, or
        with ``leaving`` a replacement who takes her place in the draw); the name of a withdrawn
        player brings her back. Recorded with its place in the sequence and the time; refused with
        nothing written while a pass is drawn and not finished."""
        name = _clean(joining, MAX_NAME, Text("Der Name", "The name")) if joining is not None else None
        record = self._check_active(tournament_id)
        before_pass = self._change_pass(tournament_id)
        if name is not None and leaving is None:  # one more at the tables of the next draw (PT-11)
            check_capacity(len(self._next_pool(tournament_id)) + 1, record.tables)
        return self.repository.change_players(tournament_id, before_pass, leaving, name, self.clock())

    def withdraw(self, tournament_id: str, leaving: int) -> PlayerChange:
        """PT-7: a player drops out before the next draw."""
        return self.change(tournament_id, leaving=leaving)

    def join(self, tournament_id: str, name: str) -> PlayerChange | Registration:
        """PT-5 / PT-7: before the first draw a plain registration; later a late arrival (or a
        withdrawn player coming back) for the next draw."""
        if not self.repository.draws(tournament_id) and not self._withdrawn_name(tournament_id, name):
            return self.register(tournament_id, name)
        return self.change(tournament_id, joining=name)

    def replace(self, tournament_id: str, leaving: int, joining: str) -> PlayerChange:
        """PT-7: ``joining`` (a new name) takes ``leaving``'s place in the next draw."""
        return self.change(tournament_id, leaving=leaving, joining=joining)

    def _withdrawn_name(self, tournament_id: str, name: str) -> bool:
        key = name_key(name)
        numbers = [p.number for p in self.repository.players(tournament_id) if name_key(p.name) == key]
        return bool(numbers) and numbers[0] not in self._next_pool(tournament_id)

    def _next_pool(self, tournament_id: str) -> tuple[int, ...]:
        players = [p.number for p in self.repository.players(tournament_id)]
        drawn = len(self.repository.draws(tournament_id))
        return pool(players, self.repository.changes(tournament_id), min(drawn + 1, self.game.passes))

    def changes(self, tournament_id: str) -> list[PlayerChange]:
        """PT-7: the recorded changes, in order."""
        return self.repository.changes(tournament_id)

    def player_number(self, tournament_id: str, who: str) -> int:
        """A player by registration number (``3``) or name (case-insensitive, PT-5)."""
        text = " ".join(str(who).split())
        players = self.repository.players(tournament_id)
        if text.isdigit() and any(p.number == int(text) for p in players):
            return int(text)
        for player in players:
            if name_key(player.name) == name_key(text):
                return player.number
        raise TournamentRefused(
            "PT-7",
            Text(
                f"Keine Spielerin {text!r} in diesem Turnier (Name oder Anmeldenummer).",
                f"No player {text!r} in this tournament (name or registration number).",
            ),
        )

    # --- archiving (PT-9) ---------------------------------------------------------------------

    def deletion_preview(self, tournament_id: str) -> DeletionPreview:
        """PT-9: what archiving puts away (and restoring brings back): players, sheets, games, entries."""
        record = self.repository.get(tournament_id)
        players = self.repository.players(tournament_id)
        match_ids = [m for stored in self.repository.draws(tournament_id) for m in stored.match_ids]
        games = sum(len(self.sheets.read_sheet(m)) for m in match_ids)
        entries = sum(self.sheets.sheet_entries(m) for m in match_ids)
        return DeletionPreview(record, len(players), len(match_ids), games, entries)

    def archive(self, tournament_id: str, actor: str | None = None) -> TournamentRecord:
        """PT-9: "delete" a tournament by archiving it: it leaves the list of tournaments and changes
        nothing any more, but its players, draws, changes and score sheets are all kept, and it can be
        restored. Records when and by whom (``actor``, ``matches.audit``). An archived one is refused."""
        record = self.repository.get(tournament_id)
        if record.archived:
            raise TournamentArchived(
                "PT-9",
                Text(
                    f"Das Turnier {record.title!r} ist schon archiviert. Nichts wurde geändert.",
                    f"The tournament {record.title!r} is archived already. Nothing was changed.",
                ),
            )
        return self.repository.archive(tournament_id, self.clock(), actor)

    def restore(self, tournament_id: str) -> TournamentRecord:
        """PT-9: bring an archived tournament back, exactly as it was archived."""
        record = self.repository.get(tournament_id)
        if not record.archived:
            raise TournamentArchived(
                "PT-9",
                Text(
                    f"Das Turnier {record.title!r} ist nicht archiviert; es gibt nichts wiederherzustellen.",
                    f"The tournament {record.title!r} is not archived; there is nothing to restore.",
                ),
            )
        return self.repository.restore(tournament_id)

    def list_archived(self, limit: int = 50) -> list[TournamentRecord]:
        """The archived tournaments, the most recently archived first (the restore page)."""
        return self.repository.list_archived(limit)

    def delete(
        self, tournament_id: str, confirm_title: str, scores_too: bool = False, actor: str | None = None
    ) -> DeletionPreview:
        """PT-9 as the command line asks for it: the typed title (blanks and case aside) confirms, then the
        tournament is archived (``archive``; nothing is deleted, so ``scores_too`` no longer matters)."""
        preview = self.deletion_preview(tournament_id)
        if name_key(str(confirm_title)) != name_key(preview.record.title):
            raise DeleteRefused(
                "PT-9",
                Text(
                    f"Zum Archivieren den Titel des Turniers eingeben: {preview.record.title!r}. "
                    "Nichts wurde geändert.",
                    f"To archive, type the tournament's title: {preview.record.title!r}. Nothing was changed.",
                ),
            )
        self.archive(tournament_id, actor)
        return preview

    def _check_active(self, tournament_id: str) -> TournamentRecord:
        """PT-9: an archived tournament is frozen until it is restored (the store checks again inside
        each write's transaction)."""
        record = self.repository.get(tournament_id)
        if record.archived:
            raise archived_refusal(record.title)
        return record


def played_scoring(record: TournamentRecord, sheets: Sequence[TableSheet]) -> str:
    """RA-23: the standings follow the scoring the sheets were played with (the tournament's, until
    a sheet exists). Sheets of one tournament are all opened with its scoring; a mix cannot be
    ranked and is refused."""
    played = {sheet.scoring for sheet in sheets}
    if not played:
        return record.scoring
    if len(played) > 1:
        raise TournamentRefused(
            "RA-23",
            Text(
                f"Die Schreibzettel wurden mit verschiedenen Wertungen gespielt ({', '.join(sorted(played))}).",
                f"The score sheets were played with different scorings ({', '.join(sorted(played))}).",
            ),
        )
    return played.pop()


def seat_of(draw: Draw, number: int) -> tuple[int, int]:
    """(table, seat), both 1-based, of player ``number`` in ``draw``."""
    for t, table in enumerate(draw.tables):
        if number in table:
            return t + 1, table.index(number) + 1
    raise KeyError(number)
