"""The rules of a turn, one situation at a time, on hand-built states."""

from __future__ import annotations

import dataclasses
import random
from collections import deque

import pytest
from simkit import bare_state, counts, tile_with

from generator.sim.actions import DRAW, SEAL, Blind, Legal, Move, Procure, Refresh, Trade
from generator.sim.engine import IllegalAction, apply, scores
from generator.sim.game import setup
from generator.sim.players import GreedyPlayer, RandomPlayer
from generator.sim.state import EMPTY, token_census

RNG = random.Random(0)


class FirstCell:
    """A placer that takes the first cell offered, and records what it was offered."""

    def __init__(self):
        self.offered = None

    def place(self, state, tile, cells, rng):
        self.offered = list(cells)
        return cells[0]


def with_rules(table, **changes):
    """The same table under different rule numbers."""
    return dataclasses.replace(table, rules=dataclasses.replace(table.rules, **changes))


def test_unconnected_placement_is_refused(table):
    state = bare_state(table)  # seat 0 stands on a fire tile in the centre
    water = tile_with(table, "water", "earth")
    state.spaces[0] = [water]
    state.players[0].tokens = counts(table, water=1, earth=1)
    beside = table.neighbours[table.centre][0]
    assert Legal(state).procures() == []
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, beside), FirstCell(), RNG)
    assert state.spaces[0] == [water]
    assert state.players[0].tokens == counts(table, water=1, earth=1)
    assert state.players[0].grid[beside] == EMPTY


def test_placement_must_be_next_to_the_oink(table):
    state = bare_state(table)
    tile = tile_with(table, "fire", "water")
    state.spaces[0] = [tile]
    state.players[0].tokens = counts(table, fire=1, water=1)
    corner = 0  # diagonal to the centre: not orthogonally next to it
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, corner), FirstCell(), RNG)
    beside = table.neighbours[table.centre][0]
    assert Procure(0, beside) in Legal(state).procures()
    apply(state, Procure(0, beside), FirstCell(), RNG)
    assert state.players[0].grid[beside] == tile
    assert state.players[0].tokens == counts(table)
    assert state.zone == counts(table, fire=1, water=1)  # payments go to the trade zone


def test_unaffordable_tile_is_not_legal(table):
    state = bare_state(table)
    state.spaces[0] = [tile_with(table, "fire", "water")]
    state.players[0].tokens = counts(table, fire=2)
    assert Legal(state).procures() == []
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, table.neighbours[table.centre][0]), FirstCell(), RNG)


@pytest.mark.parametrize("capacity", [None, 4])
def test_oink_capacity_holds_after_a_draw(table, capacity):
    if capacity:
        table = with_rules(table, oink_capacity=capacity)
    cap, draw = table.rules.oink_capacity, table.rules.draw_count
    state = bare_state(table)
    state.bag = [n - (cap - 1 if i == 0 else 0) for i, n in enumerate(table.supply)]
    state.players[0].tokens = counts(table, fire=cap - 1)
    apply(state, DRAW, FirstCell(), RNG)
    assert sum(state.players[0].tokens) == cap
    assert sum(state.zone) == cap - 1 + draw - cap  # the excess went to the trade zone
    assert token_census(state) == list(table.supply)


def test_blind_tile_that_cannot_be_placed_goes_on_top_of_o(table):
    state = bare_state(table)
    unplaceable = tile_with(table, "water", "air")
    other = tile_with(table, "earth")
    state.stack = deque([unplaceable, other])  # left end is the bottom
    state.players[0].tokens = counts(table, earth=2, air=1)
    apply(state, Blind(counts_tuple(table, earth=2)), FirstCell(), RNG)
    assert list(state.stack) == [other, unplaceable]
    assert state.players[0].placed == 1
    assert state.players[0].tokens == counts(table, air=1)
    assert state.zone == counts(table, earth=2)


def test_blind_tile_that_connects_is_placed_where_the_player_says(table):
    state = bare_state(table)
    tile = tile_with(table, "fire", "earth")
    state.stack = deque([tile])
    state.players[0].tokens = counts(table, water=2)
    placer = FirstCell()
    apply(state, Blind(counts_tuple(table, water=2)), placer, RNG)
    assert placer.offered == list(table.neighbours[table.centre])
    assert state.players[0].grid[placer.offered[0]] == tile
    assert not state.stack


def test_blind_needs_the_full_cost(table):
    state = bare_state(table)
    state.stack = deque([tile_with(table, "fire")])
    state.players[0].tokens = counts(table, water=1)
    assert Legal(state).blinds() == []
    with pytest.raises(IllegalAction):
        apply(state, Blind(counts_tuple(table, water=1)), FirstCell(), RNG)


@pytest.mark.parametrize("keep", [None, 1])
def test_bag_refills_from_the_trade_zone_keeping_the_start_amount(table, keep):
    if keep:
        table = with_rules(table, trade_zone_start=keep)
    keep = table.rules.trade_zone_start
    state = bare_state(table)
    air = table.elements.index("air")
    state.bag = [0] * len(table.elements)
    state.bag[air] = 1
    state.zone = [keep + 7, keep - 1, keep, keep + 2]
    state.players[1].tokens = [table.supply[e] - state.zone[e] - state.bag[e]
                               for e in range(len(table.elements))]
    before = token_census(state)
    apply(state, DRAW, FirstCell(), RNG)
    assert state.zone == [keep, keep - 1, keep, keep]
    assert state.players[0].tokens[air] >= 1
    assert sum(state.players[0].tokens) == table.rules.draw_count
    assert token_census(state) == before


