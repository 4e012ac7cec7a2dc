"""Markdown images in the templates reach both outputs, or stop the build at their line;
the HTML embeds font subsets and stays under 1 MB."""

from __future__ import annotations

import base64
import re

import pytest
from rbkit import build_rulebook, by_path, pdf_text, request

from generator.core.errors import ContentError

SETUP = "03-setup.md.j2"


def _add(project, name: str, line: int, text: str) -> None:
    path = project / "templates" / "rulebook" / name
    lines = path.read_text().splitlines()
    lines.insert(line - 1, text)
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.slow
def test_an_image_written_in_a_template_shows_in_both_outputs(project):
    _add(project, SETUP, 3, "\n![Our own caption for the world](figure:world)\n")
    made = by_path(build_rulebook(request(project, ("a4",))))
    assert "Our own caption for the world" in pdf_text(made["rulebook/rulebook-a4.pdf"].data)
    html = made["rulebook/rulebook.html"].data.decode("utf-8")
    found = re.findall(r"<figure>(.*?)</figure>", html, re.S)
    assert any("<svg" in f and "Our own caption for the world" in f for f in found)


@pytest.mark.parametrize(("text", "column", "why"), [
    ("See ![a picture](art/hero.png) here.", 5, "must stand on its own line"),
    ("![a picture](https://example.org/hero.png)", 1, "pictures under the content folder"),
    ("![a picture](figure:nothing-like-it)", 1, "unknown figure"),
    ("Look: ![the world](figure:world) inline.", 7, "own line"),
])
def test_an_image_the_book_cannot_show_is_a_positioned_error(project, text, column, why):
    _add(project, SETUP, 4, text)
    with pytest.raises(ContentError) as caught:
        build_rulebook(request(project, ("a4",)))
    [d] = caught.value.diagnostics
    assert d.code == "TKG307"
    assert d.path.endswith(f"templates/rulebook/{SETUP}")
    assert (d.line, d.column) == (4, column)
    assert why in d.message


def test_html_is_under_a_megabyte_with_font_subsets(rulebook):
    html = rulebook["rulebook/rulebook.html"].data
    assert len(html) < 1_000_000
    faces = re.findall(rb"src:url\(data:font/(\w+);base64,([A-Za-z0-9+/=]+)\)", html)
    assert len(faces) == 7
    for kind, data in faces:
        assert kind in (b"ttf", b"woff2")
        assert len(base64.b64decode(data)) < 120_000  # a whole face is 300-700 KB


def test_html_fonts_hold_every_character_shown(rulebook, shipped_game):
    """Each subset has the glyphs of the page's text (tile names included)."""
    import io

    from fontTools.ttLib import TTFont

    html = rulebook["rulebook/rulebook.html"].data.decode("utf-8")
    faces = re.findall(r"font-family:'TKG-body';src:url\(data:font/\w+;base64,([^)]+)\)", html)
    font = TTFont(io.BytesIO(base64.b64decode(faces[0])))
    cmap = font.getBestCmap()
    words = re.sub(r"<[^>]+>", " ", html.split("</style>", 1)[1])
    for ch in {c for c in words if not c.isspace()}:
        if ch.isascii() and ch.isprintable():
            assert ord(ch) in cmap, ch
