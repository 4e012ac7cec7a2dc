"""A kind of piece declared in YAML (issue 11, item 2): docs/pieces.md's worked example,
the round first-player marker under tests/fixtures/pieces/first-player/, built as a
designer would and measured: its SVG, its sheet on both papers (size, crop marks, the
duplex back behind its front), the bundle's checklist, its print-shop file, the
manifest, the preview gallery, `--only` and the cache."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.build.pipeline import build
from generator.cli import cli
from tests.conftest import ONE_LANGUAGE
from tests.pdfprobe import MM, cover_rows, placements

EXAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "pieces" / "first-player"
PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}
SIDE, BLEED = 30.0, 2.0  # the marker's trim and bleed, mm (the fixture's layout)
FRONT, BACK = "piece-first-player-first-player", "piece-first-player-back"


def with_marker(project: Path) -> Path:
    """The project with the worked example added as docs/pieces.md tells: its data at
    the end of content/pieces.yaml, its look in a layout of its own."""
    pieces = project / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "\n" + (EXAMPLE / "pieces.yaml").read_text())
    shutil.copy(EXAMPLE / "layout.yaml", project / "templates" / "layouts" / "marker.yaml")
    return project


@pytest.fixture(scope="module")
def marked(tmp_path_factory):
    """A build of the marker (and so the bundle) on both papers."""
    root = tmp_path_factory.mktemp("marker")
    shutil.copytree(Path(__file__).resolve().parents[2] / "content", root / "content")
    shutil.copytree(Path(__file__).resolve().parents[2] / "templates", root / "templates")
    with_marker(root)
    out = root / "output"
    build(root / "content", root / "templates", out, tuple(PAPERS), ["first-player"],
          layouts=("marker",), languages=ONE_LANGUAGE)
    return out


def cover_row(reader: PdfReader, name: str) -> tuple[str, range]:
    """A checklist row of the cover: its detail line and its pages (0-based)."""
    detail, (first, last) = cover_rows(reader, (name,))[name]
    return detail, range(first - 1, last)


def lines_on(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """Every line drawn on the page itself (crop marks): (x0, y0, x1, y1) mm from the
    bottom-left corner."""
    ops = ContentStream(reader.pages[index].get_contents(), reader).operations
    ends = [(float(a[0]) * MM, float(a[1]) * MM) for a, op in ops if op in (b"m", b"l")]
    return [(*ends[i], *ends[i + 1]) for i in range(0, len(ends), 2)]


@pytest.mark.slow
def test_the_marker_is_an_svg_of_its_size_with_bleed(marked):
    svg = ElementTree.parse(marked / "svg" / "pieces" / "first-player" / "first-player.svg")
    root = svg.getroot()
    assert root.get("width") == "34mm" and root.get("height") == "34mm"
    assert root.get("viewBox").split() == ["0", "0", "34", "34"]
    text = ElementTree.tostring(root, encoding="unicode")
    assert "First player" in text and "TKG ARENA" in text
    assert (marked / "svg" / "pieces" / "first-player" / "back.svg").is_file()


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_its_sheet_has_marks_on_its_cuts_and_the_back_behind(marked, paper):
    # A single marker does not take a sheet of its own: it goes where a sheet has room
    # (with the other pieces' sheets), its marks on its own cuts, its back behind it.
    reader = PdfReader(marked / f"pnp-{paper}.pdf")
    detail, pages = cover_row(reader, "First-player marker")
    assert detail.startswith("1 round marker")
    front, back = pages  # one marker: one sheet and its back
    width, height = PAPERS[paper]
    for index in pages:
        box = reader.pages[index].mediabox
        assert (float(box.width) * MM, float(box.height) * MM) == pytest.approx(
            (width, height), abs=0.05)
    [(x, y)] = [(x, y) for name, x, y in placements(reader, front) if name == FRONT]
    left, bottom = x + BLEED, y + BLEED  # the trim's lower-left corner
    marks = lines_on(reader, front)
    vertical = {round(x0, 2) for x0, y0, x1, y1 in marks if abs(x0 - x1) < 1e-6}
    horizontal = {round(y0, 2) for x0, y0, x1, y1 in marks if abs(y0 - y1) < 1e-6}
    assert {round(left, 2), round(left + SIDE, 2)} <= vertical  # on its cuts
    assert {round(bottom, 2), round(bottom + SIDE, 2)} <= horizontal
    for x0, y0, x1, y1 in marks:  # never over the piece, inside the printable margin
        assert not (left < (x0 + x1) / 2 < left + SIDE and bottom < (y0 + y1) / 2 < bottom + SIDE)
        assert min(x0, x1, y0, y1) >= 6.35 - 1e-6
    [(bx, by)] = [(x, y) for name, x, y in placements(reader, back) if name == BACK]
    # Mirrored across the page's vertical axis for a long-edge flip: within 0.1 mm.
    assert bx == pytest.approx(width - x - (SIDE + 2 * BLEED), abs=0.1)
    assert by == pytest.approx(y, abs=0.1)


@pytest.mark.slow
def test_its_print_shop_file_has_a_page_per_copy_and_the_back(marked):
    reader = PdfReader(marked / "print-shop" / "first-player.pdf")
    assert len(reader.pages) == 2  # copies: 1, then the shared back
    for page in reader.pages:
        assert [float(v) * MM for v in page.mediabox] == pytest.approx([0, 0, 34, 34], abs=0.02)
        assert [float(v) * MM for v in page.trimbox] == pytest.approx([2, 2, 32, 32], abs=0.02)


def test_the_manifest_lists_it_under_its_kind(marked):
    files = json.loads((marked / "manifest.json").read_text())["files"]
    kinds = {f["path"]: f["kind"] for f in files}
    assert kinds["svg/pieces/first-player/first-player.svg"] == "first-player"
    assert kinds["print-shop/first-player.pdf"] == "first-player"


def test_the_preview_shows_it_in_a_group_of_its_own(marked):
    from generator.live.page import gallery_page
    from generator.live.status import BuildOutcome

    manifest = json.loads((marked / "manifest.json").read_text())
    page = gallery_page("t", manifest, 1, BuildOutcome(True))
    assert 'id="first-player"' in page
    assert "svg/pieces/first-player/first-player.svg" in page


@pytest.mark.slow
def test_only_offers_it_and_the_cache_knows_it(project, monkeypatch):
    with_marker(project)
    monkeypatch.chdir(project)
    args = ["build", "--only", "first-player,tiles", "--paper", "a4", "--layout", "marker"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    assert "first-player" in first.output
    again = CliRunner().invoke(cli, args)
    assert "nothing changed" in again.output
    # An edit of the marker's look redraws the marker and the bundle, not the tiles.
    layout = project / "templates" / "layouts" / "marker.yaml"
    layout.write_text(layout.read_text().replace('"#E9D9A6"     # the disc', '"#F2C14E"'))
    edited = build(project / "content", project / "templates", project / "output", ("a4",),
                   ["first-player", "tiles"], layouts=("marker",))
    # In each of the game's languages (its French prints the marker's English words).
    assert set(edited.rendered) == {"first-player", "pnp", "first-player@fr", "pnp@fr"}
    unknown = CliRunner().invoke(cli, ["build", "--only", "first-players"])
    assert unknown.exit_code == 2 and "first-player" in unknown.output
    assert "Traceback" not in unknown.output


@pytest.mark.slow
def test_more_copies_mean_more_pieces_on_the_sheets_the_checklist_and_the_print_shop(project):
    with_marker(project)
    pieces = project / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text().replace("      copies: 1\n", "      copies: 3\n"))
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["first-player"],
          layouts=("marker",), languages=ONE_LANGUAGE)
    reader = PdfReader(out / "pnp-a4.pdf")
    detail, pages = cover_row(reader, "First-player marker")
    assert detail.startswith("3 round marker")
    assert [name for name, _, _ in placements(reader, pages[0])] == [FRONT] * 3
    assert [name for name, _, _ in placements(reader, pages[1])] == [BACK] * 3
    assert len(PdfReader(out / "print-shop" / "first-player.pdf").pages) == 4  # 3 + back


def test_docs_pieces_shows_the_worked_example_as_it_is_built():
    # The guide's example is this fixture, word for word: what it shows is what builds.
    guide = (Path(__file__).resolve().parents[2] / "docs" / "pieces.md").read_text()
    for name in ("pieces.yaml", "layout.yaml"):
        assert (EXAMPLE / name).read_text() in guide, name


@pytest.mark.slow
def test_the_exports_take_it_a_round_png_and_a_disc_on_the_tts_table(project):
    with_marker(project)
    out = project / "output"
    build(project / "content", project / "templates", out, ("a4",), ["png", "tts"],
          layouts=("marker",), languages=ONE_LANGUAGE)
    listed = json.loads((out / "png" / "tgc" / "manifest.json").read_text())
    [entry] = [p for p in listed["pieces"] if p["group"] == "first-player"]
    assert entry["count"] == 1 and entry["back"] == "first-player/back.png"
    with Image.open(out / "png" / "tgc" / entry["round"]) as image:
        side = math.ceil(SIDE / 25.4 * 300 - 1e-6)
        assert image.mode == "RGBA" and image.size == (side, side)
        assert image.getchannel("A").getpixel((0, 0)) == 0  # outside the disc: clear
        assert image.getchannel("A").getpixel((side // 2, side // 2)) == 255
    [saved] = (out / "tts").glob("*.json")
    objects = json.loads(saved.read_text())["ObjectStates"]
    [disc] = [o for o in objects if "first-player" in o.get("CustomImage", {}).get("ImageURL", "")]
    image = disc["CustomImage"]
    assert image["CustomTile"]["Type"] == 2  # a circle
    assert image["ImageSecondaryURL"] == "images/first-player/back.png"
    assert (out / "tts" / image["ImageURL"]).is_file()
    assert (out / "tts" / image["ImageSecondaryURL"]).is_file()
