"""Links handed out at the table: their absolute URL and a QR code of it (segno, inline SVG, no network).

* ``public_base(request)`` – the address phones use: ``STAMMTISCH_PUBLIC_URL`` when set (behind a proxy
  with its own name, or ``serve --lan``, which sets the laptop's LAN address), else the scheme and
  ``Host`` of the request itself (the host guard has checked that name already; behind a proxy the
  scheme comes from ``X-Forwarded-Proto`` when uvicorn trusts the proxy). ``absolute_url`` joins a path.
* ``qr_svg(url)`` – the QR code as inline SVG markup, readable by screen readers (``role="img"`` and an
  ``aria-label`` with the URL). Inline, so the page needs no image route and no outside service.
* ``short_url(url)`` – the link as a share box shows it, shortened to fit one line of a phone.
* ``install(env)`` – makes ``qr_svg``, ``absolute_url`` and ``short_url`` known to the templates; the macro
  ``share_link(url, label)`` in ``templates/share/share.html`` draws code, shortened link and copy button.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache
from urllib.parse import urlsplit

import segno
from jinja2 import Environment
from markupsafe import Markup, escape
from starlette.requests import Request

PUBLIC_URL_VARIABLE = "STAMMTISCH_PUBLIC_URL"
#: Error correction M (15 %): a phone reads it off a laptop screen in a dim pub, and the code stays small.
ERROR_CORRECTION = "m"


def configured_public_url(env: Mapping[str, str] | None = None) -> str | None:
    """``STAMMTISCH_PUBLIC_URL`` without a trailing slash, or None when unset or not an http(s) URL."""
    env = os.environ if env is None else env
    given = env.get(PUBLIC_URL_VARIABLE, "").strip().rstrip("/")
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return given


def public_base(request: Request) -> str:
    """Where phones reach this server, without a trailing slash (module docstring)."""
    configured = configured_public_url()
    if configured is not None:
        return configured
    return str(request.base_url).rstrip("/")


def absolute_url(request: Request, path: str) -> str:
    """``path`` (``/p/…``) as the absolute URL phones use."""
    return public_base(request) + (path if path.startswith("/") else f"/{path}")


#: The longest link text a share box shows (about one line of a 390 px phone in the monospace font).
SHORT_CHARS = 34


def short_url(url: str, limit: int = SHORT_CHARS) -> str:
    """The link as the share box shows it: without the scheme, and with the middle of a long token left out
    (``192.168.1.5:8000/p/Hkb…Fwfb``), so it fits one line; the link itself, the QR code and the copy
    button keep the whole URL."""
    shown = str(url).split("://", 1)[-1]
    if len(shown) <= limit:
        return shown
    tail = 6
    return f"{shown[: limit - tail - 1]}…{shown[-tail:]}"


@lru_cache(maxsize=256)
def _svg(url: str) -> str:
    code = segno.make(url, error=ERROR_CORRECTION, micro=False)
    svg = code.svg_inline(scale=1, border=2, omitsize=True, svgclass="qr", lineclass=None, dark="#000", light="#fff")
    label = escape(url)
    return svg.replace("<svg ", f'<svg role="img" aria-label="QR: {label}" focusable="false" ', 1)


def qr_svg(url: str) -> Markup:
    """The QR code of ``url`` as inline SVG (scales to its box: no width or height of its own)."""
    return Markup(_svg(str(url)))


def install(env: Environment) -> None:
    """Make the helpers known to every template (the share macro uses them)."""
    env.globals["qr_svg"] = qr_svg
    env.globals["absolute_url"] = absolute_url
    env.globals["short_url"] = short_url
