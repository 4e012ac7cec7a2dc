"""The HTML rulebook and the player aids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rbkit import pdf_text, reader

from generator.layout.imposition import grid_for
from tests.conftest import load_layout

LOOK = load_layout().look("aid")


@pytest.mark.slow
def test_html_is_self_contained(rulebook, shipped_game, markdown):
    html = rulebook["rulebook/rulebook.html"].data.decode("utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert "@font-face" in html and "base64," in html
    assert "<svg" in html and "src=\"http" not in html and "href=\"http" not in html
    assert html.count("<figure>") == sum(md.count("](figure:") for md in markdown) >= 10
    for phrase in ("at most <strong>6 life tokens</strong>", shipped_game.oinks[0].name,
                   'id="quick-reference"', "Playtest edition"):
        assert phrase in html


def test_one_aid_per_oink_in_its_colour(aids, shipped_game):
    for oink in shipped_game.oinks:
        svg = aids[f"svg/aids/{oink.element}.svg"].data.decode("utf-8")
        root = ET.fromstring(svg)
        assert root.get("width") == f"{LOOK.size[0] + 2 * LOOK.bleed:g}mm"
        element = shipped_game.element(oink.element)
        assert element.colour.lower() in svg.lower()
        words = " ".join(n.text or "" for n in root.iter() if n.tag.endswith("text"))
        assert oink.name in words and f"each {element.name} insignia" in words


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_aid_sheets(aids, shipped_game, paper):
    data = aids[f"pdf/{paper}/player-aids.pdf"].data
    pdf = reader(data)
    assert len(pdf.pages) == aids[f"pdf/{paper}/player-aids.pdf"].pages
    text = pdf_text(data)
    r = shipped_game.rules
    for phrase in (f"holds {r.oink_capacity} tokens", f"take {r.draw_count} tokens",
                   f"holds {r.end_tiles} connected tiles", f"any {r.blind_cost};"):
        assert phrase in text
    for oink in shipped_game.oinks:
        assert oink.name in text


def test_the_aid_sheets_hold_as_many_cards_as_their_grid(aids, shipped_game):
    sheet = load_layout().sheets
    for paper in ("a4", "letter"):
        grid = grid_for(sheet, paper, LOOK.size, LOOK.bleed, LOOK.gutter)
        assert -(-len(shipped_game.oinks) // grid.per_page) == aids[
            f"pdf/{paper}/player-aids.pdf"].pages
