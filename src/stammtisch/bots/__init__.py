"""Strategies and advisors. A bot sees only a seat's view and the legal actions, never raw state."""
