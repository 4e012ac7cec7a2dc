"""The print-shop PDFs as a prepress check reads them: PDF/X-4 (issue 25, items 3 and 5).

Read back with pypdf, independently of the code that wrote them: the version, the
PDF/X keys in the information dictionary and the XMP, the output intent and its
profile, no colour left device-dependent RGB, trim and bleed boxes on every page with
the bleed painted, a CutContour die line round every round piece (and none on a square
one), and how many of each page to make.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject

from tests.conftest import CONTENT, load_layout
from tests.pdfprobe import MM, rasterise

SHOPS = ("tiles", "tokens")  # what the session's shared build makes
NS = {"rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
      "pdfxid": "http://www.npes.org/pdfx/ns/id/", "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
      "dc": "http://purl.org/dc/elements/1.1/", "pdf": "http://ns.adobe.com/pdf/1.3/"}


@cache
def _reader(path: Path) -> PdfReader:
    return PdfReader(path)


def _shop(built: Path, kind: str) -> PdfReader:
    return _reader(built / "print-shop" / f"{kind}.pdf")


def _objects(reader: PdfReader):
    """Every indirect object of the file, resolved."""
    for number in range(1, int(reader.trailer["/Size"])):
        try:
            yield reader.get_object(IndirectObject(number, 0, reader))
        except Exception:  # a free entry
            continue


@pytest.mark.parametrize("kind", SHOPS)
def test_the_file_declares_pdf_x4_in_its_version_info_and_xmp(built, kind):
    reader = _shop(built, kind)
    assert reader.pdf_header == "%PDF-1.6"  # transparency (the forms' opacity) needs >= 1.4
    info = reader.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-4"
    assert info["/Trapped"] == "/False"
    for key in ("/Title", "/CreationDate", "/ModDate"):
        assert info.get(key), key
    xmp = ET.fromstring(reader.trailer["/Root"]["/Metadata"].get_object().get_data())
    facts = {el.tag.split("}")[1]: el for el in xmp.iter() if "}" in el.tag}
    assert facts["GTS_PDFXVersion"].text == "PDF/X-4"
    assert facts["Trapped"].text == "False"
    assert facts["DocumentID"].text.startswith("uuid:")
    assert facts["VersionID"].text and facts["RenditionClass"].text == "default"
    title = facts["title"].find("rdf:Alt/rdf:li", NS).text
    assert title == info["/Title"]
    assert facts["description"].find("rdf:Alt/rdf:li", NS).text == info["/Subject"]


@pytest.mark.parametrize("kind", SHOPS)
def test_the_output_intent_carries_the_shipped_cmyk_press_profile(built, kind):
    from PIL import ImageCms

    intents = _shop(built, kind).trailer["/Root"]["/OutputIntents"]
    assert len(intents) == 1
    intent = intents[0].get_object()
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] and intent["/Info"]  # Custom needs /Info
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4
    data = profile.get_data()
    assert data == (CONTENT / "colour" / "press-cmyk.icc").read_bytes()
    opened = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    assert (opened.device_class, opened.xcolor_space) == ("prtr", "CMYK")


def _mm(box) -> list[float]:
    return [float(v) * MM for v in box]


def _resources_colour(resources) -> dict:
    spaces = resources.get("/ColorSpace", DictionaryObject()) if resources else {}
    return {k: v.get_object() for k, v in spaces.items()}


def _is_icc_rgb(space) -> bool:
    space = space.get_object()
    return (isinstance(space, ArrayObject) and space[0] == "/ICCBased"
            and space[1].get_object()["/N"] == 3)


@pytest.mark.parametrize("kind", SHOPS)
def test_no_colour_is_left_device_dependent_rgb(built, kind):
    reader = _shop(built, kind)
    forms = images = shadings = 0
    for obj in _objects(reader):
        if not isinstance(obj, DictionaryObject):
            continue
        subtype = obj.get("/Subtype")
        if subtype == "/Form":
            forms += 1
            spaces = _resources_colour(obj["/Resources"])
            code = obj.get_data()
            if re.search(rb"\b(rg|RG)\b", code):  # device RGB operators: remapped
                assert "/DefaultRGB" in spaces and _is_icc_rgb(spaces["/DefaultRGB"])
            for shading in obj["/Resources"].get("/Shading", {}).values():
                shadings += 1
                assert _is_icc_rgb(shading.get_object()["/ColorSpace"])
        elif subtype == "/Image" and obj.get("/ColorSpace") != "/DeviceGray":  # soft masks
            images += 1
            assert _is_icc_rgb(obj["/ColorSpace"])
        assert obj.get("/ColorSpace") != "/DeviceRGB"
    assert forms >= 4


@pytest.mark.parametrize("kind", SHOPS)
def test_every_page_has_trim_and_bleed_boxes_and_the_bleed_is_painted(built, kind):
    reader = _shop(built, kind)
    for index, page in enumerate(reader.pages):
        media, bleed, trim = (_mm(page[k]) for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
        assert media == bleed
        margins = [trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2],
                   bleed[3] - trim[3]]
        assert min(margins) >= 1.9, (index, margins)  # the layout's 2 or 3 mm
        image = rasterise(built / "print-shop" / f"{kind}.pdf", index, 72)
        for corner in ((0, 0), (image.width - 1, image.height - 1)):
            assert image.getpixel(corner) != (255, 255, 255), (index, corner)


def _die_lines(page) -> list[float]:
    """The diameters (mm) of the circles stroked in the CutContour spot colour."""
    spaces = _resources_colour(page["/Resources"])
    names = [n for n, s in spaces.items() if isinstance(s, ArrayObject)
             and s[0] == "/Separation" and s[1] == "/CutContour"]
    found, spot, first = [], False, None
    ops = ContentStream(page.get_contents(), page.pdf).operations
    for operands, op in ops:
        if op == b"CS":
            spot = operands[0] in names
        elif op == b"m" and spot:
            first = float(operands[0])
        elif op == b"S" and spot and first is not None:
            centre = float(page["/TrimBox"][0] + page["/TrimBox"][2]) / 2
            found.append(2 * (first - centre) * MM)
            first = None
    if found:  # overprinting: the die line knocks nothing out
        states = page["/Resources"]["/ExtGState"]
        assert any(s.get_object().get("/OP") for s in states.values())
    return found


def test_round_pieces_have_a_cutcontour_die_line_at_their_disc(built):
    layout = load_layout()
    reader = _shop(built, "tokens")
    discs = [round(d, 2) for p in reader.pages for d in _die_lines(p)]
    token, oink = layout.look("token").face, layout.look("oink").face
    assert discs == [round(token, 2)] * 4 + [round(oink, 2)] * 4
    assert all(_die_lines(p) == [] for p in _shop(built, "tiles").pages)


def test_the_subject_says_how_many_of_each_page_to_make(built, shipped_game):
    tiles = _shop(built, "tiles").metadata["/Subject"]
    copies = sum(t.copies for t in shipped_game.tiles)
    assert f"pages 1-{copies}: 1 of each (tiles)" in tiles
    assert f"page {copies + 1}: {copies} (backs of tiles)" in tiles
    each = shipped_game.tokens.count(shipped_game.elements[0].id)
    assert f"pages 1-4: {each} of each (tokens, the same on both sides)" in \
        _shop(built, "tokens").metadata["/Subject"]


@pytest.mark.slow
def test_the_aids_and_mats_are_pdf_x4_bleed_and_take_a_preset(tmp_path):
    from generator.cli import cli

    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["build", "--content", str(CONTENT), "--only",
                                      "world-mats,table-mat,aids", "--preset", "tgc",
                                      "--paper", "a4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for kind in ("world-mats", "table-mat", "aids"):
        reader = PdfReader(out / "print-shop" / f"{kind}.pdf")
        assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-4"
        assert reader.trailer["/Root"]["/OutputIntents"][0]["/S"] == "/GTS_PDFX"
        for index, page in enumerate(reader.pages):
            assert _die_lines(page) == []  # square pieces: the trim is the cut
            media, trim = _mm(page["/MediaBox"]), _mm(page["/TrimBox"])
            assert trim[0] - media[0] == pytest.approx(25.4 / 8, abs=0.01)
            image = rasterise(out / "print-shop" / f"{kind}.pdf", index, 72)
            assert image.getpixel((0, image.height // 2)) != (255, 255, 255)


@pytest.mark.parametrize("replacement", ["sRGB.icc", "not-a-profile"])
def test_a_profile_that_cannot_be_the_output_intent_is_a_positioned_error(project, replacement):
    from generator.cli import cli

    target = project / "content" / "colour" / "press-cmyk.icc"
    source = project / "content" / "colour" / replacement
    target.write_bytes(source.read_bytes() if source.exists() else b"GIF89a not a profile")
    out = project / "output"
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--only", "tokens", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "TKG308" in result.output and "press-cmyk.icc" in result.output
    assert "Traceback" not in result.output
    assert not (out / "print-shop" / "tokens.pdf").exists()


def _plates(pdf: Path, page: int, folder: Path) -> dict[str, object]:
    """Ghostscript's separations of one page at 600 dpi: plate name -> greyscale pixels
    (255: no ink). The test is skipped where Ghostscript is not installed (.ci/run
    installs it)."""
    import shutil
    import subprocess

    from PIL import Image

    if shutil.which("gs") is None:
        pytest.skip("Ghostscript (gs) is not installed")
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=tiffsep", "-r600",
                    f"-dFirstPage={page}", f"-dLastPage={page}", "-o",
                    str(folder / "plate%d.tif"), str(pdf)], check=True, timeout=120)
    plates = {}
    for path in folder.glob("plate1(*).tif"):
        with Image.open(path) as image:
            plates[path.stem.split("(")[1].rstrip(")")] = image.convert("L")
    return plates


def test_a_rip_separates_the_die_line_onto_a_cutcontour_plate_of_its_own(built, tmp_path):
    # Ghostscript, read as a RIP would: the token page has a CutContour plate holding a
    # circle the size of the token's face, and the tile page none.
    token_face = load_layout().look("token").face
    plates = _plates(built / "print-shop" / "tokens.pdf", 1, tmp_path)
    assert {"Cyan", "Magenta", "Yellow", "Black", "CutContour"} <= set(plates)
    cut = plates["CutContour"]
    inked = [(x, y) for y in range(0, cut.height, 2) for x in range(cut.width)
             if cut.getpixel((x, y)) < 128]
    xs = [x for x, _ in inked]
    across = (max(xs) - min(xs)) / 600 * 25.4
    assert across == pytest.approx(token_face, abs=0.3)
    centre = cut.getpixel((cut.width // 2, cut.height // 2))
    assert centre == 255  # a line round the piece, not a fill
    tiles = tmp_path / "tiles"
    tiles.mkdir()
    assert "CutContour" not in _plates(built / "print-shop" / "tiles.pdf", 1, tiles)
