"""The plug-in API of the web app: everything a web game (``web/games/<slug>/``) needs from the generic web
layer, in one module. A plug-in imports only this module, ``web.plugin`` (the ``WebGame`` record), its own
package, the pure layers (``core``, ``games``) and ``matches``, and its own game's plug-ins in the other
layers (``stammtisch.<layer>.games.<slug>``); ``tests/web/test_plugin_imports_only_the_kit.py`` holds
the plug-ins to that. The names keep their homes (the routes that define them use them too); this module
is the one place a plug-in finds them, so a route module can change without breaking a game.

What is here, by job:

* **rendering a match** – ``render_match`` (the match page or its board fragment), ``written`` (after a
  write: tell the other phones, answer with the board or a redirect), ``SeqField`` (the sequence number a
  write names), ``Renderer`` and the request dependencies (``ServiceDep``, ``RendererDep``, ``LangDep``,
  ``BroadcasterDep``), ``seat_legal`` and ``plain_text`` for presenters;
* **forms and refusals** – ``parse_seat``, ``BadInput``, ``status_for``, ``settle_names`` (guest or member,
  AC-1), ``duplicate_warning``, the club's names (``clean_name``, ``name_key``);
* **creating a match from a form** – ``start_match`` (names, the match, its seats, the other pages told:
  the redirect to the match), ``link_seats`` (the members behind the seats), ``table_for`` /
  ``announce`` / ``opened_links`` (a digital table and its seat links);
* **links** – ``expired``, ``unknown``, ``withdrawn`` (the pages of a link that no longer opens),
  ``ended_at``, ``MAX_TOKEN``, ``SqlEveningLinks``;
* **access** – ``check``, ``require``, ``Permission``, ``allowed``, ``club_service``, ``ClubService``,
  ``Member``, ``Kind``, ``MemberRefused``;
* **statistics tables** – ``StatsTable``, ``Column`` (``web/games/<slug>/stats_table.py``);
* **words and money** – ``N_``, ``translator``, ``money``;
* **files and warm-up** – ``data_dir``, ``warm_up_solver_kernels``.
"""

from __future__ import annotations

from stammtisch.club.members.access import Permission, allowed
from stammtisch.club.members.duplicates import duplicate_warning
from stammtisch.club.members.errors import MemberRefused
from stammtisch.club.members.model import Kind, Member
from stammtisch.club.members.names import clean_name, name_key
from stammtisch.club.members.service import ClubService
from stammtisch.store.config import data_dir
from stammtisch.store.share_links import SqlEveningLinks
from stammtisch.web.auth import club_service, link_seats, require
from stammtisch.web.auth.policy import check
from stammtisch.web.deps import BroadcasterDep, LangDep, RendererDep, ServiceDep
from stammtisch.web.errors import BadInput, status_for
from stammtisch.web.forms import parse_seat
from stammtisch.web.i18n import N_, money, translator
from stammtisch.web.links import MAX_TOKEN, ended_at, expired, unknown, withdrawn
from stammtisch.web.names import settle_names
from stammtisch.web.new_match import start_match
from stammtisch.web.presenters import plain_text, seat_legal
from stammtisch.web.rendering import Renderer
from stammtisch.web.routes.match import SeqField, render_match, written
from stammtisch.web.routes.stats import Column, StatsTable
from stammtisch.web.routes.tables import opened_links
from stammtisch.web.tables import announce, table_for


def warm_up_solver_kernels() -> None:
    """Compile the solver's kernels once (a game's ``warm_up``); imported here, on call, because it is heavy."""
    from stammtisch.sim import kernels

    kernels.warm_up()


__all__ = [
    "MAX_TOKEN",
    "N_",
    "BadInput",
    "BroadcasterDep",
    "ClubService",
    "Column",
    "Kind",
    "LangDep",
    "Member",
    "MemberRefused",
    "Permission",
    "Renderer",
    "RendererDep",
    "SeqField",
    "ServiceDep",
    "SqlEveningLinks",
    "StatsTable",
    "allowed",
    "announce",
    "check",
    "clean_name",
    "club_service",
    "data_dir",
    "duplicate_warning",
    "ended_at",
    "expired",
    "link_seats",
    "unknown",
    "withdrawn",
    "money",
    "name_key",
    "opened_links",
    "parse_seat",
    "plain_text",
    "render_match",
    "require",
    "seat_legal",
    "settle_names",
    "start_match",
    "status_for",
    "table_for",
    "translator",
    "warm_up_solver_kernels",
    "written",
]
