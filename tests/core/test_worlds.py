"""The world solver on small hand-made sets, where the answer can be worked out by hand."""

from __future__ import annotations

import pytest

from generator.core.worlds import Grid, find_world, insignia_mask, solve_placements

A, B, C, D, E, F, G, H = (1 << i for i in range(8))
GRID = Grid(3, 3)
CORNERS, EDGES, CENTRE = (0, 2, 6, 8), (1, 3, 5, 7), 4


def is_complete(world: tuple[int, ...], grid: Grid) -> bool:
    """Independent check: the shared-insignia graph over the grid spans every cell."""
    seen, todo = {0}, [0]
    while todo:
        cell = todo.pop()
        for n in grid.neighbours(cell):
            if n not in seen and world[cell] & world[n]:
                seen.add(n)
                todo.append(n)
    return len(seen) == grid.size


def test_grid_neighbours_and_symmetry_classes():
    assert GRID.neighbours(CENTRE) == (1, 3, 5, 7)
    assert GRID.neighbours(0) == (1, 3)
    assert sorted(GRID.classes()) == [(0, 2, 6, 8), (1, 3, 5, 7), (4,)]
    # A non-square grid has no turns: its corners form one class, its edges two.
    assert sorted(Grid(2, 3).classes()) == [(0, 2, 3, 5), (1, 4)]


def test_mask_ignores_repeats_and_follows_element_order():
    ids = ("fire", "water", "earth", "air")
    assert insignia_mask(("air", "fire", "fire"), ids) == 0b1001


def test_a_chain_of_nine_fits_only_alternate_cells():
    # Tiles whose connections form one chain must lie along a Hamiltonian path of
    # the grid, which starts and ends on corners or the centre.
    chain = [A, A | B, B | C, C | D, D | E, E | F, F | G, G | H, H]
    placements = solve_placements(chain, GRID)
    for cell in (*CORNERS, CENTRE):
        assert placements.possible(A, cell)
        assert not placements.possible(A | B, cell)
    for cell in EDGES:
        assert not placements.possible(A, cell)
        assert placements.possible(A | B, cell)
    world = find_world(chain, GRID, A, CENTRE)
    assert world is not None and world[CENTRE] == A and is_complete(world, GRID)
    assert sorted(world) == sorted(chain)


def test_two_groups_that_never_meet_make_no_world():
    tiles = [A] * 5 + [B] * 5
    placements = solve_placements(tiles, GRID)
    assert not placements.witnesses
    assert find_world(tiles, GRID, A, CENTRE) is None


def test_fewer_tiles_than_cells_make_no_world():
    assert not solve_placements([A] * 8, GRID).witnesses


def test_tiles_are_used_once_each():
    # Only one tile bears B, so a world needing two B tiles does not exist.
    tiles = [A | B] + [A] * 7 + [B]
    world = find_world(tiles, GRID, B, 0)
    assert world is not None and world.count(B) == 1 and is_complete(world, GRID)


def test_fully_matched_needs_every_pair_to_match():
    # Nine tiles of A then one lone B: B can join a complete world (next to A|B)
    # but every fully matched world of these tiles avoids it.
    tiles = [A] * 8 + [A | B, B]
    complete = solve_placements(tiles, GRID)
    matched = solve_placements(tiles, GRID, fully_matched=True)
    assert complete.possible(B, 0)
    assert not any(matched.possible(B, c) for c in range(9))
    assert matched.possible(A, CENTRE)


def test_every_witness_is_a_real_complete_world(shipped_game):
    ids = shipped_game.element_ids
    masks = [insignia_mask(t.insignias, ids) for t in shipped_game.tiles]
    placements = solve_placements(masks, GRID)
    for (mask, _cell), world in placements.witnesses.items():
        assert mask in world and is_complete(world, GRID)
        for m in set(world):  # uses no more tiles of a kind than the set has
            assert world.count(m) <= masks.count(m)


# A tile set where the lone A tiles can never be fully matched in a 5 x 5 world: proving
# it means trying every partial world, which a small budget does not allow.
HARD = [A] * 3 + [B] * 30 + [A | B] * 3 + [B | C] * 30


def test_a_search_that_runs_out_of_steps_says_so_and_proves_nothing_false():
    few = solve_placements(HARD, Grid(5, 5), fully_matched=True, steps=2_000)
    enough = solve_placements(HARD, Grid(5, 5), fully_matched=True)
    assert few.unproved and not enough.unproved
    assert few.impossible <= enough.impossible  # what it ruled out is truly impossible
    assert set(few.witnesses) <= set(enough.witnesses)  # what it showed is truly possible
    every = {(m, c) for m in set(HARD) for c in range(25)}
    assert set(few.witnesses) | few.impossible | few.unproved == every  # the rest: untold
    assert few.unproved & enough.impossible  # among them, some that are in fact impossible


def test_after_running_out_every_count_is_as_before():
    from collections import Counter

    from generator.core.worlds import Undecided, _Search

    search = _Search(Counter(HARD), Grid(5, 5), True, steps=10)
    before = dict(search.counts)
    with pytest.raises(Undecided):
        search.run(A, 0)
    assert dict(search.counts) == before


def test_too_few_tiles_for_the_grid_is_known_without_searching():
    # 15 kinds of tile, one each, and 16 cells: no world (this search took 8 minutes).
    masks = list(range(1, 16))
    assert find_world(masks, Grid(4, 4), 1, 0, steps=1) is None


def test_the_validator_tells_what_the_solver_could_not(monkeypatch, shipped_game):
    from dataclasses import replace

    from generator.check import game as checks

    monkeypatch.setattr(checks, "STEPS", 1)
    rules = replace(shipped_game.rules, grid_rows=5, grid_columns=5)
    found = checks.check_worlds(replace(shipped_game, rules=rules))
    assert found and all(d.code == "TKG214" for d in found)  # never a false TKG205
    assert "ran out of steps (1 partial worlds)" in found[0].message
