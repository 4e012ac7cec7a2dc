"""The contract with reportlab's internals (backends/pdf/glue.py): fails loudly on a
reportlab release that changed what the glue relies on."""

from __future__ import annotations

import io
import re

import reportlab
from reportlab import rl_config

from generator.backends.pdf.canvas import place
from generator.backends.pdf.fonts import register
from generator.backends.pdf.glue import (
    binary_streams,
    build_then,
    forget_font,
    form_numbers,
    registered_file,
    text_position,
)
from generator.backends.pdf.slotcanvas import SlotCanvas
from generator.draw.scene import Rect, Scene, Style
from tests.conftest import CONTENT, ROOT


def test_the_installed_reportlab_is_inside_the_pinned_range():
    major = int(reportlab.Version.split(".")[0])
    assert 4 <= major < 6, reportlab.Version
    assert '"reportlab>=4.0,<6"' in (ROOT / "pyproject.toml").read_text()


def test_form_numbers_point_at_the_forms_a_saved_canvas_wrote():
    buffer = io.BytesIO()
    canvas = SlotCanvas(buffer, invariant=1)
    for name in ("first", "second"):
        place(canvas, Scene(name, 10, 10, 0, (Rect(0, 0, 10, 10, Style(fill="#000000")),)),
              0, 0)
    canvas.showPage()
    canvas.save()
    data = buffer.getvalue()
    numbers = form_numbers(canvas, canvas.slots)
    assert sorted(numbers) == ["first", "second"] and len(set(numbers.values())) == 2
    for number in numbers.values():
        body = re.search(rb"\n%d 0 obj\n(.*?)endobj" % number, data, re.S)
        assert body and b"/Subtype /Form" in body.group(1), number


def test_binary_streams_turns_ascii85_off_and_puts_it_back():
    before = rl_config.useA85
    with binary_streams():
        assert rl_config.useA85 == 0
    assert rl_config.useA85 == before


def test_registered_file_names_the_file_a_font_name_holds():
    path = CONTENT / "fonts" / "Lato-Regular.ttf"
    name = register("body", path)
    assert registered_file(name) == str(path)
    assert registered_file("TKG-no-such-role") is None


def test_a_role_registered_again_in_another_file_holds_the_new_file():
    """reportlab keeps the first font a name was registered with; a build in two
    languages sets the title role in two files, each document in its own."""
    from reportlab.pdfbase.pdfmetrics import getFont

    first, second = CONTENT / "fonts" / "EBGaramond12-Bold.ttf", \
        CONTENT / "fonts" / "GentiumPlus-Bold.ttf"
    for path in (first, second, first):
        name = register("glue-test-title", path)
        assert registered_file(name) == str(path)
        assert getFont(name).face.filename == str(path)
    forget_font(name)
    assert registered_file(name) is None


def test_a_role_set_in_a_file_another_role_uses_shares_its_face():
    """French titles in a file English sets its bold in: the two names hold one font
    object, and a PDF using both saves (reportlab refuses two objects of one face)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    bold, garamond = CONTENT / "fonts" / "Lato-Bold.ttf", \
        CONTENT / "fonts" / "EBGaramond12-Bold.ttf"
    for title in (garamond, bold, garamond, bold):
        names = register("glue-bold", bold), register("glue-title", title)
    assert getFont(names[0]) is getFont(names[1])
    canvas = SlotCanvas(io.BytesIO(), invariant=1)
    for name in names:
        canvas.setFont(name, 10)
        canvas.drawString(10, 10, "Été")
    canvas.showPage()
    canvas.save()


def test_a_paragraphs_callback_knows_where_its_text_ended_and_forms_can_be_drawn_last():
    from pypdf import PdfReader
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    ends = []

    def at_end(canvas, kind, label):
        ends.append(text_position(canvas))
        canvas.doForm("later")  # drawn only once every page is laid out

    def last(canvas):
        canvas.beginForm("later", 0, 0, 100, 20)
        canvas.setFont("Helvetica", 10)
        canvas.drawString(0, 0, "drawn last")
        canvas.endForm()

    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, invariant=1)
    style = ParagraphStyle("p", fontName="Helvetica", fontSize=10, leading=12)
    story = [Paragraph('Some words<onDraw name="end" label="0"/>', style)]

    def canvas_with_callback(*args, **kwargs):
        canvas = SlotCanvas(*args, **kwargs)
        canvas.setNamedCB("end", at_end)
        return canvas

    build_then(doc, story, canvas_with_callback, last)
    assert len(ends) == 1
    assert abs(ends[0][0] - stringWidth("Some words", "Helvetica", 10)) < 0.01
    text = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert "Some words" in text and "drawn last" in text


def test_a_file_takes_its_face_though_a_copy_of_it_elsewhere_holds_that_face(tmp_path):
    """reportlab shares a font object per face name: after a build of a content folder
    copied elsewhere (the tests' projects), a role set in the original file was drawn
    with the copy's font (the suite failed in some orders). Each file has its own."""
    from reportlab.pdfbase.pdfmetrics import getFont

    original = CONTENT / "fonts" / "EBGaramond12-Bold.ttf"
    copy = tmp_path / original.name
    copy.write_bytes(original.read_bytes())
    elsewhere, here = register("glue-copy", copy), register("glue-original", original)
    assert getFont(elsewhere).face.filename == str(copy)
    assert getFont(here).face.filename == str(original)
    for name in (elsewhere, here):
        forget_font(name)


def test_reportlab_reads_the_font_file_this_process_holds(tmp_path):
    """reportlab read its own copy of each font it registers (the rulebook registers
    seven); it now keeps the bytes `font_data` holds, so every copy of a font in a
    build is one object. (A file of its own: one registered before in this process
    keeps the face it was read into then.)"""
    from reportlab.pdfbase.pdfmetrics import getFont

    from generator.load.fonts import font_data

    path = tmp_path / "Lato-Italic.ttf"
    path.write_bytes((CONTENT / "fonts" / "Lato-Italic.ttf").read_bytes())
    name = register("glue-held", path)
    assert getFont(name).face._ttf_data is font_data(path)
    assert registered_file(name) == str(path)
    forget_font(name)


def test_a_font_file_changed_since_it_was_registered_is_read_again(tmp_path):
    """`tkg watch` builds again and again in one process: a font file edited in place
    kept the face reportlab read first (same path, so nothing registered again), and
    the rulebook set its words in the old font until the preview restarted."""
    import os

    from reportlab.pdfbase.pdfmetrics import getFont

    from generator.load.fonts import font_data

    path = tmp_path / "Lato-Bold.ttf"
    path.write_bytes((CONTENT / "fonts" / "Lato-Bold.ttf").read_bytes())
    name = register("glue-edited", path)
    first = getFont(name).face._ttf_data
    path.write_bytes(first + bytes(4))  # the designer's new version of the same face
    os.utime(path, ns=(1, 10**18))
    assert register("glue-edited", path) == name
    assert getFont(name).face._ttf_data == first + bytes(4)
    assert getFont(name).face._ttf_data is font_data(path)
    forget_font(name)
