"""The phones of the club-night suite: browser contexts at 390x844 that record what their board shows.

Every page gets a recorder (an init script): each time the board's ``data-seq`` changes it notes the seq
and the time, every time the connection banner is visible it notes that, and each load of the tab is
counted (a reload would show up). ``Table.step`` enters one step on one phone, through that phone's own
session (its cookies, its CSRF token: the request a tap sends); ``Table.tap`` taps the button on that
phone's board; both then wait until every phone shows that step or a later one, at most 2 s after the
server answered (issue 24, point 7)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: Seconds within which every phone must show a step (issue 24: "within 2 s, without a reload").
LIVE_SECONDS = 2.0
PHONE = {"width": 390, "height": 844}

RECORDER = """
(() => {
  const loads = +(sessionStorage.getItem("__loads") || 0) + 1;
  sessionStorage.setItem("__loads", String(loads));
  window.__seen = [];
  window.__banners = [];
  let last = null;
  const look = () => {
    const board = document.getElementById("board");
    if (board) {
      const seq = board.getAttribute("data-seq");
      if (seq !== last) { last = seq; window.__seen.push([Number(seq), Date.now()]); }
    }
    const banner = document.getElementById("connection");
    const said = banner && !banner.hidden ? banner.textContent.trim() : "";
    if (said) window.__banners.push([said, Date.now()]);
  };
  setInterval(look, 20);
  document.addEventListener("DOMContentLoaded", look);
})();
"""

#: A write as a tap sends it: the page's own session and CSRF token, answered with the board fragment.
WRITE = """
async ([path, values]) => {
  const found = document.cookie.match(/(?:^|;\\s*)stammtisch_csrf=([A-Za-z0-9_-]+)/);
  const response = await fetch(path, {
    method: "POST",
    body: new URLSearchParams(values),
    headers: {"X-CSRF-Token": found ? found[1] : "", "HX-Request": "true"},
  });
  return response.status;
}
"""

BOARD_AT = (
    "seq => { const b = document.getElementById('board'); return b && Number(b.getAttribute('data-seq')) >= seq; }"
)


def new_phone(browser: Any, name: str, locale: str = "de-DE", init: str = "") -> Phone:
    context = browser.new_context(viewport=PHONE, locale=locale)
    context.add_init_script(RECORDER + init)
    return Phone(name, context, context.new_page())


@dataclass
class Phone:
    name: str
    context: Any
    page: Any

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("() => document.body.classList.contains('online')", timeout=10_000)

    def write(self, path: str, values: Mapping[str, Any]) -> int:
        return int(self.page.evaluate(WRITE, [path, {key: str(value) for key, value in values.items()}]))

    def loads(self) -> int:
        return int(self.page.evaluate("() => Number(sessionStorage.getItem('__loads') || 0)"))

    def banners(self) -> list[Any]:
        return list(self.page.evaluate("() => window.__banners"))

    def close(self) -> None:
        self.context.close()


@dataclass
class Table:
    """One game's phones; ``step`` enters a step and checks that every phone shows it live."""

    service: Any
    match_id: str
    phones: list[Phone]
    steps: int = 0
    slowest: float = 0.0
    live_seconds: float = LIVE_SECONDS
    loads: dict[str, int] = field(default_factory=dict)
    #: Steps entered by tapping a button on the phone's board, and steps entered as the page's form post.
    tapped: int = 0
    posted: int = 0

    def start(self) -> None:
        """Every phone shows the table as it is; from now on none may reload or show the banner."""
        seq = self.seq()
        for phone in self.phones:
            phone.page.wait_for_function(BOARD_AT, arg=seq, timeout=10_000)
            phone.page.evaluate("() => { window.__banners = []; }")
            self.loads[phone.name] = phone.loads()

    def seq(self) -> int:
        return int(self.service.snapshot(self.match_id).seq)

    def step(self, phone: Phone, path: str, values: Mapping[str, Any]) -> bool:
        """Enter one step on ``phone``; False if the server refused it as stale (something moved first)."""
        status = phone.write(path, values)
        if status == 409:
            return False
        assert status == 200, f"{phone.name}: {path} {dict(values)} answered {status}"
        self.shown(self.seq())
        self.steps += 1
        return True

    def tap(self, phone: Phone, name: str, value: str, path: str, values: Mapping[str, Any]) -> bool:
        """Tap the button on ``phone``'s board that sends ``name=value`` (a decision's notation, a
        landing's outcome) and wait until every phone shows the step. Without such a button on the board
        (a step the page enters another way) the page's form post is sent instead and counted in ``posted``."""
        wanted = f"[name={json.dumps(name)}][value={json.dumps(value)}]"
        button = phone.page.locator(
            f"#board form:has(input[type=hidden]{wanted}) button[type=submit], #board button{wanted}"
        )
        if not (button.count() and button.first.is_visible()):
            self.posted += 1
            return self.step(phone, path, values)
        before = self.seq()
        with phone.page.expect_response(lambda response: response.request.method == "POST") as sent:
            button.first.click()
        status = sent.value.status
        if status == 409:  # something moved first (a bot, a deadline): the caller looks again
            return False
        assert status == 200, f"{phone.name}: the tap on {name}={value!r} answered {status}"
        deadline = time.monotonic() + 10
        while self.seq() <= before:
            assert time.monotonic() < deadline, f"{phone.name}: the tap on {name}={value!r} changed nothing"
            time.sleep(0.01)
        self.shown(self.seq())
        self.steps += 1
        self.tapped += 1
        return True

    def shown(self, seq: int) -> None:
        """Every phone shows ``seq`` (or later) within ``live_seconds`` of now."""
        started = time.monotonic()
        deadline = started + self.live_seconds
        waiting = list(self.phones)
        while waiting:
            # Asked from here, not by polling in the page: a tab in the background gets no animation frames
            # and its timers run once a second, but it swaps its board as soon as the live notice arrives.
            waiting = [phone for phone in waiting if phone.page.evaluate(BOARD_AT, seq) is not True]
            if waiting and time.monotonic() > deadline:
                phone = waiting[0]
                board = phone.page.evaluate("() => document.getElementById('board')?.getAttribute('data-seq')")
                raise AssertionError(
                    f"{phone.name} did not show step {seq} within {self.live_seconds} s (it shows {board})"
                )
            if waiting:
                time.sleep(0.01)
        self.slowest = max(self.slowest, time.monotonic() - started)

    def check(self) -> None:
        """No phone reloaded, none ever showed the connection banner, all show the last step."""
        print(f"club night {self.match_id}: {self.tapped} steps tapped, {self.posted} as form posts")
        self.shown(self.seq())
        for phone in self.phones:
            assert phone.loads() == self.loads[phone.name], f"{phone.name} reloaded"
            assert phone.banners() == [], f"{phone.name} showed the connection banner: {phone.banners()[:2]}"


def shared_link(phone: Phone, url: str) -> str:
    """The link a share page hands out (its QR code and its text are the same URL)."""
    phone.page.goto(url)
    make = phone.page.locator("[data-testid='hand-out']")
    if make.count():
        make.first.click()
        phone.page.wait_for_load_state()
        if not phone.page.locator("[data-share-url]").count():
            raise AssertionError(
                f"no link handed out at {phone.page.url}: {phone.page.locator('main').inner_text()[:300]}"
            )
    share = phone.page.locator("[data-share]").first
    assert share.locator("svg").count() >= 1, "a QR code beside the link"
    return str(share.locator("[data-share-url]").get_attribute("href"))


def close_all(phones: Iterable[Phone]) -> None:
    for phone in phones:
        phone.close()
