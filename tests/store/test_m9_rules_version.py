"""M-9: a match records the rules version it started under; a service replays it only if its game's
code replays that version exactly (the current ``rules_version`` or one of its
``compatible_rules_versions``), else it refuses with ``UnknownRulesVersion`` naming both versions in
German and English, the clause in the error's data. Run against every repository (memory, SQLite,
PostgreSQL when configured): the version must survive the store."""

from __future__ import annotations

import pytest

from stammtisch.matches.errors import UnknownRulesVersion
from stammtisch.matches.repository import MatchRepository
from tests.matches.conftest import make_service
from tests.support.toy import Toy


class ToyV2(Toy):
    """The toy after a rules change: version 2, no promise about version 1."""

    rules_version = "2"


class ToyV2ReplaysV1(ToyV2):
    """Version 2 whose code still replays version 1 exactly."""

    compatible_rules_versions = ("1",)


def _played_under_v1(repository: MatchRepository) -> str:
    first = make_service(repository, games={"toy": Toy()})
    snapshot = first.create("toy", ["Anna", "Ben"], mode="table")
    first.act(snapshot.match_id, 0, "pick 2", snapshot.seq)
    assert first.record(snapshot.match_id).rules_version == "1"
    return snapshot.match_id


def test_a_match_under_an_unknown_version_is_refused(repository: MatchRepository) -> None:
    match_id = _played_under_v1(repository)
    later = make_service(repository, games={"toy": ToyV2()})
    with pytest.raises(UnknownRulesVersion) as refused:
        later.snapshot(match_id)
    error = refused.value
    assert error.code == "match/unknown_rules_version" and error.clause == "M-9"
    assert "Version 1" in error.message.de and "Version 2" in error.message.de
    assert "version 1" in error.message.en and "version 2" in error.message.en
    assert "M-9" not in error.message.de and "M-9" not in error.message.en
    data = error.to_json()
    assert data["clause"] == "M-9"
    assert data["rules_version"] == {"game": "toy", "played": "1", "known": ["2"]}
    with pytest.raises(UnknownRulesVersion):  # every use case refuses, the writes too
        later.act(match_id, 1, "pick 1", 1)
    assert len(repository.events(match_id)) == 1  # nothing was written


def test_a_declared_compatible_version_replays(repository: MatchRepository) -> None:
    match_id = _played_under_v1(repository)
    later = make_service(repository, games={"toy": ToyV2ReplaysV1()})
    assert later.snapshot(match_id).seq == 1
    assert later.record(match_id).rules_version == "1"  # the match keeps the version it was played under


def test_the_current_version_replays(repository: MatchRepository) -> None:
    match_id = _played_under_v1(repository)
    assert make_service(repository, games={"toy": Toy()}).snapshot(match_id).seq == 1
