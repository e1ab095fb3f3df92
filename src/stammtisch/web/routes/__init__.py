"""One router per page area."""
