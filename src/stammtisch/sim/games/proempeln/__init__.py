"""Prömpeln in the simulation layer: the house-rule lab (``lab.py``)."""
