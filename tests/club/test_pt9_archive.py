"""PT-9 (issue 10, item 3): deleting a tournament archives it, never a hard delete. An archived
tournament leaves the list, keeps its players, draws, changes and score sheets exactly as they were,
records when and by whom, refuses every change (bilingual, nothing written) and can be restored as it
was. Archiving twice or restoring one that is not archived is refused. The command line's confirmation
(the title typed again) still guards ``delete``, which archives."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.club.tournament import DeleteRefused, TournamentArchived, TournamentNotFound, TournamentService
from stammtisch.matches import InMemoryRepository
from stammtisch.matches.service import MatchService
from stammtisch.store.tournament_sheets import tournament_service
from tests.club.sheets import play_sheet


@pytest.fixture
def wired() -> tuple[TournamentService, MatchService]:
    matches = MatchService(InMemoryRepository())
    return tournament_service(matches), matches


def test_pt9_archiving_keeps_everything_and_hides_it_from_the_list(
    wired: tuple[TournamentService, MatchService],
) -> None:
    tournaments, matches = wired
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D"])
    stored = tournaments.draw(tid, 1)
    play_sheet(matches, stored.match_ids[0], random.Random(1))
    before = tournaments.overview(tid)
    sheet_before = matches.snapshot(stored.match_ids[0])
    record = tournaments.archive(tid, actor="member:1")
    assert record.archived and record.archived_by == "member:1" and record.archived_at is not None
    assert tid not in [r.tournament_id for r in tournaments.list_tournaments()]
    assert [r.tournament_id for r in tournaments.list_archived()] == [tid]
    after = tournaments.overview(tid)  # still readable, all of it
    assert after.players == before.players and after.draws == before.draws
    assert matches.snapshot(stored.match_ids[0]) == sheet_before


def test_pt9_an_archived_tournament_changes_nothing(wired: tuple[TournamentService, MatchService]) -> None:
    tournaments, _ = wired
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C"])
    tournaments.archive(tid)
    for attempt in (
        lambda: tournaments.register(tid, "Dora"),
        lambda: tournaments.register_many(tid, ["Dora", "Emil"]),
        lambda: tournaments.draw(tid, 1),
        lambda: tournaments.withdraw(tid, 1),
    ):
        with pytest.raises(TournamentArchived) as refused:
            attempt()
        error = refused.value
        assert error.code == "tournament/archived" and error.clause == "PT-9"
        assert "archiviert" in error.message.de and "archived" in error.message.en
        assert "PT-9" not in error.message.de + error.message.en
    assert [p.name for p in tournaments.overview(tid).players] == ["A", "B", "C"]
    assert tournaments.overview(tid).draws == ()


def test_pt9_restoring_brings_it_back_as_it_was(wired: tuple[TournamentService, MatchService]) -> None:
    tournaments, _ = wired
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C"])
    original = tournaments.get(tid)
    tournaments.archive(tid, actor="member:2")
    restored = tournaments.restore(tid)
    assert restored == original and not restored.archived
    assert tid in [r.tournament_id for r in tournaments.list_tournaments()] and tournaments.list_archived() == []
    assert tournaments.draw(tid, 1).draw.pass_no == 1  # in use again


def test_pt9_archiving_twice_or_restoring_an_active_one_is_refused(
    wired: tuple[TournamentService, MatchService],
) -> None:
    tournaments, _ = wired
    tid = tournaments.create("Herbst").tournament_id
    with pytest.raises(TournamentArchived) as refused:
        tournaments.restore(tid)
    assert "nothing to restore" in refused.value.message.en and "nichts wiederherzustellen" in refused.value.message.de
    tournaments.archive(tid)
    with pytest.raises(TournamentArchived) as refused:
        tournaments.archive(tid)
    assert "archived already" in refused.value.message.en
    with pytest.raises(TournamentNotFound) as missing:
        tournaments.archive("nope")
    assert missing.value.clause == "PT-0"


def test_pt9_the_command_line_s_delete_checks_the_title_and_archives(
    wired: tuple[TournamentService, MatchService],
) -> None:
    tournaments, matches = wired
    tid = tournaments.create("Test  Turnier").tournament_id
    tournaments.register_many(tid, ["A", "B", "C", "D"])
    sheet = tournaments.draw(tid, 1).match_ids[0]
    for wrong in ("", "Test", "Test Turnier 2"):
        with pytest.raises(DeleteRefused) as refused:
            tournaments.delete(tid, wrong)
        assert refused.value.clause == "PT-9" and "Nothing was changed" in refused.value.message.en
        assert not tournaments.get(tid).archived
    preview = tournaments.delete(tid, " test turnier ", actor="cli:anna")
    assert (preview.players, preview.sheets) == (4, 1)
    assert tournaments.get(tid).archived_by == "cli:anna"
    assert matches.snapshot(sheet).seq == 0  # the sheet is kept


@settings(max_examples=25)
@given(steps=st.lists(st.sampled_from(["archive", "restore"]), max_size=8))
def test_pt9_archive_and_restore_never_lose_anything(steps: list[str]) -> None:
    """Invariant: whatever sequence of archiving and restoring (refusals included), the tournament keeps
    its players, and it is listed exactly when it is not archived."""
    tournaments = tournament_service(MatchService(InMemoryRepository()))
    tid = tournaments.create("Herbst").tournament_id
    tournaments.register_many(tid, ["A", "B", "C"])
    for step in steps:
        try:
            getattr(tournaments, step)(tid)
        except TournamentArchived:
            pass
        archived = tournaments.get(tid).archived
        assert (tid in [r.tournament_id for r in tournaments.list_tournaments()]) is not archived
        assert (tid in [r.tournament_id for r in tournaments.list_archived()]) is archived
        assert [p.name for p in tournaments.overview(tid).players] == ["A", "B", "C"]
