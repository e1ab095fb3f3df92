"""Jinja2 templates and what every page gets to render with: the language, gettext and helpers.

Templates render snapshots and views only (JSON-ready dicts and lists), never engine state. The
generic templates are found by name (``board.html``); a registered web game's templates by its slug
and name (``<slug>/board.html``, see ``web.plugin``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    Undefined,
    select_autoescape,
)
from starlette.requests import Request
from starlette.responses import HTMLResponse

from stammtisch.club.members.access import Permission, allowed
from stammtisch.core.text import Text
from stammtisch.core.wording import plain
from stammtisch.games import GAMES
from stammtisch.web.bots import bot_label
from stammtisch.web.games import web_games
from stammtisch.web.i18n import LANGUAGES, day, money, number, plural_translator, translator, when

TEMPLATE_DIR = Path(__file__).parent / "templates"
STATIC_DIR = Path(__file__).parent / "static"


def _bilingual(value: object, lang: str) -> str:
    """A ``{"de", "en"}`` label, a ``Text`` (or a plain string) in ``lang``."""
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or value.get("de") or "")
    if value is None or isinstance(value, Undefined):
        return ""
    return str(value)


def template_loader() -> BaseLoader:
    """The generic templates, then each registered web game's under its slug."""
    games: dict[str, BaseLoader] = {
        game.slug: FileSystemLoader(game.templates) for game in web_games() if game.templates is not None
    }
    return ChoiceLoader([FileSystemLoader(TEMPLATE_DIR), PrefixLoader(games)])


def make_environment(strict: bool = False) -> Environment:
    env = Environment(
        loader=template_loader(),
        autoescape=select_autoescape(("html",)),
        undefined=StrictUndefined if strict else Undefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # templates ship with the package; no stat() per render
    )
    env.filters["words"] = without_codes
    env.filters["tojson_compact"] = lambda value: json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return env


#: A value's code name in brackets ("(realtime_first)"): the terminal's way to name a choice, not a page's.
_CODE_NAME = re.compile(r"\s*\([a-z]+(?:_[a-z]+)+\)")


def without_codes(text: object) -> str:
    """A description for a page: clause ids and choices' code names in brackets left out (the rule link
    and the form's own choices say them)."""
    return plain(_CODE_NAME.sub("", str(text)), [])


def game_title(slug: str, lang: str) -> str:
    """The game's name in ``lang``: the fallback title of a match created without one."""
    game = GAMES.get(slug)
    return game.title.get(lang) if game is not None else slug


def language_url(request: Request, lang: str) -> str:
    """The current page in another language (keeps the other query parameters)."""
    params = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"]
    params.append(("lang", lang))
    return f"{request.url.path}?{urlencode(params)}"


class Renderer:
    """Renders templates into responses with the request's language."""

    def __init__(self, env: Environment | None = None) -> None:
        self.env = env or make_environment()

    def context(self, request: Request, lang: str) -> dict[str, Any]:
        gettext = translator(lang)
        account = getattr(request.state, "account", None)
        return {
            "request": request,
            "lang": lang,
            "languages": LANGUAGES,
            "_": gettext,
            "t": lambda value: _bilingual(value, lang),
            "money": lambda cents: money(int(cents), lang),
            "ngettext": plural_translator(lang),
            "when": lambda value, seconds=False: when(value, lang, seconds),
            "day": lambda value: day(value, lang),
            "number": lambda value, digits=1: number(value, lang, digits),
            "game_title": lambda slug: game_title(str(slug), lang),
            "bot_label": lambda game, code: bot_label(str(game), str(code), lang),
            "language_url": lambda other: language_url(request, other),
            "is_htmx": request.headers.get("hx-request") == "true",
            # Who is signed in (web.auth sets it on every request; None for a viewer or a seat link), and
            # what that role may do, so a page offers only what its reader is allowed (docs/access.md).
            "account": account,
            "may": lambda permission: allowed(account.role if account is not None else None, Permission(permission)),
        }

    def render(self, name: str, request: Request, lang: str, status_code: int = 200, **values: Any) -> str:
        context = self.context(request, lang)
        context.update(values)
        return self.env.get_template(name).render(context)

    def response(
        self,
        name: str,
        request: Request,
        lang: str,
        status_code: int = 200,
        headers: dict[str, str] | None = None,
        **values: Any,
    ) -> HTMLResponse:
        return HTMLResponse(self.render(name, request, lang, **values), status_code=status_code, headers=headers)
