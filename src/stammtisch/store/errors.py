"""Storage problems a person can fix (a data directory, a database file, a server), explained in
German and English so adapters can print them without a traceback."""

from __future__ import annotations

from typing import Any

from stammtisch.core.text import Text


class StoreError(Exception):
    """The database cannot be used. ``code`` is stable for programs; ``message`` says what is wrong
    and what to do; ``detail`` is the underlying error for logs."""

    def __init__(self, code: str, message: Text, detail: str = "") -> None:
        self.code = code
        self.message = message
        self.detail = detail
        super().__init__(f"{message.de}\n{message.en}")

    def text(self, lang: str) -> str:
        return self.message.get(lang)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "de": self.message.de, "en": self.message.en, "detail": self.detail}
