"""The generic digital table (docs/tables.md) with a secret simultaneous vote among three seats
(the toy ``VOTE``, as Das Regeln Wir Schon needs it): every seat answers in any order, nothing of
an answer shows before the last one (TS-1, the views decide), bots answer their seats, and a
deadline submits the game's ``timeout_action`` for the seats still due (D-1, D-2)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core.errors import RuleViolation
from stammtisch.core.options import Option
from stammtisch.core.text import Text
from stammtisch.matches import InMemoryRepository, MatchService
from stammtisch.matches.errors import InvalidMatch, StaleSequence
from stammtisch.matches.extensions import DEFAULT, DeadlinePolicy, MatchExtension
from stammtisch.matches.games import extension_for
from stammtisch.matches.seat_links import InMemorySeatLinks, UnknownSeatLink
from stammtisch.matches.snapshot import MatchSnapshot
from stammtisch.matches.tables import TIMER, DigitalTable
from tests.matches.toys import VOTE, Vote, VoteToy


def _table(seed: int = 3, service: MatchService | None = None) -> DigitalTable:
    service = service or MatchService(
        InMemoryRepository(), games={VOTE.slug: VOTE}, rng=lambda match_id: random.Random(seed)
    )
    return DigitalTable(service, InMemorySeatLinks())


def _comparable(snapshot: MatchSnapshot) -> dict[str, Any]:
    data = snapshot.to_json()
    for varying in ("match_id", "created_at"):
        data.pop(varying)
    for event in data["last_events"]:
        event.pop("at", None)
    return data


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_s1_a_secret_vote_shows_nothing_of_an_answer_before_the_last_one(order: tuple[int, ...]) -> None:
    """Two tables see the same answers arrive in the same order, with different votes: every
    seat's snapshot and the public one are the same at both until the last answer is in."""
    votes_a = {0: True, 1: True, 2: False}
    votes_b = {0: False, 1: False, 2: True}
    tables = [_table(), _table()]
    opened = [table.open(VOTE.slug, ["Anna", "Ben", "Carl"]) for table in tables]
    for count, seat in enumerate(order, start=1):
        for table, table_open, votes in zip(tables, opened, (votes_a, votes_b), strict=True):
            mine = table.seat_snapshot(table_open.tokens[seat])
            table.act(table_open.tokens[seat], Vote(votes[seat]), mine.seq)
        if count == len(order):
            break
        for other in range(3):
            if other == seat or other in order[:count]:
                continue  # a seat that answered sees its own vote, which differs between the tables
            seen = [_comparable(t.seat_snapshot(o.tokens[other])) for t, o in zip(tables, opened, strict=True)]
            assert seen[0] == seen[1]
        public = [_comparable(t.public_snapshot(o.snapshot.match_id)) for t, o in zip(tables, opened, strict=True)]
        assert public[0] == public[1]
        assert public[0]["view"]["voted"] == [s in order[:count] for s in range(3)]
    for table, table_open, votes in zip(tables, opened, (votes_a, votes_b), strict=True):
        view = table.public_snapshot(table_open.snapshot.match_id).view
        assert view["round"] == 1 and view["last_votes"] == [votes[s] for s in range(3)]


def test_a_seat_answers_only_for_itself_and_only_once() -> None:
    table = _table()
    opened = table.open(VOTE.slug, ["Anna", "Ben", "Carl"])
    anna = opened.tokens[0]
    table.act(anna, "vote yes", table.seat_snapshot(anna).seq)
    with pytest.raises(RuleViolation) as again:
        table.act(anna, "vote no", table.seat_snapshot(anna).seq)
    assert again.value.code == "turn/not_your_turn"
    with pytest.raises(UnknownSeatLink):
        table.act("no-such-token-anywhere", "vote no", 1)


def test_bots_answer_their_seats_and_see_only_their_own_snapshot() -> None:
    table = _table()
    seen: list[tuple[int, dict[str, Any]]] = []

    class Spy:
        name = "spy"

        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: dict[str, Any], legal: tuple[Any, ...], rng: random.Random) -> Any:
            seen.append((self.seat, view))
            return rng.choice(legal)

    opened = table.open(VOTE.slug, ["Anna", "", ""])
    assert opened.bots == [None, "random", "random"] and set(opened.tokens) == {0}
    match_id = opened.snapshot.match_id
    assert opened.snapshot.turn["seats"] == [0]  # the bots have voted already
    assert table.service.record(match_id).setup["bots"] == [None, "random", "random"]
    table._bots[match_id] = {seat: Spy(seat) for seat in (1, 2)}  # type: ignore[misc]
    anna = opened.tokens[0]
    table.act(anna, "vote no", table.seat_snapshot(anna).seq)
    assert [seat for seat, _ in seen] == [1, 2]
    for seat, view in seen:
        assert view["my_vote"] is None and view["voted"][seat] is False
        assert view["voted"][0] is False  # the bots vote before Anna in the new round
    assert table.public_snapshot(match_id).turn["seats"] == [0]


