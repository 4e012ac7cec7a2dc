"""Parity with the rulebook: one test per rule, named after the content key (game.yaml
`rules:`) or the rulebook section it enforces, on hand-built states."""

from __future__ import annotations

import dataclasses
import random
from collections import deque

import pytest
from simkit import Chooser, bare_state, counts, tile_with

from generator.sim.actions import (
    DRAW,
    NO_ACTION_RULE,
    PASS,
    SEAL,
    Blind,
    Legal,
    Move,
    Procure,
    Refresh,
    Trade,
)
from generator.sim.engine import IllegalAction, apply, scores
from generator.sim.game import ENDINGS, WORLD_COMPLETE, play_game, setup, sources
from generator.sim.greedy import GreedyPlayer
from generator.sim.players import RandomPlayer
from generator.sim.state import EMPTY, token_census
from generator.sim.tables import build_table

RNG = random.Random(0)


def with_rules(table, **changes):
    """The same table under different rule numbers."""
    return dataclasses.replace(table, rules=dataclasses.replace(table.rules, **changes))


def tup(table, **per_element):
    """Token counts as the tuple an action carries."""
    return tuple(counts(table, **per_element))


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


def test_players_min_max_bound_the_seats(table):
    rules = table.rules
    for seats in (rules.players_min - 1, rules.players_max + 1):
        with pytest.raises(ValueError, match="players"):
            setup(table, [GreedyPlayer()] * seats, random.Random(0), random.Random(1))


def test_setup_tiles_dealt_each_keeps_one_and_returns_the_rest(table):
    for dealt in (3, 5):
        short = with_rules(table, tiles_dealt=dealt)
        state = setup(short, [GreedyPlayer(), GreedyPlayer()], random.Random(4), random.Random(5))
        assert all(p.placed == 1 for p in state.players)
        piles = [len(s) for s in state.spaces] + [len(state.stack)]
        assert sum(piles) == len(table.tile_ids) - 2  # the other dealt tiles went back
        assert max(piles) - min(piles) <= 1  # split as evenly as possible


def test_setup_starting_tokens_are_drawn_before_the_trade_zone_opens(table):
    state = setup(table, [GreedyPlayer()] * 4, random.Random(2), random.Random(3))
    rules = table.rules
    assert all(sum(p.tokens) == rules.starting_tokens for p in state.players)
    assert state.zone == [rules.trade_zone_start] * len(table.elements)
    assert token_census(state) == list(table.supply)


def test_setup_oinks_are_dealt_at_random(table):
    """The seed deals each player an Oink at random: seat and element are separate."""
    firsts = {setup(table, [GreedyPlayer()] * 2, random.Random(s), random.Random(0)).players[0].oink
              for s in range(40)}
    assert firsts == set(range(len(table.elements)))
    state = setup(table, [GreedyPlayer()] * 4, random.Random(7), random.Random(0))
    assert sorted(p.oink for p in state.players) == sorted(table.oinks)


@pytest.mark.parametrize("capacity", [None, 4])
def test_oink_capacity_the_player_chooses_the_discards(table, capacity):
    if capacity:
        table = with_rules(table, oink_capacity=capacity)
    cap, draw = table.rules.oink_capacity, table.rules.draw_count
    state = bare_state(table)
    water = table.elements.index("water")
    state.bag = [0] * len(table.elements)
    state.bag[water] = draw  # the draw brings exactly `draw` water tokens
    state.players[0].tokens = counts(table, fire=cap - 1)
    chooser = Chooser(discards=tup(table, fire=draw - 1))  # keeps every water token
    apply(state, DRAW, chooser, RNG)
    assert chooser.excess == draw - 1
    assert state.players[0].tokens == counts(table, fire=cap - draw, water=draw)
    assert state.zone == counts(table, fire=draw - 1)  # discards.to: the trade zone


