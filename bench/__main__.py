"""``python -m bench [--quick] [--json]``: print every benchmark figure, one per line.

The engine part always runs; the store replay (``bench/replay.py``) and web latency
(``bench/web_latency.py``) parts run when present. A part that fails is reported and the others
still run, so one broken part does not hide the rest.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import sys
import traceback
from collections.abc import Callable
from typing import Any

from bench import Figure, figures

PARTS = (
    "engine",
    "replay",
    "web_latency",
    "hammer",
    "proempeln",
    "proempeln_skills",
    "preisromme",
    "preisromme_bot",
    "kluempchen_solver",
    "lab",
    "regeln",
)


def _call(run: Callable[..., Any], quick: bool) -> Any:
    parameters = inspect.signature(run).parameters
    return run(quick=quick) if "quick" in parameters else run()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="short runs (a smoke test, not a measurement)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of lines")
    args = parser.parse_args(argv)
    results: dict[str, list[Figure]] = {}
    errors: dict[str, str] = {}
    for part in PARTS:
        try:
            module = importlib.import_module(f"bench.{part}")
        except ModuleNotFoundError as error:
            if error.name == f"bench.{part}":
                continue
            raise
        try:
            results[part] = figures(_call(module.run, args.quick))
        except Exception as error:  # a failing part must not hide the others
            errors[part] = f"{type(error).__name__}: {error}"
            if not args.json:
                traceback.print_exc()
        if not args.json:
            for figure in results.get(part, []):
                print(figure.line(), flush=True)
            if part in errors:
                print(f"{part}: FAILED ({errors[part]})", flush=True)
    if args.json:
        data = {part: [f.to_json() for f in found] for part, found in results.items()}
        print(json.dumps({"quick": args.quick, "figures": data, "errors": errors}, indent=2))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
