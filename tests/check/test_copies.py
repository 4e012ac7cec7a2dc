"""`copies:` on a tile (issue 11, item 1): a tile printed twice is two tiles to the rules
(the set of 48 counts copies), to the world solver, and on the sheets, the bundle's
checklist and the print-shop file."""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.check.game import check_connections, check_tile_count, check_worlds
from generator.core.worlds import masks_of
from generator.load.content import load_content
from tests.conftest import ONE_LANGUAGE
from tests.pdfprobe import placements

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

BASE = Path(__file__).resolve().parents[1] / "fixtures" / "base" / "tiles.yaml"


def _copied(game, tile_id: str, copies: int):
    tiles = tuple(dataclasses.replace(t, copies=copies) if t.id == tile_id else t
                  for t in game.tiles)
    return dataclasses.replace(game, tiles=tiles)


def test_a_tile_reads_its_copies_and_defaults_to_one(project):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("  - id: tidewell\n",
                                               "  - id: tidewell\n    copies: 2\n", 1)
                     .replace("tile_count: 48", "tile_count: 49"))
    game = load_content(project / "content").game
    assert game.tile("tidewell").copies == 2 and game.tile("rootdeep").copies == 1
    assert len(game.tiles) == 48 and len(game.deck) == 49
    assert [t.id for t in game.deck].count("tidewell") == 2


def test_no_copies_at_all_is_out_of_range(project):
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text().replace("  - id: tidewell\n", "  - id: tidewell\n    copies: 0\n", 1)
    tiles.write_text(text)
    loaded = load_content(project / "content")
    [problem] = [d for d in loaded.diagnostics if d.is_error]
    line = text.splitlines().index("    copies: 0") + 1
    assert (problem.code, problem.line) == ("TKG104", line)
    assert "copies is 0, outside 1..99" in problem.message


def test_the_set_counts_copies(shipped_game):
    assert check_tile_count(shipped_game) == []
    [found] = check_tile_count(_copied(shipped_game, "tidewell", 2))
    assert found.code == "TKG201" and "the set has 49 tiles" in found.message
    bigger = dataclasses.replace(_copied(shipped_game, "tidewell", 2), tile_count=49)
    assert check_tile_count(bigger) == []


def test_the_solver_takes_each_copy_as_a_tile_of_its_own(tmp_path):
    # Eight tiles cannot fill a world of nine cells; a second copy of one of them can.
    text = BASE.read_text().replace("tile_count: 12", "tile_count: 9")
    kept = "\n".join(line for line in text.splitlines()
                     if not re.match(r"  - \{id: [hjkl],", line)) + "\n"
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", content)
    (content / "tiles.yaml").write_text(kept.replace("tile_count: 9", "tile_count: 8"))
    eight = load_content(content).game
    assert len(eight.tiles) == 8 and {d.code for d in check_worlds(eight)} == {"TKG205"}
    nine = _copied(eight, "i", 2)  # a second nexus world
    assert len(masks_of(nine)) == 9
    assert check_worlds(nine) == []


def test_a_copy_connects_to_its_twin(shipped_game):
    lone = dataclasses.replace(shipped_game, balance=dataclasses.replace(
        shipped_game.balance, min_connections=0))
    loner = dataclasses.replace(lone.tiles[0], id="loner", insignias=("fire",))
    only = dataclasses.replace(lone, tiles=(loner, dataclasses.replace(
        lone.tiles[2], insignias=("water",))))
    assert {d.code for d in check_connections(only)} == {"TKG204"}
    twinned = _copied(only, "loner", 2)
    assert [d.message for d in check_connections(twinned)] == [
        f"{lone.tiles[2].name} shares no insignia with any other tile"]


@pytest.fixture(scope="module")
def copied_build(tmp_path_factory):
    """A build of the tiles where Tidewell is printed twice (49 tiles in the set)."""
    root = tmp_path_factory.mktemp("copies")
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", root / "content")
    shutil.copytree(Path(__file__).resolve().parents[2] / "templates", root / "templates")
    tiles = root / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("  - id: tidewell\n",
                                               "  - id: tidewell\n    copies: 2\n", 1)
                     .replace("tile_count: 48", "tile_count: 49"))
    from generator.build.pipeline import build

    build(root / "content", root / "templates", root / "output", ("a4",), ["tiles"],
          languages=ONE_LANGUAGE)
    return root / "output"


def test_copies_are_printed_on_the_sheets(copied_build):
    reader = PdfReader(copied_build / "pnp-a4.pdf")
    faces = [name for i in range(2, len(reader.pages))
             for name, _, _ in placements(reader, i) if name.startswith("tile-")
             and name != "tile-back"]
    assert len(faces) == 49 and faces.count("tile-tidewell") == 2
    backs = [name for i in range(2, len(reader.pages))
             for name, _, _ in placements(reader, i) if name == "tile-back"]
    assert len(backs) == 49  # each copy has its back behind it


def test_the_checklist_counts_copies(copied_build):
    cover = PdfReader(copied_build / "pnp-a4.pdf").pages[0].extract_text()
    assert "49 tiles, one shared back" in cover
    # 49 tiles at 12 a sheet: five sheets, each with its back.
    assert re.search(r"World tiles\n.*\npages 3–12\n", cover)


def test_the_print_shop_file_has_a_page_per_printed_copy(copied_build):
    reader = PdfReader(copied_build / "print-shop" / "tiles.pdf")
    assert len(reader.pages) == 50  # 49 faces (Tidewell twice), then the shared back
    text = [page.extract_text() for page in reader.pages]
    assert sum("Tidewell" in t for t in text) == 2


def test_the_fully_matched_report_counts_printed_tiles(shipped_game):
    from generator.check.game import report_fully_matched

    [plain] = report_fully_matched(shipped_game)
    assert plain.message == "48 of 48 tiles can sit in a fully matched world"
    [found] = report_fully_matched(dataclasses.replace(_copied(shipped_game, "tidewell", 2),
                                                       tile_count=49))
    assert found.message == "49 of 49 tiles (1 a copy) can sit in a fully matched world"
    [more] = report_fully_matched(_copied(shipped_game, "tidewell", 3))
    assert more.message.startswith("50 of 50 tiles (2 of them copies) can sit")


def test_validate_summarises_printed_tiles(project):
    from click.testing import CliRunner

    from generator.cli import cli

    tiles = project / "content" / "tiles.yaml"
    # A nexus world: a copy adds one insignia of each element, so the balance holds.
    tiles.write_text(tiles.read_text().replace("  - id: heart-of-seals\n",
                                               "  - id: heart-of-seals\n    copies: 2\n", 1)
                     .replace("tile_count: 48", "tile_count: 49"))
    # The shipped seed's game lacks a Refresh with the extra tile; the one validate names
    # shows every action, so the summary carries no warning.
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("example_seed: 37", "example_seed: 35", 1))
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "49 tiles (1 a copy), 4 elements: 0 errors, 0 warnings")
    assert "info TKG210: 49 of 49 tiles (1 a copy) can sit" in result.output


def test_the_tile_index_says_how_many_copies_print(copied_build):
    import json

    index = json.loads((copied_build / "svg" / "tiles.json").read_text())
    copies = {t["id"]: t["copies"] for t in index["tiles"]}
    assert copies["tidewell"] == 2 and sum(copies.values()) == 49
    assert [t["svg"] for t in index["tiles"]].count("svg/tiles/tidewell.svg") == 1
