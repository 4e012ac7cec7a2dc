"""`tkg build --only tts`: the saved-object JSON parsed, and every image it names present
with the grid and size it claims."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from io import BytesIO
from itertools import pairwise
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
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES, load_layout

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

CELL = 375  # a 63.5 mm tile at the default 150 ppi
# The unit model (generator/products/tabletop.py, from measurements): a unit is an inch,
# a card 2.2 units wide and a custom tile 2.0 units across its short side at scale 1.
CARD_WIDTH, TILE_SIDE = 2.2, 2.0


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    """tts/ of `tkg build --only tts`."""
    out = tmp_path_factory.mktemp("tts") / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["tts"], languages=ONE_LANGUAGE)
    return out / "tts"


@pytest.fixture(scope="module")
def saved(tts) -> dict:
    [found] = tts.glob("*.json")
    return json.loads(found.read_text())


def _objects(saved: dict, name: str) -> list[dict]:
    return [o for o in saved["ObjectStates"] if o["Name"] == name]


def _tile_deck(saved: dict) -> dict:
    [deck] = [d for d in _objects(saved, "Deck") if d["Nickname"].startswith("World tiles")]
    return deck


def test_the_48_tiles_lie_face_down_in_one_deck(saved, shipped_game):
    deck = _tile_deck(saved)
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
    deck = _tile_deck(saved)
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
                                  *_tile_deck(saved)["ContainedObjects"]]]
    assert len(guids) == len(set(guids))


def test_the_mats_lie_on_the_table_shaped_like_their_images(tts, saved, shipped_game):
    mats = [o for o in _objects(saved, "Custom_Tile") if o["CustomImage"]["CustomTile"][
        "Type"] == 0]  # a box: a flat rectangle
    for kind in shipped_game.pieces:
        look = load_layout().look(kind.name)
        placed = [o for o in mats if f"images/{kind.name}/" in o["CustomImage"]["ImageURL"]]
        assert len(placed) == kind.count  # every copy of every item
        for piece in placed:
            # not stretched square: shaped like the image; its short side its true size
            assert not piece["CustomImage"]["CustomTile"]["Stretch"]
            assert piece["Transform"]["scaleX"] == pytest.approx(
                min(look.size) / 25.4 / TILE_SIDE, 1e-3)
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
    build(root / "content", root / "templates", root / "output", ("a4",), ["tts", "png"],
          languages=ONE_LANGUAGE)
    return root / "output"


def test_copies_are_cards_and_pieces_of_their_own(copied):
    [found] = (copied / "tts").glob("*.json")
    saved = json.loads(found.read_text())
    deck = _tile_deck(saved)
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
    deck = _tile_deck(saved)
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
    result = CliRunner().invoke(cli, ["build", "--only", "tts", "--paper", "a4", "--lang", "en",
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
    # a sheet, the back, tokens, Oinks, 4 world mats, the table mat, JSON + thumbnail,
    # the aids' sheet and back, the rulebook
    assert len(first) == 1 + 1 + 4 + 4 + 4 + 1 + 2 + 2 + 1
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
    build(CONTENT, TEMPLATES, out, ("a4",), ["tts"], export=Export(dpi=300), languages=ONE_LANGUAGE)
    sizes = {p.relative_to(out).as_posix(): Image.open(p).size
             for p in (out / "tts" / "images").rglob("*.png")}
    assert max(max(size) for size in sizes.values()) <= 4096, sizes
    [table] = [size for path, size in sizes.items() if "table-mat/" in path
               and "back" not in path]
    width, height = load_layout().look("table-mat").size
    assert max(table) == 4096  # as large as TTS takes, no larger
    assert table[0] / table[1] == pytest.approx(width / height, rel=2e-3)  # not distorted


def _footprint(tts: Path, obj: dict) -> tuple[float, float, float, float]:
    """An object's rectangle on the table (x0, z0, x1, z1), by the unit model."""
    t = obj["Transform"]
    if obj["Name"] == "Deck":
        sheet = next(iter(obj["CustomDeck"].values()))
        with Image.open(tts / sheet["FaceURL"]) as image:
            cell = image.width / sheet["NumWidth"], image.height / sheet["NumHeight"]
        w = CARD_WIDTH * t["scaleX"]
        d = w * cell[1] / cell[0]
    elif obj["Name"] == "Custom_Tile":
        with Image.open(tts / obj["CustomImage"]["ImageURL"]) as image:
            ratio = image.width / image.height
        short = TILE_SIDE * t["scaleX"]
        w, d = (short * ratio, short) if ratio >= 1 else (short, short / ratio)
    elif obj["Name"] == "Bag":
        w = d = 2.0  # TTS's bag is about two units across
    else:
        assert obj["Name"] == "Custom_PDF"
        w, d = 8.5, 11.0  # about a letter page: TTS gives a PDF no documented size
    x, z = t["posX"], t["posZ"]
    return x - w / 2, z - d / 2, x + w / 2, z + d / 2


