"""``core.memo.bounded_cache``: remembers results per positional arguments, stays within its limit."""

from __future__ import annotations

from stammtisch.core.memo import bounded_cache


def test_results_are_remembered_per_arguments_and_the_cache_stays_bounded() -> None:
    calls: list[tuple[int, int]] = []

    @bounded_cache(limit=3)
    def add(a: int, b: int) -> int:
        """Adds."""
        calls.append((a, b))
        return a + b

    assert add(1, 2) == 3 and add(1, 2) == 3 and calls == [(1, 2)]
    assert add(2, 1) == 3 and calls == [(1, 2), (2, 1)]
    for n in range(10):
        add(n, n)
        assert add.cache_size() <= 3
    add.cache_clear()
    assert add.cache_size() == 0
    assert add.__doc__ == "Adds." and add.__name__ == "add"
