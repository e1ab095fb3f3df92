"""Reading a game's skill book (the club's recorded games) for ``--skill`` names: the store is opened
only when a command needs it, and a bad data directory or database ends in its bilingual message."""

from __future__ import annotations

import os
from typing import Any

from stammtisch.cli.console import fail


def load_book(book_class: Any) -> Any:
    """``book_class(repository).load()`` on the configured database, the store closed afterwards."""
    from stammtisch.store.config import database_url
    from stammtisch.store.database import open_store
    from stammtisch.store.errors import StoreError

    try:
        store = open_store(database_url(os.environ))
    except StoreError as error:
        fail(error.message)
    try:
        return book_class(store.repository).load()
    finally:
        store.close()
