"""Languages of the web pages: German and English through gettext catalogs (Babel).

The catalogs are the ``messages.po`` files under ``web/locale/<lang>/LC_MESSAGES``. They are read
at start-up with Babel's PO reader, so no compile step is needed. Message ids are English; the
English catalog may leave a ``msgstr`` empty, which means "same as the id".

A request's language is chosen by ``?lang=``, then the ``lang`` cookie, then ``Accept-Language``,
then German (the club's language).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from functools import lru_cache
from pathlib import Path

from babel.core import negotiate_locale
from babel.dates import format_date, format_time
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal

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


def _moment(value: object) -> datetime | date:
    """A date or time from a ``datetime``/``date`` or its ISO text (as snapshots carry it)."""
    if isinstance(value, (datetime, date)):
        return value
    text = str(value)
    return datetime.fromisoformat(text) if "T" in text or " " in text else date.fromisoformat(text)


def when(value: object, lang: str, seconds: bool = False) -> str:
    """A date or a moment in the reader's format: ``28.11.2026, 01:52`` or ``Nov 28, 2026, 1:52 AM``
    (the club's clock, UTC, as stored; a date alone without a time)."""
    moment = _moment(value)
    if not isinstance(moment, datetime):
        return format_date(moment, "medium", locale=lang)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    shown = format_time(moment, "medium" if seconds else "short", tzinfo=UTC, locale=lang)
    return f"{format_date(moment, 'medium', locale=lang)}, {shown}"


def day(value: object, lang: str) -> str:
    """The date alone of a date or a moment, in the reader's format: ``28.11.2026`` or ``Nov 28, 2026``."""
    moment = _moment(value)
    return format_date(moment.date() if isinstance(moment, datetime) else moment, "medium", locale=lang)


def number(value: float, lang: str, digits: int = 1) -> str:
    """A number with at most ``digits`` decimals in the reader's format: ``1,5`` or ``1.5``."""
    pattern = "#,##0" + ("." + "#" * digits if digits > 0 else "")
    return format_decimal(value, format=pattern, locale=lang)


def plural_translator(lang: str) -> Callable[..., str]:
    """An ``ngettext`` for ``lang``: the singular id for one, the plural id otherwise; ``n`` is filled in as
    ``%(n)s`` with the other keyword arguments. (The catalogs hold each form as its own message id.)"""
    gettext = translator(lang)

    def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
        return gettext(singular if n == 1 else plural, n=n, **values)

    return ngettext
