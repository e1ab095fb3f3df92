"""The garbage collector tuned for a server process (bench/hammer.py).

CPython's cyclic collector runs a young collection every 700 new container objects and a full one
whenever the survivors grow by a quarter. A request makes a few hundred containers (headers,
snapshots, JSON), nearly all freed at once by reference counting, so under load the young
collections ran several hundred times a second, and the full ones every second or two, each walking
the whole heap (every imported module, route, template and cached match) for about 100 ms while no
request was answered: about a fifth of the server's time and most of the slow answers' wait,
measured with 20 matches × 5 clients.

So, once per process when serving starts: collect, then ``gc.freeze()`` what is alive (imports, the
app, the templates: never garbage) so full collections no longer walk it, and collect the young
generation every ``YOUNG`` containers instead of every 700. Cycles are still found, only later;
memory stays bounded because every cache in the app is.
"""

from __future__ import annotations

import gc

#: Containers allocated (net) between two young collections (CPython's default is 700).
YOUNG = 50_000

_tuned = False


def tune_for_serving() -> None:
    """Freeze the start-up heap and space the young collections out (once per process)."""
    global _tuned
    if _tuned:
        return
    _tuned = True
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
