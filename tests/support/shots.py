"""Where browser tests put the 390x844 screenshots a person looks at (they are never compared pixel by
pixel): ``$STAMMTISCH_SHOTS`` (or ``$STAMMTISCH_SHOTS_DIR``), else ``stammtisch-shots`` in the system's
temporary folder, one sub-folder per screen family."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def shots_dir(family: str) -> Path:
    root = os.environ.get("STAMMTISCH_SHOTS") or os.environ.get("STAMMTISCH_SHOTS_DIR")
    base = Path(root) if root else Path(tempfile.gettempdir()) / "stammtisch-shots"
    return base / family
