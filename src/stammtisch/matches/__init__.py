"""Use cases around event-sourced matches: create, act, enter outcomes, undo, view."""
