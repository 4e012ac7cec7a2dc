"""The game in its languages: `tkg build` makes every file once per language.

The source language keeps its paths; French goes under fr/. The manifest records each
file's language, the PDFs carry /Lang, the HTML its lang; a build of one language
keeps the other's files; the French files hold French and none of the catalogue's
English.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import cli
from generator.load.catalogue import catalogue_path
from tests.conftest import CONTENT, TEMPLATES
from tests.pdfprobe import page_texts

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
pytestmark = pytest.mark.slow  # every test here builds the game (in both languages)


@pytest.fixture(scope="session")
def both_said(tmp_path_factory) -> tuple[Path, str]:
    """The shipped game built in English and French, every plain kind, both papers; and
    what the build said."""
    out = tmp_path_factory.mktemp("languages") / "output"
    result = CliRunner().invoke(cli, ["build", "--content", str(CONTENT), "--templates",
                                       str(TEMPLATES), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


@pytest.fixture(scope="session")
def both(both_said) -> Path:
    """The output folder of `both_said`."""
    return both_said[0]


def _manifest(out: Path) -> list[dict]:
    return json.loads((out / "manifest.json").read_text())["files"]


def _text(pdf: Path) -> str:
    """Every page's text, its no-break spaces as spaces."""
    return "\n".join(page_texts(pdf)).replace("\u00a0", " ").replace("\u202f", " ")


def _english_left(text: str) -> list[str]:
    """The catalogue's English that `text` still holds: for every message with a French
    translation, each run of its words between placeholders that the French does not
    share (so "version", the same word in both, is not counted)."""
    with catalogue_path("fr").open("rb") as handle:
        catalogue = read_po(handle)
    flat = " ".join(text.split())
    left = []
    for message in catalogue:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
        strings = message.string if isinstance(message.string, tuple | list) \
            else (message.string,)
        french = " ".join(" ".join(strings).split())
        for english in ids:
            for run in PLACEHOLDER.split(english):
                run = " ".join(run.split()).strip(" ,.:;")
                if len(run) >= 6 and " " in run and run not in french and run in flat:
                    left.append(run)
    return left


def test_every_file_records_its_language_and_french_is_in_its_folder(both):
    files = _manifest(both)
    assert {f["language"] for f in files} == {"en", "fr"}
    english = {f["path"] for f in files if f["language"] == "en"}
    french = {f["path"] for f in files if f["language"] == "fr"}
    assert all(p.startswith("fr/") for p in french)
    assert not any(p.startswith("fr/") for p in english)
    # The same files in each language (the title font and its licence aside: French
    # sets its titles in a font with its accented letters).
    fonts = re.compile(r"^fonts/(.*\.ttf|LICENSE-.*)$")
    assert {p for p in english if not fonts.match(p)} == \
        {p[3:] for p in french if not fonts.match(p[3:])}
    assert "rulebook/rulebook-a4.pdf" in english and "fr/rulebook/rulebook-a4.pdf" in french


def test_the_pdfs_and_the_html_say_their_language(both):
    for language, folder in (("en", ""), ("fr", "fr/")):
        for name in ("rulebook/rulebook-a4.pdf", "pnp-letter.pdf", "print-shop/tiles.pdf"):
            reader = PdfReader(both / folder / name)
            assert reader.trailer["/Root"]["/Lang"] == language, (folder, name)
        html = (both / folder / "rulebook" / "rulebook.html").read_text()
        assert f'<html lang="{language}"' in html
    reader = PdfReader(both / "fr" / "rulebook" / "rulebook-a4.pdf")
    assert "Porteurs de Sceaux" in reader.metadata.title


def test_the_french_pdfs_set_their_titles_in_the_font_with_accents(both):
    """The French titles are set in the font French gives the role (the English one has
    no accented letters), every letter there: not one dropped."""
    for name in ("rulebook/rulebook-a4.pdf", "rulebook/rulebook-letter.pdf"):
        reader = PdfReader(both / "fr" / name)
        fonts = {str(font.get_object()["/BaseFont"]).partition("+")[2]
                 for page in reader.pages[:3]
                 for font in page["/Resources"].get("/Font", {}).values()}
        assert "GentiumPlus-Bold" in fonts and "EBGaramond12-Bold" not in fonts, (name, fonts)
    cover = PdfReader(both / "fr" / "rulebook" / "rulebook-a4.pdf").pages[0].extract_text()
    assert "Livret de règles · Édition de test" in cover


