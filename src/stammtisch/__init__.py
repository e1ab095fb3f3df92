"""Stammtisch: referee, scorekeeper and digital table for a club's house-rule games."""

__version__ = "0.1.0"