def test_d2_a_deadline_submits_the_timeout_action_for_every_seat_still_due() -> None:
    table = _table()
    opened = table.open(VOTE.slug, ["Anna", "Ben", "Carl"], deadline_seconds=30)
    match_id = opened.snapshot.match_id
    assert table.deadline_seconds(match_id) == 30
    assert table.service.record(match_id).setup["deadline_seconds"] == 30
    anna = opened.tokens[0]
    table.act(anna, "vote yes", table.seat_snapshot(anna).seq)
    public = table.public_snapshot(match_id)
    deadline = table.deadline(public)
    assert deadline is not None and deadline.seconds == 30
    assert table.expire(match_id, deadline.key) is True
    events = table.service.events(match_id, public.seq)
    assert [(e.seat, e.actor, e.payload["action"]) for e in events] == [
        (1, TIMER, {"type": "Vote", "yes": False}),
        (2, TIMER, {"type": "Vote", "yes": False}),
    ]
    assert table.public_snapshot(match_id).view["last_votes"] == [True, False, False]
    assert table.expire(match_id, deadline.key) is False  # that decision is closed: nothing happens


def test_d1_a_deadline_is_keyed_by_the_decision_and_a_racing_timer_reads_again() -> None:
    """One clock per vote (keyed by the round, not the seq); a vote that wins the race against the
    timer makes its submission stale: it reads again and votes only for the seat still due; a
    timer for a closed decision does nothing."""

    class PerRound(MatchExtension):
        deadline = DeadlinePolicy(default=10)

        def deadline_key(self, public: MatchSnapshot) -> Any:
            return ("round", public.view["round"]) if public.turn.get("kind") == "decision" else None

    service = MatchService(InMemoryRepository(), games={VOTE.slug: VOTE})
    table = DigitalTable(service, InMemorySeatLinks(), extensions=lambda slug: PerRound())
    opened = table.open(VOTE.slug, ["Anna", "Ben", "Carl"])
    match_id = opened.snapshot.match_id
    key = ("round", 0)
    assert table.deadline(opened.snapshot) is not None and table.deadline(opened.snapshot).key == key  # type: ignore[union-attr]
    ben, carl = opened.tokens[1], opened.tokens[2]
    table.act(ben, "vote yes", table.seat_snapshot(ben).seq)
    assert table.deadline(table.public_snapshot(match_id)).key == key  # type: ignore[union-attr]  # one clock per vote
    # The timer reads, then Carl's vote wins the race: the timer reads again and votes only for Anna.
    submit = service.submit
    raced = []

    def racing_submit(mid: str, steps: Any, expected_seq: int, actor: str | None = None, **kw: Any) -> Any:
        if actor == TIMER and not raced:
            raced.append(True)
            table.act(carl, "vote yes", service.snapshot(mid, None).seq)
        return submit(mid, steps, expected_seq, actor, **kw)

    service.submit = racing_submit  # type: ignore[method-assign]
    before = table.public_snapshot(match_id).seq
    assert table.expire(match_id, key) is True
    timed = [(e.seat, e.actor) for e in service.events(match_id, before) if e.actor == TIMER]
    assert timed == [(0, TIMER)]
    assert table.public_snapshot(match_id).view["last_votes"] == [False, True, True]
    assert table.expire(match_id, key) is False  # round 0 is over: a late timer does nothing
    with pytest.raises(StaleSequence):
        submit(match_id, [(0, "vote yes")], before)


