"""The game protocol every engine implements, and what all games share.

Pure: standard library only, no I/O, no clock, no global random state.
"""
