"""Per-game page presenters: what a game's template needs, taken from its JSON view."""
