"""Type0 fonts keyed on original glyph ids: real PDFs that readers extract, list and render."""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.backends.pdf.fonts import encode, font_objects, subset_tag
from generator.core.errors import RenderError
from generator.load.fonts import read_metrics, text_width
from tests.conftest import CONTENT, ROOT

FONTS = CONTENT / "fonts"
FACES = ["EBGaramond12-Regular.ttf", "EBGaramond12-Italic.ttf", "Lato-Regular.ttf",
         "Lato-Black.ttf", "Lato-Italic.ttf"]
ASCII_ONLY = "EBGaramond12-Bold.ttf"  # the shipped bold cut has only the ASCII glyphs
LINES = ["Oink · 3–4 players’ “tiles” é", "The Seal Bearers: ÆØÅ æøå ß «fin»",
         "0123456789 — 1/2 … €"]
FIRST_FONT_OBJECT = 5  # after the catalog, the page tree, the page and its content


# A tiny PDF assembler: just enough of a file to hold one page of text in one font.


def assemble(bodies: list[bytes]) -> bytes:
    """A whole PDF file of the object bodies numbered from 1; object 1 is the catalog."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(bodies, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(bodies) + 1, xref)
    return bytes(out)


def text_pdf(font: Path, lines: list[str], leading: float = 20) -> bytes:
    """One Letter page drawing `lines` in 12 pt `font`, `leading` apart from (72, 700)."""
    metrics = read_metrics(font)
    operands, used = [], frozenset()
    for line in lines:
        operand, gids = encode(metrics, line)
        operands.append(operand)
        used |= gids
    content = "\n".join(f"BT /F0 12 Tf 72 {700 - leading * i:g} Td {operand} Tj ET"
                        for i, operand in enumerate(operands)).encode()
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
            b" /Resources << /Font << /F0 %d 0 R >> >> >>" % FIRST_FONT_OBJECT)
    return assemble([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        page,
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        *font_objects(font, metrics, used, FIRST_FONT_OBJECT),
    ])


def reportlab_pdf(font: Path, lines: list[str], leading: float = 20) -> bytes:
    """The same page drawn by reportlab's own TrueType embedding, to compare pixels with."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    name = f"pdffonts-test-{font.stem}"
    pdfmetrics.registerFont(TTFont(name, str(font)))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(612, 792))
    for i, line in enumerate(lines):
        canvas.setFont(name, 12)
        canvas.drawString(72, 700 - leading * i, line)
    canvas.save()
    return buffer.getvalue()


def run(tool: str, *args: str) -> subprocess.CompletedProcess:
    """A poppler tool's run (skipping the test when the tool is not installed)."""
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    return subprocess.run([tool, *args], capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory) -> dict[str, Path]:
    """Our text page for each face with the full character set, written once."""
    folder = tmp_path_factory.mktemp("pdffonts")
    made = {}
    for face in FACES:
        made[face] = folder / f"{Path(face).stem}.pdf"
        made[face].write_bytes(text_pdf(FONTS / face, LINES))
    return made


# What readers make of the file


@pytest.mark.parametrize("face", FACES)
def test_pypdf_extracts_the_text_written(pdfs, face):
    text = PdfReader(pdfs[face]).pages[0].extract_text()
    assert [line.strip() for line in text.splitlines() if line.strip()] == LINES


@pytest.mark.parametrize("face", FACES)
def test_pdftotext_extracts_the_text_written(pdfs, face):
    done = run("pdftotext", "-enc", "UTF-8", str(pdfs[face]), "-")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert [line.strip() for line in done.stdout.splitlines() if line.strip("\f ")] == LINES


@pytest.mark.parametrize("face", FACES)
def test_pdffonts_lists_an_embedded_cid_truetype_subset(pdfs, face):
    done = run("pdffonts", str(pdfs[face]))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    rows = done.stdout.splitlines()[2:]
    assert len(rows) == 1, done.stdout
    ps_name = read_metrics(FONTS / face).ps_name
    assert re.fullmatch(rf"[A-Z]{{6}}\+{re.escape(ps_name)}", rows[0].split()[0]), rows[0]
    # name, type, encoding, emb, sub, uni, object, generation
    assert re.search(r"\sCID TrueType\s+Identity-H\s+yes\s+yes\s+yes\s", rows[0]), rows[0]