def test_no_two_objects_on_the_table_overlap(tts, saved):
    boxes = [(o["Nickname"], _footprint(tts, o)) for o in saved["ObjectStates"]]
    assert len(boxes) >= 1 + 1 + 4 + 1 + 1 + 5  # deck, bag, Oinks, aids, book, mats
    for i, (a, (ax0, az0, ax1, az1)) in enumerate(boxes):
        for b, (bx0, bz0, bx1, bz1) in boxes[i + 1:]:
            apart = ax1 <= bx0 or bx1 <= ax0 or az1 <= bz0 or bz1 <= az0
            assert apart, (a, b)


def test_every_piece_is_its_true_size_beside_a_tile(tts, saved):
    layout = load_layout()
    deck = _footprint(tts, _tile_deck(saved))
    tile_units = deck[2] - deck[0]
    assert tile_units == pytest.approx(layout.look("tile").size[0] / 25.4, rel=2e-3)
    [bag] = _objects(saved, "Bag")
    sizes = {"tokens": layout.look("token").face, "oinks": layout.look("oink").face,
             "world-mats": min(layout.look("world-mats").size),
             "table-mat": min(layout.look("table-mat").size)}
    for obj in [*bag["ContainedObjects"], *_objects(saved, "Custom_Tile")]:
        group = obj["CustomImage"]["ImageURL"].split("/")[1]
        x0, z0, x1, z1 = _footprint(tts, {**obj, "Transform": {**obj["Transform"],
                                                                "posX": 0, "posZ": 0}})
        short = min(x1 - x0, z1 - z0)
        # the same size relative to a tile as on the table
        assert short / tile_units == pytest.approx(
            sizes[group] / layout.look("tile").size[0], rel=2e-3), obj["Nickname"]


def test_the_aids_are_cards_and_the_rulebook_a_book(tts, saved, shipped_game):
    [aids] = [d for d in _objects(saved, "Deck") if d["Nickname"] == "Player aids"]
    assert aids["Transform"]["rotZ"] == 0  # face up
    names = [c["Nickname"] for c in aids["ContainedObjects"]]
    assert names == [f"{o.name} player aid" for o in shipped_game.oinks]
    [book] = _objects(saved, "Custom_PDF")
    url = book["CustomPDF"]["PDFUrl"]
    from pypdf import PdfReader

    reader = PdfReader(tts / url)
    assert len(reader.pages) > 4
    assert reader.metadata["/Title"].startswith(f"{shipped_game.title} — Rulebook")
    assert "Quick reference" in reader.pages[0].extract_text()  # its contents page
    width = float(reader.pages[0].mediabox.width) * 25.4 / 72
    assert width == pytest.approx(215.9, abs=0.1)  # Letter


def test_the_mats_have_a_snap_point_on_every_space_a_tile_goes(saved, shipped_game):
    layout = load_layout()
    tile = layout.look("tile").size[0]
    rules = shipped_game.rules
    for obj in _objects(saved, "Custom_Tile"):
        url = obj["CustomImage"]["ImageURL"]
        points = obj.get("AttachedSnapPoints", [])
        scale = obj["Transform"]["scaleX"]
        # a point's offset on the table, in mm
        xs = sorted({round(p["Position"]["x"] * scale * 25.4, 1) for p in points})
        zs = sorted({round(p["Position"]["z"] * scale * 25.4, 1) for p in points})
        if "/world-mats/" in url:
            assert len(points) == rules.grid_rows * rules.grid_columns
            assert len(xs) == rules.grid_columns and len(zs) == rules.grid_rows
            steps = {round(b - a, 1) for a, b in pairwise(xs)}
            assert all(tile <= step <= tile * 7 / 6 for step in steps)  # a cell apart
        elif "/table-mat/" in url:
            assert len(points) == len(rules.space_row) and len(zs) == 1
        else:
            assert points == []  # an Oink has no spaces


