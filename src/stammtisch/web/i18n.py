"""Languages of the web pages: German and English through gettext catalogs (Babel).

The catalogs are the ``messages.po`` files under ``web/locale/<lang>/LC_MESSAGES``. They are read
at start-up with Babel's PO reader, so no compile step is needed. Message ids are English; the
English catalog may leave a ``msgstr`` empty, which means "same as the id".

A request's language is chosen by ``?lang=``, then the ``lang`` cookie, then ``Accept-Language``,
then German (the club's language).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from babel.core import negotiate_locale
from babel.messages.pofile import read_po
from babel.numbers import format_currency

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"
COOKIE = "lang"
LOCALE_DIR = Path(__file__).parent / "locale"


@lru_cache(maxsize=len(LANGUAGES))
def catalog(lang: str) -> dict[str, str]:
    """msgid → translation for ``lang`` (only entries with a translation)."""
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        messages = read_po(handle, locale=lang)
    return {str(m.id): str(m.string) for m in messages if m.id and m.string and not m.fuzzy}


def N_(message: str) -> str:
    """Marks a message id for extraction that is translated later, where it is shown (``_(...)``)."""
    return message


def translator(lang: str) -> Callable[..., str]:
    """A ``gettext`` for ``lang``; keyword arguments fill ``%(name)s`` placeholders."""
    table = catalog(lang if lang in LANGUAGES else DEFAULT_LANGUAGE)

    def gettext(message: str, **values: object) -> str:
        text = table.get(message, message)
        return text % values if values else text

    return gettext


def parse_accept_language(header: str | None) -> list[str]:
    """Language tags from an ``Accept-Language`` header, best first (q-values respected)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        if not tag or tag == "*":
            continue
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if quality > 0:
            weighted.append((-quality, index, tag.replace("-", "_")))
    return [tag for _, _, tag in sorted(weighted)]


def choose_language(query: str | None, cookie: str | None, accept_language: str | None) -> str:
    """The request's language: ``?lang=``, then the cookie, then ``Accept-Language``, then German."""
    for candidate in (query, cookie):
        if candidate in LANGUAGES:
            return candidate
    preferred = parse_accept_language(accept_language)
    # Match on the primary subtag so "en-GB" and "de-AT" find their catalog.
    primary = [tag.split("_")[0].lower() for tag in preferred]
    return negotiate_locale(primary, list(LANGUAGES)) or DEFAULT_LANGUAGE


def money(cents: int, lang: str) -> str:
    """An amount of euro cents in the reader's format: ``2,50 €`` or ``€2.50``."""
    return format_currency(cents / 100, "EUR", locale=lang)
