"""The web plug-in API (issue 27.2): a web game (``web/games/<slug>/``) imports from the app only
``web.kit``, ``web.plugin``, its own package, the pure layers (``core``, ``games``), ``matches`` and its
own game's plug-ins in the other layers (``stammtisch.<layer>.games.<slug>``); every other helper comes
through the kit, so the generic route modules can change without breaking a game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import stammtisch.web.games as web_games_package
from stammtisch.web import kit

ROOT = Path(web_games_package.__file__).parent
ALLOWED = ("stammtisch.web.kit", "stammtisch.web.plugin", "stammtisch.core", "stammtisch.games", "stammtisch.matches")


def _imports(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return [(line, module) for line, module in found if module.startswith("stammtisch")]


def _allowed(module: str, slug: str) -> bool:
    own = (f"stammtisch.web.games.{slug}",)
    parts = module.split(".")
    own_layer_plugin = len(parts) >= 4 and parts[2] == "games" and parts[3] == slug  # stammtisch.<layer>.games.<slug>
    return own_layer_plugin or any(module == prefix or module.startswith(prefix + ".") for prefix in ALLOWED + own)


@pytest.mark.parametrize("slug", sorted(path.name for path in ROOT.iterdir() if (path / "__init__.py").exists()))
def test_a_web_plugin_imports_only_the_kit_the_plugin_module_and_its_own_package(slug: str) -> None:
    strays = [
        f"{path.relative_to(ROOT)}:{line} {module}"
        for path in sorted((ROOT / slug).rglob("*.py"))
        for line, module in _imports(path)
        if not _allowed(module, slug)
    ]
    assert not strays, "import these through stammtisch.web.kit: " + ", ".join(strays)


def test_every_name_the_kit_offers_is_there() -> None:
    assert all(hasattr(kit, name) for name in kit.__all__)
