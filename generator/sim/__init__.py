"""The game simulator: a pure engine, simulated players, and statistics over many games.

Modules, each with one job: `tables` (content as indices and masks), `state` (the
mutable state of a game), `actions` (actions and the legal ones), `engine` (applying
an action), `game` (setup and the turn loop), `players` (who chooses), `runner` (many
games across processes), `stats` (the summary), `report` (text and JSON), `chart` (the
matplotlib report), `balance` (warnings for `tkg validate --balance`).
"""