def test_oink_capacity_refuses_a_wrong_discard(table):
    state = bare_state(table)
    state.players[0].tokens = counts(table, fire=table.rules.oink_capacity)
    with pytest.raises(IllegalAction, match="discard exactly"):
        apply(state, DRAW, Chooser(discards=tup(table, fire=1)), RNG)


@pytest.mark.parametrize("draw", [None, 2])
def test_draw_tokens_takes_that_many_from_the_bag(table, draw):
    if draw:
        table = with_rules(table, draw_count=draw)
    state = bare_state(table)
    before = sum(state.bag)
    apply(state, DRAW, Chooser(), RNG)
    assert sum(state.players[0].tokens) == table.rules.draw_count
    assert sum(state.bag) == before - table.rules.draw_count


@pytest.mark.parametrize("keep", [None, 1])
def test_setup_trade_zone_per_element_stays_when_the_bag_refills(table, keep):
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
    apply(state, DRAW, Chooser(), RNG)
    assert state.zone == [keep, keep - 1, keep, keep]
    assert state.players[0].tokens[air] >= 1
    assert sum(state.players[0].tokens) == table.rules.draw_count
    assert token_census(state) == before


def test_trade_give_get_repeats_within_one_action(table):
    state = bare_state(table)
    me = state.players[0]
    me.tokens = counts(table, fire=4)
    state.zone = counts(table, water=1, air=1)
    two_fire = tup(table, fire=2)
    apply(state, Trade(((two_fire, tup(table, water=1)), (two_fire, tup(table, air=1)))),
          Chooser(), RNG)
    assert me.tokens == counts(table, water=1, air=1)
    assert state.zone == counts(table, fire=4)
    refused = Trade(((tup(table, water=1, air=1), tup(table, earth=1)),))  # zone has none
    with pytest.raises(IllegalAction):
        apply(state, refused, Chooser(), RNG)
    assert me.tokens == counts(table, water=1, air=1)  # untouched


def test_trade_never_takes_back_an_element_it_gives(table):
    state = bare_state(table)
    me = state.players[0]
    me.tokens = counts(table, fire=1, water=3)
    state.zone = counts(table, earth=1)
    back = Trade(((tup(table, fire=1, water=1), tup(table, fire=1)),))
    assert back not in Legal(state).trades()
    with pytest.raises(IllegalAction, match="take back"):
        apply(state, back, Chooser(), RNG)
    later = Trade(((tup(table, water=2), tup(table, earth=1)),
                   (tup(table, fire=1, earth=1), tup(table, water=1))))
    with pytest.raises(IllegalAction, match="take back"):
        apply(state, later, Chooser(), RNG)
    assert Trade(((tup(table, water=2), tup(table, earth=1)),)) in Legal(state).trades()


def test_procure_costs_one_matching_token_per_insignia(table):
    state = bare_state(table)
    tile = tile_with(table, "fire", "water")
    state.spaces[0] = [tile]
    beside = table.neighbours[table.centre][0]
    state.players[0].tokens = counts(table, fire=2)
    assert Legal(state).procures() == []
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, beside), Chooser(), RNG)
    state.players[0].tokens = counts(table, fire=1, water=1)
    apply(state, Procure(0, beside), Chooser(), RNG)
    assert state.players[0].grid[beside] == tile and state.players[0].tokens == counts(table)
    assert state.zone == counts(table, fire=1, water=1)  # payments go to the trade zone


def test_placement_connect_to_the_tile_under_the_oink(table):
    state = bare_state(table)  # seat 0 stands on a fire tile in the centre
    water = tile_with(table, "water", "earth")
    state.spaces[0] = [water]
    state.players[0].tokens = counts(table, water=1, earth=1)
    beside = table.neighbours[table.centre][0]
    assert Legal(state).procures() == []
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, beside), Chooser(), RNG)
    assert state.spaces[0] == [water] and state.players[0].grid[beside] == EMPTY


