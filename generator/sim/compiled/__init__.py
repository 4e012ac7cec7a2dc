"""The simulator's compiled engine: the rules and the rule-list players in numba.

The pure-Python engine (`generator.sim.engine`, `game.py`) is the reference: it is the
one to read and to debug. This package plays the same games, draw for draw, for the
players whose every choice is a fixed rule list (greedy and sealer); a test plays both
engines on the same seeded games and compares every field of every result.
"""