@pytest.mark.parametrize("face", FACES)
def test_pdftoppm_renders_without_complaint(pdfs, face, tmp_path):
    done = run("pdftoppm", "-r", "50", "-png", str(pdfs[face]), str(tmp_path / "page"))
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.parametrize("face", [*FACES, ASCII_ONLY])
def test_the_glyphs_drawn_are_those_reportlab_draws(face, tmp_path):
    # Text extraction reads the ToUnicode map only; the pixels prove the CIDToGIDMap
    # sends every glyph id to the right glyph of the subset. (The bold cut lacks most of
    # the non-ASCII characters: both draw its .notdef for them.)
    ours = grey_pixels(text_pdf(FONTS / face, LINES), tmp_path / "ours")
    assert ours == grey_pixels(reportlab_pdf(FONTS / face, LINES), tmp_path / "reportlab")


@pytest.mark.slow
@pytest.mark.parametrize("face", [*FACES, ASCII_ONLY])
def test_every_glyph_of_the_font_is_drawn_as_reportlab_draws_it(face, tmp_path):
    # Hundreds of glyphs: composite glyphs pull their components into the subset after
    # the requested ones, and the ToUnicode map needs several bfchar blocks.
    metrics = read_metrics(FONTS / face)
    text = "".join(chr(code) for code in sorted(metrics.code_of.values()) if code >= 32)
    lines = [text[i:i + 90] for i in range(0, len(text), 90)]
    ours = text_pdf(FONTS / face, lines, leading=12)
    assert grey_pixels(ours, tmp_path / "ours") == grey_pixels(
        reportlab_pdf(FONTS / face, lines, leading=12), tmp_path / "reportlab")


@pytest.mark.parametrize("face", FACES)
def test_a_missing_character_draws_the_notdef_glyph(face, tmp_path):
    # Not reportlab's way for Lato: its cmap maps U+0000 to an empty glyph, and
    # reportlab draws every missing character as code 0, invisibly.
    blank = grey_pixels(text_pdf(FONTS / face, [" "]), tmp_path / "blank")
    assert grey_pixels(text_pdf(FONTS / face, ["☃"]), tmp_path / "snowman") != blank


def grey_pixels(pdf: bytes, stem: Path) -> bytes:
    """The page rendered by pdftoppm at 100 dpi as a greyscale PGM file's bytes."""
    stem.with_suffix(".pdf").write_bytes(pdf)
    done = run("pdftoppm", "-r", "100", "-gray", "-singlefile", str(stem.with_suffix(".pdf")),
               str(stem))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return stem.with_suffix(".pgm").read_bytes()


# The objects themselves


def test_objects_are_numbered_from_first_and_refer_only_to_each_other():
    metrics = read_metrics(FONTS / FACES[0])
    _, used = encode(metrics, LINES[0])
    bodies = font_objects(FONTS / FACES[0], metrics, used, 40)
    assert len(bodies) == 6 and b"/Subtype /Type0" in bodies[0]
    refs = {int(n) for body in bodies for n in re.findall(rb"(\d+) 0 R", body.split(b"stream")[0])}
    assert refs == set(range(41, 46))


def test_the_widths_array_gives_each_used_glyph_its_advance(pdfs):
    metrics = read_metrics(FONTS / FACES[2])
    font = PdfReader(pdfs[FACES[2]]).pages[0]["/Resources"]["/Font"]["/F0"].get_object()
    cid_font = font["/DescendantFonts"][0].get_object()
    given, items = {}, list(cid_font["/W"])
    for start, widths in zip(items[::2], items[1::2], strict=True):
        given.update({int(start) + i: float(w) for i, w in enumerate(widths)})
    used = frozenset().union(*(encode(metrics, line)[1] for line in LINES))
    assert given == {gid: metrics.advance[gid] for gid in used}
    assert float(cid_font["/DW"]) == metrics.default_advance


def test_the_same_inputs_give_the_same_bytes():
    metrics = read_metrics(FONTS / FACES[0])
    _, used = encode(metrics, " ".join(LINES))
    first = font_objects(FONTS / FACES[0], metrics, used, 5)
    assert font_objects(FONTS / FACES[0], read_metrics(FONTS / FACES[0]), used, 5) == first
    assert text_pdf(FONTS / FACES[0], LINES) == text_pdf(FONTS / FACES[0], LINES)


def test_the_bytes_do_not_depend_on_the_hash_seed():
    script = (
        "import hashlib, pickle, sys\n"
        "from pathlib import Path\n"
        "from generator.backends.pdf.fonts import encode, font_objects\n"
        "from generator.load.fonts import read_metrics\n"
        "path = Path(sys.argv[1])\n"
        "metrics = read_metrics(path)\n"
        "_, used = encode(metrics, sys.argv[2])\n"
        "data = b''.join(font_objects(path, metrics, used, 5)) + pickle.dumps(metrics)\n"
        "print(hashlib.sha256(data).hexdigest())\n")
    digests = set()
    for seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", script, str(FONTS / FACES[1]), LINES[0]],
                              capture_output=True, text=True, cwd=ROOT, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        digests.add(done.stdout)
    assert len(digests) == 1