def test_placement_only_orthogonally_next_to_the_oink(table):
    state = bare_state(table)
    state.spaces[0] = [tile_with(table, "fire", "water")]
    state.players[0].tokens = counts(table, fire=1, water=1)
    with pytest.raises(IllegalAction):
        apply(state, Procure(0, 0), Chooser(), RNG)  # the corner is diagonal to the centre
    assert {a.cell for a in Legal(state).procures()} == set(table.neighbours[table.centre])


def test_world_rows_columns_keep_tiles_inside_the_grid(table):
    state = bare_state(with_rules(table, grid_rows=1, grid_columns=1))
    state.table = dataclasses.replace(table, rules=state.rules, neighbours=((),))
    state.players[0].cell, state.players[0].grid = 0, [state.players[0].grid[table.centre]]
    state.spaces[0] = [tile_with(table, "fire")]
    state.players[0].tokens = counts(table, fire=3)
    assert Legal(state).procures() == []  # a 1 x 1 world has no room


def test_procure_blind_cost_reveals_the_bottom_and_returns_a_misfit_on_top(table):
    state = bare_state(table)
    unplaceable, other = tile_with(table, "water", "air"), tile_with(table, "earth")
    state.stack = deque([unplaceable, other])  # left end is the bottom
    state.spaces = [[tile_with(table, "fire")] for _ in state.spaces]
    state.players[0].tokens = counts(table, earth=2, air=1)
    apply(state, Blind(tup(table, earth=2)), Chooser(), RNG)
    assert list(state.stack) == [other, unplaceable]
    assert state.players[0].placed == 1
    assert state.players[0].tokens == counts(table, air=1)
    assert state.zone == counts(table, earth=2)
    with pytest.raises(IllegalAction):
        apply(state, Blind(tup(table, air=1)), Chooser(), RNG)  # short of the cost


def test_procure_blind_tile_that_connects_goes_where_the_player_says(table):
    state = bare_state(table)
    tile = tile_with(table, "fire", "earth")
    state.stack = deque([tile])
    state.players[0].tokens = counts(table, water=2)
    chooser = Chooser()
    apply(state, Blind(tup(table, water=2)), chooser, RNG)
    assert chooser.offered == list(table.neighbours[table.centre])
    assert state.players[0].grid[chooser.offered[0]] == tile and not state.stack


def test_procure_blind_tile_that_fits_may_stay_unplaced_on_top_of_o(table):
    """rules.blind_choice: a revealed tile that fits *may* be placed; declined, it goes
    face down on top of O and the tokens stay paid."""
    state = bare_state(table)
    tile, other = tile_with(table, "fire", "earth"), tile_with(table, "air")
    state.stack = deque([tile, other])
    state.spaces = [[tile_with(table, "water")] for _ in state.spaces]  # none to refill

    class Declines(Chooser):
        def place(self, state, tile, cells, rng):
            self.offered = list(cells)
            return None

    state.players[0].tokens = counts(table, water=2)
    chooser = Declines()
    apply(state, Blind(tup(table, water=2)), chooser, RNG)
    assert chooser.offered  # it could have been placed
    assert list(state.stack) == [other, tile] and state.players[0].placed == 1
    assert state.players[0].tokens == counts(table) and state.zone == counts(table, water=2)


@pytest.mark.parametrize("end_tiles", [None, 5])
def test_world_end_tiles_end_the_game_at_once(table, end_tiles):
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
    apply(state, Procure(0, target), Chooser(), RNG)
    assert state.over and state.reason == WORLD_COMPLETE
    assert state.players[0].placed == end


def test_spaces_only_the_top_tile_can_be_procured(table):
    state = bare_state(table)
    under, top = tile_with(table, "fire"), tile_with(table, "water")
    state.spaces[0] = [under, top]
    state.players[0].tokens = counts(table, fire=1)
    assert Legal(state).procures() == []  # the fire tile is there, but not on top


