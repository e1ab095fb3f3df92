"""RGO-24 (issue 12.5): in table mode the scribe's "everybody" page offers the steps of every seat the
turn waits for, in words and by name, without picking a seat first: the face-up cards, the predictions,
the starting chips, the card played, the revealed tiles, the chips of the payment, who spoke, the cover,
the next rules. A whole game is entered from that page alone; a wrong entry is refused with its clause
and nothing is written; the page exists only for table-mode matches and for a reader who may act."""

from __future__ import annotations

import html
import random
import re
from typing import Any

from fastapi.testclient import TestClient

from stammtisch.core.chance import sample
from stammtisch.games.regeln import GAME
from stammtisch.web.games.regeln.scribe import report_notation

HTMX = {"hx-request": "true"}
LAYOUT = ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-SPRICHT-3", "E-ERSTER-SPRICHT-15")
FORM = re.compile(r'<form method="post" action="(/m/[^"]+/regeln/(?:act|report))".*?</form>', re.S)
BUTTON = re.compile(r'name="notation" value="([^"]+)"')
SEAT = re.compile(r'name="seat" value="(\d+)"')
SEQ = re.compile(r'name="seq" value="(\d+)"')


def _table(client: TestClient, hands: str = "unknown", players: tuple[str, ...] = ("Anna", "Ben", "Cem")) -> str:
    form = {"player": list(players), "seats": str(len(players)), "mode": "table", "hands": hands}
    answer = client.post("/regeln", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).rsplit("/", 1)[-1]


