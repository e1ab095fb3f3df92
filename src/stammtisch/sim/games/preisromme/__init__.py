"""Preisrommé in the simulation layer: the house-rule lab (``lab.py``)."""
