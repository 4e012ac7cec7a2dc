"""Print-shop files for every kind with pieces: a page per distinct face and back, trim
plus bleed, TrimBox and BleedBox set; the bleed follows the preset, and art that runs to
the layout's bleed edge runs to whatever bleed the piece is drawn at."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build.pipeline import build
from generator.products.request import Export
from tests.conftest import CONTENT, ONE_LANGUAGE, TEMPLATES, load_layout
from tests.pdfprobe import MM

# Each test here builds or draws whole kinds: the quick run leaves them out.
pytestmark = pytest.mark.slow

ART = Path(__file__).resolve().parent.parent / "fixtures" / "art"
TGC = 25.4 / 8  # The Game Crafter's bleed: 1/8 in
# Each kind's print-shop pages: (pages, trim w, trim h) of each size of piece, in page order.
PAGES = {"tiles": [(49, 63.5, 63.5)],  # 48 faces and the shared back
         "tokens": [(4, 22, 22), (4, 40, 40)],  # a face per element (both sides alike), Oinks
         "aids": [(4, 88.9, 127.0)]}  # one-sided cards
LAYOUT_BLEED = {"tiles": [3.0], "tokens": [2.0, 2.0], "aids": [3.0]}


def _built(out: Path, preset: str | None) -> Path:
    build(CONTENT, TEMPLATES, out, ("a4",), ["tiles", "tokens", "aids"],
          export=Export(preset=preset), languages=ONE_LANGUAGE)
    return out


@pytest.fixture(scope="module")
def shops(tmp_path_factory):
    """print-shop/ as built with the layout's bleed (no --preset), tgc and trim."""
    root = tmp_path_factory.mktemp("shops")
    return {preset: _built(root / str(preset), preset) / "print-shop"
            for preset in (None, "tgc", "trim")}


def _mm(box) -> list[float]:
    return [float(v) * MM for v in box]


def _expected(kind: str, preset: str | None) -> list[tuple[float, float, float]]:
    """(trim w, trim h, bleed) of each page of a kind's print-shop file."""
    pages = []
    for (count, w, h), own in zip(PAGES[kind], LAYOUT_BLEED[kind], strict=True):
        bleed = {None: own, "tgc": TGC, "trim": 0.0}[preset]
        pages += [(w, h, bleed)] * count
    return pages


@pytest.mark.parametrize("preset", [None, "tgc", "trim"])
@pytest.mark.parametrize("kind", sorted(PAGES))
def test_each_page_is_trim_plus_the_presets_bleed_with_boxes(shops, kind, preset):
    reader = PdfReader(shops[preset] / f"{kind}.pdf")
    expected = _expected(kind, preset)
    assert len(reader.pages) == len(expected)
    for page, (w, h, b) in zip(reader.pages, expected, strict=True):
        assert _mm(page.mediabox) == pytest.approx([0, 0, w + 2 * b, h + 2 * b], abs=0.02)
        assert _mm(page.trimbox) == pytest.approx([b, b, w + b, h + b], abs=0.02)
        assert _mm(page.bleedbox) == _mm(page.mediabox)


def test_the_pages_are_the_distinct_designs(shops):
    # One page per distinct face and back: the tile back once, a token's two sides once.
    text = [p.extract_text() for p in PdfReader(shops[None] / "aids.pdf").pages]
    assert all("player aid" in t for t in text) and len(set(text)) == 4
    tiles = PdfReader(shops["tgc"] / "tiles.pdf")
    assert "TKG ARENA" in tiles.pages[-1].extract_text()  # the back, last


def _part(scene, name: str):
    return next(p for p in scene.parts if p.name == name)


def test_art_reaching_the_bleed_edge_follows_a_larger_bleed(kit):
    from generator.draw.piece import FRONT, built_in, drawn, item_of

    layout = load_layout()
    tile, look = built_in(kit, "tile"), layout.look("tile")
    item = item_of(kit, tile, kit.game.tiles[0].id)
    own = drawn(kit, tile, look, item, FRONT).scene
    assert _part(own, "art").box == (0, 0, 69.5, 69.5)  # the layout's full-bleed art box
    wide = drawn(kit, tile, look, item, FRONT, TGC).scene
    assert _part(wide, "art").box == pytest.approx((0, 0, 63.5 + 2 * TGC, 63.5 + 2 * TGC))
    assert _part(wide, "ground").box == pytest.approx((0, 0, 63.5 + 2 * TGC, 63.5 + 2 * TGC))
    # A smaller bleed keeps the box (the page crops it): the art is scaled as printed.
    assert _part(drawn(kit, tile, look, item, FRONT, 0.0).scene, "art").box == \
        (-3, -3, 69.5, 69.5)