def test_only_people_are_waited_for_and_the_deadline_is_bounded() -> None:
    table = _table()
    opened = table.open(VOTE.slug, ["Anna", "", ""], deadline_seconds=30)
    assert table.deadline(opened.snapshot) is not None
    assert table.deadline(table.seat_snapshot(opened.tokens[0])) is None  # only the public snapshot counts
    no_clock = table.open(VOTE.slug, ["Anna", "Ben"])
    assert table.deadline_seconds(no_clock.snapshot.match_id) is None and table.deadline(no_clock.snapshot) is None
    with pytest.raises(InvalidMatch) as refused:
        table.open(VOTE.slug, ["Anna", "Ben"], deadline_seconds=0)
    assert refused.value.clause == "D-1"
    with pytest.raises(InvalidMatch):
        table.open(VOTE.slug, ["", ""])
    with pytest.raises(InvalidMatch):
        table.open(VOTE.slug, ["Anna", ""], bot="oracle")


def test_games_without_an_extension_get_the_default_and_the_table_keeps_no_rng_of_its_own() -> None:
    assert extension_for(VOTE.slug) is DEFAULT
    assert extension_for("preisromme") is not DEFAULT
    table = _table()
    assert not hasattr(table, "_rngs") and not hasattr(table, "_rng_factory")


class TimedVote(VoteToy):
    """The vote with its deadline as a game option (D-1: a game option or a table setting)."""

    slug = "toy-timed-vote"
    options = (
        *VoteToy.options,
        Option("deadline_seconds", 15, "V-4", Text("Bedenkzeit", "time to vote"), minimum=5, maximum=60),
    )


def test_d1_the_deadline_may_be_a_game_option() -> None:
    timed = TimedVote()
    table = _table(service=MatchService(InMemoryRepository(), games={timed.slug: timed}))
    default = table.open(timed.slug, ["Anna", "Ben"])
    assert table.deadline_seconds(default.snapshot.match_id) == 15
    assert "deadline_seconds" not in table.service.record(default.snapshot.match_id).setup
    chosen = table.open(timed.slug, ["Anna", "Ben"], options={"deadline_seconds": 40})
    assert table.deadline_seconds(chosen.snapshot.match_id) == 40
    assert table.deadline(chosen.snapshot) is not None
    overridden = table.open(timed.slug, ["Anna", "Ben"], deadline_seconds=9)  # the table setting wins
    assert table.deadline_seconds(overridden.snapshot.match_id) == 9


@settings(max_examples=40, deadline=None)
@given(
    bots=st.lists(st.booleans(), min_size=3, max_size=3).filter(lambda mask: not all(mask)),
    votes=st.lists(st.tuples(st.booleans(), st.booleans()), min_size=3, max_size=3),
    order=st.permutations(range(3)),
    answered=st.integers(0, 3),
)
def test_s1_property_no_seat_learns_a_vote_before_the_reveal_and_the_deadline_completes_it(
    bots: list[bool], votes: list[tuple[bool, bool]], order: list[int], answered: int
) -> None:
    """Any mix of bots and people, any order, any number of people answering before the deadline:
    until the reveal, what each person who has not answered sees (and the public table) does not
    depend on the other people's votes; the deadline then completes the round."""
    humans = [seat for seat in order if not bots[seat]]
    tables = [_table(seed=5), _table(seed=5)]
    names = ["" if bot else f"P{seat}" for seat, bot in enumerate(bots)]
    opened = [table.open(VOTE.slug, names, deadline_seconds=10) for table in tables]
    for seat in humans[:answered]:
        for which, (table, table_open) in enumerate(zip(tables, opened, strict=True)):
            mine = table.seat_snapshot(table_open.tokens[seat])
            table.act(table_open.tokens[seat], Vote(votes[seat][which]), mine.seq)
        if tables[0].public_snapshot(opened[0].snapshot.match_id).view["round"] == 1:
            break  # the last answer is in: revealed
        for other in humans[humans.index(seat) + 1 :]:  # the people who have not answered yet
            seen = [_comparable(t.seat_snapshot(o.tokens[other])) for t, o in zip(tables, opened, strict=True)]
            assert seen[0] == seen[1]
        public = [_comparable(t.public_snapshot(o.snapshot.match_id)) for t, o in zip(tables, opened, strict=True)]
        assert public[0] == public[1]
    for table, table_open in zip(tables, opened, strict=True):
        match_id = table_open.snapshot.match_id
        public = table.public_snapshot(match_id)
        if public.view["round"] == 0:
            deadline = table.deadline(public)
            assert deadline is not None and table.expire(match_id, deadline.key)
        view = table.public_snapshot(match_id).view
        assert view["round"] == 1 and len(view["last_votes"]) == 3
