"""`tkg build --only png`: one PNG per face and back of every kind at a preset, read back
with Pillow: sizes, resolution, transparency, painted edges, and the manifest pairing
each face with its back."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from generator.build.pipeline import build
from generator.cli import cli
from generator.draw.kit import Kit
from generator.products import kinds, png
from generator.products.request import BuildRequest, Export
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES, load_layout

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

TGC = 25.4 / 8


def _px(mm: float, dpi: float) -> int:
    """A length at `dpi`, rounded up to a whole pixel (what the export promises)."""
    return math.ceil(mm / 25.4 * dpi - 1e-6)


@pytest.fixture(scope="module")
def pngs(tmp_path_factory) -> Path:
    """png/tgc/ of `tkg build --only png` (the default preset)."""
    out = tmp_path_factory.mktemp("png") / "output"
    build(CONTENT, TEMPLATES, out, ("a4",), ["png"], languages=ONE_LANGUAGE)
    return out / "png" / "tgc"


@pytest.fixture(scope="module")
def listed(pngs) -> dict:
    return json.loads((pngs / "manifest.json").read_text())


def test_tgc_tiles_are_exactly_825_px_square_at_300_ppi(pngs):
    files = sorted((pngs / "tiles").glob("*.png"))
    assert len(files) == 49  # 48 faces and the back
    for path in files:
        with Image.open(path) as image:
            assert image.size == (825, 825), path.name
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


# The Game Crafter's products (its catalogue: trim + 1/8 in each side, at 300 ppi).
PRODUCT_PX = {"tokens": (300, 300),  # Medium Circle Chit, 0.75 in
              "oinks": (450, 450),  # Mini Circle Tile, 1.25 in
              "aids": (1125, 1725)}  # Jumbo Deck, 3.5 x 5.5 in


@pytest.mark.parametrize(("group", "count"), [("tokens", 4), ("oinks", 4), ("aids", 4)])
def test_every_face_is_the_size_of_its_product(pngs, group, count):
    files = sorted(p for p in (pngs / group).glob("*.png")
                   if not p.stem.endswith(("-round", "back")))
    assert len(files) == count
    for path in files:
        with Image.open(path) as image:
            assert image.size == PRODUCT_PX[group]


def test_the_manifest_pairs_every_face_with_its_back(pngs, listed, shipped_game):
    assert (listed["preset"], listed["ppi"]) == ("tgc", 300)
    assert listed["bleed_mm"] == pytest.approx(TGC)
    pieces = listed["pieces"]
    tiles = [p for p in pieces if p["group"] == "tiles"]
    assert [p["id"] for p in tiles] == [t.id for t in shipped_game.tiles]
    assert {p["back"] for p in tiles} == {"tiles/back.png"}
    tokens = [p for p in pieces if p["group"] == "tokens"]
    assert sum(p["count"] for p in tokens) == shipped_game.tokens.total
    assert all(p["back"] == p["face"] and p["round"] for p in tokens)  # drawn blind: alike
    aids = [p for p in pieces if p["group"] == "aids"]
    assert len(aids) == len(shipped_game.oinks)
    assert {p["back"] for p in aids} == {"aids/back.png"}  # TGC prints a back: a plain one
    named = {p[k] for p in pieces for k in ("face", "back", "round") if p.get(k)}
    on_disk = {f.relative_to(pngs).as_posix() for f in pngs.rglob("*.png")}
    assert named == on_disk  # every file listed, every listed file there
    for p in pieces:
        with Image.open(pngs / p["face"]) as image:
            assert list(image.size) == p["size_px"]


@pytest.mark.parametrize(("group", "items", "size"), [
    ("world-mats", ["fire", "water", "earth", "air"], (3075, 3075)),  # Large Square Mat
    ("table-mat", ["table"], (4875, 2475))])  # Medium Folio, 16 x 8 in
def test_declared_pieces_have_their_pngs_at_their_products_size(pngs, listed, group, items,
                                                               size):
    entries = [p for p in listed["pieces"] if p["group"] == group]
    assert [p["id"] for p in entries] == items
    for entry in entries:
        assert entry["back"] == f"{group}/back.png"  # one-sided: a plain back, as TGC asks
        for side in ("face", "back"):
            with Image.open(pngs / entry[side]) as image:
                assert image.size == size
                for edge in ("left", "right", "top", "bottom"):  # painted to the edge
                    assert _edge_step(image.convert("RGB"), edge, 3) < 6, (side, edge)


def test_round_pieces_are_transparent_outside_the_disc(pngs, shipped_game):
    layout = load_layout()
    for group, look in (("tokens", layout.look("token")), ("oinks", layout.look("oink"))):
        for element in shipped_game.element_ids:
            with Image.open(pngs / group / f"{element}-round.png") as image:
                assert image.mode == "RGBA"
                side = _px(look.face, 300)
                assert image.size == (side, side)
                alpha = image.getchannel("A")
                for corner in ((0, 0), (side - 1, 0), (0, side - 1), (side - 1, side - 1),
                               (side // 10, side // 10)):  # outside the circle
                    assert alpha.getpixel(corner) == 0, (group, element, corner)
                assert alpha.getpixel((side // 2, side // 2)) == 255
                assert alpha.getpixel((side // 2, 1)) > 0  # the ring reaches the edge


def _close(a, b, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def _edge_step(image, side: str, depth: int) -> float:
    """Mean difference (0-255) between a side's outermost line of pixels and the line
    `depth` pixels in."""
    w, h = image.size
    boxes = {"left": ((0, 0, 1, h), (depth, 0, depth + 1, h)),
             "right": ((w - 1, 0, w, h), (w - 1 - depth, 0, w - depth, h)),
             "top": ((0, 0, w, 1), (0, depth, w, depth + 1)),
             "bottom": ((0, h - 1, w, h), (0, h - 1 - depth, w, h - depth))}
    outer, inner = (image.crop(b) for b in boxes[side])
    return ImageStat.Stat(ImageChops.difference(outer, inner).convert("L")).mean[0]


def test_no_unpainted_strip_the_edges_continue_the_art(pngs, shipped_game):
    # Drawn at 1/8 in, art left at the layout's 3 mm would leave the outermost 2 px of
    # every side the tile's flat background: a step between the edge and 3 px in.
    for tile in shipped_game.tiles:
        with Image.open(pngs / "tiles" / f"{tile.id}.png") as image:
            for side in ("left", "right", "top", "bottom"):
                assert _edge_step(image, side, 3) < 6, (tile.id, side)


def test_aid_cards_are_painted_to_their_new_bleed(pngs, shipped_game):
    for oink in shipped_game.oinks:
        colour = shipped_game.element(oink.element).colour
        ink = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        with Image.open(pngs / "aids" / f"{oink.element}.png") as image:
            w, h = image.size
            for x, y in ((0, 0), (w - 1, 0), (w // 2, 0), (0, 40), (w - 1, 40)):
                assert _close(image.getpixel((x, y)), ink, 2), (oink.element, x, y)
            bottom = image.getpixel((w // 2, h - 1))
            assert _close(bottom, image.getpixel((w // 2, h - 10)), 2)  # the tinted ground


@pytest.mark.parametrize(("preset", "dpi", "side"), [("trim", None, 750), ("tgc", 150, 413),
                                                     ("layout", None, 821)])
def test_presets_and_dpi_set_the_size(shipped_game, preset, dpi, side):
    request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("a4",), ("png",),
                           Export(preset=preset, dpi=dpi))
    kit = Kit(shipped_game)
    made = {a.path: a.data for a in png.produce(png.inputs(request, kit), kit)}
    folder = f"png/{preset}" if dpi is None else f"png/{preset}-{dpi}ppi"  # never replaced
    from io import BytesIO

    with Image.open(BytesIO(made[f"{folder}/tiles/back.png"])) as image:
        assert image.size == (side, side)
    listed = json.loads(made[f"{folder}/manifest.json"])
    assert listed["ppi"] == (dpi or 300)


def test_the_same_content_gives_the_same_bytes(shipped_game):
    def digests() -> dict[str, str]:
        request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("a4",), ("png",))
        kit = Kit(shipped_game)
        return {a.path: hashlib.sha256(a.data).hexdigest()
                for a in png.produce(png.inputs(request, kit), kit)}

    first = digests()
    # tiles, tokens and Oinks (+ round), aids and their plain back, the declared world mats
    # and table mat (each kind with a plain back), the manifest
    assert len(first) == 49 + 8 + 8 + 5 + 5 + 2 + 1
    assert digests() == first


def test_a_plain_build_leaves_png_and_tts_to_be_asked_for():
    plain = kinds.plain_kinds()
    assert "png" not in plain and "tts" not in plain and {"tiles", "tokens"} <= set(plain)
    assert {"png", "tts"} <= set(kinds.chosen_kinds())


@pytest.mark.parametrize(("args", "says"), [
    (["--only", "png", "--preset", "vistaprint"], "vistaprint"),
    (["--only", "png", "--dpi", "0"], "--dpi"),
    (["--only", "png", "--dpi", "hundred"], "--dpi"),
    (["--only", "tiles", "--dpi", "150"], "png"),  # no kind asked for reads it
    (["--only", "rulebook", "--preset", "tgc"], "--preset"),
])
def test_bad_export_options_are_usage_errors(project, monkeypatch, args, says):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
    assert not (project / "output").exists()


def test_a_plain_build_neither_makes_nor_removes_the_exports(project):
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["png"], languages=ONE_LANGUAGE)
    before = {p: p.read_bytes() for p in (out / "png").rglob("*.png")}
    result = build(project / "content", project / "templates", out, ("a4",), languages=ONE_LANGUAGE)
    assert "png" not in result.rendered and "tts" not in result.rendered
    assert {p: p.read_bytes() for p in (out / "png").rglob("*.png")} == before
    listed = json.loads((out / "manifest.json").read_text())["files"]
    # The English PNGs and their manifest (the French ones are under fr/png/).
    assert sum(f["kind"] == "png" and f["language"] == "en" for f in listed) == \
        len(before) + 1


def test_every_picture_is_exactly_its_products_size_and_the_manifest_names_it(pngs, listed,
                                                                           shipped_game):
    products = {}
    for entry in listed["pieces"]:
        product = entry["product"]
        products[entry["group"]] = product["identity"]
        assert product["quantity"] == entry["count"]
        for side in ("face", "back"):
            with Image.open(pngs / entry[side]) as image:
                assert list(image.size) == product["size_px"], (entry["id"], side)
    assert products == {"tiles": "MediumSquareTile", "tokens": "MediumCircleChit",
                        "oinks": "MiniCircleTile", "aids": "JumboDeck",
                        "world-mats": "LargeSquareMat", "table-mat": "MediumFolio"}
    tokens = [e for e in listed["pieces"] if e["group"] == "tokens"]
    assert [e["product"]["quantity"] for e in tokens] == \
        [shipped_game.tokens.count(e["id"]) for e in tokens]


def test_a_token_chit_keeps_its_white_ring_inside_the_cut(pngs):
    # The chit is cut on a 0.75 in circle: 112.5 px round the centre of its 300 px image.
    # The token's face (its ring included) is scaled to that circle, so just inside the
    # cut is the white ring, and just outside it the dark surround that bleeds.
    with Image.open(pngs / "tokens" / "fire.png") as image:
        rgb = image.convert("RGB")
    centre, radius = 150, 112.5
    def at(dx: int, dy: int, r: float) -> int:
        return min(rgb.getpixel((round(centre + dx * r), round(centre + dy * r))))

    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        assert all(at(dx, dy, radius - d) > 225 for d in (1.5, 2.5)), (dx, dy)  # the ring
        assert at(dx, dy, radius + 6) < 60, (dx, dy)  # the surround, in the bleed
        assert at(dx, dy, radius - 12) < 200, (dx, dy)  # the token's colour, inside
