"""The house-rule lab for Preisrommé: the default rules against a variant, over many simulated deals.

Each deal (*Spiel*) is played alone at a table of four (R-1.1) by heuristic bots
(``bots/games/preisromme/heuristic.py``), through the engine and its fast paths: seat 1 deals (R-2.2), so seat 2 is the
first player (*Vorhand*). A pass of ``games_per_pass`` deals only adds deals up, so deals are the unit.

Common random numbers: every deal's deck is one shuffle keyed by (seed, deal), drawn card by card
(a stock card that the variant has already used is skipped), and the bots' own random choices come
from a stream keyed the same way; the default rules and the variant are dealt the same hands
wherever the deck is the same (``jokers`` and ``decks`` change the deck itself). When the stock runs
out and the discards become the stock (RA-25), they are shuffled from the same stream.

Options the model cannot show are reported as such (``unmodelled``): the bots never lay a false
figure, ``scoring`` only books the same deals differently, ``mode = table`` plays the same cards, and
``games_per_pass`` only groups the deals. ``mode = scoresheet`` has no cards to play and is refused.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from stammtisch.bots.games.preisromme.heuristic import HeuristicBot
from stammtisch.core.chance import ChanceNode, sample
from stammtisch.core.errors import InvalidOption
from stammtisch.core.options import resolve_options
from stammtisch.core.text import Text
from stammtisch.games.preisromme import GAME
from stammtisch.games.preisromme.cards import CODES, JOKER
from stammtisch.games.preisromme.chance import OUTCOMES, StockDraw
from stammtisch.games.preisromme.model import EMPTY, WINDOW, State, Swap
from stammtisch.games.preisromme.options import OPTIONS
from stammtisch.sim.crn import play_with
from stammtisch.sim.lab_report import LabReport, Measure
from stammtisch.sim.parallel import Progress, play_all
from stammtisch.sim.stats import average, rate

PLAYERS = 4
DEALER = 0
FIRST = (DEALER + 1) % PLAYERS  # the player after the dealer plays first
#: A deal still running after this many turns is cut off: the heuristic bots can pass cards round for
#: ever (each takes the discard it wants and throws another back). Finished deals end well before
#: (the longest of 300 measured: 57 turns); cut-off deals are counted and left out of the other figures.
MAX_TURNS = 200
#: Options valid in the rules but without effect on the lab's figures (see the module docstring).
NOT_MODELLED = ("false_meld_locks_turn", "games_per_pass", "mode", "scoring")
UNIT = Text("Spiele", "deals")
#: Deals per rule set on the web page, and at most (a deal takes about 3 ms of CPU).
PAGE_GAMES = 500
PAGE_MAX = 3000

MEASURES = (
    Measure(
        "first_player_wins",
        Text("Vorhand (spielt zuerst) geht aus (gerecht: 25 %)", "first player goes out (fair: 25%)"),
        True,
        Text("Vorhand", "first player"),
    ),
    Measure(
        "romme_hand_rate",
        Text("Rommé-Hand (in einem Zug aus)", "Rommé-Hand (out in one turn)"),
        True,
        Text("Rommé-Hand", "Rommé-Hand"),
    ),
    Measure("no_winner_rate", Text("Spiel ohne Gewinnerin", "deal without a winner"), True),
    Measure(
        "jokers_laid_share",
        Text("Joker am Ende ausgelegt (Anteil)", "jokers on the table at the end (share)"),
        True,
        Text("Joker ausgelegt", "jokers laid"),
    ),
    Measure("turns_per_deal", Text("Züge je Spiel", "turns per deal"), False),
    Measure(
        "points_left",
        Text("Punkte in den Händen der Verliererinnen", "points left in the losers' hands"),
        False,
    ),
    Measure(
        "penalty_per_player",
        Text("Strafpunkte je Spielerin und Spiel", "penalty points per player per deal"),
        False,
    ),
    Measure("swaps_per_deal", Text("Jokertausche je Spiel", "joker swaps per deal"), False),
    Measure(
        "cut_off_rate",
        Text(
            f"abgebrochen (Bots nach {MAX_TURNS} Zügen festgefahren)", f"cut off (bots stuck after {MAX_TURNS} turns)"
        ),
        True,
    ),
)


def unmodelled(options: Mapping[str, object]) -> tuple[str, ...]:
    """The given options the lab's model does not read (valid, but they change nothing here)."""
    return tuple(sorted(key for key in options if key in NOT_MODELLED))


