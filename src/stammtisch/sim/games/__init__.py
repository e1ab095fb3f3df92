"""The per-game parts of the simulation layer: ``sim/games/<slug>/`` (fast simulator, solver, lab)."""
