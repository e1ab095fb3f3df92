"""Bilingual text: everything a user may read comes in German and English."""

from __future__ import annotations

from dataclasses import dataclass

LANGUAGES = ("de", "en")


@dataclass(frozen=True, slots=True)
class Text:
    """One message in German and English."""

    de: str
    en: str

    def get(self, lang: str) -> str:
        """The message in ``lang`` ('de' or 'en'); anything else falls back to English."""
        return self.de if lang == "de" else self.en

    def format(self, **values: object) -> Text:
        """Both languages with ``str.format`` placeholders filled in."""
        return Text(self.de.format(**values), self.en.format(**values))

    def to_json(self) -> dict[str, str]:
        return {"de": self.de, "en": self.en}