def test_the_french_rulebook_aids_and_bundle_hold_no_english_of_the_catalogue(both):
    french = both / "fr"
    texts = {name: _text(french / name) for name in (
        "rulebook/rulebook-a4.pdf", "rulebook/rulebook-letter.pdf", "pdf/a4/player-aids.pdf",
        "pnp-a4.pdf", "pnp-letter.pdf")}
    for name, text in texts.items():
        assert _english_left(text) == [], name
    bundle = texts["pnp-a4.pdf"]
    # The French tile names are on the sheets; the English ones are not.
    for english, translated in (("Ember Hollow", "Creux des Braises"),
                                ("Drowned Cathedral", "Cathédrale Engloutie")):
        assert translated in bundle and english not in bundle
    # The English bundle is the English one.
    assert "Ember Hollow" in _text(both / "pnp-a4.pdf")


def test_the_summary_tells_each_bundle_s_sheets_in_its_own_language(both_said):
    # Each print-and-play line names the file where it is and its sheets as its pages
    # name them: the French file's in French, none of the catalogue's English left.
    said = both_said[1]
    lines = {line.strip().partition(": ")[0]: line.strip().partition(": ")[2]
             for line in said.splitlines() if line.strip().startswith(("pnp-", "fr/pnp-"))}
    assert sorted(lines) == ["fr/pnp-a4.pdf", "fr/pnp-letter.pdf", "pnp-a4.pdf",
                             "pnp-letter.pdf"], said
    english, french = lines["pnp-a4.pdf"], lines["fr/pnp-a4.pdf"].replace("\u00a0", " ")
    assert english.startswith("30 pages; world tiles 4 sheets (12 a sheet), ")
    assert "Oinks 1 sheet (under the life tokens)" in english
    assert french.startswith("30 pages ; tuiles monde 4 planches (12 par planche), ")
    assert "Oinks 1 planche (sous « jetons de vie »)" in french and "life" not in french
    assert _english_left(french) == [] and " sheet" not in french, french


def test_the_french_html_rulebook_is_french_with_accented_anchors(both):
    html = (both / "fr" / "rulebook" / "rulebook.html").read_text()
    words = re.sub(r"<[^>]+>", " ", html.split("<main>", 1)[1])
    assert _english_left(words) == []
    ids = re.findall(r' id="([^"]+)"', html)
    assert any(re.search(r"[éèàç]", anchor) for anchor in ids), ids[:20]


def test_a_build_of_one_language_keeps_the_others_files(prebuilt):
    def first(project: Path) -> None:
        result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                           "--templates", str(project / "templates"),
                                           "--out", str(project / "output"),
                                           "--only", "tiles"])
        assert result.exit_code == 0, result.output

    project = prebuilt("tiles in every language", first)
    out = project / "output"
    before = {f["path"]: f["sha256"] for f in _manifest(out)}
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Tidewell", "name: Tidewell Spring"))
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                       "--templates", str(project / "templates"),
                                       "--out", str(out), "--only", "tiles", "--lang", "en"])
    assert result.exit_code == 0, result.output
    after = {f["path"]: f["sha256"] for f in _manifest(out)}
    assert after.keys() == before.keys()
    assert all(after[p] == before[p] for p in after if p.startswith("fr/")), \
        "the French files stay as they were"
    assert after["svg/tiles/tidewell.svg"] != before["svg/tiles/tidewell.svg"]
    assert all((out / p).is_file() for p in after)


def test_an_unknown_language_is_refused_with_the_game_s_languages(project):
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                       "--templates", str(project / "templates"),
                                       "--out", str(project / "output"), "--lang", "de"])
    assert result.exit_code == 2, result.output
    assert "no language de" in result.output and "en, fr" in result.output
    assert "Traceback" not in result.output
    assert not (project / "output" / "manifest.json").exists()


