"""`tkg build --only tts`: the saved-object JSON parsed, and every image it names present
with the grid and size it claims."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from generator.backends.png import rasters
from generator.build.pipeline import build
from generator.cli import cli
from generator.draw.kit import Kit
from generator.products import tiles, tokens
from generator.products.designs import round_scene
from generator.products.request import BuildRequest, Export
from tests.conftest import CONTENT, TEMPLATES, load_layout

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

CELL = 375  # a 63.5 mm tile at the default 150 ppi


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    """tts/ of `tkg build --only tts`."""
    out = tmp_path_factory.mktemp("tts") / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tts"])
    return out / "tts"


@pytest.fixture(scope="module")
def saved(tts) -> dict:
    [found] = tts.glob("*.json")
    return json.loads(found.read_text())


def _objects(saved: dict, name: str) -> list[dict]:
    return [o for o in saved["ObjectStates"] if o["Name"] == name]


def test_the_48_tiles_lie_face_down_in_one_deck(saved, shipped_game):
    [deck] = _objects(saved, "Deck")
    assert deck["Transform"]["rotZ"] == 180  # face down: the draw stack O stays hidden
    cards = deck["ContainedObjects"]
    assert len(cards) == len(deck["DeckIDs"]) == 48
    assert sorted(c["Nickname"] for c in cards) == sorted(t.name for t in shipped_game.tiles)
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    for sheet in deck["CustomDeck"].values():
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        assert sheet["Type"] == 1  # square corners
        assert sheet["BackIsHidden"] and not sheet["UniqueBack"]
    per_sheet = Counter(c["CardID"] // 100 for c in cards)
    assert all(n <= 69 for n in per_sheet.values())
    assert {str(k) for k in per_sheet} == set(deck["CustomDeck"])


def test_every_image_it_names_is_there_with_its_grid(tts, saved):
    [deck] = _objects(saved, "Deck")
    for sheet in deck["CustomDeck"].values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert not url.startswith(("/", "http", "file:"))  # relative, to the JSON
        with Image.open(tts / sheet["FaceURL"]) as face:
            assert face.size == (sheet["NumWidth"] * CELL, sheet["NumHeight"] * CELL)
            assert max(face.size) <= 4096 and face.mode == "RGB"
        with Image.open(tts / sheet["BackURL"]) as back:
            assert back.size == (CELL, CELL)
    named = [o["CustomImage"][k] for o in _tiles(saved)
             if o["CustomImage"]["CustomTile"]["Type"] == 2  # round: cut on a clear ground
             for k in ("ImageURL", "ImageSecondaryURL")]
    for url in set(named):
        with Image.open(tts / url) as image:
            assert image.mode == "RGBA" and image.getchannel("A").getpixel((0, 0)) == 0


def _tiles(saved: dict) -> list[dict]:
    """Every custom tile: the tokens in their bag, the Oinks and mats on the table."""
    [bag] = _objects(saved, "Bag")
    return [*bag["ContainedObjects"], *_objects(saved, "Custom_Tile")]


def test_the_tokens_are_in_a_bag_and_the_oinks_on_the_table(saved, shipped_game):
    [bag] = _objects(saved, "Bag")
    tokens = bag["ContainedObjects"]
    assert len(tokens) == shipped_game.tokens.total
    assert Counter(t["CustomImage"]["ImageURL"] for t in tokens) == {
        f"images/tokens/{e}.png": shipped_game.tokens.count(e) for e in shipped_game.element_ids}
    oinks = [o for o in _objects(saved, "Custom_Tile") if "/oinks/" in o["CustomImage"][
        "ImageURL"]]
    assert sorted(o["Nickname"] for o in oinks) == sorted(o.name for o in shipped_game.oinks)
    for piece in [*tokens, *oinks]:
        assert piece["CustomImage"]["CustomTile"]["Type"] == 2  # a circle
    guids = [o["GUID"] for o in [*saved["ObjectStates"], *tokens,
                                  *_objects(saved, "Deck")[0]["ContainedObjects"]]]
    assert len(guids) == len(set(guids))


def test_the_mats_lie_on_the_table_shaped_like_their_images(tts, saved, shipped_game):
    tile_mm = load_layout().look("tile").size[0]
    mats = [o for o in _objects(saved, "Custom_Tile") if o["CustomImage"]["CustomTile"][
        "Type"] == 0]  # a box: a flat rectangle
    for kind in shipped_game.pieces:
        look = load_layout().look(kind.name)
        placed = [o for o in mats if f"images/{kind.name}/" in o["CustomImage"]["ImageURL"]]
        assert len(placed) == kind.count  # every copy of every item
        for piece in placed:
            assert piece["CustomImage"]["CustomTile"]["Stretch"]  # shaped like the image
            assert piece["Transform"]["scaleX"] == pytest.approx(look.size[0] / tile_mm, 1e-3)
            with Image.open(tts / piece["CustomImage"]["ImageURL"]) as image:
                # cut at the trim, at 150 ppi
                assert image.size == pytest.approx((look.size[0] / 25.4 * 150,
                                                    look.size[1] / 25.4 * 150), abs=1.01)
            assert (tts / piece["CustomImage"]["ImageSecondaryURL"]).is_file()
    assert len(mats) == sum(k.count for k in shipped_game.pieces)


@pytest.fixture(scope="module")
def copied(tmp_path_factory) -> Path:
    """The TTS and PNG exports of content where Tidewell is printed twice."""
    root = tmp_path_factory.mktemp("copies")
    for folder in (CONTENT, TEMPLATES):
        shutil.copytree(folder, root / folder.name)
    tiles = root / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("  - id: tidewell\n",
                                               "  - id: tidewell\n    copies: 2\n", 1)
                     .replace("tile_count: 48", "tile_count: 49"))
    pieces = root / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text().replace("  each: oink\n", "  each: oink\n  copies: 2\n"))
    build(root / "content", root / "templates", root / "output", ("a4",), ["tts", "png"])
    return root / "output"


def test_copies_are_cards_and_pieces_of_their_own(copied):
    [found] = (copied / "tts").glob("*.json")
    saved = json.loads(found.read_text())
    [deck] = _objects(saved, "Deck")
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert len(names) == len(deck["DeckIDs"]) == 49 and names.count("Tidewell") == 2
    twins = [c["CardID"] for c in deck["ContainedObjects"] if c["Nickname"] == "Tidewell"]
    assert twins[0] == twins[1]  # one picture, two cards
    mats = [o for o in _objects(saved, "Custom_Tile") if "world-mats" in o["CustomImage"][
        "ImageURL"]]
    assert len(mats) == 8  # each Oink's mat twice
    guids = [o["GUID"] for o in [*saved["ObjectStates"], *deck["ContainedObjects"]]]
    assert len(guids) == len(set(guids))
    listed = json.loads((copied / "png" / "tgc" / "manifest.json").read_text())
    counts = {(p["group"], p["id"]): p["count"] for p in listed["pieces"]}
    assert counts[("tiles", "tidewell")] == 2 and counts[("tiles", "rootdeep")] == 1
    assert counts[("world-mats", "fire")] == 2


def test_a_sheets_cells_are_the_tiles_trims(tts, saved, shipped_game):
    [deck] = _objects(saved, "Deck")
    kit = Kit(shipped_game)
    request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),))
    scenes = {d.name: d.face for d in tiles.designs(request, kit, 0.0)}
    for card in (deck["ContainedObjects"][0], deck["ContainedObjects"][-1]):
        sheet = deck["CustomDeck"][str(card["CardID"] // 100)]
        index = card["CardID"] % 100
        x, y = index % sheet["NumWidth"] * CELL, index // sheet["NumWidth"] * CELL
        with Image.open(tts / sheet["FaceURL"]) as face:
            cell = face.convert("RGB").crop((x, y, x + CELL, y + CELL))
        [alone] = rasters(kit, [scenes[card["Nickname"]]], 150)
        assert ImageChops.difference(cell, alone.convert("RGB")).getbbox() is None


def test_the_round_token_images_are_the_round_pngs(tts, shipped_game):
    kit = Kit(shipped_game)
    request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),))
    design = tokens.designs(request, kit, 0.0)[0]
    [alone] = rasters(kit, [round_scene(design)], 150, transparent=True)
    with Image.open(tts / "images" / "tokens" / f"{design.key}.png") as image:
        assert ImageChops.difference(image.convert("RGBA"), alone).getbbox() is None


def test_a_base_url_makes_every_url_absolute(project, monkeypatch):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "tts", "--paper", "a4",
                                      "--base-url", "https://example.org/tkg/tts"])
    assert result.exit_code == 0, result.output
    [found] = (project / "output" / "tts").glob("*.json")
    text = found.read_text()
    urls = [line.split('": "')[1].rstrip('",') for line in text.splitlines()
            if '"ImageURL"' in line or '"FaceURL"' in line or '"BackURL"' in line
            or '"ImageSecondaryURL"' in line]
    assert urls and all(u.startswith("https://example.org/tkg/tts/images/") for u in urls)


@pytest.mark.parametrize(("args", "says"), [
    (["--only", "tts", "--base-url", "ftp://example.org/"], "--base-url"),
    (["--only", "tts", "--base-url", "example.org/tts"], "--base-url"),
    (["--only", "tts", "--base-url", "https://exa mple.org/"], "--base-url"),
    (["--only", "tts", "--base-url", "file://"], "--base-url"),  # no folder
    (["--only", "tts", "--base-url", "https://example.org/a?b=c"], "--base-url"),
    (["--only", "tts", "--base-url", "https://example.org/a#top"], "--base-url"),
    (["--only", "tts", "--base-url", "https://example.org/%zz/"], "--base-url"),
    (["--only", "png", "--base-url", "https://example.org/"], "tts"),
    (["--base-url", "https://example.org/"], "tts"),  # a plain build makes no TTS files
])
def test_bad_base_urls_are_usage_errors(project, monkeypatch, args, says):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


def test_the_same_content_gives_the_same_bytes(shipped_game):
    from generator.products import tts as export

    def digests() -> dict[str, bytes]:
        request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("a4",), ("tts",))
        kit = Kit(shipped_game)
        return {a.path: a.data for a in export.produce(export.inputs(request, kit), kit)}

    first = digests()
    # a sheet, the back, tokens, Oinks, 4 world mats, the table mat, JSON + thumbnail
    assert len(first) == 1 + 1 + 4 + 4 + 4 + 1 + 2
    assert digests() == first


def test_sheets_keep_within_what_tts_takes():
    from generator.core.errors import RenderError
    from generator.products.tts import grid

    assert grid(48, (375, 375)) == (10, 69)  # 150 ppi: one sheet of 10 x 5
    assert grid(48, (750, 750)) == (5, 25)  # 300 ppi: 5 x 5 a sheet keeps under 4096 px
    assert grid(3, (375, 375)) == (3, 21)  # a short row: three columns
    with pytest.raises(RenderError, match="--dpi"):
        grid(48, (4097, 4097))


def test_at_300_ppi_a_mat_too_wide_for_tts_is_scaled_to_4096_px(tmp_path):
    # The table mat is 378 mm wide: 4,465 px at 300 ppi, past the 4,096 px TTS takes.
    out = tmp_path / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tts"], export=Export(dpi=300))
    sizes = {p.relative_to(out).as_posix(): Image.open(p).size
             for p in (out / "tts" / "images").rglob("*.png")}
    assert max(max(size) for size in sizes.values()) <= 4096, sizes
    [table] = [size for path, size in sizes.items() if "table-mat/" in path
               and "back" not in path]
    width, height = load_layout().look("table-mat").size
    assert max(table) == 4096  # as large as TTS takes, no larger
    assert table[0] / table[1] == pytest.approx(width / height, rel=2e-3)  # not distorted
