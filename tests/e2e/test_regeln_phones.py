"""Three players of Das Regeln Wir Schon! on three phones (RG-3.2, RG-R01): the vote is a secret tile
picker; each phone shows who has voted, never how, until the last vote arrives; then the reveal
reaches all three phones at once, without a reload (Server-Sent Events).

With ``STAMMTISCH_SHOTS=<folder>`` the test also saves screenshots at 390x844 (a phone) and of the
shared table screen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from stammtisch.matches.tables import DigitalTable
from stammtisch.web.background import BackgroundServer
from stammtisch.web.deadlines import ManualDeadlines
from stammtisch.web.tables import table_for
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = os.environ.get("STAMMTISCH_SHOTS")


def _shot(page: Any, name: str, full: bool = False) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full)


def _until_vote(table: DigitalTable, match_id: str, tokens: dict[int, str]) -> None:
    """Set-up through the table as the phones would answer: predictions, starting chips, one card."""
    service = table.service
    for _ in range(200):
        public = service.snapshot(match_id, None)
        if public.view["phase"] == "vote":
            return
        seat = int(public.turn["seats"][0])
        mine = service.snapshot(match_id, seat)
        notation = mine.legal[0]["notation"]
        table.act(tokens[seat], notation, mine.seq)
    raise AssertionError("no vote reached")


def test_three_phones_vote_in_secret_and_see_the_reveal_together(browser: Any, server: BackgroundServer) -> None:
    table = table_for(server.app)
    server.app.state.deadlines = ManualDeadlines(table)
    opened = table.open("regeln", ["Anna", "Ben", "Cem"], title="Freitag")
    match_id = opened.snapshot.match_id
    pages = []
    for seat, locale in enumerate(("de-DE", "en-US", "de-DE")):
        page = browser.new_context(viewport=PHONE, locale=locale).new_page()
        page.goto(f"{server.url}/p/{opened.tokens[seat]}")
        page.wait_for_function("() => document.body.classList.contains('online')")
        pages.append(page)
    _shot(pages[0], "01_predict")
    pages[0].locator("[data-testid='predict'] button").first.click()
    pages[0].wait_for_selector("[data-testid='waiting']")
    _until_vote(table, match_id, dict(enumerate(opened.tokens[s] for s in range(3))))
    for page in pages:
        page.wait_for_selector("[data-testid='vote-picker']", timeout=5000)
        page.evaluate("window.__notReloaded = true")
    _shot(pages[0], "02_vote_picker")
    raw = server.app.state.service.state(match_id)
    tiles = raw.tiles

    # Anna votes Ja with her most tiles, Ben Nein with one: their phones and Cem's show only who voted.
    pages[0].locator(f"button[data-notation='vote yes {tiles[0]}']").click()
    pages[1].locator("button[data-notation='vote no 1']").click()
    for page in pages:
        page.wait_for_selector("[data-testid='voted-1']:has-text('✓')", timeout=5000)
        page.wait_for_selector("[data-testid='voted-0']:has-text('✓')", timeout=5000)
        assert page.locator("[data-testid='reveal']").count() == 0
    _shot(pages[2], "03_two_voted")
    shown = pages[2].locator("#board").inner_text()
    assert "×" not in shown and "Ja ×" not in shown  # no vote (side × tiles) is on Cem's phone yet
    own = pages[1].locator("[data-testid='waiting']").inner_text()
    assert "No × 1" in own or "Nein × 1" in own, own  # Ben sees his own vote, and only his

    # Cem's is the last vote: the reveal appears on all three phones, without a reload.
    pages[2].locator("button[data-notation='vote yes 1']").click()
    for page in pages:
        page.wait_for_selector("[data-testid='reveal']", timeout=5000)
        revealed = page.locator("[data-testid='reveal']").inner_text()
        assert "Anna" in revealed and "Ben" in revealed and "Cem" in revealed
        assert page.evaluate("window.__notReloaded") is True
    _shot(pages[1], "04_reveal_en")
    _shot(pages[0], "05_after_vote_full", full=True)

    screen = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE").new_page()
    screen.goto(f"{server.url}/w/{match_id}")
    assert screen.locator("[data-testid='reveal']").count() == 1
    assert screen.locator("[data-testid='mats'] .rg-card").count() == 8
    _shot(screen, "06_table_screen", full=True)
    phone_screen = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    phone_screen.goto(f"{server.url}/w/{match_id}")
    _shot(phone_screen, "07_table_screen_phone", full=True)
    for page in (*pages, screen, phone_screen):
        page.context.close()


def _speaking_deck() -> str:
    """Every Ereignis card a copy of E-SPRICHT-3, so every vote asks who spoke (cards are data)."""
    import json
    from importlib import resources

    data = json.loads(resources.files("stammtisch.games.regeln").joinpath("cards.json").read_text(encoding="utf-8"))
    speaking = next(card for card in data["cards"] if card["id"] == "E-SPRICHT-3")
    data["cards"] = [card for card in data["cards"] if card["type"] != "ereignis"]
    data["cards"] += [{**speaking, "id": f"E-SPRICHT-3-{n}"} for n in range(7)]
    return json.dumps(data, ensure_ascii=False)


def _settled(page: Any) -> None:
    """Wait until the board's live swaps are done: a tap during a swap can land on the button that the
    new board puts in the same place (a confirm where an objection was meant)."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')", timeout=5000
    )
    page.wait_for_timeout(150)


