"""The game simulator: a pure engine, simulated players, and statistics over many games.

Modules, each with one job:
- the game: `tables` (content as indices and masks), `state` (the mutable state of a
  game), `actions` (actions and the legal ones), `engine` (applying an action, the
  player's discards), `game` (setup, the turn loop, a game's result);
- the players: `players` (the interface, the random player), `judge` and `tactics`
  (what the heuristic players share), `greedy`, `candidates` and `search` (the
  rollout player), `registry` (the kinds by name);
- many games: `runner` (batches on any executor), `executors` (here or local
  processes), `cluster` (a Dask cluster), `pool` (what both hand the runner),
  `tally` (whole-number totals of a batch), `sweep` (rule variants);
- the report: `intervals` (Wilson, chi-square), `stats` (the summary), `headline`
  (the plain-language opening), `report` (text and JSON), `chart` (the HTML page),
  `balance` (warnings for `tkg validate --balance`).
See docs/simulation.md.
"""
