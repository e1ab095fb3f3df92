"""The command line: Typer + Rich."""