def _service(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def _forms(page: str) -> list[dict[str, Any]]:
    """Every scribe's form on the page: where it posts, its seat, seq, and the notations it offers."""
    found = []
    for match in FORM.finditer(page):
        body = match.group(0)
        found.append(
            {
                "action": match.group(1),
                "seat": int(SEAT.search(body).group(1)),  # type: ignore[union-attr]
                "seq": int(SEQ.search(body).group(1)),  # type: ignore[union-attr]
                "notations": BUTTON.findall(body) or re.findall(r'<option value="([^"]+)"', body),
            }
        )
    return found


def _enter_layout(client: TestClient, match_id: str) -> None:
    for card in LAYOUT:
        seq = _service(client).snapshot(match_id, None).seq
        entered = client.post(f"/m/{match_id}/outcome", data={"seq": seq, "outcome": f"card {card}"}, headers=HTMX)
        assert entered.is_success, entered.text


def test_rgo24_the_everybody_page_loads_the_steps_of_whoever_is_due(client: TestClient) -> None:
    """The page without a seat names whose step it is (links to that seat without JavaScript) and loads
    the scribe's board, which offers every waiting seat's steps in one list, by name."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    service = _service(client)
    while service.snapshot(match_id, None).turn["kind"] == "chance":  # the place cards
        public = service.snapshot(match_id, None)
        node = GAME.turn(service.state(match_id)).node
        service.enter_outcome(match_id, GAME.format_outcome(sample(node, random.Random(1))), public.seq)
    page = html.unescape(client.get(f"/m/{match_id}").text)
    assert 'data-testid="scribe-waiting"' in page and f'hx-get="/m/{match_id}/regeln/board"' in page
    for seat, name in enumerate(("Anna", "Ben", "Cem")):  # the predictions: everybody is due
        assert f'href="/m/{match_id}?seat={seat}">Für {name} eintragen' in page
    board = html.unescape(client.get(f"/m/{match_id}/regeln/board", headers=HTMX).text)
    assert 'data-testid="scribe-steps"' in board and "was hat jeder aufgeschrieben?" in board
    forms = _forms(board)
    assert sorted(f["seat"] for f in forms) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert {n for f in forms for n in f["notations"]} == {"predict 1", "predict 2", "predict 3"}
    assert 'hx-get="/m/' not in board.split('id="board"', 1)[1]  # the gathered board never reloads itself


def _play_out(client: TestClient, match_id: str, rng: random.Random, until: Any = None) -> dict[str, int]:
    """Enter a game from the scribe's page alone: every step is one of the page's own forms."""
    service = _service(client)
    seen: dict[str, int] = {}
    for _ in range(3_000):
        public = service.snapshot(match_id, None)
        if public.turn["kind"] == "finished" or (until is not None and until(public)):
            return seen
        if public.turn["kind"] == "chance":
            node = GAME.turn(service.state(match_id)).node
            outcome = GAME.format_outcome(sample(node, rng))
            assert client.post(f"/m/{match_id}/outcome", data={"seq": public.seq, "outcome": outcome}).is_success
            continue
        board = html.unescape(client.get(f"/m/{match_id}/regeln/board", headers=HTMX).text)
        forms = _forms(board)
        due = {int(s) for s in public.turn["seats"]}
        assert forms and {f["seat"] for f in forms} == due, (public.view["phase"], due, board[:3000])
        form = rng.choice(forms)
        assert form["seq"] == public.seq
        seen[public.view["phase"]] = seen.get(public.view["phase"], 0) + 1
        if form["action"].endswith("/report"):
            ticked = [str(s) for s in range(len(public.players)) if rng.random() < 0.3]
            data: dict[str, Any] = {"seq": form["seq"], "seat": form["seat"], "spoke": ticked}
        else:
            data = {"seq": form["seq"], "seat": form["seat"], "notation": rng.choice(form["notations"])}
        answer = client.post(form["action"], data=data, headers=HTMX)
        assert answer.status_code == 200, answer.text[:2000]
        assert service.snapshot(match_id, None).seq > public.seq
    raise AssertionError("the game did not end")


def test_rgo24_a_whole_game_is_entered_from_the_everybody_page(client: TestClient) -> None:
    """RGO-20, RGO-24: set-up, predictions, starting chips, cards played, votes, payments, who spoke
    (E-SPRICHT-3 in force), the first speaker, covers, the next rules: all from the page's own forms,
    with the hands unknown to the app (RGO-23), to the end of the game."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    seen = _play_out(client, match_id, random.Random(7))
    for phase in ("predict", "payment", "play", "vote", "report_speech", "first_speaker", "choose_wertung"):
        assert seen.get(phase), (phase, seen)
    assert _service(client).snapshot(match_id, None).turn["kind"] == "finished"


def test_rgo24_with_the_deal_entered_the_scribe_sees_the_active_hand_as_cards(client: TestClient) -> None:
    """RGO-20: when the scribe entered the deal, the card to play is one of the active seat's cards,
    shown with title and text; the others' hands are not offered."""
    match_id = _table(client, hands="dealt")
    rng = random.Random(3)
    _play_out(client, match_id, rng, until=lambda public: public.view.get("phase") == "play")
    public = _service(client).snapshot(match_id, None)
    active = public.view["active"]
    board = html.unescape(client.get(f"/m/{match_id}/regeln/board", headers=HTMX).text)
    hand = _service(client).snapshot(match_id, active).view["hand"]
    offered = {n.split()[1] for f in _forms(board) for n in f["notations"]}
    assert offered == set(hand) and 'class="rg-card' in board


def test_rgo24_a_wrong_entry_is_refused_with_its_clause_and_nothing_is_written(client: TestClient) -> None:
    """A vote with more tiles than the seat holds (RG-R02) entered on the scribe's page: refused with
    the clause, in the reader's language, the board shown again, the log unchanged."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    _play_out(client, match_id, random.Random(5), until=lambda public: public.view.get("phase") == "vote")
    service = _service(client)
    before = service.snapshot(match_id, None).seq
    data = {"seq": before, "seat": 0, "notation": "vote yes 5"}
    answer = client.post(f"/m/{match_id}/regeln/act", data=data, headers=HTMX)
    assert answer.status_code == 422, answer.text[:500]
    shown = html.unescape(answer.text)
    assert 'data-clause="RG-R02"' in shown and "Stimmplättchen" in shown  # RG-R02: the tiles in stock
    assert 'data-testid="scribe-steps"' in shown and len(_forms(shown)) == 3 * 8  # enter again at once
    assert service.snapshot(match_id, None).seq == before


def test_rgo24_a_report_of_who_spoke_is_ticked_per_person() -> None:
    """RGO-1: the ticked boxes become the engine's report (1-based seats in order; none: nobody)."""
    assert report_notation(["2", "0"], 3) == "spoke 1 3"
    assert report_notation([], 4) == "spoke none"
    assert report_notation(["7", "x", "1"], 3) == "spoke 2"


def test_rgo24_only_for_table_mode_and_for_who_may_act(client: TestClient, member_client: TestClient) -> None:
    """The scribe's board of a digital table is refused (its seats are private, TS-2), in both
    languages; a member who may not act for the seats gets no steps (AC-4)."""
    opened = client.post("/api/regeln", json={"players": ["Anna", "Ben", "Cem"]})
    assert opened.status_code == 201
    digital = opened.json()["match_id"]
    refused = client.get(f"/m/{digital}/regeln/board", headers=HTMX)
    assert refused.status_code == 403 and "Tischmodus" in html.unescape(refused.text)
    english = client.get(f"/m/{digital}/regeln/board", headers={**HTMX, "accept-language": "en"}, params={"lang": "en"})
    assert english.status_code == 403 and "table mode" in english.text
    written = client.post(f"/m/{digital}/regeln/act", data={"seq": 0, "seat": 0, "notation": "predict 1"})
    assert written.status_code == 403
    match_id = _table(client)
    assert member_client.get(f"/m/{match_id}/regeln/board", headers=HTMX).status_code == 403
    page = member_client.get(f"/m/{match_id}")
    assert page.status_code == 200 and f'hx-get="/m/{match_id}/regeln/board"' not in page.text


def test_rg52_a_place_card_draw_names_the_drawer_and_offers_only_the_cards_left(client: TestClient) -> None:
    """RG-5.2: at a draw of place cards the scribe is asked which card the drawing player drew, by name,
    and offered only the place cards still in the draw; a card already drawn is refused with RG-5.2 in
    words (not the engine's value), and nothing is written."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    service = _service(client)
    first = service.snapshot(match_id, None)
    assert first.view["phase"] == "ranking" and first.view["draw"] == {"seat": 0, "places": [1, 2, 3]}
    page = html.unescape(client.get(f"/m/{match_id}").text)
    assert "Platzkarten ziehen: welche hat Anna gezogen?" in page
    assert client.post(f"/m/{match_id}/outcome", data={"seq": first.seq, "outcome": "place 2"}).is_success
    second = service.snapshot(match_id, None)
    assert second.view["draw"] == {"seat": 1, "places": [1, 3]}
    page = html.unescape(client.get(f"/m/{match_id}").text)
    assert "welche hat Ben gezogen?" in page
    assert re.findall(r'<option value="(place \d)">', page) == ["place 1", "place 3"]
    taken = client.post(f"/m/{match_id}/outcome", data={"seq": second.seq, "outcome": "place 2"}, headers=HTMX)
    shown = html.unescape(taken.text)
    assert taken.status_code >= 400 and 'data-clause="RG-5.2"' in shown
    assert "Die Platzkarte 2. liegt nicht mehr in der Ziehung" in shown and "PlaceOutcome" not in shown
    assert service.snapshot(match_id, None).seq == second.seq


def test_rgo24_the_round_just_scored_is_shown_while_the_next_rules_are_chosen(client: TestClient) -> None:
    """RG-5.3, RG-5.4: after a Scoring and Prediction Round the scribe's steps begin with that round's
    standing (place, name, total), to read out while Punktletzte chooses."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    _play_out(client, match_id, random.Random(2), until=lambda public: public.view.get("phase") == "choose_wertung")
    service = _service(client)
    pad = service.snapshot(match_id, None).view["scorepad"][-1]
    board = html.unescape(client.get(f"/m/{match_id}/regeln/board", headers=HTMX).text)
    shown = re.search(r'data-testid="round-result">(.*?)</p>', board, re.S)
    assert shown is not None and "Runde 1 gewertet:" in shown.group(1)
    for seat, name in enumerate(("Anna", "Ben", "Cem")):
        assert f"{pad[seat]['place']}. {name} {pad[seat]['total']}" in " ".join(
            re.sub("<[^>]+>", "", shown.group(1)).split()
        )


def test_rgo24_after_an_undo_the_everybody_page_offers_the_steps_again(client: TestClient) -> None:
    """The undo answers with the generic board; on it the scribe's page loads the steps again by itself.
    (At a real table the scribe enters what the table has seen, so a mistyped vote is taken back like an
    entered face-up card: M-5 refuses that only where seats decide in the app, in digital play.)"""
    match_id = _table(client)
    service = _service(client)
    seq = service.snapshot(match_id, None).seq
    assert client.post(f"/m/{match_id}/outcome", data={"seq": seq, "outcome": "card K-Y0"}).is_success
    undone = client.post(f"/m/{match_id}/undo", data={"seq": seq + 1}, headers=HTMX)
    assert undone.status_code == 200, undone.text[:500]
    assert service.snapshot(match_id, None).view["korrektur"] == [None, None]
    _enter_layout(client, match_id)
    _play_out(client, match_id, random.Random(5), until=lambda public: public.view.get("phase") == "vote")
    seq = service.snapshot(match_id, None).seq
    entered = client.post(
        f"/m/{match_id}/regeln/act", data={"seq": seq, "seat": 1, "notation": "vote no 1"}, headers=HTMX
    )
    assert entered.status_code == 200 and "Eingetragen: Ben" in html.unescape(entered.text)
    undone = client.post(f"/m/{match_id}/undo", data={"seq": seq + 1}, headers=HTMX)
    assert undone.status_code == 200, undone.text[:500]  # M-5: at a real table a mistyped vote is taken back
    assert f'hx-get="/m/{match_id}/regeln/board"' in undone.text  # the steps come back by themselves
    assert service.snapshot(match_id, None).seq == seq + 2 and 1 in service.snapshot(match_id, None).turn["seats"]


def test_rgo10_several_chips_at_once_each_a_step(client: TestClient) -> None:
    """RGO-10: the scribe enters a seat's seven starting chips in one form (how many of each colour);
    every chip is still its own step of the log. More than the seat takes is refused with RGO-10 in
    both languages, and nothing is written."""
    match_id = _table(client)
    _enter_layout(client, match_id)
    service = _service(client)
    _play_out(client, match_id, random.Random(1), until=lambda public: public.view.get("phase") == "payment")
    public = service.snapshot(match_id, None)
    seat = int(public.turn["seats"][0])
    board = html.unescape(client.get(f"/m/{match_id}/regeln/board", headers=HTMX).text)
    assert 'data-testid="chips-form"' in board and "mehrere auf einmal (7 offen)" in board
    too_many = {"seq": public.seq, "seat": seat, "white": 5, "green": 3}
    refused = client.post(f"/m/{match_id}/regeln/chips", data=too_many, headers=HTMX)
    assert refused.status_code == 422 and 'data-clause="RGO-10"' in refused.text
    assert "eingetragen waren 8" in html.unescape(refused.text)
    assert service.snapshot(match_id, None).seq == public.seq
    english = client.post(f"/m/{match_id}/regeln/chips", data=too_many, headers={**HTMX, "accept-language": "en"})
    assert "8 were entered" in html.unescape(english.text)
    entered = {"seq": public.seq, "seat": seat, "white": 4, "green": 3}
    answer = client.post(f"/m/{match_id}/regeln/chips", data=entered, headers=HTMX)
    assert answer.status_code == 200, answer.text[:1000]
    after = service.snapshot(match_id, None)
    assert after.seq == public.seq + 7 and after.view["chips"][seat] == {
        "white": 4,
        "purple": 0,
        "yellow": 0,
        "green": 3,
    }
    assert int(after.turn["seats"][0]) != seat and 'data-testid="scribe-steps"' in answer.text


def test_rgo24_a_reader_without_sign_in_is_asked_to_sign_in(client: TestClient, anonymous_client: TestClient) -> None:
    """AC-4: the scribe's board is refused to a reader who is not signed in (and nothing of it shown)."""
    match_id = _table(client)
    answer = anonymous_client.get(f"/m/{match_id}/regeln/board", headers=HTMX)
    assert answer.status_code in (401, 403) and 'data-testid="scribe-steps"' not in answer.text