def test_the_subset_tag_depends_only_on_the_name_and_the_glyph_ids():
    metrics = read_metrics(FONTS / FACES[0])
    key = f"{metrics.ps_name}:1,2,3".encode()
    expected = "".join(chr(65 + b % 26) for b in hashlib.sha256(key).digest()[:6])
    assert subset_tag(metrics, frozenset({3, 1, 2})) == expected


def test_the_to_unicode_map_holds_every_glyph_in_blocks_of_at_most_100():
    metrics = read_metrics(FONTS / FACES[2])
    used = frozenset(list(metrics.code_of)[:250])
    cmap = zlib.decompress(font_objects(FONTS / FACES[2], metrics, used, 5)[5]
                           .split(b"stream\n", 1)[1].rsplit(b"\nendstream", 1)[0]).decode()
    blocks = [int(n) for n in re.findall(r"(\d+) beginbfchar", cmap)]
    assert blocks == [100, 100, 50]
    entries = cmap.split("endcodespacerange", 1)[1]
    pairs = dict(re.findall(r"<([0-9A-F]{4})> <([0-9A-F]+)>", entries))
    assert pairs == {f"{g:04X}": chr(metrics.code_of[g]).encode("utf-16-be").hex().upper()
                     for g in used}


def test_a_strict_reader_finds_nothing_wrong(pdfs):
    reader = PdfReader(pdfs[FACES[0]], strict=True)
    font = reader.pages[0]["/Resources"]["/Font"]["/F0"].get_object()
    assert font["/Encoding"] == "/Identity-H"
    assert reader.pages[0].extract_text().splitlines()[0] == LINES[0]


def test_different_glyph_sets_get_different_subset_tags():
    metrics = read_metrics(FONTS / FACES[0])
    tags = {subset_tag(metrics, encode(metrics, text)[1]) for text in ("a", "b", "ab", "abc")}
    assert len(tags) == 4
    bases = {font_objects(FONTS / FACES[0], metrics, encode(metrics, text)[1], 5)[0]
             for text in ("a", "b")}
    assert len(bases) == 2


def test_a_glyph_without_a_character_is_refused():
    metrics = read_metrics(FONTS / FACES[0])
    orphan = next(gid for gid in range(1, 10_000) if gid not in metrics.code_of)
    with pytest.raises(ValueError, match=f"glyph {orphan}"):
        font_objects(FONTS / FACES[0], metrics, frozenset({orphan}), 5)


# Measuring and encoding


@pytest.mark.parametrize("face", [*FACES, ASCII_ONLY])
def test_text_width_equals_reportlab_string_width(face):
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = f"pdffonts-width-{Path(face).stem}"
    pdfmetrics.registerFont(TTFont(name, str(FONTS / face)))
    metrics = read_metrics(FONTS / face)
    assert "☃" not in metrics.glyph_of  # so the strings below measure a missing character
    for text in ["", " ", *LINES, "snow ☃ man", "nbsp\u00a0here", "x" * 200]:
        for size in (1, 7.3, 9.65, 12, 31.7):
            assert text_width(metrics, text, size) == pytest.approx(
                pdfmetrics.stringWidth(text, name, size), abs=1e-9), (text, size)


def test_encode_writes_original_glyph_ids_and_glyph_0_for_missing_characters():
    metrics = read_metrics(FONTS / FACES[2])
    operand, used = encode(metrics, "A☃é")
    a, e = metrics.glyph_of["A"], metrics.glyph_of["é"]
    assert operand == f"<{a:04X}0000{e:04X}>"
    assert used == {a, 0, e}
    assert encode(metrics, "") == ("<>", frozenset())


def test_metrics_survive_pickling():
    metrics = read_metrics(FONTS / FACES[3])
    assert pickle.loads(pickle.dumps(metrics)) == metrics


# Files that are not fonts


@pytest.mark.parametrize("name", ["LICENSE-Lato.txt", "empty.ttf", "absent.ttf", "cut.ttf"])
def test_a_file_that_is_not_a_font_is_refused_by_name(name, tmp_path):
    path = FONTS / name if name.startswith("LICENSE") else tmp_path / name
    if name == "empty.ttf":
        path.write_bytes(b"")
    elif name == "cut.ttf":  # a real font's first third: the tables run off its end
        data = (FONTS / FACES[0]).read_bytes()
        path.write_bytes(data[:len(data) // 3])
    with pytest.raises(RenderError, match=f"cannot read the font {re.escape(str(path))}"):
        read_metrics(path)
