"""Das Regeln Wir Schon! at the digital table on a real store (SQLite and PostgreSQL; issue 12.4):
three people through seat links and a bot; a whole game to the end; the secret vote (RG-3.2) shows
nothing of an answer in any snapshot before the last vote; simultaneous votes are all taken, even
when stale by another seat's vote; a deadline on a vote submits one tile for Nein for whoever is
silent (RGO-8) through the generic table; the club's card file is kept in the set-up, so the match
replays with exactly those cards (issue 12.3); refusals write nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest

from stammtisch.core.errors import RuleViolation
from stammtisch.games import GAMES
from stammtisch.games.regeln.cards import standard_deck
from stammtisch.games.regeln.catalogue import catalogue_of, fingerprint
from stammtisch.matches import MatchService
from stammtisch.matches.errors import StaleSequence
from stammtisch.matches.games import extension_for
from stammtisch.matches.tables import TIMER, DigitalTable
from stammtisch.store import SqlSeatLinks, open_store


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def table(request: pytest.FixtureRequest) -> Iterator[DigitalTable]:
    url = request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url")
    store = open_store(url)
    service = MatchService(store.repository, games=GAMES, rng=lambda match_id: random.Random(match_id))
    yield DigitalTable(service, SqlSeatLinks(store.engine))
    store.close()


def _until(table: DigitalTable, match_id: str, tokens: dict[int, str], phase: str) -> None:
    """Answer every human decision with its first legal action until ``phase`` (bots play themselves)."""
    for _ in range(2000):
        public = table.service.snapshot(match_id, None)
        if public.view["phase"] == phase or public.turn.get("kind") != "decision":
            return
        seat = next(int(s) for s in public.turn["seats"] if int(s) in tokens)
        mine = table.service.snapshot(match_id, seat)
        table.act(tokens[seat], mine.legal[0]["notation"], mine.seq)
    raise AssertionError(f"phase {phase} not reached")


def _open(table: DigitalTable, **extra: Any) -> tuple[str, dict[int, str]]:
    opened = table.open("regeln", ["Anna", "Ben", "Cem", ""], **extra)
    return opened.snapshot.match_id, dict(opened.tokens)


def test_a_whole_game_through_seat_links_with_a_bot(table: DigitalTable) -> None:
    match_id, tokens = _open(table)
    assert sorted(tokens) == [0, 1, 2]
    _until(table, match_id, tokens, "over")
    public = table.service.snapshot(match_id, None)
    assert public.turn["kind"] == "finished"
    assert len(public.view["scorepad"]) >= 1
    assert public.result is not None and len(public.result["scores"]) == 4
    # The log alone rebuilds the game (M-3): a fresh service over the same store agrees.
    fresh = MatchService(table.service.repository, games=GAMES)
    assert fresh.snapshot(match_id, None).view == public.view


def test_rg3_2_no_snapshot_shows_a_vote_before_the_last_and_all_see_the_reveal(table: DigitalTable) -> None:
    """RG-3.2: until the last vote, every seat's snapshot and the public one are the same whether a
    seat voted Ja with 3 tiles or Nein with 1; then every snapshot shows all votes at once."""
    match_id, tokens = _open(table)
    _until(table, match_id, tokens, "vote")
    before = {seat: table.service.snapshot(match_id, seat) for seat in (None, 0, 1, 2)}
    due = [int(s) for s in before[None].turn["seats"]]
    first = next(seat for seat in due if seat in tokens)
    table.act(tokens[first], f"vote yes {before[first].view['tiles'][first]}", before[first].seq)
    after = {seat: table.service.snapshot(match_id, seat) for seat in (None, 0, 1, 2)}
    for seat in (None, 0, 1, 2):
        if seat == first:
            assert after[seat].view["my_vote"] == {"yes": True, "tiles": before[first].view["tiles"][first]}
            continue
        text = json.dumps(after[seat].to_json())
        assert after[seat].view["last_vote"] == before[seat].view["last_vote"]
        assert after[seat].view.get("my_vote") is None
        assert '"yes": true' not in text.replace('"yes": true, "tiles"', "") or seat is None
        assert after[seat].view["voted"][first] is True
    for seat in due:
        if seat in tokens and seat != first:
            mine = table.service.snapshot(match_id, seat)
            table.act(tokens[seat], "vote no 1", mine.seq)
    revealed = {seat: table.service.snapshot(match_id, seat).view["last_vote"] for seat in (None, 0, 1, 2)}
    assert all(record == revealed[None] for record in revealed.values())
    assert revealed[None] is not None and revealed[None]["votes"][first]["yes"] is True


def test_votes_given_at_the_same_time_are_all_taken(table: DigitalTable) -> None:
    """Every phone saw the same seq; each vote is stale by the ones before it, yet none is refused
    (matches.games.regeln: answers_same_decision), and nothing else is ever joined this way."""
    match_id, tokens = _open(table)
    _until(table, match_id, tokens, "vote")
    before = table.service.snapshot(match_id, None)
    seen = before.seq
    due = [int(s) for s in before.turn["seats"] if int(s) in tokens]
    for seat in due:
        table.act(tokens[seat], "vote no 1", seen)
    after = table.service.snapshot(match_id, None)
    assert after.seq >= seen + len(due)  # every vote is in the log
    # The vote on that card is over: the game moved on, or (about one game in a hundred) the next card
    # went straight to its own vote.
    assert after.view["phase"] != "vote" or after.view.get("under_vote") != before.view.get("under_vote")
    # A stale answer to anything but the same secret decision is refused (M-1): e.g. the same old seq now.
    public = table.service.snapshot(match_id, None)
    seat = next(int(s) for s in public.turn.get("seats", ()) if int(s) in tokens) if public.turn.get("seats") else None
    if seat is not None:
        mine = table.service.snapshot(match_id, seat)
        with pytest.raises(StaleSequence):
            table.act(tokens[seat], mine.legal[0]["notation"], seen)


def test_d2_a_deadline_on_a_vote_submits_nein_with_one_tile_for_the_silent(table: DigitalTable) -> None:
    """D-2 with RGO-8: the vote's key names the vote; when it runs out the table submits the engine's
    timeout action for every silent seat (one tile for Nein), as the timer."""
    match_id, tokens = _open(table, deadline_seconds=30)
    _until(table, match_id, tokens, "vote")
    public = table.service.snapshot(match_id, None)
    key = extension_for("regeln").deadline_key(public)
    assert key == ("vote", public.view["round"], public.view["under_vote"])
    deadline = table.deadline(public)
    assert deadline is not None and deadline.seconds == 30
    due = [int(s) for s in public.turn["seats"] if int(s) in tokens]
    table.act(tokens[due[0]], "vote yes 2", public.seq)
    assert extension_for("regeln").deadline_key(table.service.snapshot(match_id, None)) == key  # same clock
    assert table.expire(match_id, key)
    record = table.service.snapshot(match_id, None).view["last_vote"]
    assert record is not None
    for seat in due[1:]:
        assert record["votes"][seat] == {"yes": False, "tiles": 1}
    assert any(event.actor == TIMER for event in table.service.events(match_id))
    assert not table.expire(match_id, key)  # that vote is over: nothing happens


def test_the_clubs_card_file_is_kept_and_replays(table: DigitalTable) -> None:
    data = json.loads(resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8"))
    for card in data["cards"]:
        if card["id"] == "K-W0":
            card["title"] = {"de": "Weiß zählt nichts (unsere Schachtel)", "en": "White counts nothing (our box)"}
    text = json.dumps(data, indent=1, ensure_ascii=False)
    match_id, tokens = _open(table, setup={"cards": text})
    assert table.service.record(match_id).setup["cards"] == text
    public = table.service.snapshot(match_id, None)
    assert (catalogue_of(public.view["deck"]) or {})["K-W0"]["title_de"] == "Weiß zählt nichts (unsere Schachtel)"
    assert public.view["deck"] != fingerprint(standard_deck())
    _until(table, match_id, tokens, "over")
    fresh = MatchService(table.service.repository, games=GAMES)
    assert fresh.snapshot(match_id, None).view == table.service.snapshot(match_id, None).view


def test_refusals_write_nothing(table: DigitalTable) -> None:
    """Bad input (issue 12): a card not in the hand (RG-3.1), a vote with more tiles than held
    (RG-R02), a prediction after the reveal (RG-5.1): refused with the clause, nothing written."""
    match_id, tokens = _open(table)
    _until(table, match_id, tokens, "play")
    public = table.service.snapshot(match_id, None)
    active = int(public.view["active"])
    if active not in tokens:
        pytest.skip("the bot starts")  # the seeds of this test make a person start; kept as a guard
    mine = table.service.snapshot(match_id, active)
    deck = catalogue_of(public.view["deck"]) or {}
    foreign = next(card for card in deck if card not in mine.view["hand"] and card.startswith("K-"))
    for notation, clause in ((f"play {foreign}", "RG-3.1"), ("predict 1", None)):
        with pytest.raises(RuleViolation) as refused:
            table.act(tokens[active], notation, mine.seq)
        if clause:
            assert refused.value.clause == clause
        assert refused.value.message.de and refused.value.message.en
        assert table.service.snapshot(match_id, None).seq == public.seq
    table.act(tokens[active], mine.legal[0]["notation"], mine.seq)
    voting = table.service.snapshot(match_id, active)
    with pytest.raises(RuleViolation) as refused:
        table.act(tokens[active], f"vote yes {voting.view['tiles'][active] + 1}", voting.seq)
    assert refused.value.clause == "RG-R02"  # the stock of tiles (RG-R01, RG-R02)
    assert table.service.snapshot(match_id, None).seq == voting.seq


def _speaking_deck() -> str:
    """The standard cards, every Ereignis card replaced by copies of E-SPRICHT-3 (adding a card needs no
    code), so both Ereignis spaces react to speaking and every vote asks who spoke."""
    data = json.loads(resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8"))
    speaking = next(card for card in data["cards"] if card["id"] == "E-SPRICHT-3")
    others = [card for card in data["cards"] if card["type"] != "ereignis"]
    copies = [{**speaking, "id": f"E-SPRICHT-3-{n}"} for n in range(7)]
    data["cards"] = others + copies
    return json.dumps(data, ensure_ascii=False)


def test_rgo22_the_table_confirms_a_report_on_the_phones(table: DigitalTable) -> None:
    """RGO-22 at the digital table: Ben proposes that Cem spoke, Anna confirms, Cem objects (withdrawn);
    Cem proposes that nobody spoke, Anna and Ben confirm at the same time (the second answer was
    stale by the first and is still taken); it applies. The log alone replays it."""
    setup = {"cards": _speaking_deck(), "incident_confirmation": "table"}
    opened = table.open("regeln", ["Anna", "Ben", "Cem"], setup=setup)
    match_id, tokens = opened.snapshot.match_id, dict(opened.tokens)
    _until(table, match_id, tokens, "report_speech")
    public = table.service.snapshot(match_id, None)
    assert public.turn["seats"] == [0, 1, 2] and public.view["proposal"] is None
    table.act(tokens[1], "spoke 3", public.seq)
    proposed = table.service.snapshot(match_id, 0)
    assert proposed.view["proposal"] == {"notation": "spoke 3", "proposer": 1, "confirmed": []}
    assert [entry["notation"] for entry in proposed.legal] == ["confirm", "object"]
    table.act(tokens[0], "confirm", proposed.seq)
    mine = table.service.snapshot(match_id, 2)
    table.act(tokens[2], "object", mine.seq)
    withdrawn = table.service.snapshot(match_id, None)
    assert withdrawn.view["proposal"] is None and withdrawn.view["objections"] == 1
    assert withdrawn.view["phase"] == "report_speech"
    table.act(tokens[2], "spoke none", withdrawn.seq)
    seen = table.service.snapshot(match_id, None).seq
    table.act(tokens[0], "confirm", seen)
    table.act(tokens[1], "confirm", seen)  # stale by Anna's confirmation only: still taken (RGO-17, RGO-22)
    settled = table.service.snapshot(match_id, None)
    assert settled.view["phase"] != "report_speech" or settled.view["proposal"] is None
    assert settled.view["objections"] == 0
    kinds = [event.payload.get("action", {}).get("type") for event in table.service.events(match_id, seen - 6)]
    assert kinds[-6:] == ["ReportSpeech", "Confirm", "Object", "ReportSpeech", "Confirm", "Confirm"]
    fresh = MatchService(table.service.repository, games=GAMES)
    assert fresh.snapshot(match_id, None).view == settled.view


def _refused(service: MatchService, match_id: str, seat: int, notation: str, clause: str) -> RuleViolation:
    """``notation`` of ``seat`` is refused with ``clause`` in both languages, and nothing is written."""
    before = service.snapshot(match_id, None)
    logged = len(service.events(match_id))
    with pytest.raises(RuleViolation) as refused:
        service.act(match_id, seat, notation, before.seq)
    error = refused.value
    assert error.clause == clause, (notation, error.clause, error.message.en)
    assert error.message.de and error.message.en and error.message.de != error.message.en
    assert clause not in error.message.de and clause not in error.message.en  # the clause is data, not text
    assert service.snapshot(match_id, None).seq == before.seq and len(service.events(match_id)) == logged
    return error


def test_bad_input_at_the_boxed_game_is_refused_and_writes_nothing(table: DigitalTable) -> None:
    """Issue 12 "Bad input", table mode on a real store: a card not in the hand (RG-3.1), a prediction
    after the reveal (RG-5.1), a vote with more tiles than held (RG-R02), paying a chip one does not
    have (RG-R05), a second Korrektur for a colour already ruled covering another card (RG-3.8): each
    refused with its clause and a German and English sentence; the log keeps its length."""
    service = table.service
    match_id = service.create("regeln", ["Anna", "Ben", "Cem"], mode="table", title="Schachtel").match_id

    def enter(outcome: str) -> None:
        service.enter_outcome(match_id, outcome, service.snapshot(match_id, None).seq)

    def act(seat: int, notation: str) -> None:
        service.act(match_id, seat, notation, service.snapshot(match_id, None).seq)

    for card in ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-SPRICHT-3", "E-ERSTER-SPRICHT-15"):
        enter(f"card {card}")
    enter("card K-Y2")  # the deal: Anna's first card (RGO-7: round the table from seat 1)
    while service.snapshot(match_id, None).view["phase"] == "setup_deal":
        node = GAMES["regeln"].turn(service.state(match_id)).node
        enter(GAMES["regeln"].format_outcome(node.outcomes()[0]))
    enter("place 1")  # Anna draws 1. Platz: she starts (RG-1.10)
    enter("place 2")
    for seat in range(3):
        act(seat, "predict 1")
    for _ in range(21):  # starting chips: Anna white, Ben purple, Cem yellow
        public = service.snapshot(match_id, None)
        seat = int(public.turn["seats"][0])
        act(seat, f"take {('white', 'purple', 'yellow')[seat]}")
    public = service.snapshot(match_id, None)
    assert public.view["phase"] == "play" and public.view["active"] == 0
    bens = service.snapshot(match_id, 1).view["hand"]
    _refused(service, match_id, 0, f"play {bens[0]}", "RG-3.1")
    _refused(service, match_id, 0, "predict 2", "RG-5.1")
    act(0, "play K-Y2")
    _refused(service, match_id, 1, "vote yes 5", "RG-R02")
    for seat, vote in ((0, "vote yes 3"), (1, "vote no 1"), (2, "vote no 1")):
        act(seat, vote)
    act(0, "spoke 2")  # E-SPRICHT-3: Ben spoke during the vote and pays 3 chips (RGO-1)
    paid = False
    while service.snapshot(match_id, None).view["phase"] == "payment":
        public = service.snapshot(match_id, None)
        seat = int(public.turn["seats"][0])
        owed = public.view["owed"][0]
        if owed["amount"] < 0 and seat == 1 and not paid:
            _refused(service, match_id, 1, "pay green", "RG-R05")  # Ben holds only purple
            paid = True
        act(seat, service.snapshot(match_id, seat).legal[0]["notation"])
    assert paid
    assert service.snapshot(match_id, None).view["phase"] == "cover"
    _refused(service, match_id, 0, "cover 2", "RG-3.8")  # K-Y2 must cover K-Y0, the yellow one
    act(0, "cover 1")
    assert service.snapshot(match_id, None).view["korrektur"] == ["K-Y2", "K-B2"]
