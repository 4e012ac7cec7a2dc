"""The content's texts in other languages: content/lang/<language>.yaml.

A third language with one translated text: every other text is a TKG310 warning at the
place its source text is written; a translation of a text the game lacks is a TKG311
at the translation; a translation that drops a placeholder is a TKG312 error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import cli
from generator.core.model import Location
from generator.layout.translated import layout_texts, translated_layout
from generator.load.content import load_content
from generator.load.translations import (
    missing_and_stale,
    read_translation,
    source_texts,
    translated_game,
)
from tests.conftest import load_layout

GERMAN = """language: de
name: Deutsch
tiles:
  ember-hollow:
    name: Glutmulde
  no-such-tile:
    name: Nirgendwo
layout:
  "holds {rules.oink.capacity}": "fasst {rules.oink.kapazitaet}"
"""


def _list_language(project: Path, code: str) -> int:
    """Add a language to game.yaml's list (no file for it); the list's line."""
    game_yaml = project / "content" / "game.yaml"
    source, count = re.subn(r"languages: \[([^\]]*)\]", rf"languages: [\1, {code}]",
                            game_yaml.read_text())
    assert count == 1, "the shipped game.yaml lists its languages"
    game_yaml.write_text(source)
    return next(n for n, row in enumerate(source.splitlines(), 1) if "languages:" in row)


def _add_language(project: Path, code: str, text: str) -> None:
    _list_language(project, code)
    (project / "content" / "lang" / f"{code}.yaml").write_text(text)


def _line(location: Location, root: Path) -> str:
    """The line of a file a diagnostic points at."""
    path = Path(location.path)
    path = path if path.is_absolute() else root / path
    return path.read_text().splitlines()[location.line - 1]


def test_the_shipped_game_is_in_english_and_french(shipped_game):
    assert shipped_game.languages == ("en", "fr")
    (french,) = shipped_game.translations
    assert french.language == "fr" and french.name == "Français"
    texts = source_texts(shipped_game)
    assert {"game.title", "elements.fire", "oinks.fire", "tiles.ember-hollow.name",
            "tiles.ember-hollow.flavour", "pieces.world-mats.name"} <= texts.keys()
    have = dict(french.texts)
    assert not [k for k in texts if k not in have], "every text has its French"


def test_a_kind_s_about_left_to_tkg_is_tkg_s_words_in_each_language(project):
    # A kind without about: prints tkg's own line ("{count} pieces", "1 piece"): the designer is
    # not asked to translate words they never wrote, and the French bundle says it in
    # French, from tkg's catalogue.
    pieces = project / "content" / "pieces.yaml"
    pieces.write_text(pieces.read_text() + "\nscore-pad:\n  name: Score pad\n"
                      "  items:\n    - id: pad\n")
    french = project / "content" / "lang" / "fr.yaml"
    french.write_text(french.read_text().replace(
        "pieces:\n", "pieces:\n  score-pad:\n    name: Bloc de score\n", 1))
    game = load_content(project / "content").game
    assert game is not None
    pad = next(kind for kind in game.pieces if kind.name == "score-pad")
    assert pad.about == "{count} piece"  # one printed
    translation = game.translations[0]
    found = missing_and_stale(game, translation, layout_texts((load_layout(),)))
    assert not [d.message for d in found if "score-pad" in d.message]
    in_french = translated_game(game, translation)
    assert next(k for k in in_french.pieces if k.name == "score-pad").about == \
        "{count} pièce"
    pieces.write_text(pieces.read_text() + "      copies: 3\n")
    game = load_content(project / "content").game
    assert game is not None
    pad = next(kind for kind in game.pieces if kind.name == "score-pad")
    assert pad.about == "{count} pieces"
    in_french = translated_game(game, game.translations[0])
    assert next(k for k in in_french.pieces if k.name == "score-pad").about == \
        "{count} pièces"


def test_a_translated_game_prints_its_language(shipped_game):
    french = shipped_game.translations[0]
    game = translated_game(shipped_game, french)
    tile = game.tile("ember-hollow")
    assert tile.name == french.text("tiles.ember-hollow.name", "") != "Ember Hollow"
    assert game.element("fire").name == "Feu"
    assert game.words.language == "fr" and game.words("{head} and {last}") != \
        "{head} and {last}"
    # The rules and the tiles' insignias stay the game's own.
    assert game.rules == shipped_game.rules
    assert [t.insignias for t in game.tiles] == [t.insignias for t in shipped_game.tiles]
    # A mat of each Oink carries the Oink's French name.
    mats = game.piece_kind("world-mats")
    assert {i.value("name") for i in mats.items} == {o.name for o in game.oinks}
    assert repr(game) != repr(shipped_game), "its drawings are its own"


def test_the_layouts_words_are_translated(shipped_game):
    layout = load_layout()
    french = translated_layout(layout, shipped_game.translations[0])
    english, translated = layout_texts((layout,)), layout_texts((french,))
    assert "Your Oink holds {rules.oink.capacity} life tokens" in english
    # Every layout text is in French (the game's name is its name in both).
    assert set(english) & set(translated) == {"TKG ARENA"}


def test_each_missing_text_s_hint_is_yaml_nested_as_the_language_s_file(project):
    # The file nests a text's key (tiles: tidewell: name:); the hint shows it so, in
    # YAML a designer can paste: "tiles: tidewell.name: ..." was no key of the file.
    _add_language(project, "de", GERMAN)
    game = load_content(project / "content").game
    assert game is not None
    german, _ = read_translation(game.content_dirs, "de")
    found = missing_and_stale(game, german, layout_texts((load_layout("default",
                                                                      project / "templates"),)))
    hints = {d.message.split(" ")[0]: d.hint.split(" as ", 1)[1] for d in found
             if d.code == "TKG310" and " as " in d.hint}
    assert yaml.safe_load(hints["tiles.tidewell.name"]) == {
        "tiles": {"tidewell": {"name": "..."}}}
    assert yaml.safe_load(hints["pieces.world-mats.about"]) == {
        "pieces": {"world-mats": {"about": "..."}}}
    assert yaml.safe_load(hints["elements.fire"]) == {"elements": {"fire": "..."}}
    assert yaml.safe_load(hints["game.title"]) == {"game": {"title": "..."}}
    mat = next(hint for key, hint in hints.items() if key == "the")  # a layout's text
    assert next(iter(yaml.safe_load(mat)["layout"]))


def test_a_third_language_warns_about_each_missing_text_where_it_is(project):
    _add_language(project, "de", GERMAN)
    game = load_content(project / "content").game
    assert game is not None and game.languages == ("en", "fr", "de")
    german, problems = read_translation(game.content_dirs, "de")
    assert problems == []
    found = missing_and_stale(game, german, layout_texts((load_layout("default",
                                                                      project / "templates"),)))
    missing = [d for d in found if d.code == "TKG310"]
    wanted = len(source_texts(game)) + len(layout_texts((load_layout(),)))
    # Every text but the tile's name and the capacity, and tkg's own words: there is no
    # German catalogue.
    assert len(missing) == wanted - 2 + 1
    assert any("no Deutsch (de) catalogue" in d.message for d in missing)
    by_message = {d.message: d for d in missing}
    tidewell = by_message["tiles.tidewell.name 'Tidewell' has no Deutsch (de) translation"]
    assert tidewell.path.endswith("tiles.yaml") and tidewell.severity == "warning"
    assert "name: Tidewell" in _line(Location(tidewell.path, tidewell.line, 1), project)
    title = next(d for d in missing if d.message.startswith("game.title "))
    assert "title: " in _line(Location(title.path, title.line, 1), project)
    assert title.path.endswith("game.yaml")
    mat = next(d for d in missing if "'Your Oink holds" in d.message)
    assert mat.path.endswith("default.yaml")
    assert "Your Oink holds" in _line(Location(mat.path, mat.line, 1), project)
    assert "lang/de.yaml" in mat.hint
    # A translation whose text is gone, at the translation's own line.
    (stale,) = [d for d in found if d.code == "TKG311"]
    assert "Nirgendwo" in _line(Location(stale.path, stale.line, 1), project)
    # A placeholder the translation renamed: an error at the translation.
    (renamed,) = [d for d in found if d.code == "TKG312"]
    assert renamed.severity == "error" and "{rules.oink.kapazitaet}" in renamed.message
    assert "fasst" in _line(Location(renamed.path, renamed.line, 1), project)



def test_a_misspelt_key_is_told_the_key_it_is_nearest_that_it_lacks(project):
    _add_language(project, "de", GERMAN.replace("  ember-hollow:\n    name: Glutmulde",
                                                "  ember-hollow:\n    nmae: Glutmulde"))
    game = load_content(project / "content").game
    german, problems = read_translation(game.content_dirs, "de")
    assert problems == []
    stale = {d.message: d for d in missing_and_stale(game, german, {}) if d.code == "TKG311"}
    typo = stale[f"{german.path} translates tiles.ember-hollow.nmae, which the game does "
                 "not have"]
    assert typo.hint == "did you mean tiles.ember-hollow.name, which it does not translate?"
    assert "nmae: Glutmulde" in _line(Location(typo.path, typo.line, 1), project)
    # A key near none the file lacks is a text the game no longer has, as before.
    gone = stale[f"{german.path} translates tiles.no-such-tile.name, which the game no "
                 "longer has"]
    assert gone.hint == "remove it, or move it to the text's new key"


def test_a_language_without_its_file_is_one_warning_at_the_languages_line(project):
    """A language listed before its file is written: one TKG310 where the languages are
    listed, saying what to write, not one for each of the game's hundred-odd texts."""
    line = _list_language(project, "de")
    game = load_content(project / "content").game
    assert game is not None and game.languages == ("en", "fr", "de")
    german, problems = read_translation(game.content_dirs, "de")
    assert problems == []
    layouts = (load_layout("default", project / "templates"),)
    found = missing_and_stale(game, german, layout_texts(layouts))
    texts = len(source_texts(game)) + len(layout_texts(layouts))
    assert [d.code for d in found] == ["TKG310", "TKG310"], [d.message for d in found]
    missing, catalogue = found
    assert (missing.path.endswith("game.yaml"), missing.line) == (True, line), missing
    assert "content/lang/de.yaml does not exist" in missing.message
    assert f"all {texts} of its texts print in the source language (en)" in missing.message
    assert missing.hint.startswith("write ") and "lang/de.yaml: language: de," in missing.hint
    assert "take de out of game.yaml's languages" in missing.hint
    assert "tkg's own words" in catalogue.message and "de catalogue" in catalogue.message
    assert (catalogue.path, catalogue.line) == (missing.path, line), "not in a file not there"
    # A file there, even one with a single text, lists every text still to translate.
    (project / "content" / "lang" / "de.yaml").write_text(
        "language: de\nname: Deutsch\ngame:\n  title: TKG ARENA\n")
    german, problems = read_translation(game.content_dirs, "de")
    assert len(missing_and_stale(game, german, layout_texts(layouts))) == texts - 1 + 1


