"""Games are plug-ins (issue 8): outside a game's own places no file names it, except one registry
file per layer.

A game's own places: ``games/<slug>/``, any layer's part ``<layer>/games/<slug>`` (a package or a module,
``web/games/<slug>/``, ``cli/games/<slug>/``, ``bots/games/<slug>/``, ``matches/games/<slug>.py``) and its
modules ``<layer>/games/<slug>_<kind>.py`` (``club/games/<slug>_stats.py``), and ``store/migrations/`` (old
migrations name what existed when they were written). Places are matched by name, as identifiers:
``games/pigment.py`` is not a place of ``pig``. A file names a game when its text contains the registered
slug, lower case or upper case (``PREISROMME``), not inside a longer word (``preisromme_table`` names it; the
German word "Regeln" does not name ``regeln``). A layer is a top-level package of ``stammtisch``; in each, at
most one file outside the games' places may name games: its registry.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import stammtisch
from stammtisch.games import GAMES

ROOT = Path(stammtisch.__file__).parent
SKIPPED_SUFFIXES = {".pyc", ".png", ".jpg", ".ico", ".woff", ".woff2", ".mo", ".sqlite3"}


def _pattern(slug: str) -> re.Pattern[str]:
    words = "|".join(re.escape(form) for form in (slug, slug.upper()))
    return re.compile(rf"(?<![A-Za-z0-9])(?:{words})(?![A-Za-z0-9])")


def _names_the_game(name: str, slug: str) -> bool:
    """``<slug>``, ``<slug>.py`` or ``<slug>_<kind>.py``: the name, as an identifier, is the slug's."""
    stem = name.split(".", 1)[0]
    return stem == slug or stem.startswith(f"{slug}_")


def allowed(relative: Path, slug: str) -> bool:
    """Whether ``relative`` (a path under src/stammtisch) is one of the game's own places."""
    parts = relative.parts
    if parts[:2] == ("store", "migrations"):
        return True
    for at, part in enumerate(parts[:-1]):
        if part == "games" and _names_the_game(parts[at + 1], slug):
            return True  # games/<slug>/..., */games/<slug>/..., */games/<slug>.py, */games/<slug>_<kind>.py
    return False


def naming_files() -> dict[str, list[str]]:
    """Per layer, the files outside the games' places that name a registered game (and which)."""
    patterns = {slug: _pattern(slug) for slug in GAMES}
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(ROOT.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in SKIPPED_SUFFIXES:
            continue
        relative = path.relative_to(ROOT)
        if len(relative.parts) == 1:
            continue  # stammtisch/__init__.py, the version: no layer
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        named = [slug for slug, pattern in patterns.items() if not allowed(relative, slug) and pattern.search(text)]
        if named:
            found[relative.parts[0]].append(f"{relative} ({', '.join(named)})")
    return dict(found)


def test_the_layout_rule_sees_the_games_own_places() -> None:
    assert allowed(Path("games/kluempchen/rules.py"), "kluempchen")
    assert allowed(Path("web/games/kluempchen/templates/board.html"), "kluempchen")
    assert allowed(Path("cli/games/kluempchen.py"), "kluempchen")
    assert allowed(Path("bots/games/preisromme/search.py"), "preisromme")
    assert allowed(Path("club/games/kluempchen_stats.py"), "kluempchen")
    assert not allowed(Path("games/pigment/rules.py"), "pig") and not allowed(Path("sim/pig.py"), "pig")
    assert not allowed(Path("bots/pigment.py"), "pig")
    assert allowed(Path("store/migrations/versions/0002_tournaments.py"), "kluempchen")
    assert not allowed(Path("web/app.py"), "kluempchen")
    assert not allowed(Path("games/__init__.py"), "kluempchen")
    assert _pattern("regeln").search("regeln/game.py") and not _pattern("regeln").search("Die Regeln, Hausregeln")


def test_at_most_one_registry_file_per_layer_names_a_game() -> None:
    """Issue 8: outside games/<slug>/, */games/<slug>*, and store/migrations/, at most
    one registry file per layer names a game."""
    found = naming_files()
    crowded = {layer: files for layer, files in found.items() if len(files) > 1}
    listing = "\n".join(f"{layer}: {len(files)} files\n  " + "\n  ".join(files) for layer, files in crowded.items())
    assert not crowded, f"layers where more than one file names a game:\n{listing}"
