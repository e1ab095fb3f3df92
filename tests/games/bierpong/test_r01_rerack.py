"""BP-R01 ``allow_rerack`` (not in the text, off by default): the team that owns the cups may re-form
them at the start of an opposing throwing round; adjacency is then re-entered (Art 3.2, 22.1 read the
new slots). Refused without the option, mid-round, by the throwing team, and with the wrong number
of slots; nothing changes on a refusal."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import ImpossibleOutcome
from stammtisch.games.bierpong import GAME
from stammtisch.games.bierpong.model import Rerack

from .helpers import begin, cups, legal, play, rack


def test_the_option_is_declared_off_by_default() -> None:
    assert GAME.configure()["allow_rerack"] is False
    assert next(o for o in GAME.options if o.key == "allow_rerack").clause == "BP-R01"


def test_refused_without_the_option() -> None:
    state = begin()
    with pytest.raises(ImpossibleOutcome) as error:
        play(state, "rerack B 1 2 3 4 5 6 7 8 9 10")
    assert error.value.clause == "BP-R01" and "allow_rerack" in error.value.text("en")


def test_re_forming_moves_the_live_cups_and_adjacency_follows() -> None:
    """Four cups left at 7, 8, 9, 10 (the back row): re-formed into 1, 2, 3, 5, cup 5 now touches 2
    and 3, so an Aufsetzer on 5 offers them as the extra cup (Art 3.2)."""
    state = rack(begin(options={"allow_rerack": True}), 1, "xxxx xxoooo")
    assert GAME.view(state, None)["throw"]["rerack"] is True
    state = play(state, "rerack B 1 2 3 5")
    assert cups(state, 1) == "oooxoxxxxx"
    state = play(state, "hit 5 bounce", "miss")
    assert legal(state, 1) == ["remove 2", "remove 3"]


def test_only_before_the_first_throw_and_only_the_team_thrown_at() -> None:
    state = rack(begin(options={"allow_rerack": True}), 1, "xxxx xxoooo")
    with pytest.raises(ImpossibleOutcome, match="only the team thrown at"):
        GAME.resolve(state, Rerack(0, tuple(range(1, 11))))
    thrown = play(state, "miss")
    assert GAME.view(thrown, None)["throw"]["rerack"] is False
    with pytest.raises(ImpossibleOutcome, match="start of an opposing throwing round"):
        GAME.resolve(thrown, Rerack(1, (1, 2, 3, 5)))


@pytest.mark.parametrize("slots", [(1, 2, 3), (1, 2, 3, 4, 5), (3, 2, 1, 5), (1, 1, 2, 3), (1, 2, 3, 11)])
def test_exactly_the_live_number_of_free_slots(slots: tuple[int, ...]) -> None:
    state = rack(begin(options={"allow_rerack": True}), 1, "xxxx xxoooo")
    with pytest.raises(ImpossibleOutcome) as error:
        GAME.resolve(state, Rerack(1, slots))
    assert error.value.clause == "BP-R01" and "has 4 cups in play" in error.value.text("en")
    assert cups(state, 1) == "xxxxxxoooo"  # nothing changed


def test_a_konter_restores_the_re_formed_rack() -> None:
    """BP-R09 finishing_round: the round's start rack is the re-formed one."""
    state = rack(begin(options={"allow_rerack": True}), 1, "xxxx xxxxoo")
    state = play(state, "rerack B 1 2", "hit 1", "0: throw", "hit 2", "0: no-call")
    assert GAME.view(state, None)["phase"] == "konter"
    assert state.konter is not None and state.konter.start_cups[:2] == (0, 0)


def test_notation_round_trip() -> None:
    event = Rerack(1, (1, 2, 3, 5))
    assert GAME.format_outcome(event) == "rerack B 1 2 3 5"
    assert GAME.parse_outcome("rerack B 1 2 3 5") == event
