"""The keyed random streams of ``sim.crn`` one number at a time, compiled (Numba) for the simulator kernels.

``crn.key`` folds parts into a key with SplitMix64's finaliser and ``crn.uniforms`` draws a stream's
``counter``-th number from it, over arrays. A kernel that walks one game at a time needs the same
numbers one by one without array temporaries: these functions compute exactly what the NumPy ones do
(the same bits, ``tests/sim/test_lab6_compiled_simulators.py``), so a compiled simulator meets the same
luck as the NumPy lanes it replaces.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from stammtisch.sim.crn import _GOLDEN, _MIX1, _MIX2

_G = np.uint64(_GOLDEN)
_M1 = np.uint64(_MIX1)
_M2 = np.uint64(_MIX2)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_UNIT = 1.0 / (1 << 53)


@njit(cache=True, nogil=True, inline="always")
def mix(x: np.uint64) -> np.uint64:
    """``crn.mix`` of one number (wrapping 64-bit arithmetic)."""
    z = x + _G
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, nogil=True, inline="always")
def extend(prefix: np.uint64, part: int) -> np.uint64:
    """``crn.key(*parts, part)`` from ``prefix = crn.key(*parts)`` (the key is a fold over its parts)."""
    return mix(prefix ^ np.uint64(part))


@njit(cache=True, nogil=True, inline="always")
def uniform(stream: np.uint64, counter: int) -> float:
    """``crn.uniforms`` of one key: the stream's ``counter``-th number in [0, 1) (53 random bits)."""
    bits = mix(stream ^ mix(np.uint64(counter)))
    return float(bits >> _S11) * _UNIT
