"""Table mode of Das Regeln Wir Schon! in a real browser at 390x844 (RGO-20, RGO-24): the scribe opens a
table for the boxed game and enters a whole round and the start of the next from the "everybody" page
alone, never picking a seat: the face-up cards, the place cards, every prediction, the starting chips,
the card played, every revealed vote, who spoke (ticked per person), the chips of the payment (one by
one or several at once), the
cover, the first speaker, the next rules. Each step shows by itself after the previous tap.

With ``STAMMTISCH_SHOTS=<folder>`` the test saves a screenshot of the first page of every phase."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from stammtisch.web.background import BackgroundServer
from tests.e2e.conftest import PHONE
from tests.e2e.names import submit_names

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = os.environ.get("STAMMTISCH_SHOTS")
LAYOUT = ("K-Y0", "K-B2", "A-EINZELGAENGER5", "A-LINKS2", "E-SPRICHT-3", "E-ERSTER-SPRICHT-15")


def _settled(page: Any) -> None:
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')", timeout=8000
    )


def _shot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def test_rgo24_the_scribe_enters_a_round_from_the_everybody_page(browser: Any, server: BackgroundServer) -> None:
    page = browser.new_context(viewport=PHONE, locale="de-DE").new_page()
    page.goto(f"{server.url}/regeln/new")
    page.locator("input[name='mode'][value='table']").check()
    for at, name in enumerate(("Anna", "Ben", "Cem")):
        page.locator("input[name='player']").nth(at).fill(name)
    page.locator("input[name='seats']").fill("3")
    submit_names(page, page.locator("button[type='submit']").last)
    page.wait_for_selector("[data-testid='outcome-choice']")
    match_id = page.url.rsplit("/", 1)[-1].split("?")[0]
    assert "?seat=" not in page.url
    service = server.app.state.service
    rng = random.Random(4)
    phases: list[str] = []
    for step in range(400):
        _settled(page)
        public = service.snapshot(match_id, None)
        phase, round_ = public.view["phase"], public.view["round"]
        if round_ == 2 and phase == "play":
            break
        if f"{round_} {phase}" not in phases:
            phases.append(f"{round_} {phase}")
            _shot(page, f"scribe_{step:03d}_{round_}_{phase}")
        seq = public.seq
        if public.turn["kind"] == "chance":
            choice = page.locator("[data-testid='outcome-choice']")
            if phase == "setup_table":
                laid = sum(1 for kind in ("korrektur", "abstimm", "ereignis") for c in public.view[kind] if c)
                choice.select_option(f"card {LAYOUT[laid]}")
            else:
                choice.select_option(index=1)
            page.locator("[data-testid='outcome'] button").click()
        else:
            steps = page.locator("[data-testid='scribe-steps']")
            steps.wait_for(timeout=8000)  # loaded by itself: no seat picked
            for seat in public.turn["seats"]:
                assert steps.locator(f"[data-testid='steps-{seat}']").count() == 1
            if phase == "vote":
                side = "yes" if rng.random() < 0.6 else "no"
                tiles = 2 if rng.random() < 0.3 else 1
                wanted = steps.locator(f"button[data-notation='vote {side} {tiles}']")
                (wanted if wanted.count() else steps.locator(f"button[data-notation='vote {side} 1']")).first.click()
            elif phase == "report_speech":
                if rng.random() < 0.5:
                    steps.locator("input[name='spoke']").nth(rng.randrange(3)).check()
                steps.locator("[data-testid='report-form'] button").click()
            elif phase == "play":
                steps.locator("[data-testid='play-choice']").select_option(index=1 + rng.randrange(5))
                steps.locator("button[type='submit']").first.click()
            elif phase == "payment" and steps.locator("[data-testid='chips-form']").count() and rng.random() < 0.5:
                form = steps.locator("[data-testid='chips-form']")  # RGO-10: several chips at once
                owed = public.view["owed"][0]
                due = abs(int(owed["amount"]))
                there = public.view["pool"] if owed["amount"] > 0 else public.view["chips"][int(owed["seat"])]
                fields = form.locator("input[type='number']")
                for at in range(fields.count()):
                    colour = fields.nth(at).get_attribute("name") or ""
                    count = min(due, int(there[colour]))
                    fields.nth(at).fill(str(count))
                    due -= count
                form.locator("button").click()
            else:
                buttons = steps.locator("button[name='notation']")
                buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_function(f"() => Number(document.querySelector('#board')?.dataset?.seq) > {seq}")
    else:
        raise AssertionError(f"round 2 not reached: {phases}")
    assert "?seat=" not in page.url
    for phase in ("predict", "payment", "play", "vote", "report_speech", "first_speaker", "choose_wertung"):
        assert any(seen.endswith(phase) for seen in phases), (phase, phases)
    assert service.snapshot(match_id, None).view["scorepad"]
    page.context.close()
