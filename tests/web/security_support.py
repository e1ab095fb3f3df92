"""Shared by the security tests: every registered route of the app, with its path parameters filled in."""

from __future__ import annotations

import re
from collections.abc import Iterator

from fastapi import FastAPI

#: Placeholder for every path parameter: the route answers (mostly 404), and every answer must carry
#: the headers and go through the guards.
PLACEHOLDER = "nothing-here"


def routes(app: FastAPI) -> Iterator[tuple[str, str]]:
    """``(method, template)`` of every route the app registered (also those of included routers)."""
    for route in app.routes:
        contexts = route.effective_route_contexts() if hasattr(route, "effective_route_contexts") else [route]
        for context in contexts:
            original = getattr(context, "original_route", context)
            for method in sorted(getattr(original, "methods", None) or ()):
                yield method, context.path


def fill(template: str, value: str = PLACEHOLDER) -> str:
    return re.sub(r"\{[^}]+\}", value, template)
