"""One discovery rule for every layer: a game's part in layer ``<layer>`` is the module
``stammtisch.<layer>.games.<slug>``, where ``<slug>`` is the game's slug in the games registry.

A layer asks ``part(layer, slug)`` and gets the module, or ``None`` when the game has no part there
(the layer then uses its default: the random bot, the generic board, the default match extension).
Slugs are checked as identifiers (lower-case Python names that are not keywords), so a slug is always
a module name and can never reach a layer's own modules: ``pig`` is found as ``bots.games.pig``, never
as a generic ``sim/pig.py``.
"""

from __future__ import annotations

import importlib
import keyword
import re
from types import ModuleType

_SLUG = re.compile(r"[a-z][a-z0-9_]*")


def is_slug(slug: str) -> bool:
    """Whether ``slug`` can name a game's module in every layer."""
    return _SLUG.fullmatch(slug) is not None and not keyword.iskeyword(slug)


def check_slug(slug: str) -> str:
    """``slug`` itself if it can name a game's module in every layer (the games registry checks each);
    ``ValueError`` otherwise."""
    if not is_slug(slug):
        raise ValueError(f"game slug {slug!r} is not a lower-case Python identifier (letters, digits, _)")
    return slug


def module_name(layer: str, slug: str) -> str:
    """Where layer ``layer`` (``"bots"``, ``"cli"``, ...) keeps the part of game ``slug``."""
    return f"stammtisch.{layer}.games.{check_slug(slug)}"


def part(layer: str, slug: str) -> ModuleType | None:
    """The game's part in ``layer``, imported; ``None`` if there is none (also for a name that is no slug,
    such as a test's unregistered ``toy-vote``). An import error inside an existing part is raised, never
    mistaken for a missing part."""
    if not is_slug(slug):
        return None
    name = module_name(layer, slug)
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing and (name == missing or name.startswith(missing + ".")):
            return None
        raise
