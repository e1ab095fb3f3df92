"""BU-7 (docs/backup.md): the restore writes date-times as text without parsing the backup's own forms.
Proved equal to parsing, for every moment and every form the file or the scratch database holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.store.backup_format import encode, encode_sqlite
from stammtisch.store.backup_restore import _naive_utc, _stored_utc

MOMENTS = st.datetimes(datetime(1, 1, 2), datetime(9999, 12, 30), timezones=st.just(UTC))


def _parsed_naive(text: str) -> str:
    moment = datetime.fromisoformat(text)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment.isoformat(sep=" ", timespec="microseconds")


@given(MOMENTS, st.integers(-12 * 60, 14 * 60))
def test_bu7_file_date_times_become_the_scratch_text(moment: datetime, offset_minutes: int) -> None:
    forms = [
        encode("datetime", moment),  # PostgreSQL and generic backups: isoformat in UTC
        encode_sqlite("datetime", moment.isoformat(sep=" ", timespec="microseconds")),  # SQLite's stored text
        moment.astimezone(timezone(timedelta(minutes=offset_minutes))).isoformat(),  # any other zone
    ]
    for text in forms:
        assert (
            _naive_utc(text)
            == _parsed_naive(text)
            == moment.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
        )


@given(MOMENTS)
def test_bu7_scratch_date_times_become_the_stored_text(moment: datetime) -> None:
    stored = moment.isoformat(sep=" ", timespec="microseconds")  # what the store writes (UtcDateTime)
    for scratch in (moment.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds"), stored):
        assert _stored_utc(scratch) == stored
