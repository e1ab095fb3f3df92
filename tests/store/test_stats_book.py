"""ST-1, ST-5 (docs/statistics.md): the statistics' store reads on SQLite and PostgreSQL: a closed
evening's figures per member (seat links), the summary cache (each log read once per change), an
undo after the end taking the evening out again, and the tournaments a member entered."""

from __future__ import annotations

from datetime import UTC, datetime

from stammtisch.club.games.kluempchen_stats import Figures
from stammtisch.club.members.model import Kind
from stammtisch.core.replay import ActionStep
from stammtisch.matches import MatchService
from stammtisch.store import Store
from stammtisch.store.members import SqlClub
from stammtisch.store.stats import StatsBook
from stammtisch.store.tournament_tables import tournament_players, tournaments
from tests.club.stats.small_club import OPTIONS, SETUP, sheet_steps

NOW = datetime(2026, 3, 6, 19, 0, tzinfo=UTC)
NAMES = ["Anna", "Ben", "Carla", "Dirk"]


def _club(store: Store) -> dict[str, int]:
    club = SqlClub(store.engine)
    club.create_club("Testverein", "Anna", None, NOW)
    ids = {"Anna": club.members()[0].member_id}
    for name in NAMES[1:]:
        ids[name] = club.add_member(name, name.casefold(), "", Kind.MEMBER, False, NOW).member_id
    return ids


def _evening(store: Store, service: MatchService, ids: dict[str, int], linked: int = 4) -> str:
    created = service.create("kluempchen", NAMES, dict(OPTIONS), dict(SETUP), mode="scoresheet")
    SqlClub(store.engine).set_seats(created.match_id, [(seat, ids[NAMES[seat]]) for seat in range(linked)])
    steps = sheet_steps()
    service.submit(created.match_id, [(s.seat, s.action) for s in steps if isinstance(s, ActionStep)], 0)
    return created.match_id


def test_st5_an_evenings_figures_per_member(store: Store) -> None:
    """ST-5: the hand-computed evening (tests/club/stats/small_club.py) read back from the store."""
    ids = _club(store)
    service = MatchService(store.repository, clock=lambda: NOW)
    match_id = _evening(store, service, ids)
    [summary] = StatsBook(store.engine).summaries()
    assert (summary.match_id, summary.game, summary.day.isoformat()) == (match_id, "kluempchen", "2026-03-06")
    figures = dict(summary.members)
    assert figures[ids["Anna"]] == Figures(evenings=1, rounds=1, wuerfe=3, points=94, best_wurf=40)
    assert figures[ids["Dirk"]] == Figures(
        evenings=1, rounds=1, lost=1, schuster=1, schwarz=1, jokers_buried=1, wuerfe=2
    )


def test_st1_unlinked_seats_count_for_nobody(store: Store) -> None:
    """ST-1: only seats linked to members (match_seats) are anybody's statistics."""
    ids = _club(store)
    service = MatchService(store.repository, clock=lambda: NOW)
    _evening(store, service, ids, linked=2)
    [summary] = StatsBook(store.engine).summaries()
    assert [member for member, _ in summary.members] == [ids["Anna"], ids["Ben"]]


def test_st5_each_log_is_read_once_until_it_changes(store: Store) -> None:
    """ST-5: the summary cache: a second page reads no log; an undo after the end (M-10, with a
    reason) is an event, so the evening is read again, and no longer counts (it is not closed)."""
    ids = _club(store)
    service = MatchService(store.repository, clock=lambda: NOW)
    match_id = _evening(store, service, ids)
    book = StatsBook(store.engine)
    assert len(book.summaries()) == 1 and book.reads == 1
    assert len(book.summaries()) == 1 and book.reads == 1
    seq = service.snapshot(match_id).seq
    service.undo(match_id, seq, actor="member:1", reason="falsch eingetragen")
    assert book.summaries() == [] and book.reads == 2


def test_st1_tournaments_entered_by_name(store: Store) -> None:
    """ST-1: a member's tournaments are those she is registered in by her name (any case)."""
    ids = _club(store)
    with store.engine.begin() as connection:
        connection.execute(
            tournaments.insert(),
            [{"tournament_id": "t1", "title": "Preisrommé", "created_at": NOW, "tie_break": [], "prizes": [],
              "options": {}}],
        )  # fmt: skip
        connection.execute(
            tournament_players.insert(),
            [{"tournament_id": "t1", "number": 1, "name": "ANNA", "name_key": "anna"}],
        )
    assert StatsBook(store.engine).tournaments() == {ids["Anna"]: [NOW.date()]}


def test_st5_a_match_is_summarized_when_it_ends(store: Store) -> None:
    """ST-5: with the ``SummaryNotifier`` the evening is read as the close is written, not by a page."""
    from stammtisch.store.stats import SummaryNotifier

    ids = _club(store)
    service = MatchService(store.repository, clock=lambda: NOW)
    book = StatsBook(store.engine)
    service.notifier = SummaryNotifier(book, service, None)
    created = service.create("kluempchen", NAMES, dict(OPTIONS), dict(SETUP), mode="scoresheet")
    SqlClub(store.engine).set_seats(created.match_id, [(seat, ids[NAMES[seat]]) for seat in range(4)])
    steps = [(s.seat, s.action) for s in sheet_steps() if isinstance(s, ActionStep)]
    snap = service.submit(created.match_id, steps[:-1], 0)
    assert book.reads == 0  # running: nothing read
    service.submit(created.match_id, steps[-1:], snap.seq)  # the Schreiber closes
    assert book.reads == 1
    assert len(book.summaries()) == 1 and book.reads == 1  # the page reads no log
