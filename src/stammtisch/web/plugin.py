"""What a game brings to the web app: the ``WebGame`` record each ``web/games/<slug>/`` package exports.

A web game is a package ``stammtisch.web.games.<slug>`` whose ``__init__.py`` defines
``WEB_GAME = WebGame(...)`` and is listed once in the registry (``web/games/__init__.py``). The app
factory loops over the registered games; no generic web file names a game. Typical layout::

    web/games/<slug>/
        __init__.py     WEB_GAME = WebGame(slug=..., present=..., router=..., ...)
        presenter.py    present(snap, lang, seat) -> the game's page model
        routes.py       router = APIRouter()   (the game's own pages; optional)
        templates/      found by name as "<slug>/<file>", e.g. "<slug>/board.html"
        static/         served at /static/games/<slug>/<file>

**The presenter** (one signature for every game)::

    present(snap: Mapping[str, Any], lang: str, seat: int | None) -> dict[str, Any]

``snap`` is a snapshot's JSON form (``MatchSnapshot.to_json()``: ``match_id``, ``game``, ``mode``,
``seq``, ``players``, ``turn``, ``legal``, ``view``, ...), ``lang`` is ``"de"`` or ``"en"``, ``seat``
is the seat whose phone shows the page (``None``: the scribe or the public table). It returns the
game's page model, JSON-ready (no engine objects). For a game with a ``board_template`` the generic
match page (``/m/{id}``) stores it as ``m.g`` beside the generic page model ``m``
(``web.presenters.present_match``) and includes that template; the digital table's pages
(``web.routes.tables``) and the game's own routes call it for their pages too.

**Imports**: a web game takes the app's helpers (rendering a match, ``written``, the sequence field, forms,
links, access, statistics tables, ...) from ``web.kit`` only, never from route modules; a game without a
web part is served by the generic pages (``web.generic_game``: new-match form, board with outcome pad).

**Templates** see the usual context (``_``, ``t``, ``lang``, ``money``, ...). A game's templates are
named with its slug as the first path part; they may use the generic ones (``macros.html``,
``base.html``, ``actions.html``). The match page links the game's ``stylesheets`` (files in its
``static`` folder) in its head, so a board swapped in by HTMX needs no ``<link>`` of its own.

**Warm-up** (``warm_up``): called once per server process in a daemon thread after start-up; its
failures are logged, never raised.

**Start links** (``starts``) are what the home page offers under the game's title (taken from the
engine's ``title`` Text): a new match, a statistics page, ... Their ``label`` is either an English
message id (translated through the web catalog, mark it with ``N_`` from ``web.i18n``) or a ``Text``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import APIRouter

from stammtisch.core.text import Text

#: ``present(snap, lang, seat) -> page model`` (see the module docstring).
Presenter = Callable[[Mapping[str, Any], str, int | None], dict[str, Any]]
#: ``scoreboard(snap, lang) -> {"caption": ..., "lines": [{"name": ..., "score": ..., "current": bool}, ...]}``:
#: names and scores only, from the public snapshot, for the follow link (docs/access.md LK-3); the caption
#: says what the scores are (the round, "cups still standing"), ``current`` marks who is on turn.
Scoreboard = Callable[[Mapping[str, Any], str], dict[str, Any]]
#: ``finale(snap, lang) -> {"headline", "lines", "table", "chart", "rematch", ...}`` or ``None``: the end of a
#: match in the game's own terms (money, cups, the king) for ``finale.html``; keys left out take the generic
#: values of ``web.presenters.finale``.
Finale = Callable[[Mapping[str, Any], str], dict[str, Any] | None]


@dataclass(frozen=True, slots=True)
class StartLink:
    """One entry on the home page under the game's title."""

    href: str
    #: An English message id (translated by the web catalog) or a bilingual ``Text``.
    label: str | Text
    #: Drawn as a primary button (starting something) rather than a plain one (looking something up).
    primary: bool = True


@dataclass(frozen=True, slots=True)
class WebGame:
    """A game's web part; see the module docstring for the contract of each field."""

    #: The engine's slug (``stammtisch.games.GAMES``).
    slug: str
    #: The game's page model for the match page; ``None``: the generic page (buttons and the raw view).
    present: Presenter | None = None
    #: The template the match page includes for the game's part (gets ``m`` with ``m.g``), e.g.
    #: ``"<slug>/board.html"``; ``None``: the generic board.
    board_template: str | None = None
    #: The game's own pages (new match forms, statistics, ...); URLs are the game's to choose.
    router: APIRouter | None = None
    #: Folder of the game's templates, found by name as ``"<slug>/<file>"``.
    templates: Path | None = None
    #: Folder of the game's static files, served at ``/static/games/<slug>/``.
    static: Path | None = None
    #: Stylesheets in ``static`` that the match page links in its head (file names).
    stylesheets: tuple[str, ...] = ()
    #: Home page entries under the game's title.
    starts: tuple[StartLink, ...] = ()
    #: Work a server does once after it starts, in a background thread, so that the first request needing
    #: it does not wait (loading a stored solution, say); it must be cheap when there is nothing to do.
    warm_up: Callable[[], None] | None = None
    #: Names and scores for the follow link (LK-3); ``None``: the names, with the final scores at the end.
    scoreboard: Scoreboard | None = None
    #: The end screen in the game's own terms; ``None``: the generic one (places, scores, a bar chart).
    finale: Finale | None = None

    def static_url(self, name: str) -> str:
        """The URL of one of the game's static files."""
        return f"/static/games/{self.slug}/{name}"
