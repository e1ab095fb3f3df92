"""The tournament use cases: create, register, draw a pass, read the sheets and the standings.

Storage is a ``TournamentRepository``; each table's pass is a score-sheet match kept by a
``SheetKeeper`` (the match service, behind a port: ``club`` and ``matches`` are sibling layers and do
not import each other; ``store.tournament_sheets`` adapts the match service).
"""

from __future__ import annotations

import secrets
import unicodedata
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Protocol

from stammtisch.club.tournament.draw import Draw, check_pass_no, draw_pass, verify_draw
from stammtisch.club.tournament.errors import TournamentRefused
from stammtisch.club.tournament.model import Registration, StoredDraw, TournamentRecord
from stammtisch.club.tournament.options import (
    DEFAULT_NORMALISE_TABLE_SIZE,
    DEFAULT_SCORING,
    check_normalise_table_size,
    check_scoring,
)
from stammtisch.club.tournament.repository import (
    TournamentRepository,
    already_drawn,
    name_key,
    registration_closed,
)
from stammtisch.club.tournament.standings import (
    SheetGame,
    Standings,
    TableSheet,
    check_tie_break,
    player_results,
    rank,
)
from stammtisch.club.tournament.tables import GAMES_PER_PASS, PASSES, check_player_count
from stammtisch.core.text import Text

#: Longest title, player name and prize text (PT-5).
MAX_TITLE = 120
MAX_NAME = 60
MAX_PRIZES = 50


class SheetKeeper(Protocol):
    """Score-sheet matches of Preisrommé (R-2.1, RA-28)."""

    def open_sheet(self, title: str, names: Sequence[str], games: int, scoring: str = DEFAULT_SCORING) -> str:
        """Start a score-sheet match for ``names`` in seat order, played with ``scoring`` (RA-23); its id."""
        ...

    def read_sheet(self, match_id: str) -> tuple[SheetGame, ...]:
        """The games booked on the sheet so far."""
        ...

    def sheet_scoring(self, match_id: str) -> str:
        """The scoring (RA-23) the sheet is played with."""
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

    @property
    def names(self) -> dict[int, str]:
        return {p.number: p.name for p in self.players}

    @property
    def next_pass(self) -> int | None:
        return len(self.draws) + 1 if len(self.draws) < PASSES else None

    def pass_finished(self, pass_no: int) -> bool:
        sheets = [s for s in self.sheets if s.pass_no == pass_no]
        return bool(sheets) and all(s.finished for s in sheets)

    def audit(self, stored: StoredDraw) -> bool:
        return verify_draw(stored.draw, [p.number for p in self.players])


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


class TournamentService:
    def __init__(
        self,
        repository: TournamentRepository,
        sheets: SheetKeeper,
        clock: Callable[[], datetime] = utc_now,
        seeds: Callable[[], str] = new_seed,
    ) -> None:
        self.repository = repository
        self.sheets = sheets
        self.clock = clock
        self.seeds = seeds

    def create(
        self,
        title: str,
        tie_break: Sequence[str] = (),
        prizes: Sequence[str] = (),
        scoring: str = DEFAULT_SCORING,
        normalise_table_size: bool = DEFAULT_NORMALISE_TABLE_SIZE,
    ) -> TournamentRecord:
        """A new tournament; players register next (PT-5). ``scoring`` (RA-23) is the scoring of
        every sheet; ``normalise_table_size`` (RA-24) multiplies each table-pass's scores by f(k) (PT-6)."""
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
        if self.repository.draws(tournament_id):
            raise registration_closed()
        return self.repository.register(tournament_id, cleaned)

    def register_many(self, tournament_id: str, names: Sequence[str]) -> list[Registration]:
        """PT-5: register a list of names all together or not at all. A bad name (empty, too long,
        control characters, taken, or twice in the list) refuses the whole list, naming it."""
        if len(names) == 1:
            return [self.register(tournament_id, names[0])]
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
            self.repository.get(tournament_id)
            if self.repository.draws(tournament_id):
                raise registration_closed()
            return self.repository.register_many(tournament_id, cleaned)
        except TournamentRefused as refused:
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
        check_pass_no(pass_no)
        record = self.repository.get(tournament_id)
        players = self.repository.players(tournament_id)
        check_player_count(len(players))
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
        drawn = draw_pass(seed_text, pass_no, [p.number for p in players])
        names = {p.number: p.name for p in players}
        match_ids = tuple(
            self.sheets.open_sheet(
                f"{record.title} · {pass_no}/{t + 1}", [names[n] for n in table], GAMES_PER_PASS, record.scoring
            )
            for t, table in enumerate(drawn.tables)
        )
        stored = StoredDraw(drawn, match_ids, self.clock())
        self.repository.add_draw(tournament_id, stored)
        return stored

    def _finished(self, match_id: str) -> bool:
        return len(self.sheets.read_sheet(match_id)) >= GAMES_PER_PASS

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
                sheets.append(TableSheet(stored.draw.pass_no, t + 1, table, games, GAMES_PER_PASS, scoring))
                match_ids[(stored.draw.pass_no, t + 1)] = match_id
        names = {p.number: p.name for p in players}
        results = player_results(names, sheets, PASSES, record.normalise_table_size)
        complete = len(draws) == PASSES and all(s.finished for s in sheets)
        lots_seed = ":".join(d.draw.seed for d in draws)
        standings = rank(results, record.tie_break, lots_seed, record.prizes, complete, played_scoring(record, sheets))
        return Overview(record, players, draws, tuple(sheets), match_ids, standings)


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
