"""The HTML rulebook and the player aids."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from rbkit import pdf_text, reader

from generator.products.aids import TRIM, aid_page_count


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
        assert root.get("width") == f"{TRIM[0] + 6:g}mm"
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


def test_aid_page_count_matches_the_sheets(aids, shipped_game):
    from rbkit import ROOT

    from tests.conftest import load_layout

    sheet = load_layout("default", ROOT / "templates").sheets
    for paper in ("a4", "letter"):
        assert aid_page_count(shipped_game, sheet, paper) == aids[
            f"pdf/{paper}/player-aids.pdf"].pages
