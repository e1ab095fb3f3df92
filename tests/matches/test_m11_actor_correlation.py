"""M-11 (issue 10, item 3): every event records its actor (``member:<id>``, ``seat:<n>``,
``cli:<user>``, ``system``) and the correlation id of the request that wrote it: given explicitly to
the use case, or bound once for the request (``matches.audit.bind``, what the web does for every HTTP
request); an explicit argument wins. Sampled outcomes of digital play carry those of the submission
that caused them. A malformed correlation id is refused and nothing is written."""

from __future__ import annotations

import pytest

from stammtisch.matches import audit
from stammtisch.matches.errors import InvalidMatch
from tests.matches.conftest import make_service


def test_m11_actor_strings() -> None:
    assert audit.member_actor(7) == "member:7"
    assert audit.seat_actor(2) == "seat:2"
    assert audit.cli_actor("anna") == "cli:anna"
    assert audit.SYSTEM == "system"


def test_m11_explicit_actor_and_correlation_id_are_on_every_event_of_the_batch() -> None:
    service = make_service()
    snap = service.create("toy-open", ["Anna", "Ben"], mode="digital")
    service.submit(snap.match_id, [(0, "pick 2"), (1, "pick 3")], snap.seq, actor="seat:0", correlation_id="abc-123")
    batch = service.events(snap.match_id, snap.seq)
    assert [e.kind for e in batch] == ["action", "action", "outcome"]  # the die, sampled in the same batch
    assert {(e.actor, e.correlation_id) for e in batch} == {("seat:0", "abc-123")}
    assert batch[-1].payload.get("sampled") is True
    assert all(e.reason is None for e in batch)
    assert batch[0].to_json()["correlation_id"] == "abc-123"


def test_m11_the_request_s_binding_is_used_when_none_is_given() -> None:
    service = make_service()
    snap = service.create("toy-open", ["Anna", "Ben"], mode="table")
    asked: list[int] = []

    def actor() -> str:
        asked.append(1)
        return "member:4"

    with audit.bind("req-42", actor):
        snap = service.submit(snap.match_id, [(0, "pick 1"), (1, "pick 1")], snap.seq)
        snap = service.enter_outcome(snap.match_id, "6", snap.seq, actor="cli:ben", correlation_id="other")
        snap = service.undo(snap.match_id, snap.seq)
    events = service.events(snap.match_id)
    assert [(e.actor, e.correlation_id) for e in events] == [
        ("member:4", "req-42"),
        ("member:4", "req-42"),
        ("cli:ben", "other"),  # an explicit argument wins
        ("member:4", "req-42"),
    ]
    assert asked  # the actor is asked lazily, when the events are written
    snap = service.enter_outcome(snap.match_id, "5", snap.seq)  # outside the binding: nothing recorded
    assert (service.events(snap.match_id)[-1].actor, service.events(snap.match_id)[-1].correlation_id) == (None, None)


@pytest.mark.parametrize("bad", ["", "has space", "x" * 65, "semi;colon", "ümlaut"])
def test_m11_a_malformed_correlation_id_is_refused(bad: str) -> None:
    service = make_service()
    snap = service.create("toy-open", ["Anna", "Ben"], mode="table")
    with pytest.raises(InvalidMatch) as refused:
        service.submit(snap.match_id, [(0, "pick 1"), (1, "pick 1")], snap.seq, correlation_id=bad)
    assert refused.value.clause == "M-11"
    assert "Korrelationskennung" in refused.value.message.de and "correlation id" in refused.value.message.en
    assert service.events(snap.match_id) == []


def test_m11_at_the_digital_table_a_seat_link_acts_as_its_seat_and_bots_as_the_system() -> None:
    import random

    from stammtisch.matches import InMemoryRepository, MatchService
    from stammtisch.matches.seat_links import InMemorySeatLinks
    from stammtisch.matches.tables import DigitalTable
    from tests.matches.toys import VOTE

    service = MatchService(InMemoryRepository(), games={VOTE.slug: VOTE}, rng=lambda match_id: random.Random(1))
    table = DigitalTable(service, InMemorySeatLinks())
    opened = table.open(VOTE.slug, ["Anna", "", ""])  # two bots
    match_id = opened.snapshot.match_id
    bots = {(e.seat, e.actor) for e in service.events(match_id) if e.kind == "action"}
    assert bots == {(1, audit.SYSTEM), (2, audit.SYSTEM)}
    anna = opened.tokens[0]
    seq = table.seat_snapshot(anna).seq
    table.act(anna, "vote yes", seq)
    assert [(e.seat, e.actor) for e in service.events(match_id, seq) if e.seat == 0] == [(0, "seat:0")]
