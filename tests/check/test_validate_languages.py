"""Validation sees every language: a French text that does not fit its box is a TKG305
naming the language, and the shipped content passes --strict in both languages."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator.cli import cli

pytestmark = pytest.mark.slow  # each validates the whole game in its languages


def _validate(project, *extra: str):
    return CliRunner().invoke(cli, [
        "validate", "--content", str(project / "content"),
        "--templates", str(project / "templates"), "--out", str(project / "output"), *extra])


def test_a_french_name_too_long_for_its_box_is_told_in_french(project):
    french = project / "content" / "lang" / "fr.yaml"
    long_name = "Creux des Braises Éternelles du Grand Volcan des Rois Oubliés"
    french.write_text(french.read_text().replace('"Creux des Braises"', f'"{long_name}"'))
    result = _validate(project, "--format", "json")
    report = json.loads(result.stdout)
    fits = [d for d in report if d["code"] == "TKG305"]
    assert fits and all(d["message"].startswith("Français (fr): ") for d in fits), fits
    assert any("Creux des Braises" in d["message"] or "ember-hollow" in d["message"]
               for d in fits)
    # Told where the translator wrote it: the French name's line in lang/fr.yaml.
    line = next(n for n, row in enumerate(french.read_text().splitlines(), 1)
                if long_name in row)
    assert [(d["path"].endswith("content/lang/fr.yaml"), d["line"]) for d in fits
            if "ember-hollow" in d["message"]] == [(True, line)], fits
    # English alone has nothing to say about it.
    english = json.loads(_validate(project, "--format", "json", "--lang", "en").stdout)
    assert not [d for d in english if d["code"] == "TKG305"]


def test_the_shipped_game_passes_strict_validation_in_both_languages(project):
    result = _validate(project, "--strict")
    assert result.exit_code == 0, result.output
    assert "0 errors, 0 warnings" in result.output


def _french_title_font(project, name: str, data: bytes) -> int:
    """lang/fr.yaml's title font made content/fonts/`name`, holding `data`; its line."""
    french = project / "content" / "lang" / "fr.yaml"
    (project / "content" / "fonts" / name).write_bytes(data)
    text = french.read_text()
    french.write_text(text.replace("fonts/GentiumPlus-Bold.ttf", f"fonts/{name}"))
    return next(n for n, row in enumerate(text.splitlines(), 1) if "GentiumPlus" in row)


def test_a_language_s_font_that_cannot_be_read_is_told_at_its_line(project):
    """A `fonts:` entry of a language file naming a file that is no font: TKG306 at that
    entry (not a crash of the drawing), validate and build exit 1, nothing written."""
    line = _french_title_font(project, "Fake-Bold.ttf", b"not a font")
    result = _validate(project, "--format", "json")
    assert result.exit_code == 1, result.output
    [found] = [d for d in json.loads(result.stdout) if d["code"] == "TKG306"]
    assert found["path"].endswith("content/lang/fr.yaml") and found["line"] == line, found
    assert "Fake-Bold.ttf" in found["message"] and found["severity"] == "error"
    built = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                     "--templates", str(project / "templates"),
                                     "--out", str(project / "output"), "--only", "tiles"])
    assert built.exit_code == 1, built.output
    assert "fr.yaml" in built.output and "Traceback" not in built.output
    assert not (project / "output" / "manifest.json").exists()
    # English alone does not draw French: it builds.
    assert _validate(project, "--lang", "en").exit_code == 0



def test_a_language_s_font_without_its_licence_is_told_at_its_line(project):
    gentium = project / "content" / "fonts" / "GentiumPlus-Bold.ttf"
    line = _french_title_font(project, "Andika-Bold.ttf", gentium.read_bytes())
    result = _validate(project, "--format", "json")
    assert result.exit_code == 0, result.output
    [found] = [d for d in json.loads(result.stdout) if d["code"] == "TKG313"]
    assert found["path"].endswith("content/lang/fr.yaml") and found["line"] == line, found
    assert "the title font" in found["message"] and "Andika-Bold.ttf" in found["message"]


def test_a_letter_no_font_has_is_told_at_the_words_that_use_it(project):
    """TKG504 for a translated tile name is at its line in lang/fr.yaml; for an English
    name, at the tile's `name:` (not the tile's first line)."""
    french = project / "content" / "lang" / "fr.yaml"
    french.write_text(french.read_text().replace('"Creux des Braises"',
                                                 '"Creux des Braises \u2603"'))
    found = json.loads(_validate(project, "--format", "json").stdout)
    [glyph] = [d for d in found if d["code"] == "TKG504"]
    line = next(n for n, row in enumerate(french.read_text().splitlines(), 1)
                if "\u2603" in row)
    assert glyph["path"].endswith("content/lang/fr.yaml") and glyph["line"] == line, glyph
    assert glyph["message"].startswith("Français (fr): ")
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Mossfen", "name: Mossfen \u2603"))
    found = json.loads(_validate(project, "--format", "json").stdout)
    [glyph] = [d for d in found if d["code"] == "TKG504"]
    line = next(n for n, row in enumerate(tiles.read_text().splitlines(), 1)
                if "\u2603" in row)
    assert glyph["path"].endswith("content/tiles.yaml") and glyph["line"] == line, glyph



def test_a_layout_that_does_not_load_leaves_its_texts_translations_alone(project):
    # A typo in the layout stops it loading: its texts are unknown, not gone, and the
    # French file's translations of them are not stale (14 TKG311 warnings before).
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace("font: title", "font: tittle", 1))
    report = json.loads(_validate(project, "--format", "json").stdout)
    assert [d["code"] for d in report if d["severity"] != "info"] == ["TKG602"], report


def test_a_translated_layout_text_the_layouts_no_longer_have_is_stale(project):
    # The other side of the test above: with every layout loaded, it is told.
    french = project / "content" / "lang" / "fr.yaml"
    french.write_text(french.read_text().replace(
        'layout:\n', 'layout:\n  "A text no look prints": "Un texte"\n', 1))
    line = next(n for n, row in enumerate(french.read_text().splitlines(), 1)
                if "A text no look prints" in row)
    report = json.loads(_validate(project, "--format", "json").stdout)
    stale = [d for d in report if d["code"] == "TKG311"]
    assert [(d["line"], d["message"].endswith("fr.yaml translates the layout text, which "
                                              "the game no longer has")) for d in stale] == [
        (line, True)], stale