def test_rgo22_the_table_confirms_who_spoke_on_three_phones(browser: Any, server: BackgroundServer) -> None:
    """RGO-22: Ben proposes on his phone that Cem spoke; Anna's and Cem's phones ask them, in words and
    names; Cem objects and it is withdrawn on every phone, and Cem proposes next: that nobody spoke, Anna and Ben
    confirm, and the report applies everywhere without a reload."""
    table = table_for(server.app)
    server.app.state.deadlines = ManualDeadlines(table)
    setup = {"cards": _speaking_deck(), "incident_confirmation": "table"}
    opened = table.open("regeln", ["Anna", "Ben", "Cem"], title="Freitag", setup=setup)
    match_id = opened.snapshot.match_id
    tokens = {seat: opened.tokens[seat] for seat in range(3)}
    _until_vote(table, match_id, tokens)
    for seat in range(3):
        mine = table.service.snapshot(match_id, seat)
        table.act(tokens[seat], "vote no 1", mine.seq)
    pages = []
    for seat, locale in enumerate(("de-DE", "en-US", "de-DE")):
        page = browser.new_context(viewport=PHONE, locale=locale).new_page()
        page.goto(f"{server.url}/p/{tokens[seat]}")
        page.wait_for_function("() => document.body.classList.contains('online')")
        page.evaluate("window.__notReloaded = true")
        pages.append(page)
    for page in pages:
        page.wait_for_selector("[data-testid='spoke']", timeout=5000)  # anyone may propose
    _shot(pages[1], "10_propose_en")
    _settled(pages[1])
    pages[1].locator("button[data-notation='spoke 3']").click()
    for page in (pages[0], pages[2]):
        page.wait_for_selector("[data-testid='confirm']", timeout=5000)
        assert "Cem hat gesprochen" in page.locator("[data-testid='proposal-text']").inner_text()
    pages[1].wait_for_selector("[data-testid='proposal']", timeout=5000)
    assert "Cem spoke" in pages[1].locator("[data-testid='proposal']").inner_text()
    _shot(pages[2], "11_confirm_or_object")
    _settled(pages[2])
    pages[2].locator("button[data-notation='object']").click()
    pages[2].wait_for_selector("[data-testid='spoke']", timeout=5000)  # withdrawn: the objector proposes next
    for page in (pages[0], pages[1]):
        page.wait_for_selector("[data-testid='next-proposer']", timeout=5000)
        assert "Cem" in page.locator("[data-testid='next-proposer']").inner_text()
    pages[0].wait_for_timeout(300)  # the swap settles (htmx fades the board while it loads)
    _shot(pages[0], "13_objector_proposes_next")
    _settled(pages[2])
    pages[2].locator("button[data-notation='spoke none']").click()
    pages[0].wait_for_selector("[data-testid='confirm']", timeout=5000)
    _settled(pages[0])
    pages[0].locator("button[data-notation='confirm']").click()
    pages[1].wait_for_selector("[data-testid='confirm']", timeout=5000)
    _settled(pages[1])
    pages[1].locator("button[data-notation='confirm']").click()
    for page in pages:
        page.wait_for_function("() => !document.querySelector(\"[data-testid='proposal']\")", timeout=5000)
        assert page.locator("[data-testid='spoke'], [data-testid='confirm']").count() == 0
        assert page.evaluate("window.__notReloaded") is True
    _shot(pages[0], "12_applied")
    # The actions only: once the report applies, the digital table goes on to draw the next chance events.
    actions = [event for event in table.service.events(match_id) if event.kind == "action"]
    kinds = [event.payload["action"]["type"] for event in actions][-5:]
    assert kinds == ["ReportSpeech", "Object", "ReportSpeech", "Confirm", "Confirm"]
    for page in pages:
        page.context.close()


