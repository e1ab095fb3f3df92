"""M-2, M-7: creating matches; the game validates options and set-up."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import InvalidOption, InvalidSetup, RuleViolation
from stammtisch.matches import InvalidMatch, MatchService, UnknownGame


def test_create_records_resolved_options_players_and_mode(service: MatchService) -> None:
    """M-7: the record keeps the resolved options, players per seat and the mode."""
    snap = service.create("toy", ["Anna", "Ben", "Cem"], {"rounds": 2}, mode="table", title="Freitag")
    assert snap.seq == 0
    assert snap.players == ["Anna", "Ben", "Cem"]
    assert snap.options == {"rounds": 2}
    assert snap.mode == "table" and snap.title == "Freitag"
    assert snap.turn == {"kind": "decision", "seats": [0, 1, 2]}
    record = service.record(snap.match_id)
    assert record.game == "toy" and record.rules_version == "1" and record.setup == {}
    assert service.list_matches(10) == [record]


def test_defaults_come_from_the_game(service: MatchService) -> None:
    assert service.create("toy", ["A", "B"]).options == {"rounds": 3}


def test_unknown_game_is_a_rule_violation(service: MatchService) -> None:
    """M-2."""
    with pytest.raises(UnknownGame) as caught:
        service.create("schach", ["A", "B"])
    assert isinstance(caught.value, RuleViolation)
    assert caught.value.code == "match/unknown_game"
    assert "schach" in caught.value.message.de and "schach" in caught.value.message.en
    assert service.list_matches(10) == []


def test_bad_options_and_setup_are_refused_by_the_game(service: MatchService) -> None:
    with pytest.raises(InvalidOption):
        service.create("toy", ["A", "B"], {"rounds": 99})
    with pytest.raises(InvalidOption):
        service.create("toy", ["A", "B"], {"colour": "red"})
    with pytest.raises(InvalidSetup):
        service.create("toy", ["A"])
    with pytest.raises(InvalidSetup):
        service.create("toy", ["A", "B", "C", "D", "E"])
    assert service.list_matches(10) == []


def test_mode_and_names_are_checked(service: MatchService) -> None:
    """M-7."""
    with pytest.raises(InvalidMatch):
        service.create("toy", ["A", "B"], mode="telepathy")
    with pytest.raises(InvalidMatch):
        service.create("toy", ["A", "  "])
    with pytest.raises(InvalidMatch):
        service.create("toy", ["A", "B"], title="x" * 201)
    assert service.list_matches(10) == []
    match = service.create("toy", ["A", "B"]).match_id
    with pytest.raises(InvalidMatch):
        service.act(match, 0, "pick 1", 0, actor="x" * 201)
    assert service.events(match) == []


def test_digital_creation_samples_chance_before_the_first_decision(service: MatchService) -> None:
    """Digital play: a deal before the first decision is sampled at creation, as batch 1."""
    snap = service.create("toy-deal", ["A", "B"], mode="digital")
    assert snap.seq == 1
    assert snap.turn["kind"] == "decision"
    [event] = service.events(snap.match_id)
    assert event.kind == "outcome" and event.batch == 1 and event.payload["sampled"] is True
    table = service.create("toy-deal", ["A", "B"], mode="table")
    assert table.seq == 0 and table.turn["kind"] == "chance"
    assert table.turn["label"] == {"de": "Würfel", "en": "the die"}


def test_list_matches_filters_by_game_newest_first(service: MatchService) -> None:
    first = service.create("toy", ["A", "B"]).match_id
    second = service.create("toy-open", ["A", "B"]).match_id
    third = service.create("toy", ["A", "B"]).match_id
    assert [r.match_id for r in service.list_matches(10)] == [third, second, first]
    assert [r.match_id for r in service.list_matches(10, game="toy")] == [third, first]
    assert [r.match_id for r in service.list_matches(1)] == [third]
