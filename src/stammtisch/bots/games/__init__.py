"""The games' bots: ``bots/games/<slug>`` defines ``BOTS = {"heuristic": ..., ...}`` (name → a factory of
``bots.base.Bot``) for the game ``<slug>`` of the games registry, found by ``bots.registry``. A game
without one plays with the uniform random bot."""
