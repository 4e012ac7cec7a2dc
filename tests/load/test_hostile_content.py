"""Hostile or careless content gets a positioned diagnostic, never a crash or a bad file.

Regression tests of issue 16's findings 4, 5 and 7: control characters that made
malformed SVGs, ids too long for a file name, one player, a damaged font, a folder
named like a picture, a picture too large to decode, and messages in library words.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.check.validate import Templates, validate
from generator.cli import cli
from generator.load.content import load_content

FIRST_NAME = "    name: Ember Hollow\n"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def errors(content: Path, for_print: bool = False) -> list:
    templates = Templates(content.parent / "templates", ("default",)) \
        if for_print else None
    return [d for d in validate(content, templates).diagnostics if d.is_error]


def line_of(path: Path, text: str) -> int:
    return path.read_text().splitlines().index(text.rstrip("\n")) + 1


@pytest.mark.parametrize(("field", "old", "new", "named"), [
    ("tile name", FIRST_NAME, '    name: "Em\\x07ber"\n', "U+0007"),
    ("element name", "    name: Fire\n", '    name: "Fi\\0re"\n', "U+0000"),
    ("title", '  title: "TKG ARENA: The Seal Bearers"\n', '  title: "TKG\\0x\\0"\n', "U+0000"),
    ("flavour", "    flavour: A valley that never cools, lit from below.\n",
     '    flavour: "A valley\\x1b[31m"\n', "U+001B"),
])
def test_a_control_character_in_any_text_is_named_at_its_position(project, field, old, new,
                                                                   named):
    # The title is the game's (game.yaml); every other text is the tiles'.
    tiles = project / "content" / ("game.yaml" if field == "title" else "tiles.yaml")
    line = line_of(tiles, old)
    edit(tiles, old, new)
    [d] = errors(project / "content")
    assert (d.code, d.line, d.path.endswith(tiles.name)) == ("TKG114", line, True), field
    assert named in d.message
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--out", str(project / "out"), "--only", "tiles"])
    assert result.exit_code == 1 and "TKG114" in result.output
    assert "Traceback" not in result.output and not (project / "out").exists()


def test_tabs_and_line_breaks_in_a_text_read_as_spaces(project):
    tiles = project / "content" / "tiles.yaml"
    edit(tiles, "    flavour: A valley that never cools, lit from below.\n",
         '    flavour: >\n      A valley\tthat never\n      cools.\n')
    loaded = load_content(project / "content")
    assert not [d for d in loaded.diagnostics if d.is_error]
    assert loaded.game.tiles[0].flavour == "A valley that never cools."


def test_an_id_longer_than_a_file_name_may_be_is_refused_at_its_line(project):
    tiles = project / "content" / "tiles.yaml"
    long_id = "ember-" + "x" * 300
    line = line_of(tiles, "  - id: ember-hollow\n")
    edit(tiles, "  - id: ember-hollow\n", f"  - id: {long_id}\n")
    found = errors(project / "content")
    assert [(d.code, d.line) for d in found] == [("TKG112", line)]
    assert "64" in found[0].message


def test_one_player_is_refused_by_the_schema(project):
    game = project / "content" / "game.yaml"
    line = line_of(game, "    min: 2                 # fewest players\n")
    edit(game, "    min: 2 ", "    min: 1 ")
    [d] = errors(project / "content")
    assert (d.code, d.line, d.column) == ("TKG104", line, 10)


@pytest.mark.parametrize("value", [".nan", ".inf", "-.inf"])
def test_a_number_that_is_not_finite_is_refused(project, value):
    game = project / "content" / "game.yaml"
    line = next(n for n, text in enumerate(game.read_text().splitlines(), 1)
                if text.startswith("  seat_significance: 0.01"))
    edit(game, "  seat_significance: 0.01", f"  seat_significance: {value}")
    [d] = errors(project / "content")
    assert (d.code, d.line) == ("TKG104", line)
    assert "finite" in d.message


def test_type_messages_speak_yaml_not_python(project):
    tiles = project / "content" / "tiles.yaml"
    edit(tiles, FIRST_NAME, "    name: [Ember, Hollow]\n")
    [d] = errors(project / "content")
    assert d.code == "TKG103"
    assert "a list" in d.message and not re.search(r"Y(List|Map)|NoneType", d.message)


@pytest.mark.parametrize(("written", "listed"), [("fire, water", "[fire, water]"),
                                                  ("fire water", "[fire, water]"),
                                                  ("fire", "[fire]")])
def test_a_list_written_without_its_brackets_is_told_how_to_write_it(project, written,
                                                                     listed):
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    tiles.write_text(text.replace("insignias: [fire]", f"insignias: {written}", 1))
    [d] = errors(project / "content")
    assert d.code == "TKG103" and d.hint == f"write a list in brackets: {listed}", d


def test_a_colour_left_unquoted_is_told_that_its_hash_starts_a_comment(project):
    # `colour: #D55E00` holds nothing: YAML reads the rest of the line as a comment.
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace('colour: "#D55E00"', "colour: #D55E00", 1))
    [d] = errors(project / "content")
    assert d.code == "TKG103" and "not nothing" in d.message
    assert d.hint == ('a # starts a comment in YAML, so nothing is written here: put the '
                      'value in quotes (colour: "#D55E00")'), d


def test_a_damaged_font_is_a_content_error_at_its_fonts_line(project):
    font = project / "content" / "fonts" / "Lato-Bold.ttf"
    font.write_bytes(font.read_bytes()[:3000])
    game = project / "content" / "game.yaml"
    line = line_of(game, "  bold: fonts/Lato-Bold.ttf\n")
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--out", str(project / "out"), "--only", "tiles",
                                      "--paper", "a4"])
    assert result.exit_code == 1, result.output
    assert re.search(rf"game\.yaml:{line}:\d+: error TKG306: the bold font", result.output)
    assert "content/fonts/Lato-Bold.ttf" in result.output and "Traceback" not in result.output


def test_a_folder_named_like_a_picture_is_a_missing_file_not_a_wrong_type(project):
    art = project / "content" / "art"
    (art / "ember-hollow.svg").unlink()
    (art / "ember-hollow.svg").symlink_to(art.parent / "symbols", target_is_directory=True)
    [d] = errors(project / "content")
    assert d.code == "TKG109" and "is a folder" in d.message


def test_a_picture_too_large_to_decode_is_a_tkg304_at_its_art_line(project):
    tiles = project / "content" / "tiles.yaml"
    # 1-bit pixels keep the file small; Pillow would warn (not fail) at this size.
    Image.new("1", (12_000, 12_000)).save(project / "content" / "art" / "huge.png")
    line = line_of(tiles, "    art: art/ember-hollow.svg\n")
    edit(tiles, "    art: art/ember-hollow.svg\n", "    art: art/huge.png\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a library warning escaping the check fails the test
        [d] = errors(project / "content", for_print=True)
    assert (d.code, d.line) == ("TKG304", line)
    assert "too large" in d.message


def test_an_svg_pointing_outside_itself_is_a_tkg304_and_nothing_is_logged(project, capfd):
    tiles = project / "content" / "tiles.yaml"
    (project / "content" / "art" / "linked.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 10 10"><use xlink:href="/etc/passwd#x"/>'
        '<image href="file:///etc/passwd" width="5" height="5"/></svg>')
    edit(tiles, "    art: art/ember-hollow.svg\n", "    art: art/linked.svg\n")
    [d] = errors(project / "content", for_print=True)
    assert d.code == "TKG304"
    printed = capfd.readouterr()
    assert printed.out == "" and printed.err == ""


@pytest.mark.parametrize(("written", "nearest"), [
    ("art/tidewel.svg", "art/tidewell.svg"),  # a letter left out
    ("art/Tidewell.svg", "art/tidewell.svg"),  # the case of a letter
    ("Art/tidewell.svg", None),  # no such folder: nothing to look through
    ("art/zzzz.svg", None),  # nothing like it
    ("art\\tidewell.svg", "art/tidewell.svg"),  # a Windows path: / on every system
    ("art\\tidewel.svg", "art/tidewell.svg"),
])
def test_a_missing_file_names_the_nearest_file_of_its_folder(project, written, nearest):
    edit(project / "content" / "tiles.yaml", "art: art/tidewell.svg", f"art: {written}")
    [d] = errors(project / "content")
    assert d.code == "TKG109" and f"{written!r} does not exist" in d.message
    if nearest:
        assert d.hint == f"did you mean {nearest!r}?"
    else:
        assert "did you mean" not in d.hint


@pytest.mark.parametrize(("old", "new"), [
    ("insignias: [fire]", "insignias: [fyre]"),  # a tile's insignia
    ("element: fire", "element: fyre"),  # an Oink's element
])
def test_a_misspelt_element_is_told_the_nearest_known_one(project, old, new):
    edit(project / "content" / "tiles.yaml", old, new)
    [d] = errors(project / "content")
    assert d.code == "TKG107" and d.message == "unknown element 'fyre'"
    assert d.hint == "did you mean 'fire'? known elements: air, earth, fire, water"
