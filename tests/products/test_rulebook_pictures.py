"""A picture a rulebook template shows (`![caption](art/setup.jpg)`): a figure of the PDF
and the HTML, with its caption; a picture missing, cut short, small or inside a line is
told at the template's line."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli import cli
from tests.conftest import tkg_build
from tests.pdfprobe import images, page_texts

pytestmark = pytest.mark.slow  # each validates or builds the rulebook
SETUP = Path("templates") / "rulebook" / "03-setup.md.j2"
CAPTION = "The table set up for four players."


def picture(size: tuple[int, int], kind: str = "JPEG") -> bytes:
    """A picture of four discs on a light ground."""
    image = Image.new("RGB", size, (246, 240, 230))
    width, height = size
    for i, colour in enumerate([(213, 94, 0), (0, 114, 178), (0, 158, 115), (86, 180, 233)]):
        image.paste(colour, (width * (2 * i + 1) // 9, height // 3,
                             width * (2 * i + 2) // 9, 2 * height // 3))
    out = io.BytesIO()
    image.save(out, kind)
    return out.getvalue()


def _shown(project: Path, line: str, data: bytes | None = None,
           name: str = "setup.jpg") -> int:
    """`line` put under the setup section's heading (and `data` as content/art/`name`);
    the template's line it is on."""
    if data is not None:
        (project / "content" / "art" / name).write_bytes(data)
    template = project / SETUP
    lines = template.read_text().splitlines()
    lines[1:1] = ["", line, ""]
    template.write_text("\n".join(lines) + "\n")
    return 3


def _validate(project: Path) -> list[dict]:
    result = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--lang", "en", "--format", "json"])
    assert "Traceback" not in result.output
    return json.loads(result.stdout)


def test_a_picture_the_template_shows_is_a_figure_of_the_pdf_and_the_html(project):
    data = picture((2400, 1600))
    _shown(project, f"![{CAPTION}](art/setup.jpg)", data)
    assert [d for d in _validate(project) if d["severity"] != "info"] == []
    out = project / "output"
    result = tkg_build(project, "--only", "rulebook", "--paper", "a4", "--lang", "en")
    assert result.exit_code == 0, result.output
    pdf = out / "rulebook" / "rulebook-a4.pdf"
    [image] = [i for i in images(pdf) if i["/Width"] == 2400]
    assert image.get("/Filter") == "/DCTDecode" and image.get_data() == data
    pages = page_texts(pdf)
    [page] = [n for n, text in enumerate(pages) if CAPTION in text]
    assert "Setting up" in pages[page]  # under its section's heading
    html = (out / "rulebook" / "rulebook.html").read_text()
    figure = re.search(r"<figure><svg.*?</svg><figcaption>(.*?)</figcaption></figure>",
                       html[html.index("data:image/jpeg") - 3000:], re.S)
    assert figure is not None and figure.group(1) == CAPTION


def test_a_picture_that_is_not_there_is_told_at_its_line_with_the_nearest(project):
    (project / "content" / "art" / "setup.jpg").write_bytes(picture((2400, 1600)))
    line = _shown(project, f"![{CAPTION}](art/setpu.jpg)")
    [found] = [d for d in _validate(project) if d["severity"] == "error"]
    assert found["code"] == "TKG109" and found["path"].endswith(str(SETUP)), found
    assert (found["line"], found["column"]) == (line, len(CAPTION) + 5), found
    assert found["hint"] == "did you mean 'art/setup.jpg'?", found


def test_a_picture_cut_short_cannot_be_shown(project):
    _shown(project, f"![{CAPTION}](art/setup.jpg)", picture((2400, 1600))[:500])
    [found] = [d for d in _validate(project) if d["severity"] == "error"]
    assert found["code"] == "TKG307" and "the JPEG image is damaged" in found["message"], found


def test_a_small_picture_is_told_the_resolution_it_prints_at(project):
    # 400 px over the column's 84 mm: 121 ppi.
    _shown(project, f"![{CAPTION}](art/setup.png)", picture((400, 200), "PNG"), "setup.png")
    [found] = [d for d in _validate(project) if d["severity"] == "error"]
    assert found["code"] == "TKG508", found
    assert "400 x 200 px over 84 x 42 mm in the rulebook, prints at 121 ppi" in \
        found["message"], found


def test_a_tall_picture_is_narrowed_to_fit_a_column(tmp_path):
    from generator.core.memo import Memo
    from generator.draw.picture_figure import MOST_HEIGHT, picture_box

    tall = tmp_path / "tall.png"
    tall.write_bytes(picture((1000, 4000), "PNG"))
    assert picture_box(Memo(), tall) == pytest.approx((MOST_HEIGHT / 4, MOST_HEIGHT))


def test_a_picture_inside_a_line_is_told_it_must_stand_alone(project):
    line = _shown(project, f"See ![{CAPTION}](art/setup.jpg) here.", picture((2400, 1600)))
    [found] = [d for d in _validate(project) if d["severity"] == "error"]
    assert found["code"] == "TKG307" and found["line"] == line, found
    assert "the picture 'art/setup.jpg' must stand on its own line" in found["message"]