def test_the_french_edition_follows_french_typography(both):
    """A no-break space before ; : ! ? (never a plain one), « » for quotations, in the
    rulebook, the cover and the aids."""
    pages = (both / "fr" / "rulebook" / "rulebook.html").read_text()
    body = re.sub(r"<svg.*?</svg>|<style>.*?</style>", "", pages.split("<main>", 1)[1],
                  flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    assert not re.search(r"\w [;:!?]", text), re.findall(r".{20}\w [;:!?].{5}", text)[:5]
    assert re.search(r"\w\u00a0[;:]", text) and "«" in text and "»" in text
    # The aids and mats as their SVGs hold the words (a PDF's text maps a no-break space
    # to the space's glyph, so its extracted text cannot tell them apart).
    for svg in [*(both / "fr" / "svg" / "aids").glob("*.svg"),
                *(both / "fr" / "svg" / "pieces").rglob("*.svg")]:
        words = html.unescape(" ".join(re.findall(r"<text[^>]*>(.*?)</text>",
                                                  svg.read_text(), flags=re.S)))
        assert not re.search(r"\w [;:!?]", words), (svg.name, words[:200])


def test_a_language_taken_out_of_the_game_takes_its_files_with_it(prebuilt):
    """game.yaml that no longer lists French: the next build removes fr/ and forgets
    French in its cache, as a clean build of the English game would have it."""
    def first(project: Path) -> None:
        result = CliRunner().invoke(cli, _build_args(project, "--only", "tiles",
                                                     "--paper", "a4"))
        assert result.exit_code == 0, result.output

    project = prebuilt("tiles a4 in every language", first)
    out = project / "output"
    assert any(f["path"].startswith("fr/") for f in _manifest(out))
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("languages: [en, fr]", "languages: [en]"))
    result = CliRunner().invoke(cli, _build_args(project, "--only", "tiles", "--paper", "a4"))
    assert result.exit_code == 0, result.output
    assert "nothing changed" not in result.output
    listed = [f["path"] for f in _manifest(out)]
    assert listed and not [p for p in listed if p.startswith("fr/")]
    assert not any(p.is_file() for p in (out / "fr").rglob("*"))  # (none if no folder)
    state = json.loads((out / ".tkg-cache" / "state.json").read_text())
    assert not [unit for unit in state["fingerprints"] if "@" in unit], state["fingerprints"]


def test_a_base_url_names_one_language_s_folder(project):
    """The TTS images of each language are in its own folder: --base-url with several
    languages is refused, saying how to give one per language; with --lang it is that
    language's."""
    result = CliRunner().invoke(cli, _build_args(project, "--only", "tts", "--paper", "a4",
                                                 "--base-url", "https://example.org/tkg/tts/"))
    assert result.exit_code == 2, result.output
    assert "--lang" in result.output and "en, fr" in result.output
    assert "Traceback" not in result.output
    assert not (project / "output" / "manifest.json").exists()
    result = CliRunner().invoke(cli, _build_args(project, "--only", "tts", "--paper", "a4",
                                                 "--lang", "fr", "--base-url",
                                                 "https://example.org/tkg/fr/tts/"))
    assert result.exit_code == 0, result.output
    [saved] = (project / "output" / "fr" / "tts").glob("*.json")
    urls = re.findall(r'"(?:FaceURL|BackURL)": "([^"]+)"', saved.read_text())
    assert urls and all(u.startswith("https://example.org/tkg/fr/tts/images/") for u in urls)


def _build_args(project: Path, *more: str) -> list[str]:
    return ["build", "--content", str(project / "content"), "--templates",
            str(project / "templates"), "--out", str(project / "output"), *more]


def test_english_alone_is_not_stopped_by_a_broken_french_file(prebuilt):
    """A translator's half-done fr.yaml does not stop `--lang en` (validate or build);
    the whole build still refuses it. English alone keeps the English files the build
    of every language made (their fingerprints do not depend on the French)."""
    def first(project: Path) -> None:
        result = CliRunner().invoke(cli, _build_args(project, "--only", "tiles",
                                                     "--paper", "a4"))
        assert result.exit_code == 0, result.output

    project = prebuilt("tiles a4 in every language", first)
    english = CliRunner().invoke(cli, _build_args(project, "--only", "tiles", "--paper", "a4",
                                                  "--lang", "en"))
    assert english.exit_code == 0, english.output
    assert "rendering nothing" in english.output, english.output  # English reused
    french = project / "content" / "lang" / "fr.yaml"
    french.write_text(french.read_text().replace("\ntiles:", "\ntiles: [1, 2]\ntiles_x:", 1))
    validated = CliRunner().invoke(cli, ["validate", "--content", str(project / "content"),
                                         "--templates", str(project / "templates"),
                                         "--lang", "en"])
    assert validated.exit_code == 0, validated.output
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Tidewell", "name: Tidewell Spring"))
    english = CliRunner().invoke(cli, _build_args(project, "--only", "tiles", "--paper", "a4",
                                                  "--lang", "en"))
    assert english.exit_code == 0, english.output
    assert "Tidewell Spring" in (project / "output" / "svg" / "tiles" / "tidewell.svg"
                                 ).read_text()
    every = CliRunner().invoke(cli, _build_args(project, "--only", "tiles", "--paper", "a4"))
    assert every.exit_code == 1 and "fr.yaml" in every.output, every.output