def test_art_inside_the_trim_stays_where_the_layout_put_it(kit):
    from generator.draw.piece import FRONT, built_in, drawn, item_of

    look = load_layout("ink-saver").look("tile")  # its art framed 3 mm inside the cut
    tile = built_in(kit, "tile")
    scene = drawn(kit, tile, look, item_of(kit, tile, kit.game.tiles[0].id), FRONT, TGC).scene
    assert _part(scene, "art").box == pytest.approx((3 + TGC, 3 + TGC, 57.5, 57.5))


def test_a_card_at_a_larger_bleed_keeps_its_trim_and_paints_the_new_bleed(kit):
    from generator.draw.piece import FRONT, drawn
    from generator.text.context import game_context
    from generator.text.pieces import aid_kind

    look = load_layout().look("aid")
    kind = aid_kind(kit.game, TEMPLATES, game_context(kit.game, kit.memo), kit.memo)
    own = drawn(kit, kind, look, kind.items[0], FRONT).scene
    wide = drawn(kit, kind, look, kind.items[0], FRONT, 4.0).scene
    assert (wide.width, wide.height, wide.trim) == (96.9, 135, own.trim)
    assert _part(wide, "ground").box == pytest.approx((0, 0, 96.9, 135))  # every edge
    assert _part(wide, "band").box == pytest.approx((0, 0, 96.9, 25))  # top and sides
    x, y, w, h = _part(own, "badge").box  # inside the piece: where it was on the trim
    assert _part(wide, "badge").box == pytest.approx((x + 1, y + 1, w, h))


def _page(pdf: Path, index: int, dpi: int):
    """A page at `dpi` with no partial pixel past its edge: 825.0 px must stay 825, not
    become 826 through the float error of 72 / 25.4 (PDFium rounds sides up)."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=dpi / 72 * (1 - 1e-9)).to_pil().convert("RGB")
    finally:
        document.close()


def _use_wide_art(project: Path) -> None:
    """Give every tile a picture whose left half is orange and right half is blue."""
    shutil.copy(ART / "wide.png", project / "content" / "art" / "wide.png")
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    import re

    tiles.write_text(re.sub(r"art: art/[\w-]+\.svg", "art: art/wide.png", text))


def test_no_unpainted_strip_at_the_tgc_bleed(project):
    # The default layout's art box is -3 mm: drawn at 1/8 in of bleed it would leave
    # 0.175 mm (2 px at 300 ppi) of the tile's dark background round the edge.
    _use_wide_art(project)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["tiles"],
          export=Export(preset="tgc"), languages=ONE_LANGUAGE)
    image = _page(out / "print-shop" / "tiles.pdf", 0, 300)
    assert image.size == (825, 825)
    orange, blue = (0xE6, 0x9F, 0x00), (0x56, 0xB4, 0xE9)
    for x, colour in ((0, orange), (1, orange), (824, blue), (823, blue)):
        for y in (0, 1, 200, 412, 600, 823, 824):
            found = image.getpixel((x, y))
            assert all(abs(a - b) <= 24 for a, b in zip(found, colour, strict=True)), \
                (x, y, found)


def test_the_preset_is_part_of_each_print_shop_kinds_cache_key(shipped_game):
    from dataclasses import replace

    from generator.draw.kit import Kit
    from generator.products.kinds import kinds_table
    from generator.products.request import BuildRequest

    kit = Kit(shipped_game)
    request = BuildRequest(shipped_game, TEMPLATES, (load_layout(),), ("a4",))
    for name in ("tiles", "tokens", "aids"):
        table = {k.name: k for k in kinds_table()}
        keys = {table[name].key(replace(request, export=Export(preset=p)), kit)
                for p in (None, "layout", "tgc", "trim")}
        assert len(keys) == 3, name  # no preset is the layout preset
