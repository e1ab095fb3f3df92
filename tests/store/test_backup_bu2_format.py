"""BU-2 (docs/backup.md): every value kind the file knows comes back as it went in (date-times as the same
instant in UTC), and the file's checksum covers every row: properties over drawn values."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.store.backup_format import BackupWriter, TableShape, decode, encode, read_rows, verify

ZONES = st.builds(lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-12 * 60, 14 * 60))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=10,
)


@given(
    moment=st.datetimes(datetime(1900, 1, 1), datetime(2200, 1, 1), timezones=ZONES | st.just(UTC)),
    day=st.dates(),
    blob=st.binary(max_size=40),
    number=st.decimals(allow_nan=False, allow_infinity=False, places=4),
    document=JSON,
)
def test_bu2_values_round_trip(moment, day, blob, number: Decimal, document) -> None:  # noqa: ANN001
    """BU-2: datetime (same instant, written in UTC), date, bytes, decimal and JSON survive encode/decode."""
    back = decode("datetime", encode("datetime", moment))
    assert back == moment and back.tzinfo == UTC
    assert decode("date", encode("date", day)) == day
    assert decode("bytes", encode("bytes", blob)) == blob
    assert decode("decimal", encode("decimal", number)) == number
    assert decode("json", encode("json", document)) == document


@settings(max_examples=30, deadline=None)
@given(rows=st.lists(st.tuples(st.integers(-(2**31), 2**31), st.text(max_size=20), JSON), max_size=30))
def test_bu2_a_written_file_verifies_and_reads_back(rows: list, tmp_path_factory) -> None:  # noqa: ANN001
    """BU-2/BU-5: what the writer wrote passes ``verify`` and reads back row for row, in order."""
    shape = TableShape("things", ("id", "name", "data"), ("plain", "plain", "json"))
    buffer = io.BytesIO()
    writer = BackupWriter(buffer, "0010_member_dates", "sqlite", [shape])
    writer.rows("things", iter([[encode(k, v) for k, v in zip(shape.kinds, row, strict=True)] for row in rows]))
    assert writer.finish() == len(rows)
    path = Path(tmp_path_factory.mktemp("bu2")) / "file.backup"
    path.write_bytes(buffer.getvalue())
    header = verify(path)
    assert header.revision == "0010_member_dates" and header.tables == (shape,)
    assert [tuple(values) for _, values in read_rows(path, header)] == [tuple(row) for row in rows]
