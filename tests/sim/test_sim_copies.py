"""`copies:` in the simulator (issue 11): a tile printed twice is two tiles in the stack,
each dealt, drawn and placed on its own; take rates stay one per tile."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.sim.balance import findings
from generator.sim.game import setup
from generator.sim.greedy import GreedyPlayer
from generator.sim.runner import simulate
from generator.sim.tables import build_table

TWICE = "tidewell"


@pytest.fixture(scope="module")
def copied(shipped_game):
    """The shipped game with one tile printed twice (a set of 49)."""
    tiles = tuple(dataclasses.replace(t, copies=2) if t.id == TWICE else t
                  for t in shipped_game.tiles)
    return dataclasses.replace(shipped_game, tiles=tiles, tile_count=49)


def test_a_copy_is_a_tile_of_its_own_in_the_table(copied):
    table = build_table(copied)
    assert len(table.tile_ids) == len(table.masks) == len(table.insignias) == 49
    twins = [i for i, tid in enumerate(table.tile_ids) if tid == TWICE]
    assert len(twins) == 2 and table.masks[twins[0]] == table.masks[twins[1]]
    assert all(len(points) == 49 for points in (*table.sealed_points, *table.unsealed_points))
    assert table.designs == tuple(t.id for t in copied.tiles)
    assert [table.designs[d] for d in table.design_of] == list(table.tile_ids)


def test_setup_deals_and_splits_every_printed_tile(copied):
    table = build_table(copied)
    rng = random.Random(3)
    state = setup(table, [GreedyPlayer(), GreedyPlayer()], rng, random.Random(4))
    held = [t for p in state.players for t in p.grid if t >= 0]
    laid = [t for space in state.spaces for t in space] + list(state.stack)
    assert sorted(held + laid) == list(range(49))


def test_take_rates_are_per_tile_with_its_copies_together(copied):
    summary = simulate(copied, 30, 4, seed=1)
    assert set(summary.take_rate) == {t.id for t in copied.tiles}
    assert all(0.0 <= rate <= 1.0 for rate in summary.take_rate.values())


def test_a_rare_tile_warning_says_it_has_copies(copied):
    summary = simulate(copied, 4, 2, seed=1)
    rates = dict.fromkeys(summary.take_rate, 0.5) | {TWICE: 0.0}
    [warning] = findings(copied, dataclasses.replace(summary, take_rate=rates, stalled=0))
    assert warning.code == "TKG403"
    assert f"tile {TWICE} (any of its 2 copies) was procured in 0.0%" in warning.message