@pytest.mark.slow
def test_tkg_validate_names_the_language_of_each_warning(project):
    text = GERMAN.replace("{rules.oink.kapazitaet}", "{rules.oink.capacity}")
    _add_language(project, "de", text)
    result = CliRunner().invoke(cli, [
        "validate", "--content", str(project / "content"),
        "--templates", str(project / "templates"), "--out", str(project / "output"),
        "--lang", "de", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    codes = [d["code"] for d in report]
    assert "TKG310" in codes and "TKG311" in codes
    assert all("Deutsch (de)" in d["message"] or "lang/de.yaml" in d["message"]
               for d in report if d["code"] in ("TKG310", "TKG311"))
    strict = CliRunner().invoke(cli, [
        "validate", "--content", str(project / "content"),
        "--templates", str(project / "templates"), "--out", str(project / "output"),
        "--lang", "de", "--strict"])
    assert strict.exit_code == 1


def test_a_broken_language_file_is_a_positioned_error(project):
    _add_language(project, "de", "language: de\ntiles: [1, 2]\nwords: {}\n"
                                 "fonts: {titel: fonts/Lato-Bold.ttf, body: 5}\nname: 5\n"
                                 "oinks: {fire.x: Feuer, fire: {x: Glut}}\n")
    loaded = load_content(project / "content")
    assert loaded.game is None
    told = {(d.code, d.line, d.column) for d in loaded.diagnostics
            if d.path.endswith("de.yaml")}
    assert {("TKG103", 2, 8), ("TKG101", 3, 1), ("TKG101", 4, 9),
            ("TKG103", 4, 43), ("TKG103", 5, 7), ("TKG006", 6, 34)} <= told, told


def test_a_translated_text_is_placed_where_the_translation_writes_it(shipped_game):
    """What a language's words cause (a name cut short) is told at the translation's
    line; a field the language leaves as it is stays at the source's."""
    from dataclasses import replace

    from generator.load.builtin import oink_item, tile_item
    from generator.load.translations import Translation

    tile = shipped_game.tiles[0]
    kind = shipped_game.pieces[0]
    item = kind.items[0]
    there = Location("content/lang/xx.yaml", 7, 9)
    mat = Location("content/lang/xx.yaml", 12, 15)
    key = f"pieces.{kind.name}.items.{item.id}.name"
    translation = Translation("xx", "Xx", ((f"tiles.{tile.id}.name", "Nom"), (key, "Monde")),
                              path="content/lang/xx.yaml",
                              places=((f"tiles.{tile.id}.name", there), (key, mat)))
    oink = shipped_game.oinks[0]
    name = Location("content/lang/xx.yaml", 3, 9)
    translation = replace(translation, texts=(*translation.texts,
                                              (f"oinks.{oink.element}", "Groin")),
                          places=(*translation.places, (f"oinks.{oink.element}", name)))
    game = translated_game(shipped_game, translation)
    assert oink_item(game.oinks[0]).place("name") == name
    assert oink_item(oink).place("name") == oink.name_where != oink.where  # its name: line
    assert oink_item(game.oinks[0]).place("element") == oink.where
    translated = tile_item(game, game.tiles[0])
    assert translated.place("name") == there
    assert translated.place("flavour") == tile.place("flavour") != tile.where
    assert game.pieces[0].items[0].place("name") == mat
    assert game.pieces[0].items[0].place("element") == item.place("element")
