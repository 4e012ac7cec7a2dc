"""A <switch> in SVG art shows the first of its elements whose conditions hold, as a
browser shows it: Illustrator's "Save As" SVG wraps its art in one, after a copy only
Illustrator reads. It was refused."""

from __future__ import annotations

import pytest

from generator.draw.geometry import bounds
from generator.draw.scene import Group
from generator.draw.svgart import ArtError
from tests.draw.art_files import art_items
from tests.draw.in_chromium import assert_as_in_chromium, in_browser

AI = "http://ns.adobe.com/AdobeIllustrator/10.0/"
# Illustrator's way: its own copy first (read only by Illustrator), then the art.
ILLUSTRATOR = (f'<switch><foreignObject requiredExtensions="{AI}" x="0" y="0" width="1" '
               f'height="1"><p xmlns="{AI}">pgf</p></foreignObject>'
               f'<g><rect x="5" y="5" width="30" height="20" fill="#0A0"/>'
               f'<circle cx="40" cy="25" r="10" fill="#00C"/></g></switch>')
RED = '<rect x="5" y="5" width="30" height="20" fill="#C00"{}/>'
BLUE = '<rect x="20" y="10" width="30" height="20" fill="#00C"{}/>'


def _items(tmp_path, body: str) -> tuple:
    return art_items(tmp_path, body, "0 0 60 40")


def test_illustrator_s_switch_shows_the_art_after_its_own_copy(tmp_path):
    assert bounds(_items(tmp_path, ILLUSTRATOR)) == pytest.approx((5, 5, 50, 35))


@pytest.mark.parametrize(("first", "expected"), [
    ("", (5, 5, 35, 25)),  # no condition: the first
    (' requiredFeatures="http://www.w3.org/TR/SVG11/feature#Shape"', (5, 5, 35, 25)),
    (' requiredExtensions=""', (20, 10, 50, 30)),  # no extension named: never shown
    (f' requiredExtensions="{AI}"', (20, 10, 50, 30)),  # one tkg does not read
])
def test_the_first_element_whose_conditions_hold_is_shown(tmp_path, first, expected):
    body = f"<switch>{RED.format(first)}{BLUE.format('')}</switch>"
    assert bounds(_items(tmp_path, body)) == pytest.approx(expected)


def test_the_switch_s_own_opacity_lays_on_what_it_shows(tmp_path):
    [shown] = _items(tmp_path, f'<switch opacity="0.5">{RED.format("")}</switch>')
    assert shown.style.opacity == 0.5 and not isinstance(shown, Group)


@pytest.mark.parametrize(("body", "reason"), [
    (f"<switch><title>A</title>{RED.format('')}</switch>", "first choice is its <title>"),
    ("<switch>" + RED.format(' systemLanguage="fr"') + BLUE.format("") + "</switch>",
     "systemLanguage='fr'"),
    ('<switch><foreignObject requiredExtensions="http://www.w3.org/1999/xhtml" width="9" '
     f'height="9"/>{RED.format("")}</switch>', "a browser's web page"),
], ids=["title", "language", "web-page"])
def test_a_switch_whose_choice_is_the_reader_s_or_nothing_is_refused(tmp_path, body, reason):
    with pytest.raises(ArtError, match=reason):
        _items(tmp_path, body)


@in_browser
def test_a_switch_prints_as_the_browser_shows_it(own_kit, tmp_path):
    body = ILLUSTRATOR + ('<switch opacity="0.6"><rect x="40" y="2" width="15" height="10" '
                          'fill="#C00" requiredExtensions=""/>'
                          '<rect x="45" y="4" width="12" height="8" fill="#C0C"/></switch>')
    assert_as_in_chromium(own_kit, tmp_path, body, "0 0 60 40")
