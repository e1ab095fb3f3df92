"""Clubs, players, ledger, seasons and tournaments."""