def test_pieces_are_named_as_players_know_them(saved, shipped_game):
    names = {o["Nickname"] for o in _objects(saved, "Custom_Tile")}
    for oink in shipped_game.oinks:
        assert f"World mats: {oink.name}" in names
    assert "Table mat" in names
    assert not any(name.endswith((": fire", ": table")) for name in names)


def test_at_the_highest_dpi_every_image_keeps_within_what_tts_takes(shipped_game):
    # Without rendering: each image's size as the export works it out at --dpi 600.
    from generator.backends.png import size_px
    from generator.products import tts as export
    from generator.products.presets import DPI_RANGE

    dpi = DPI_RANGE[1]
    request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("a4",), ("tts",),
                           Export(dpi=dpi))
    kit = Kit(shipped_game)
    table = export.inputs(request, kit)
    cell = tuple(size_px(v, dpi) for v in table.world[0].face.trim)  # the tiles' sheets
    columns, per_sheet = export.grid(len(table.world), cell)
    rows = -(-min(per_sheet, len(table.world)) // columns)
    assert columns * cell[0] <= 4096 and rows * cell[1] <= 4096, (cell, columns, rows)
    cards, images = export._aid_deck(table, kit, 2)  # the aids' sheets, made: 2100 x 3000
    assert len(cards) == len(table.aids) and len(images) == len(table.aids) + 1
    for made in images:
        with Image.open(BytesIO(made.data)) as image:
            assert max(image.size) <= 4096, made.path
    for design in (*table.own, *table.round_ones):
        scene = design.face
        longest = size_px(max(scene.trim), export.fitting(scene, dpi))
        assert longest <= 4096, design.name


def _everything(objects: list[dict]):
    """Every object of the save, those inside decks and bags too."""
    for obj in objects:
        yield obj
        yield from _everything(obj.get("ContainedObjects", []))


KNOWN = {"Deck": {"DeckIDs", "CustomDeck", "ContainedObjects"}, "Card": {"CardID", "CustomDeck"},
         "Bag": {"ContainedObjects"}, "Custom_Tile": {"CustomImage"},
         "Custom_PDF": {"CustomPDF"}}


def test_the_save_keeps_tts_rules_for_types_ids_and_transforms(saved):
    # The rules of Berserk's save-file format that the export relies on: each object one of
    # the types it writes, with that type's fields; six-hex-digit GUIDs, none twice; a
    # deck's card ids its sheets' (sheet number x 100 + cell); a uniform, positive scale.
    import re

    seen = []
    for obj in _everything(saved["ObjectStates"]):
        assert obj["Name"] in KNOWN and KNOWN[obj["Name"]] <= set(obj), obj["Name"]
        assert re.fullmatch(r"[0-9a-f]{6}", obj["GUID"])
        seen.append(obj["GUID"])
        t = obj["Transform"]
        assert t["scaleX"] == t["scaleZ"] > 0 and t["rotY"] in (0.0, 180.0)
        if obj["Name"] == "Deck":
            sheets = {int(k) for k in obj["CustomDeck"]}
            assert obj["DeckIDs"] == [c["CardID"] for c in obj["ContainedObjects"]]
            for card in obj["ContainedObjects"]:
                sheet = card["CardID"] // 100
                assert sheet in sheets and set(card["CustomDeck"]) == {str(sheet)}
                grid = obj["CustomDeck"][str(sheet)]
                assert card["CardID"] % 100 < grid["NumWidth"] * grid["NumHeight"]
    assert len(seen) == len(set(seen))
    decks = _objects(saved, "Deck")
    numbers = [int(k) for d in decks for k in d["CustomDeck"]]
    assert len(numbers) == len(set(numbers))  # no sheet number shared by two decks
