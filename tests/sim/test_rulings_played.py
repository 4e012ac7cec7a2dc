"""The simulator plays the book's rulings as the clarifications state them (issue 26,
item 1): a blind procure needs no free place beside the Oink, and with stack O empty an
emptied face-up space stays empty and no blind procure is possible."""

from __future__ import annotations

from simkit import bare_state, tup

from generator.sim.actions import Legal
from generator.sim.engine import refill_spaces


def test_a_blind_procure_needs_no_free_place_beside_the_oink(table):
    state = bare_state(table)
    me = state.me
    for cell in table.neighbours[me.cell]:
        me.grid[cell] = 0
    me.tokens[:] = tup(table, fire=2)
    state.stack.append(5)
    assert not me.empty_neighbours(table, me.cell) and Legal(state).can_blind()


def test_with_o_empty_an_emptied_space_stays_empty(table):
    state = bare_state(table)
    state.me.tokens[:] = tup(table, fire=2)
    refill_spaces(state)
    assert all(not space for space in state.spaces) and not Legal(state).can_blind()