def fill_world(table, state, seat, leave_empty):
    """Fill every cell but `leave_empty` with distinct fire tiles; the Oink stays central."""
    fire = table.elements.index("fire")
    me = state.players[seat]
    used = {t for p in state.players for t in p.grid}
    spare = [t for t, ins in enumerate(table.insignias) if fire in ins and t not in used]
    for cell in range(table.cells):
        if me.grid[cell] == EMPTY and cell not in leave_empty:
            me.grid[cell] = spare.pop()
            me.placed += 1
    return spare


@pytest.mark.parametrize("end_tiles", [None, 5])
def test_game_ends_when_a_world_reaches_end_tiles(table, end_tiles):
    if end_tiles:
        table = with_rules(table, end_tiles=end_tiles)
    end = table.rules.end_tiles
    state = bare_state(table)
    near = table.neighbours[table.centre]
    corners = [c for c in range(table.cells) if c != table.centre and c not in near]
    empty = list(near[:-1]) + corners + [near[-1]]  # filled in this order: all connected
    keep_empty = set(empty[end - 2:])  # leaves end - 1 tiles placed, a neighbour empty
    spare = fill_world(table, state, 0, keep_empty)
    target = next(c for c in table.neighbours[table.centre] if c in keep_empty)
    state.spaces[0] = [spare[0], spare[1]]
    state.players[0].tokens = [1] * len(table.elements)
    assert state.players[0].placed == end - 1
    apply(state, Procure(0, target), FirstCell(), RNG)
    assert state.over and state.reason == "world complete"
    assert state.players[0].placed == end


def test_tiles_that_do_not_connect_do_not_end_the_game(table):
    table = with_rules(table, end_tiles=5)
    state = bare_state(table)
    near = table.neighbours[table.centre]
    corners = [c for c in range(table.cells) if c != table.centre and c not in near]
    spare = fill_world(table, state, 0, set(near) | set(corners[3:]))  # three lone corners
    state.spaces[0] = [spare[0]]
    state.players[0].tokens = [1] * len(table.elements)
    apply(state, Procure(0, near[0]), FirstCell(), RNG)
    assert state.players[0].placed == table.rules.end_tiles
    assert not state.over  # five tiles, but the largest connected group is smaller


def test_move_follows_connected_tiles_only(table):
    state = bare_state(table)
    me = state.players[0]
    up, left = table.neighbours[table.centre][:2]
    me.grid[up] = tile_with(table, "fire", "water")
    me.grid[left] = tile_with(table, "air")  # touches the fire tile but shares nothing
    assert Legal(state).moves() == [Move(up)]
    with pytest.raises(IllegalAction):
        apply(state, Move(left), FirstCell(), RNG)
    apply(state, Move(up), FirstCell(), RNG)
    assert me.cell == up


def test_seal_pays_onto_the_tile_once_and_scores(table):
    state = bare_state(table)
    me = state.players[0]
    fire_tile = me.grid[me.cell]
    me.tokens = counts(table, fire=2)
    apply(state, SEAL, FirstCell(), RNG)
    assert me.sealed[me.cell] and me.tokens == counts(table, fire=1)
    assert state.sealed_tokens == counts(table, fire=1)
    assert scores(state)[0] == table.sealed_points[me.oink][fire_tile] == table.rules.score_match
    assert Legal(state).seal() is None
    with pytest.raises(IllegalAction):
        apply(state, SEAL, FirstCell(), RNG)


def test_refresh_sends_the_top_tile_to_the_top_of_o(table):
    state = bare_state(table)
    a, b, c = (tile_with(table, e) for e in ("earth", "air", "water"))
    state.spaces[0] = [a, b]  # b is on top
    state.spaces[1:] = [[t] for t in range(20, 20 + len(state.spaces) - 1)]
    state.stack = deque([c])
    apply(state, Refresh(0), FirstCell(), RNG)
    assert state.spaces[0] == [a] and list(state.stack) == [c, b]
    apply(state, Refresh(0), FirstCell(), RNG)
    # the emptied space refills from the bottom of O
    assert state.spaces[0] == [c] and list(state.stack) == [b, a]


def test_trade_of_several_exchanges_and_a_refused_one(table):
    state = bare_state(table)
    me = state.players[0]
    me.tokens = counts(table, fire=4)
    state.zone = counts(table, water=1, air=1)
    two_fire = counts_tuple(table, fire=2)
    trade = Trade(((two_fire, counts_tuple(table, water=1)),
                   (two_fire, counts_tuple(table, air=1))))
    apply(state, trade, FirstCell(), RNG)
    assert me.tokens == counts(table, water=1, air=1)
    assert state.zone == counts(table, fire=4)
    refused = Trade(((counts_tuple(table, water=1, air=1), counts_tuple(table, earth=1)),))
    with pytest.raises(IllegalAction):
        apply(state, refused, FirstCell(), RNG)
    assert me.tokens == counts(table, water=1, air=1)  # untouched


def test_setup_follows_the_rule_numbers(table):
    for seats in (2, 3, 4):
        players = [GreedyPlayer(), RandomPlayer()] * 2
        state = setup(table, players[:seats], random.Random(seats), random.Random(9))
        rules = table.rules
        assert all(p.placed == 1 for p in state.players)
        assert state.players[0].cell == table.centre  # the greedy player starts centrally
        assert all(sum(p.tokens) == rules.starting_tokens for p in state.players)
        assert state.zone == [rules.trade_zone_start] * len(table.elements)
        piles = [len(s) for s in state.spaces] + [len(state.stack)]
        assert sum(piles) == len(table.tile_ids) - seats and max(piles) - min(piles) <= 1
        assert len({p.oink for p in state.players}) == seats


def counts_tuple(table, **per_element):
    """Token counts as the tuple an action carries."""
    return tuple(counts(table, **per_element))