@dataclass(slots=True)
class _Deck:
    """One deal's shuffled deck, drawn in order (common random numbers); other chance (which knock
    arrived first) comes from the same stream."""

    rng: random.Random
    order: list[int] = field(default_factory=list)
    started: bool = False

    def __call__(self, state: State, node: ChanceNode) -> Any:
        if not isinstance(node.distribution, StockDraw):
            return sample(node, self.rng)
        stock = node.distribution.stock
        if not self.started:
            self.order, self.started = self._shuffled(stock), True
        while True:
            while self.order:
                card = self.order.pop()
                at = bisect_left(stock, card)
                if at < len(stock) and stock[at] == card:
                    return OUTCOMES[card]
            self.order = self._shuffled(stock)  # RA-25: the discards became the stock

    def _shuffled(self, stock: Sequence[int]) -> list[int]:
        cards = list(stock)
        self.rng.shuffle(cards)
        return cards


@dataclass(frozen=True, slots=True)
class DealFigures:
    """What one deal gives the lab, counted from the final state (its score-sheet record) and the swaps."""

    winner: int | None
    romme_hand: bool
    turns: int
    points_left: int
    penalties: int
    jokers_laid: int
    jokers: int
    swaps: int


def start_state(options: Mapping[str, object]) -> State:
    """A one-deal pass under ``options`` (refusing ``mode = scoresheet``: no cards to play, RA-28)."""
    resolved = resolve_options(OPTIONS, {**options, "games_per_pass": 1})
    if resolved["mode"] == "scoresheet":
        raise InvalidOption(
            "RA-28",
            Text(
                "Das Labor spielt Karte für Karte; mit mode = scoresheet gibt es keine Karten zu spielen.",
                "The lab plays card by card; with mode = scoresheet there are no cards to play.",
            ),
        )
    return GAME.start(PLAYERS, resolved)


def play_deal(options: Mapping[str, object], seed: int, deal: int, full_view: bool = False) -> DealFigures | None:
    """One deal of four heuristic bots under ``options`` with the deck of (seed, deal); ``None`` when
    it was cut off after ``MAX_TURNS`` turns. The bots see ``bot_view`` (``full_view``: the engine's
    whole view of their seat, the reference)."""
    swaps = 0

    def note(before: Any, step: Any, after: Any) -> None:
        nonlocal swaps
        swaps += isinstance(step, Swap)

    stream = random.Random(f"preisromme/{seed}/{deal}")
    bots = [HeuristicBot() for _ in range(PLAYERS)]
    shown = None if full_view else bot_view
    final, result = play_with(GAME, start_state(options), bots, _Deck(stream), stream, note, _stuck, view=shown)
    return None if result is None else figures_of(final, swaps)


def bot_view(state: State, seat: int) -> dict[str, Any]:
    """The lab's fast path: the two parts of the seat's view the heuristic bot reads (its hand and the card
    of an open knock window), without the table, the sheet and the history it never looks at (about a
    third of a deal's time). ``tests/sim/test_lab6_preisromme_view.py`` plays the same deals with the
    whole view and requires the same final states."""
    window = {"card": CODES[state.top]} if state.phase == WINDOW else None
    return {"hand": [CODES[card] for card in state.hands[seat]], "window": window}


def _stuck(state: State) -> bool:
    return state.turn_no > MAX_TURNS


def figures_of(final: State, swaps: int) -> DealFigures:
    """The lab's counts for one finished one-deal pass (R-11, R-12, R-13, RA-23)."""
    record = final.history[-1]
    laid = sum(slot == JOKER for figure in final.table for slot in figure.slots if slot != EMPTY)
    return DealFigures(
        winner=record.winner,
        romme_hand=record.romme_hand,
        turns=final.turn_no,
        points_left=sum(record.hand_points),
        penalties=sum(record.penalties),
        jokers_laid=laid,
        jokers=final.config.jokers,
        swaps=swaps,
    )