def test_move_reach_follows_connected_tiles_only(table):
    state = bare_state(table)
    me = state.players[0]
    up, left = table.neighbours[table.centre][:2]
    me.grid[up] = tile_with(table, "fire", "water")
    me.grid[left] = tile_with(table, "air")  # touches the fire tile but shares nothing
    assert Legal(state).moves() == [Move(up)]
    with pytest.raises(IllegalAction):
        apply(state, Move(left), Chooser(), RNG)
    apply(state, Move(up), Chooser(), RNG)
    assert me.cell == up


def test_refresh_refill_from_the_bottom_of_o(table):
    state = bare_state(table)
    a, b, c = (tile_with(table, e) for e in ("earth", "air", "water"))
    state.spaces[0] = [a, b]  # b is on top
    state.spaces[1:] = [[t] for t in range(20, 20 + len(state.spaces) - 1)]
    state.stack = deque([c])
    apply(state, Refresh(0), Chooser(), RNG)
    assert state.spaces[0] == [a] and list(state.stack) == [c, b]  # top tile onto O's top
    apply(state, Refresh(0), Chooser(), RNG)
    assert state.spaces[0] == [c] and list(state.stack) == [b, a]  # refilled from O's bottom


def test_seal_cost_is_the_insignias_once_and_only_sealed_tiles_score(table):
    state = bare_state(table)
    me = state.players[0]
    fire_tile = me.grid[me.cell]
    assert scores(state)[0] == 0  # scoring.unsealed is 0 as shipped
    me.tokens = counts(table, fire=2)
    apply(state, SEAL, Chooser(), RNG)
    assert me.sealed[me.cell] and me.tokens == counts(table, fire=1)
    assert state.sealed_tokens == counts(table, fire=1)  # the seal stays on the tile
    assert scores(state)[0] == table.sealed_points[me.oink][fire_tile]
    assert Legal(state).seal() is None
    with pytest.raises(IllegalAction):
        apply(state, SEAL, Chooser(), RNG)


def test_scoring_match_other_unsealed(shipped_game):
    rules = dataclasses.replace(shipped_game.rules, score_match=5, score_other=2,
                                score_unsealed=1)
    table = build_table(dataclasses.replace(shipped_game, rules=rules))
    state = bare_state(table)
    me = state.players[0]
    me.oink = table.elements.index("fire")
    me.grid[me.cell], me.sealed[me.cell] = tile_with(table, "fire", "water"), True
    me.grid[table.neighbours[table.centre][0]] = tile_with(table, "earth")
    assert sources(state, me) == (5, 2, 1)  # fire 5, water 2 (sealed); earth 1 (unsealed)
    assert scores(state)[0] == 8


def test_turn_you_may_never_pass_while_an_action_is_legal(table):
    state = bare_state(table)
    assert "pass" not in Legal(state).by_kind()  # drawing is legal
    with pytest.raises(IllegalAction, match="never pass"):
        apply(state, PASS, Chooser(), RNG)


def test_turn_a_player_with_no_legal_action_passes_rules_passing(table):
    """rules.passing (NO_ACTION_RULE): such a player passes, as the book prints it."""
    assert NO_ACTION_RULE.startswith("rules.passing:")
    state = bare_state(table)
    state.bag = [0] * len(table.elements)  # nothing to draw, nothing to trade, no tiles
    assert Legal(state).by_kind() == {"pass": [PASS]}
    apply(state, PASS, Chooser(), RNG)


def test_end_only_a_complete_world_finishes_a_game(table):
    assert ENDINGS[0] == WORLD_COMPLETE and "no tiles left" not in ENDINGS
    results = [play_game(table, [GreedyPlayer(), RandomPlayer()], s) for s in range(8)]
    assert all(r.end in ENDINGS for r in results)
    for r in results:
        assert r.finished == (r.end == WORLD_COMPLETE)
        assert r.finished or r.winners == ()


def test_goal_tied_players_all_win(table):
    results = [play_game(table, [GreedyPlayer(), GreedyPlayer()], s) for s in range(60)]
    tied = [r for r in results if len(r.winners) > 1]
    assert tied  # greedy mirror games do tie
    for r in tied:
        assert {r.scores[w] for w in r.winners} == {max(r.scores)}
