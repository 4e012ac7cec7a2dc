"""Linking drawings into a laid-out PDF: a sound file, one slot per drawing, kept layouts."""

from __future__ import annotations

import io
import logging
import re
import warnings
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.backends.pdf.canvas import ensure_form, place
from generator.backends.pdf.document import laid_out, layout_key, render_pdf
from generator.backends.pdf.link import Base, link
from generator.core.errors import RenderError
from generator.draw.kit import Kit
from generator.draw.scene import Image, Rect, Scene, Style, Text
from generator.layout.units import PT
from tests.conftest import CONTENT
from tests.pdfprobe import forms, rasterise


@pytest.fixture
def kit(shipped_game, empty_memo):
    """Every test starts with nothing remembered."""
    return Kit(shipped_game, empty_memo)

BODY = CONTENT / "fonts" / "Lato-Regular.ttf"


def box(name: str, colour: str, width: float = 20, height: float = 10) -> Scene:
    """A scene that is one filled rectangle."""
    return Scene(name, width, height, 0, (Rect(0, 0, width, height, Style(fill=colour)),))


def drawing(draws: list, *scenes: Scene):
    """A `draw` for render_pdf: each scene side by side on one page; counts its calls."""
    def draw(canvas):
        draws.append(len(scenes))
        for i, scene in enumerate(scenes):
            place(canvas, scene, 72 + 100 * i, 600)
        canvas.showPage()
    return draw


def never_laid_out(canvas):
    raise AssertionError("the document was laid out again though its layout was kept")