def summarise(options: Mapping[str, Any], played: Sequence[DealFigures | None]) -> LabReport:
    """The lab's figures with 95% intervals over the finished deals of ``played`` (``None``: cut off)."""
    deals = [d for d in played if d is not None]
    n = len(deals)
    figures = (
        ("first_player_wins", rate(sum(d.winner == FIRST for d in deals), n)),
        ("romme_hand_rate", rate(sum(d.romme_hand for d in deals), n)),
        ("no_winner_rate", rate(sum(d.winner is None for d in deals), n)),
        ("jokers_laid_share", average([d.jokers_laid / d.jokers for d in deals])),
        ("turns_per_deal", average([d.turns for d in deals])),
        ("points_left", average([d.points_left for d in deals])),
        ("penalty_per_player", average([d.penalties / PLAYERS for d in deals])),
        ("swaps_per_deal", average([d.swaps for d in deals])),
        ("cut_off_rate", rate(len(played) - n, len(played))),
    )
    return LabReport(dict(options), len(played), figures)


def _play_span(options: Mapping[str, object], seed: int, lo: int, hi: int) -> list[DealFigures | None]:
    """The deals ``lo .. hi - 1`` (a process pool's job)."""
    return [play_deal(options, seed, deal) for deal in range(lo, hi)]


#: Deals per job of a process pool (about a quarter of a second each).
SPAN = 50


def run_deals(
    options: Mapping[str, object] | None,
    deals: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> LabReport:
    """Simulate ``deals`` deals under ``options`` (the report echoes every option but the pass length) on
    ``workers`` processes; the figures do not depend on their number."""
    given = dict(options or {})
    start = start_state(given)
    (played,) = play_all([partial(_play_span, given, seed)], deals, SPAN, workers, progress)
    return summarise(_shown(start), played)


def _shown(start: State) -> dict[str, Any]:
    return {key: value for key, value in vars_of(start).items() if key != "games_per_pass"}


def vars_of(state: State) -> dict[str, Any]:
    config = state.config
    return {name: getattr(config, name) for name in config.__dataclass_fields__}


def compare(
    variant: Mapping[str, object],
    deals: int,
    seed: int = 15,
    workers: int = 1,
    progress: Progress | None = None,
) -> tuple[LabReport, LabReport]:
    """The default rules and ``variant`` over the same ``deals`` decks (common random numbers), on
    ``workers`` processes; ``progress(done, total)`` counts the deals of both rule sets played so far. The
    variant is checked first, so a bad option is refused before anything is simulated."""
    changed_start = start_state(variant)  # a bad variant is refused here, before any deal
    starts = [start_state({}), changed_start]
    sets: list[Mapping[str, object]] = [{}, dict(variant)]
    played = play_all([partial(_play_span, given, seed) for given in sets], deals, SPAN, workers, progress)
    default, changed = (
        summarise(_shown(start), deals_played) for start, deals_played in zip(starts, played, strict=True)
    )
    return default, changed


#: Variants the web page offers (the CLI takes any option).
VARIANTS = (
    ("opening_min_points", "30"),
    ("jokers", "2"),
    ("cards_per_player", "11"),
    ("opening_figures", "multiple"),
    ("stock_exhaustion", "end_game_count_all"),
    ("dealer_may_claim_upcard", "true"),
    ("swap_own_jokers", "true"),
)
#: The page's words for the variants (the option's description serves where none is given).
VARIANT_WORDS = {
    ("opening_min_points", "30"): Text("Erstes Auslegen schon ab 30 Punkten", "First laying from 30 points"),
    ("jokers", "2"): Text("Nur 2 Joker statt 6", "Only 2 jokers instead of 6"),
    ("cards_per_player", "11"): Text("11 Karten je Spielerin statt 13", "11 cards per player instead of 13"),
    ("opening_figures", "multiple"): Text(
        "Erstes Auslegen: mehrere Figuren zusammen 40 Punkte", "First laying: several figures together worth 40"
    ),
    ("stock_exhaustion", "end_game_count_all"): Text(
        "Leerer Stapel beendet das Spiel (alle zählen)", "An empty stock ends the deal (everyone counts)"
    ),
    ("dealer_may_claim_upcard", "true"): Text(
        "Geberin darf die aufgedeckte Karte klopfen", "The dealer may knock for the up-card"
    ),
    ("swap_own_jokers", "true"): Text("Eigene Joker dürfen getauscht werden", "Own jokers may be swapped"),
}
