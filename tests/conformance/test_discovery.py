"""One discovery rule for every layer (issue 27 §3, ``core/plugins.py``): a game's part in a layer is
``stammtisch.<layer>.games.<slug>`` for a slug of the games registry; slugs are identifiers, so a slug
can never reach a layer's own modules; a game without a part gets the layer's default."""

from __future__ import annotations

import importlib.util

import pytest

from stammtisch.bots.base import RandomBot
from stammtisch.bots.registry import DEFAULT_BOT, bot_or_default, bots_for
from stammtisch.core.plugins import check_slug, module_name, part
from stammtisch.games import GAMES, SLUGS
from stammtisch.matches.extensions import DEFAULT
from stammtisch.matches.games import extension_for
from tests.support import toy

LAYERS = ("bots", "sim", "matches", "club", "store", "web", "cli")


def test_the_registry_lists_every_game_once_in_order() -> None:
    assert list(GAMES) == list(SLUGS) and len(set(SLUGS)) == len(SLUGS)
    assert all(GAMES[slug].slug == slug for slug in SLUGS)


@pytest.mark.parametrize("slug", ["pig", "kluempchen", "pig_to_100", "g2"])
def test_a_slug_is_a_lower_case_identifier(slug: str) -> None:
    assert check_slug(slug) == slug


@pytest.mark.parametrize("slug", ["Pig", "pig-dice", "2pig", "pig.dice", "", "class", "../pig"])
def test_other_slugs_are_refused(slug: str) -> None:
    with pytest.raises(ValueError, match="identifier"):
        check_slug(slug)


def test_a_slug_never_reaches_a_layers_own_modules() -> None:
    """A slug ``pig`` beside a generic ``sim/pig.py`` (or ``registry`` beside ``bots/registry.py``) is
    looked up under the layer's ``games`` package only."""
    assert module_name("sim", "pig") == "stammtisch.sim.games.pig"
    assert importlib.util.find_spec("stammtisch.bots.registry") is not None
    assert part("bots", "registry") is None
    assert part("cli", "board") is None  # cli/board.py is the generic board, not a game's part


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("slug", SLUGS)
def test_each_layer_finds_a_games_part_where_the_rule_says(layer: str, slug: str) -> None:
    """A part exists exactly when its module does; nothing else is looked at."""
    exists = importlib.util.find_spec(f"stammtisch.{layer}.games") is not None and (
        importlib.util.find_spec(module_name(layer, slug)) is not None
    )
    found = part(layer, slug)
    assert (found is not None) == exists
    if found is not None:
        assert found.__name__ == module_name(layer, slug)


def test_a_game_without_parts_gets_every_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy has no bots, match extension or CLI part: the random bot plays where ``heuristic`` (the
    default of ``play`` and ``simulate``) is asked for, the default extension applies."""
    monkeypatch.setitem(GAMES, toy.GAME.slug, toy.GAME)
    assert all(part(layer, toy.GAME.slug) is None for layer in LAYERS)
    bots = bots_for(toy.GAME)
    assert bots == {"random": RandomBot} and bot_or_default(bots, DEFAULT_BOT) == "random"
    assert extension_for(toy.GAME.slug) is DEFAULT


def test_the_preisromme_bots_are_one_package() -> None:
    """The Preisrommé bot's modules are ``bots/games/preisromme/``; its bots are offered in form order."""
    assert list(bots_for(GAMES["preisromme"])) == ["random", "heuristic", "durchgang", "search", "strong"]


def test_a_name_that_is_no_slug_has_no_part() -> None:
    """Test games that are never registered (``toy-vote``) get every layer's default; only the registry refuses."""
    assert part("matches", "toy-vote") is None and part("bots", "Class") is None
