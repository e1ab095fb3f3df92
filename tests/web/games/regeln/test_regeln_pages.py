"""Regeln's web pages (issue 12.3-12.5): the new-table form (digital or with the box, the club's card
file uploaded or pasted, refused with card, field and line in both languages and nothing created),
the seat links, a seat's phone (its hand, the secret tile picker, nobody else's hand), the shared table
screen (mats, chips, scorepad; no hand), the scribe's page of table mode, and our designed cards
marked on screen."""

from __future__ import annotations

import html
import json
import random
import re
from importlib import resources
from typing import Any

from fastapi.testclient import TestClient

from stammtisch.core.chance import sample
from stammtisch.games.regeln import GAME
from stammtisch.web.tables import table_for

HTMX = {"hx-request": "true"}


def _standard() -> dict[str, Any]:
    text = resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _matches(client: TestClient) -> int:
    return len(client.app.state.service.list_matches(500))  # type: ignore[attr-defined]


def _open(client: TestClient, **extra: Any) -> dict[str, Any]:
    answer = client.post("/api/regeln", json={"players": ["Anna", "Ben", "Cem", ""], **extra})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _enter(client: TestClient, link: str) -> str:
    answer = client.get(link, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"])


def test_the_form_offers_both_ways_and_the_own_card_file(client: TestClient) -> None:
    page = client.get("/regeln/new")
    assert page.status_code == 200
    assert 'name="mode" value="table"' in page.text and 'name="cards_file"' in page.text
    assert "/regeln/new" in client.get("/").text  # the home page offers it


def test_the_form_opens_a_digital_table_and_shows_the_links_once(client: TestClient) -> None:
    answer = client.post("/regeln", data={"player": ["Anna", "Ben", "", ""], "seats": "4", "mode": "digital"})
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert len(re.findall(r'data-testid="link-\d"', answer.text)) == 2
    assert "Bot – Vorsichtig (Faustregeln)" in answer.text and 'data-testid="spectator"' in answer.text


def test_a_bad_card_file_is_refused_with_card_field_line_and_nothing_is_created(client: TestClient) -> None:
    """Issue 12 'bad input': an unknown effect, a missing title: the card and the file's line, both
    languages; no match is written."""
    data = _standard()
    data["cards"][3]["effect"] = {"kind": "explode"}
    text = json.dumps(data, indent=1, ensure_ascii=False)
    before = _matches(client)
    answer = client.post(
        "/regeln",
        data={"player": ["Anna", "Ben", "Cem"], "seats": "3"},
        files={"cards_file": ("club.json", text.encode(), "application/json")},
    )
    assert answer.status_code == 422
    shown = html.unescape(answer.text)
    card = data["cards"][3]["id"]
    line = text.splitlines().index(next(row for row in text.splitlines() if f'"id": "{card}"' in row)) + 1
    assert f"Karte {card}" in shown and f"Zeile {line}" in shown
    assert "RG-CARDS" in shown  # the clause, as the small rule note beside the sentence
    assert _matches(client) == before
    english = client.post("/api/regeln", json={"players": ["A", "B", "C"], "cards": text})
    assert english.status_code == 422
    error = english.json()["error"]
    assert error["code"] == "regeln/card_file_invalid" and error["card"] == card and error["line"] == line
    assert error["de"] and error["en"] and "RG" not in error["en"].split(":")[-1]
    data = _standard()
    data["cards"][0]["title"] = {"de": "Nur deutsch", "en": ""}
    missing = client.post("/api/regeln", json={"players": ["A", "B", "C"], "cards": json.dumps(data)})
    assert missing.status_code == 422 and missing.json()["error"]["field"] == "title.en"
    assert _matches(client) == before


def test_a_pasted_club_file_is_kept_in_the_set_up(client: TestClient) -> None:
    data = _standard()
    for card in data["cards"]:
        if card["id"] == "K-W0":
            card["title"]["de"] = "Weiß zählt nichts (Schachtel des Vereins)"
    text = json.dumps(data, ensure_ascii=False)
    answer = client.post("/regeln", data={"player": ["Anna", "Ben", "Cem"], "seats": "3", "cards": text})
    assert answer.status_code == 200, answer.text
    match_id = re.search(r"/links/([0-9a-f]+)", answer.text).group(1)  # type: ignore[union-attr]
    assert client.app.state.service.record(match_id).setup["cards"] == text  # type: ignore[attr-defined]


def test_a_seat_sees_its_hand_and_the_picker_nobody_else_does(client: TestClient) -> None:
    opened = _open(client)
    match_id = opened["match_id"]
    table = table_for(client.app)
    raw = client.app.state.service.state(match_id)  # type: ignore[attr-defined]
    page = client.get(_enter(client, opened["links"]["0"]))
    assert page.status_code == 200
    shown = html.unescape(page.text)
    assert 'data-testid="me">Anna' in shown
    for card in raw.hands[0]:
        assert f'data-card="{card}"' in shown
    for other in (1, 2, 3):
        for card in set(raw.hands[other]) - set(raw.hands[0]):
            assert f'data-card="{card}"' not in shown  # no other hand, anywhere on the page
    assert 'data-testid="predict"' in shown  # the first decision: the secret prediction (RG-1.11)
    screen = html.unescape(client.get(opened["spectator"]).text)
    assert 'data-testid="hand"' not in screen and 'data-testid="mats"' in screen
    for seat in range(4):
        for card in raw.hands[seat]:
            assert f'data-card="{card}"' not in screen or card in json.dumps(raw.korrektur + raw.abstimm)
    assert table.is_linked(match_id)


def _to_vote(client: TestClient, opened: dict[str, Any]) -> dict[int, TestClient]:
    """Every person's phone (its own client) answered with its first choice up to the vote."""
    phones = {}
    for seat, link in opened["links"].items():
        phone = TestClient(client.app, headers={"accept-language": "de"})
        phone.cookies.update(client.cookies)
        _enter(phone, link)
        phones[int(seat)] = phone
    service = client.app.state.service  # type: ignore[attr-defined]
    for _ in range(300):
        public = service.snapshot(opened["match_id"], None)
        if public.view["phase"] == "vote":
            return phones
        seat = next(int(s) for s in public.turn["seats"] if int(s) in phones)
        mine = service.snapshot(opened["match_id"], seat)
        answer = phones[seat].post(
            f"/seat/{opened['match_id']}/act",
            data={"seq": mine.seq, "notation": mine.legal[0]["notation"]},
            headers=HTMX,
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("no vote")


def test_the_vote_picker_shows_who_voted_never_how_until_the_reveal(client: TestClient) -> None:
    """RG-3.2: the big tile picker (Ja/Nein × tiles); after a vote the others' pages show a tick, not the
    vote; the last vote reveals every vote on every page; a stale vote of the same round is taken."""
    opened = _open(client)
    phones = _to_vote(client, opened)
    match_id = opened["match_id"]
    board = phones[0].get(f"/seat/{match_id}/board").text
    assert 'data-testid="vote-picker"' in board
    assert 'value="vote yes 1"' in board and 'value="vote no 1"' in board
    seq = int(re.search(r'data-seq="(\d+)"', board).group(1))  # type: ignore[union-attr]
    due = [int(s) for s in client.app.state.service.snapshot(match_id, None).turn["seats"]]  # type: ignore[attr-defined]
    people = [seat for seat in due if seat in phones]
    first = people[0]
    phones[first].post(f"/seat/{match_id}/act", data={"seq": seq, "notation": "vote yes 2"}, headers=HTMX)
    for seat in people[1:]:
        other = html.unescape(phones[seat].get(f"/seat/{match_id}/board").text)
        assert f'data-testid="voted-{first}">✓' in other
        assert 'data-testid="reveal"' not in other and "× 2" not in other
    for seat in people[1:]:  # each with the seq it saw before: stale, and still taken (same vote)
        answer = phones[seat].post(f"/seat/{match_id}/act", data={"seq": seq, "notation": "vote no 1"}, headers=HTMX)
        assert answer.status_code == 200, answer.text
    for seat in people:
        revealed = html.unescape(phones[seat].get(f"/seat/{match_id}/board").text)
        assert 'data-testid="reveal"' in revealed and "× 2" in revealed


def test_designed_cards_are_marked_on_screen(client: TestClient) -> None:
    opened = _open(client)
    screen = html.unescape(client.get(opened["spectator"]).text)
    public = client.app.state.service.snapshot(opened["match_id"], None).view  # type: ignore[attr-defined]
    in_force = [public[kind][i] for kind in ("korrektur", "abstimm", "ereignis") for i in (0, 1)]
    texts = client.get(f"/regeln/cards/{public['deck']}.json").json()  # served once per card file
    designed = [card for card in in_force if texts[card]["designed"]]
    assert screen.count("von uns entworfen</span>") == len(designed)


def test_table_mode_the_scribe_enters_the_boxed_game(client: TestClient) -> None:
    """Issue 12.5: with the box the app is scorepad and referee: the scribe enters the face-up cards
    and every step; a wrong entry is refused with the rule and changes nothing."""
    answer = client.post("/regeln", data={"player": ["Anna", "Ben", "Cem"], "seats": "3", "mode": "table"},
                         follow_redirects=False)  # fmt: skip
    assert answer.status_code == 303
    page_url = answer.headers["location"]
    page = html.unescape(client.get(page_url).text)
    assert 'data-testid="outcome"' in page and "Korrektur" in page
    match_id = page_url.rsplit("/", 1)[-1]
    seq = client.app.state.service.snapshot(match_id, None).seq  # type: ignore[attr-defined]
    entered = client.post(f"/m/{match_id}/outcome", data={"seq": seq, "outcome": "card K-Y0"}, headers=HTMX)
    assert entered.status_code == 200
    wrong = client.post(f"/m/{match_id}/outcome", data={"seq": seq + 1, "outcome": "card A-LINKS2"}, headers=HTMX)
    assert wrong.status_code >= 400  # an Abstimm card cannot be the second Korrektur
    assert client.app.state.service.snapshot(match_id, None).seq == seq + 1  # type: ignore[attr-defined]


def test_rgo21_the_card_texts_are_served_once_per_card_file(client: TestClient) -> None:
    """RGO-21: a seat's JSON names its card file; the texts come from one cacheable answer per file,
    and an unknown file is refused in both languages."""
    opened = _open(client)
    token = opened["links"]["0"].removeprefix("/p/")
    seat = client.get("/api/seat", headers={"x-seat-token": token}).json()
    assert "cards" not in seat["view"] and len(client.get("/api/seat", headers={"x-seat-token": token}).content) < 8_000
    texts = client.get(f"/regeln/cards/{seat['view']['deck']}.json")
    assert texts.status_code == 200 and "immutable" in texts.headers["cache-control"]
    assert set(seat["view"]["hand"]) <= set(texts.json())
    unknown = client.get("/regeln/cards/0000000000000000.json", headers={"accept": "application/json"})
    assert unknown.status_code == 404
    body = unknown.json()
    assert "Kartendatei" in json.dumps(body, ensure_ascii=False) and "card file" in json.dumps(body)


def test_rgo23_table_mode_with_unknown_hands(client: TestClient) -> None:
    """RGO-23: with the box and the hands kept secret the scribe enters the face-up cards, never the
    deal; when a card is played he picks it from the cards nobody has seen yet (one list, names and
    titles); a card seen already is refused with the rule, in both languages, and nothing is written."""
    form = {"player": ["Anna", "Ben", "Cem"], "seats": "3", "mode": "table", "hands": "unknown"}
    answer = client.post("/regeln", data=form, follow_redirects=False)
    assert answer.status_code == 303
    match_id = answer.headers["location"].rsplit("/", 1)[-1]
    service = client.app.state.service  # type: ignore[attr-defined]
    layout = ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10")
    for card in layout:
        seq = service.snapshot(match_id, None).seq
        entered = client.post(f"/m/{match_id}/outcome", data={"seq": seq, "outcome": f"card {card}"}, headers=HTMX)
        assert entered.is_success
    public = service.snapshot(match_id, None)
    assert public.view["phase"] == "ranking" and public.view["hand_sizes"] == [9, 9, 9]  # no deal entered
    for _ in range(200):  # place cards, predictions, starting chips: the scribe's first choices
        public = service.snapshot(match_id, None)
        if public.view["phase"] == "play":
            break
        if public.turn["kind"] == "chance":
            node = GAME.turn(service.state(match_id)).node  # the place cards still in the draw
            service.enter_outcome(match_id, GAME.format_outcome(sample(node, random.Random(0))), public.seq)
        else:
            seat = public.turn["seats"][0]
            service.act(match_id, seat, service.snapshot(match_id, seat).legal[0]["notation"], public.seq)
    active = public.view["active"]
    page = html.unescape(client.get(f"/m/{match_id}?seat={active}").text)  # the scribe on the active seat
    assert 'data-testid="play-choice"' in page and "(K-Y0)" not in page.split('data-testid="play-choice"')[1]
    assert "Korrektur: " in page and "noch niemand gesehen" in page
    before = service.snapshot(match_id, None).seq
    wrong = {"seq": before, "seat": active, "notation": "play K-Y0"}  # K-Y0 lies face up
    seen = client.post(f"/m/{match_id}/act", data=wrong, headers=HTMX)
    assert seen.status_code >= 400 and "schon offen" in html.unescape(seen.text)
    assert service.snapshot(match_id, None).seq == before
    card = service.snapshot(match_id, active).legal[0]["notation"]
    played = client.post(f"/m/{match_id}/act", data={"seq": before, "seat": active, "notation": card}, headers=HTMX)
    assert played.status_code == 200, played.text
    after = service.snapshot(match_id, None).view
    assert after["phase"] == "vote" and after["under_vote"] == card.split()[1]
    assert after["hand_sizes"][active] == 8


def test_rg4_the_scorepad_shows_on_every_phone_after_the_scoring_round(client: TestClient) -> None:
    """RG-4, RG-5: after the first Scoring Round each phone and the table screen show the scorepad with
    every column (the full reveal bench found the phone's board failing to render it)."""
    opened = _open(client)
    phones = _to_vote(client, opened)
    match_id = opened["match_id"]
    service = client.app.state.service  # type: ignore[attr-defined]
    for _ in range(2_000):
        public = service.snapshot(match_id, None)
        if public.view["scorepad"] or public.turn["kind"] != "decision":
            break
        seat = next(int(s) for s in public.turn["seats"] if int(s) in phones)
        mine = service.snapshot(match_id, seat)
        phones[seat].post(f"/seat/{match_id}/act", data={"seq": mine.seq, "notation": mine.legal[0]["notation"]},
                          headers=HTMX)  # fmt: skip
    assert service.snapshot(match_id, None).view["scorepad"]
    for phone in phones.values():
        board = phone.get(f"/seat/{match_id}/board", headers=HTMX)
        assert board.status_code == 200, board.text[:500]
        shown = html.unescape(board.text)
        assert 'data-testid="scorepad"' in shown and "Zwischenstand" in shown
    screen = client.get(opened["spectator"])
    assert screen.status_code == 200 and 'data-testid="scorepad"' in screen.text
