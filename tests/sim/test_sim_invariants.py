"""Fuzzing: whatever legal actions are played, every token and tile stays accounted for."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.sim.actions import Legal
from generator.sim.engine import apply
from generator.sim.game import setup
from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer
from generator.sim.state import EMPTY, tile_census, token_census


def check(state) -> None:
    """Every invariant that must hold between actions."""
    table = state.table
    assert token_census(state) == list(table.supply)
    assert tile_census(state) == list(range(len(table.tile_ids)))
    assert min(state.bag + state.zone + state.sealed_tokens) >= 0
    for p in state.players:
        assert min(p.tokens) >= 0 and sum(p.tokens) <= table.rules.oink_capacity
        assert p.placed == sum(1 for t in p.grid if t != EMPTY)
        assert p.grid[p.cell] != EMPTY
        assert p.connected_tiles(table) == p.placed  # placement keeps the world connected
        assert all(p.grid[c] != EMPTY for c, sealed in enumerate(p.sealed) if sealed)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(2, 4), warmup=st.integers(0, 120),
       picks=st.lists(st.integers(0, 2**16), max_size=80))
def test_tokens_and_tiles_are_accounted_for_after_every_action(table, seed, seats, warmup,
                                                               picks):
    rng, prng = random.Random(seed), random.Random(seed + 1)
    players = [GreedyPlayer() if s % 2 else RandomPlayer() for s in range(seats)]
    state = setup(table, players, rng, prng)
    check(state)
    # Greedy turns first reach the middle and late game; then hypothesis picks the actions.
    choices = [None] * warmup + picks
    for pick in choices:
        legal = Legal(state)
        if pick is None:
            action = players[state.current].choose(state, legal, prng)
        else:
            actions = legal.all()
            action = actions[pick % len(actions)]
        apply(state, action, players[state.current], prng)
        check(state)
        if state.over:
            break
        state.turn += 1
        state.current = (state.current + 1) % seats
