"""The rulebook counts printed tiles: a tile at `copies: 2` is two tiles on the table
(issue 11), in the components table, the setup and the split of the stack."""

from __future__ import annotations

import pytest
from rbkit import build_rulebook, by_path, load_game, pdf_text, request

from generator.text.context import build_context
from generator.text.play import play_context

NEXUS = "heart-of-seals"  # a nexus world: the nexus count and the 4-insignia row move too


@pytest.fixture
def copied(project):
    """The project with one nexus world printed twice, the set declared as 49 tiles."""
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace(f"  - id: {NEXUS}\n",
                                               f"  - id: {NEXUS}\n    copies: 2\n", 1)
                     .replace("tile_count: 48", "tile_count: 49"))
    return project


def test_the_context_counts_every_copy(copied, shipped_game):
    game = load_game(copied / "content")
    tiles = build_context(game)["tiles"]
    before = build_context(shipped_game)["tiles"]
    assert tiles.count == 49 and tiles.nexus_count == before.nexus_count + 1
    sizes = {s.insignias: s.count for s in tiles.by_size}
    assert sizes[4] == {s.insignias: s.count for s in before.by_size}[4] + 1
    assert sum(sizes.values()) == 49
    split = build_context(game)["split"]
    assert [row.total for row in split] == [49 - row.players for row in split]
    assert all(sum(s.count for s in row.spaces) == row.total for row in split)


def test_the_example_of_play_names_tiles_of_the_deck(copied):
    from generator.sim.example import example_of_play

    game = load_game(copied / "content")
    example = example_of_play(game)
    log = example.log
    # Every tile index the simulator logs is a printed tile: the last one is the copy's
    # neighbour in the deck, not one tile past the designs.
    assert len(log.table.tile_ids) == len(game.deck) == 49
    play = play_context(game, log, example.shown)
    starts = [p["start"]["id"] for p in play["players"]]
    assert starts == [game.deck[s.grid[s.cell]].id for s in log.seats]


@pytest.mark.slow
def test_the_rulebook_says_49_world_tiles(copied):
    book = pdf_text(by_path(build_rulebook(request(copied, ("a4",))))[
        "rulebook/rulebook-a4.pdf"].data)
    assert "World tiles 49" in book and "Shuffle all 49 world tiles" in book
    assert "48 world tiles" not in book and "World tiles 48" not in book
    assert "so 49 tiles less one a player" in book


def test_the_example_world_may_hold_a_tile_and_its_copy(tmp_path):
    # Three tiles cannot fill a world of 2 x 2 cells; with a second copy of the nexus
    # world they can, and the example shows the copies as two tiles of the world.
    import dataclasses
    import re
    import shutil

    from generator.text.examples import example_world, is_complete
    from tests.check.test_copies import BASE

    shutil.copytree(BASE.parents[3] / "content", tmp_path / "content")
    kept = "\n".join(line for line in BASE.read_text().splitlines()
                     if not re.match(r"  - \{id: [^aei],", line)) + "\n"
    (tmp_path / "content" / "tiles.yaml").write_text(kept)
    game_yaml = tmp_path / "content" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("rows: 3", "rows: 2")
                         .replace("columns: 3", "columns: 2").replace("end_tiles: 9",
                                                                      "end_tiles: 4"))
    three = load_game(tmp_path / "content")
    assert [t.id for t in three.tiles] == ["a", "e", "i"] and example_world(three) is None
    four = dataclasses.replace(three, tiles=tuple(
        dataclasses.replace(t, copies=2) if t.id == "i" else t for t in three.tiles))
    world = example_world(four)
    assert world is not None and is_complete(world)
    assert sorted(t.id for t in world.tiles) == ["a", "e", "i", "i"]
    once = dataclasses.replace(world, tiles=tuple(
        three.tile("i") if t.id == "i" else t for t in world.tiles))
    assert not is_complete(once)  # printed once, the nexus world cannot fill two cells
