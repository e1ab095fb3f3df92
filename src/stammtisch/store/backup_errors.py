"""Refusals of ``backup`` and ``restore`` (docs/backup.md, clauses BU-1 … BU-7). The clause is data; the
sentence says what is wrong and what to do. A refused restore has written nothing."""

from __future__ import annotations

from collections.abc import Sequence

from stammtisch.core.errors import RuleViolation
from stammtisch.core.text import Text


class BackupRefused(RuleViolation):
    """Base of the backup refusals: the message alone is the sentence."""

    code = "backup/refused"

    def text(self, lang: str) -> str:
        return self.message.get(lang)


class NotABackup(BackupRefused):
    """The file is not a Stammtisch backup at all (another format, or an unknown format version)."""

    code = "backup/wrong_format"

    def __init__(self, path: str, why: Text) -> None:
        super().__init__(
            "BU-2",
            Text(
                f"{path} ist keine Stammtisch-Sicherung ({why.de}). Nimm eine Datei, die `stammtisch backup` "
                "geschrieben hat.",
                f"{path} is not a Stammtisch backup ({why.en}). Use a file written by `stammtisch backup`.",
            ),
        )


class DamagedBackup(BackupRefused):
    """The file is cut short or its contents do not match its checksum."""

    code = "backup/damaged"

    def __init__(self, path: str, why: Text) -> None:
        super().__init__(
            "BU-5",
            Text(
                f"Die Sicherung {path} ist beschädigt ({why.de}); es wurde nichts wiederhergestellt. "
                "Nimm eine andere Sicherung.",
                f"The backup {path} is damaged ({why.en}); nothing was restored. Use another backup.",
            ),
        )


class UnsignedBackup(BackupRefused):
    """BU-9: the file is whole but this server did not sign it: edited (its checksum recomputed), made
    before backups were signed, or signed with another server's key."""

    code = "backup/unsigned"

    def __init__(self, path: str) -> None:
        super().__init__(
            "BU-9",
            Text(
                f"Die Sicherung {path} trägt nicht die Unterschrift dieses Servers: sie wurde verändert, vor den "
                "Unterschriften gemacht oder auf einem anderen Server mit anderem Schlüssel. Es wurde nichts "
                "wiederhergestellt. Stammt sie vom anderen Server, gib diesem dessen Sicherungsschlüssel "
                "(STAMMTISCH_BACKUP_KEY oder die Datei backup_key). Ist der Schlüssel verloren (der alte Rechner "
                "ist weg) oder ist die Datei älter als die Unterschriften, und ihr wisst sicher, dass sie eure ist: "
                "stammtisch restore --trust-unsigned.",
                f"The backup {path} does not carry this server's signature: it was changed, made before backups "
                "were signed, or signed on another server with another key. Nothing was restored. If it comes "
                "from the other server, give this one its backup key (STAMMTISCH_BACKUP_KEY or the file "
                "backup_key). If the key is lost (the old machine is gone) or the file is older than the "
                "signatures, and you know for sure it is yours: stammtisch restore --trust-unsigned.",
            ),
        )


class NewerSchema(BackupRefused):
    """The file comes from a newer Stammtisch whose schema this version does not know."""

    code = "backup/newer_schema"

    def __init__(self, revision: str, head: str) -> None:
        super().__init__(
            "BU-4",
            Text(
                f"Die Sicherung hat den Datenbankstand {revision}, diese Stammtisch-Version kennt nur bis {head}. "
                "Aktualisiere Stammtisch und stelle dann wieder her.",
                f"The backup has schema revision {revision}; this version of Stammtisch knows up to {head}. "
                "Update Stammtisch, then restore.",
            ),
        )


class DatabaseNotEmpty(BackupRefused):
    """Restoring over data needs ``--replace``: the data there would be lost."""

    code = "backup/not_empty"

    def __init__(self, rows: int) -> None:
        super().__init__(
            "BU-3",
            Text(
                f"Die Datenbank ist nicht leer ({rows} Zeilen). Wiederherstellen ersetzt alles darin: "
                "gib --replace an, wenn du das willst, oder nimm eine leere Datenbank.",
                f"The database is not empty ({rows} rows). Restoring replaces everything in it: "
                "give --replace if you want that, or use an empty database.",
            ),
        )


class MatchesDoNotReplay(BackupRefused):
    """A match log in the file does not replay through its engine."""

    code = "backup/replay_failed"

    def __init__(self, failures: Sequence[tuple[str, Text]]) -> None:
        more = len(failures) - 5
        de = "; ".join(f"{match_id}: {why.de}" for match_id, why in failures[:5]) + (
            f" und {more} weitere" if more > 0 else ""
        )
        en = "; ".join(f"{match_id}: {why.en}" for match_id, why in failures[:5]) + (
            f" and {more} more" if more > 0 else ""
        )
        self.match_ids = tuple(match_id for match_id, _ in failures)
        super().__init__(
            "BU-6",
            Text(
                f"{len(failures)} Partie(n) der Sicherung lassen sich nicht nachspielen ({de}); "
                "es wurde nichts wiederhergestellt.",
                f"{len(failures)} match(es) in the backup do not replay ({en}); nothing was restored.",
            ),
        )


class CannotBackUp(BackupRefused):
    """The database cannot be backed up this way (an in-memory database, a file that is not there)."""

    code = "backup/unsupported"

    def __init__(self, why: Text) -> None:
        super().__init__("BU-1", Text(f"Sicherung nicht möglich: {why.de}", f"Cannot back up: {why.en}"))
