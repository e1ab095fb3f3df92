"""placeholder"""


def simulate() -> None:
    """Simulate."""
