"""The game checks on the shipped content and on small changes to it."""

from __future__ import annotations

import dataclasses

from generator.check.game import (
    check_balance,
    check_connections,
    check_costs,
    check_game,
    check_oinks,
    check_supply,
    check_worlds,
    connections,
    fully_matched_tiles,
)
from generator.core.diagnostics import Severity
from tests.conftest import CONTENT


def test_shipped_content_meets_every_rule(shipped_game):
    found = check_game(shipped_game)
    assert [d for d in found if d.severity is not Severity.INFO] == []
    assert len(shipped_game.tiles) == 48


def test_shipped_set_is_balanced_and_mixed(shipped_game):
    per_element = {e: 0 for e in shipped_game.element_ids}
    for tile in shipped_game.tiles:
        for e in tile.insignias:
            per_element[e] += 1
    assert len(set(per_element.values())) == 1
    assert {len(t.insignias) for t in shipped_game.tiles} == {1, 2, 3, 4}
    assert sum(t.is_nexus for t in shipped_game.tiles) == 4
    assert len({t.name for t in shipped_game.tiles}) == 48


def test_every_shipped_tile_connects_to_several(shipped_game):
    least = min(connections(shipped_game).values())
    assert least >= shipped_game.balance.min_connections


def test_lower_capacity_makes_nexus_tiles_unaffordable(shipped_game):
    rules = dataclasses.replace(shipped_game.rules, oink_capacity=3)
    found = check_costs(dataclasses.replace(shipped_game, rules=rules))
    assert sorted(d.code for d in found) == ["TKG203"] * 4


def test_a_tile_that_costs_more_than_an_oink_holds_is_told_at_its_insignias(shipped_game):
    # The fix is on that line (fewer insignias), not on the tile's first (its id).
    rules = dataclasses.replace(shipped_game.rules, oink_capacity=3)
    found = check_costs(dataclasses.replace(shipped_game, rules=rules))
    by_name = {tile.name: tile for tile in shipped_game.tiles}
    for told in found:
        tile = by_name[told.message.split(" costs ")[0]]
        assert (told.line, told.column) == (
            tile.insignias_where.line, tile.insignias_where.column), told
        assert told.line == tile.where.line + 2  # `insignias:`, after id and name
        assert told.message.endswith("costs 4 tokens; an Oink holds 3")


def test_a_bag_without_an_elements_tokens_is_one_error_at_the_bag(shipped_game):
    # Every tile with a fire insignia is short, one token each: the bag is what to mend.
    tokens = dataclasses.replace(shipped_game.tokens, per_element=tuple(
        (element, 0 if element == "fire" else count)
        for element, count in shipped_game.tokens.per_element))
    found = check_costs(dataclasses.replace(shipped_game, tokens=tokens))
    fiery = [tile.name for tile in shipped_game.tiles if "fire" in tile.insignias]
    assert [(d.code, d.line, d.column) for d in found] == [
        ("TKG206", tokens.where.line, tokens.where.column)]
    assert found[0].message == (f"the bag has 0 tokens of fire, and {len(fiery)} tiles cost "
                                f"more ({fiery[0]!r}, {fiery[1]!r}, {fiery[2]!r} and "
                                f"{len(fiery) - 3} more)")


def test_a_bag_short_of_every_element_alike_is_one_error_a_check(shipped_game):
    # tokens.per_element gives each element as many: one value to mend, told once.
    tokens = dataclasses.replace(shipped_game.tokens, per_element=tuple(
        (element, 0) for element, _ in shipped_game.tokens.per_element))
    game = dataclasses.replace(shipped_game, tokens=tokens)
    found = check_costs(game) + check_supply(game)
    assert [d.code for d in found] == ["TKG206", "TKG207"]
    assert found[0].message.startswith("the bag has 0 tokens of fire, water, earth and air "
                                       "each, and 48 tiles cost more ('Ember Hollow', ")
    assert found[1].message.startswith("0 tokens of fire, water, earth and air each cannot "
                                       "cover a 4-player setup")


def test_too_few_oinks_for_the_most_players_names_where_the_most_is_written(shipped_game):
    # Told at the Oinks; the number raised may be the other one, in game.yaml.
    rules = dataclasses.replace(shipped_game.rules, players_max=6)
    [found] = check_oinks(dataclasses.replace(shipped_game, rules=rules))
    where = shipped_game.rules.section("players").place("max")
    assert (found.path, found.line) == (shipped_game.oinks[0].where.path,
                                        shipped_game.oinks[0].where.line)
    assert found.message == f"4 Oinks cannot seat 6 players (players.max at {where})"
    line = (CONTENT / "game.yaml").read_text().splitlines()[where.line - 1]
    assert line[where.column - 1:].startswith("4") and line.strip().startswith("max:")


def test_a_stricter_threshold_turns_into_warnings(shipped_game):
    balance = dataclasses.replace(shipped_game.balance, min_connections=40)
    found = check_connections(dataclasses.replace(shipped_game, balance=balance))
    assert found and {d.code for d in found} == {"TKG209"}
    assert all(d.severity is Severity.WARNING for d in found)


def test_uneven_elements_warn(shipped_game):
    tiles = list(shipped_game.tiles)
    tiles[0] = dataclasses.replace(tiles[0], insignias=("water",))
    found = check_balance(dataclasses.replace(shipped_game, tiles=tuple(tiles)))
    assert [d.code for d in found] == ["TKG208"]
    assert "fire 26" in found[0].message and "water 28" in found[0].message


def test_world_check_flags_a_tile_that_fits_nowhere(shipped_game):
    # Give two tiles an element the game does not have: they share nothing with
    # any tile, so neither fits any complete world, at any cell.
    tiles = list(shipped_game.tiles)
    for i in (2, 3):
        tiles[i] = dataclasses.replace(tiles[i], insignias=("void",))
    game = dataclasses.replace(shipped_game, tiles=tuple(tiles))
    flagged = {d.message.split(" cannot")[0] for d in check_worlds(game)}
    assert flagged == {tiles[2].name, tiles[3].name}


def test_fully_matched_count_on_shipped_set(shipped_game):
    assert len(fully_matched_tiles(shipped_game)) == 48


def test_the_model_is_frozen_all_the_way_down(shipped_game):
    # Hashable means no list or dict from the YAML reader leaked into the model.
    assert isinstance(hash(shipped_game), int)
