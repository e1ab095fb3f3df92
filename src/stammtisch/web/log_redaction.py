"""No secret in the server's logs (issue 31.4).

Some links are capabilities: a seat link (``/p/<token>``, TS-1) opens a hand, the organiser's key
(``?key=``, TS-5) opens every seat link, a follow or screen link (``/f/<token>``, ``/screen/<token>``)
opens a table, an invite (``/invite/<secret>``, AC-7) sets a password, an API token (AC-6) acts as a
member. Whoever reads the access log must not be able to use them. ``RedactSecrets`` is a logging
filter that rewrites every record before any handler sees it: the secret path segment and the values
of secret query parameters become ``[redacted]``. ``install`` puts it on the server's loggers
(uvicorn's access and error logs and the app's own), in each worker as its app is built."""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"
#: Path segments that are secrets: the segment after one of these.
SECRET_PATHS = ("p", "f", "screen", "invite", "join", "s")
#: Query parameters that hold secrets.
SECRET_PARAMETERS = ("key", "token", "secret", "seat_token", "access_token", "invite", "code")
#: Loggers whose records are rewritten.
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn", "stammtisch", "")

_PATH = re.compile(r"(/(?:" + "|".join(SECRET_PATHS) + r")/)([^/?#\s\"']+)")
_QUERY = re.compile(r"([?&;](?:" + "|".join(SECRET_PARAMETERS) + r")=)([^&#\s\"']*)", re.IGNORECASE)
_BEARER = re.compile(r"(Bearer\s+)[A-Za-z0-9._~+/=-]+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every secret path segment, secret query value and bearer token replaced."""
    if "/" not in text and "=" not in text and "earer" not in text:
        return text  # most messages: nothing that could hold a secret (speed: the access log of every request)
    text = _PATH.sub(lambda m: m.group(1) + REDACTED, text)
    text = _QUERY.sub(lambda m: m.group(1) + REDACTED, text)
    return _BEARER.sub(lambda m: m.group(1) + REDACTED, text)


class RedactSecrets(logging.Filter):
    """Rewrites a record's message and its arguments without secrets; never drops a record. The
    arguments keep their shape (uvicorn's access formatter unpacks them)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()}
        return True


_FILTER = RedactSecrets()


def install() -> None:
    """Puts the filter on the server's loggers and on the root logger's handlers (once)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)