def sound(data: bytes, caplog) -> PdfReader:
    """Check the file's structure by hand and through pypdf (strict); return the reader.

    Every cross-reference entry must point at its own "N 0 obj", the table must be
    one section from 0 with exactly /Size entries, and pypdf must read every object
    without a warning.
    """
    start = int(re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", data).group(1))
    head, section, rest = data[start:].split(b"\n", 2)
    assert head == b"xref"
    first, count = (int(v) for v in section.split())
    assert first == 0
    rows = [rest[i * 20:i * 20 + 20] for i in range(count)]
    assert rows[0] == b"0000000000 65535 f \n"
    for number, row in enumerate(rows[1:], start=1):
        assert row[10:] == b" 00000 n \n", (number, row)
        offset = int(row[:10])
        assert data[offset:offset + 20].startswith(b"%d 0 obj\n" % number), (number, offset)
    trailer = rest[20 * count:]
    assert trailer.startswith(b"trailer")
    sizes = re.findall(rb"/Size (\d+)", trailer)
    assert sizes == [b"%d" % count]
    with warnings.catch_warnings(), caplog.at_level(logging.WARNING):
        warnings.simplefilter("error")
        reader = PdfReader(io.BytesIO(data), strict=True)
        for number in range(1, count):
            assert reader.get_object(number) is not None, number
        for page in reader.pages:
            page.extract_text()
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    return reader


def hand_made_base() -> Base:
    """A reportlab document with one slot, the way `render_pdf` makes one, minus fonts."""
    from generator.backends.pdf.slotcanvas import SlotCanvas

    buffer = io.BytesIO()
    canvas = SlotCanvas(buffer, invariant=1, pagesize=(40 * PT, 20 * PT))
    place(canvas, box("red", "#ff0000"), 0, 0)
    canvas.showPage()
    canvas.save()
    return laid_out(canvas, buffer.getvalue(), 1)


def test_a_linked_file_has_a_sound_cross_reference_table_and_size(tmp_path, caplog):
    base = hand_made_base()
    (slot, number), = base.slots
    assert slot == "red"
    size = base.size
    assert re.search(rb"/Size (\d+)", base.data).group(1) == b"%d" % size
    # The slot becomes a form that fills its box half-opaque red through an appended
    # graphics state; a second appended object refers back to the first.
    content = b"/G gs 1 0 0 rg 0 0 56.693 28.346 re f"
    form = (b"<< /Type /XObject /Subtype /Form /BBox [0 0 56.693 28.346] "
            b"/Resources << /ExtGState << /G %d 0 R >> >> /Length %d >>\nstream\n%s\nendstream"
            % (size, len(content), content))
    appended = [b"<< /Type /ExtGState /ca 0.5 /CA 0.5 >>", b"[%d 0 R]" % size]
    data = link(base, {number: form}, appended)

    reader = sound(data, caplog)
    assert int(reader.trailer["/Size"]) == size + 2
    state = reader.get_object(number)["/Resources"]["/ExtGState"]["/G"].get_object()
    assert float(state["/ca"]) == 0.5
    assert reader.get_object(size + 1)[0].get_object() == state
    path = tmp_path / "linked.pdf"
    path.write_bytes(data)
    image = rasterise(path, 0, 72)
    bottom = image.height - 10  # the slot is at the page's lower-left corner
    assert image.getpixel((10, bottom)) == pytest.approx((255, 128, 128), abs=4)  # new form
    assert image.getpixel((80, bottom)) == (255, 255, 255)  # beside the slot: nothing


def test_a_rendered_document_with_text_and_a_picture_is_sound(kit, tmp_path, caplog):
    from PIL import Image as Picture

    png = tmp_path / "half.png"
    picture = Picture.new("RGBA", (4, 2), (0, 0, 255, 255))
    picture.paste((0, 255, 0, 0), (2, 0, 4, 2))
    picture.save(png)
    scene = Scene("label", 30, 10, 0, (Text(1, 8, "Oink · 3–4 “tiles” é", "body", 4, "#000000"),
                                       Image(20, 0, 10, 5, png)), fonts=(("body", BODY),))
    data, pages = render_pdf(kit, "test", drawing([], scene, box("red", "#ff0000")))
    reader = sound(data, caplog)
    assert pages == 1 and len(reader.pages) == 1
    assert "3–4 “tiles” é" in reader.pages[0].extract_text()


def test_two_drawings_under_one_name_get_two_slots_and_one_drawing_placed_twice_one(
        kit, tmp_path):
    from generator.backends.pdf.slotcanvas import SlotCanvas

    red, blue = box("art", "#ff0000"), box("art", "#0000ff")
    red_again = box("art", "#ff0000")  # equal to `red`, another object
    canvas = SlotCanvas(io.BytesIO(), invariant=1)
    names = [ensure_form(canvas, s) for s in (red, red_again, blue, red, blue)]
    assert names == ["art", "art", "art.2", "art", "art.2"]
    assert canvas.slots == {"art": red, "art.2": blue}

    # Through a whole document: each slot is filled with its own drawing.
    data, _ = render_pdf(kit, "test", drawing([], red, blue, red_again))
    path = tmp_path / "slots.pdf"
    path.write_bytes(data)
    assert forms(PdfReader(path)) == ["FormXob.art", "FormXob.art.2"]
    image = rasterise(path, 0, 72)
    y = round(image.height - 600 - 5 * PT)  # the middle of the boxes' height
    left = [image.getpixel((round(72 + 100 * i + 10 * PT), y)) for i in range(3)]
    assert left == [(255, 0, 0), (0, 0, 255), (255, 0, 0)]


def scene_with_everything(png: Path) -> Scene:
    from generator.draw.scene import Ellipse, Gradient, Group
    from generator.draw.scene import Path as Outline

    fade = Gradient(0, 0, 1, 0, ((0, "#000000", 1), (0.5, "#ff0000", 1), (1, "#ffffff", 1)))
    return Scene("all", 40, 20, 1, (
        Rect(0, 0, 40, 20, Style(fill=fade), r=2),
        Ellipse(10, 10, 5, 4, Style(fill="#00ff00", stroke="#000000", stroke_width=0.5,
                                    opacity=0.5)),
        Outline((("M", 20, 2), ("L", 30, 2), ("C", 32, 5, 32, 8, 30, 10), ("Z",)),
                Style(fill="#123456", evenodd=True)),
        Group((Text(0, 0, "Oink · 3–4", "body", 3, "#ffffff", "middle"),),
              translate=(20, 15), scale=1.5, clip=(0, 0, 40, 20)),
        Image(30, 10, 8, 8, png),
    ), fonts=(("body", BODY),))


def test_rendering_the_same_drawing_twice_gives_the_same_bytes(kit, tmp_path):
    from PIL import Image as Picture

    png = tmp_path / "dot.png"
    Picture.new("RGBA", (3, 3), (10, 20, 30, 128)).save(png)
    made = []
    for _ in range(2):
        kit.memo.load(None)  # compiled forms, fonts and pictures made again, not recalled
        scene = scene_with_everything(png)  # a new object each time: nothing kept per scene
        made.append(render_pdf(kit, "test", drawing([], scene))[0])
    assert made[0] == made[1]
    changed = Scene("all", 40, 20, 1, scene.items[1:], fonts=scene.fonts)  # same name and size
    assert render_pdf(kit, "test", drawing([], changed))[0] != made[0]


def test_a_drawing_compiles_to_the_same_form_whatever_else_the_document_holds(
        kit, tmp_path):
    def label(name: str, text: str) -> Scene:
        return Scene(name, 30, 10, 0, (Text(1, 8, text, "body", 4, "#000000"),),
                     fonts=(("body", BODY),))

    alone, _ = render_pdf(kit, "test", drawing([], label("oink", "Oink")))
    kit.memo.load(None)  # and new scene objects: the form is compiled again, not recalled
    after, _ = render_pdf(kit, "test", drawing(
        [], label("other", "Zebra quartz jumps"), label("oink", "Oink")))
    streams = []
    for data in (alone, after):
        reader = PdfReader(io.BytesIO(data))
        xobjects = reader.pages[0]["/Resources"]["/XObject"]
        streams.append(xobjects["/FormXob.oink"].get_object()._data)
    assert streams[0] == streams[1]
    assert alone != after


def test_a_kept_layout_takes_a_changed_drawing_and_gives_a_fresh_layouts_bytes(kit):
    red, blue = box("art", "#ff0000"), box("art", "#0000ff")
    key = layout_key("test", kit, [red])
    assert layout_key("test", kit, [blue]) == key  # only names and sizes count
    draws: list = []
    first, _ = render_pdf(kit, "test", drawing(draws, red), key, [red])
    assert draws == [1]

    kept, pages = render_pdf(kit, "test", never_laid_out, key, [blue])
    fresh, _ = render_pdf(kit, "test", drawing(draws, blue))
    assert pages == 1 and draws == [1, 1]
    assert kept == fresh
    assert kept != first

    # Remembered between builds too: the memo written out and read back.
    kit.memo.load(kit.memo.dump())
    assert render_pdf(kit, "test", never_laid_out, key, [red])[0] == first


def test_a_placed_drawing_missing_from_the_scenes_is_a_render_error(kit):
    red = box("art", "#ff0000")
    key = layout_key("test", kit, [red])
    with pytest.raises(RenderError, match=r"drawing 'art' is not among the scenes"):
        render_pdf(kit, "test", drawing([], red), key, [])
    kit.memo.load(None)  # the layout made above is remembered: lay out afresh
    # Placed under its name, but not the drawing the scenes give under that name.
    with pytest.raises(RenderError, match=r"drawing 'art' is not among the scenes"):
        render_pdf(kit, "test", drawing([], red), key, [box("art", "#0000ff")])


def test_a_kept_layout_without_a_drawing_for_one_of_its_slots_is_a_render_error(kit):
    red, blue = box("art", "#ff0000"), box("other", "#0000ff")
    key = layout_key("test", kit, [red, blue])
    render_pdf(kit, "test", drawing([], red, blue), key, [red, blue])
    with pytest.raises(RenderError, match=r"no drawing for the slots? .*'other'"):
        render_pdf(kit, "test", never_laid_out, key, [red])
