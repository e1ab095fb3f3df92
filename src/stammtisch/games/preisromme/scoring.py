"""Scoring (R-12, R-13, RA-23): hand counts, Rommé-Hand doubling, booking a game, score-sheet bounds."""

from __future__ import annotations

from stammtisch.games.preisromme.cards import VALUE, deck
from stammtisch.games.preisromme.model import Config, GameRecord


def deck_points(config: Config) -> int:
    """The count of the whole deck (R-13.1): 872 with two packs and six jokers."""
    return sum(VALUE[card] for card in deck(config.decks, config.jokers))


def max_losers_points(config: Config, has_winner: bool) -> int:
    """The most the losers' hands can count together: the deck minus, when someone went out, her
    opening figure (at least ``opening_min_points``: a card's hand value is never below its figure
    points, RA-12) and her last discard (at least 2)."""
    total = deck_points(config)
    return total - (config.opening_min_points + 2 if has_winner else 0)


def book_game(
    config: Config, dealer: int, winner: int | None, romme_hand: bool, hand_points: tuple[int, ...]
) -> GameRecord:
    """RA-23: penalty points are the hand counts, doubled after a Rommé-Hand (R-13.2); the winner
    scores 0. Under ``winner_collects`` the winner is also credited with the others' sum."""
    factor = 2 if romme_hand and winner is not None else 1
    raw = tuple(0 if seat == winner else points for seat, points in enumerate(hand_points))
    penalties = tuple(points * factor for points in raw)
    credits = [0] * len(hand_points)
    if config.scoring == "winner_collects" and winner is not None:
        credits[winner] = sum(penalties)
    return GameRecord(dealer, winner, romme_hand and winner is not None, raw, penalties, tuple(credits))
