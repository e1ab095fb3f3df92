"""placeholder"""


def play() -> None:
    """Play in the terminal."""