def test_rgo23_the_scribe_enters_a_played_card_without_the_deal(browser: Any, server: BackgroundServer) -> None:
    """RGO-23 on the scribe's phone: the form keeps the hands secret by default; the scribe enters the
    six face-up cards and never the deal; at the active player's turn he picks the played card from one
    list of the cards nobody has seen (type, title, id); the card goes to the vote."""
    import random

    from stammtisch.core.chance import sample
    from stammtisch.games.regeln import GAME

    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/regeln/new")
    page.locator("input[name='mode'][value='table']").check()
    assert page.locator("input[name='hands'][value='unknown']").is_checked()
    for at, name in enumerate(("Anna", "Ben", "Cem")):
        page.locator("input[name='player']").nth(at).fill(name)
    page.locator("input[name='seats']").fill("3")
    _shot(page, "20_new_table_mode")
    submit_names(page, page.locator("button[type='submit']").last)
    page.wait_for_selector("[data-testid='outcome-choice']")
    match_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    service = server.app.state.service
    for card in ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-ERSTER-SPRICHT-15", "E-PUNKTBESTER-10"):
        page.locator("[data-testid='outcome-choice']").select_option(f"card {card}")
        seq = service.snapshot(match_id, None).seq
        page.locator("[data-testid='outcome'] button").click()
        page.wait_for_function(f"() => Number(document.querySelector('#board')?.dataset?.seq) > {seq}")
    assert service.snapshot(match_id, None).view["hand_sizes"] == [9, 9, 9]
    for _ in range(200):  # place cards, predictions, chips: as the scribe would enter them
        public = service.snapshot(match_id, None)
        if public.view["phase"] == "play":
            break
        if public.turn["kind"] == "chance":
            node = GAME.turn(service.state(match_id)).node
            service.enter_outcome(match_id, GAME.format_outcome(sample(node, random.Random(0))), public.seq)
        else:
            seat = public.turn["seats"][0]
            service.act(match_id, seat, service.snapshot(match_id, seat).legal[0]["notation"], public.seq)
    active = service.snapshot(match_id, None).view["active"]
    page.goto(f"{server.url}/m/{match_id}?seat={active}")
    choice = page.locator("[data-testid='play-choice']")
    choice.wait_for()
    options = choice.locator("option").all_inner_texts()
    assert options and not any("(K-Y0)" in option for option in options)
    _shot(page, "21_scribe_play_unknown_hands")
    choice.select_option(index=2)
    chosen = choice.input_value()
    page.locator("[data-testid='play'] button").click()
    page.wait_for_selector("[data-testid='vote-picker'], [data-testid='under-vote']", timeout=5000)
    assert service.snapshot(match_id, None).view["under_vote"] == chosen.split()[1]
    _shot(page, "22_scribe_after_play")
    page.context.close()
