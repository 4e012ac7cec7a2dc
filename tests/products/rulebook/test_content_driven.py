"""The rulebook follows the content: change a number, and every page says the new one."""

from __future__ import annotations

import pytest
from rbkit import build_aids, build_rulebook, by_path, load_game, pdf_text, request

from generator.core.worlds import grid_of, insignia_mask, masks_of, solve_placements
from generator.text.examples import example_world, is_complete


@pytest.mark.slow
def test_oink_capacity_change_reaches_rulebook_and_aids(project):
    game_yaml = project / "content" / "game.yaml"
    text = game_yaml.read_text()
    assert "    capacity: 6 " in text
    game_yaml.write_text(text.replace("    capacity: 6 ", "    capacity: 7 ", 1))
    req = request(project, papers=("a4",))
    assert req.game.rules.oink_capacity == 7
    book = pdf_text(by_path(build_rulebook(req))["rulebook/rulebook-a4.pdf"].data)
    assert "at most 7 life tokens" in book
    assert "down to 7" in book and "keep 7" in book
    assert "at most 6 life tokens" not in book
    aids = pdf_text(by_path(build_aids(req))["pdf/a4/player-aids.pdf"].data)
    assert aids.count("holds 7 tokens") == len(req.game.oinks)
    assert "holds 6 tokens" not in aids


@pytest.mark.slow
def test_draft_flags_drive_the_edition(project):
    game_yaml = project / "content" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("draft: true", "draft: false"))
    req = request(project, papers=("a4",))
    assert not req.game.rules.is_draft
    book = pdf_text(by_path(build_rulebook(req))["rulebook/rulebook-a4.pdf"].data)
    assert "Playtest" not in book
    assert f"version {req.game.version}" in book


def test_example_world_passes_the_validators_world_check(shipped_game):
    world = example_world(shipped_game)
    assert world is not None and is_complete(world)
    assert len({t.id for t in world.tiles}) == world.grid.size
    assert all(shipped_game.tile(t.id) == t for t in world.tiles)
    placements = solve_placements(masks_of(shipped_game), grid_of(shipped_game))
    for cell, tile in enumerate(world.tiles):
        assert placements.possible(insignia_mask(tile.insignias, shipped_game.element_ids), cell)


@pytest.mark.slow
def test_rulebook_shows_the_example_world_and_its_score(a4_text, shipped_game):
    from generator.core.scoring import world_points
    from generator.text.examples import example_world
    from generator.text.scoring_example import sealed_cells

    text = a4_text
    world = example_world(shipped_game)
    for tile in world.tiles:
        assert tile.name in text
    sealed = set(sealed_cells(world))
    oink = shipped_game.oinks[0]
    total = world_points([(t.insignias, c in sealed) for c, t in enumerate(world.tiles)],
                         oink.element, shipped_game.rules)
    assert f"Total {total}" in text
    assert oink.name in text


@pytest.mark.slow
def test_a_smaller_world_in_the_content(project):
    game_yaml = project / "content" / "game.yaml"
    text = game_yaml.read_text()
    text = text.replace("    columns: 3", "    columns: 2").replace("end_tiles: 9", "end_tiles: 6")
    game_yaml.write_text(text)
    game = load_game(project / "content")
    world = example_world(game)
    assert world is not None and is_complete(world) and len(world.tiles) == 6
    book = pdf_text(by_path(build_rulebook(request(project, ("letter",))))[
        "rulebook/rulebook-letter.pdf"].data)
    assert "3 rows and 2 columns" in book and "holds 6 connected tiles" in book
