"""A game of the series builds on another's folder (issue 24, items 3 and 4).

A second game on the same 48 tiles needed a copy of everything: its cover still said
"The Seal Bearers" (the title lived in tiles.yaml), and linked art/, fonts/ and symbols/
were refused (59 x TKG110). `extends:` in game.yaml (and in a templates folder's
templates.yaml) names the folder a game builds on; examples/sprint is such a game.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.load.content import load_content
from tests.conftest import CONTENT
from tests.pdfprobe import page_texts

ROOT = CONTENT.parent
EXAMPLE = ("--content", "examples/sprint/content", "--templates", "examples/sprint/templates")
TITLE = "TKG ARENA: Quick Seals (a series example)"


@pytest.fixture
def series(tmp_path: Path) -> Path:
    """A copy of the project: the shipped game, its templates and the example."""
    for folder in ("content", "templates", "examples"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def tkg(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, timeout=300, cwd=project,
                          env={**os.environ, "XDG_CACHE_HOME": str(project / "cache")})


def game_yaml(project: Path) -> Path:
    return project / "examples" / "sprint" / "content" / "game.yaml"


def told(result: subprocess.CompletedProcess, code: str, line: int) -> None:
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert f"examples/sprint/content/game.yaml:{line}:" in said and f"error {code}" in said, \
        said
    assert "Traceback" not in said


def extends_line(project: Path) -> int:
    lines = game_yaml(project).read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if text.startswith("extends:"))


def test_the_example_game_has_the_shared_tiles_and_its_own_title(series, monkeypatch):
    monkeypatch.chdir(series)
    shipped = load_content(series / "content").game
    example = load_content(series / "examples" / "sprint" / "content").game
    assert shipped is not None and example is not None
    assert example.title == TITLE and shipped.title == "TKG ARENA: The Seal Bearers"
    assert example.tiles == shipped.tiles  # the very same tiles, art files included
    digests = {hashlib.sha256(t.art.read_bytes()).hexdigest() for t in example.tiles if t.art}
    assert digests == {hashlib.sha256(t.art.read_bytes()).hexdigest()
                       for t in shipped.tiles if t.art}
    assert (example.rules.grid_rows, example.rules.grid_columns) == (2, 4)
    assert example.rules.end_tiles == 6 and example.rules.score_match == 3
    # every rule it leaves out is the shipped one
    assert example.rules.oink_capacity == shipped.rules.oink_capacity
    assert [k.name for k in example.pieces] == [k.name for k in shipped.pieces]


@pytest.mark.slow
def test_the_example_validates_simulates_and_builds_with_the_readme_commands(series):
    readme = (series / "examples" / "sprint" / "README.md").read_text()
    assert "tkg build --content examples/sprint/content --templates examples/sprint/" \
        "templates" in readme
    assert tkg(series, "validate", *EXAMPLE, "--strict").returncode == 0
    simulated = tkg(series, "simulate", "--content", "examples/sprint/content",
                    "--games", "40")
    assert simulated.returncode == 0 and "Finished 40" in simulated.stdout
    assert tkg(series, "build", *EXAMPLE, "--out", "output-sprint").returncode == 0
    assert tkg(series, "build", "--out", "output").returncode == 0
    out, shipped = series / "output-sprint", series / "output"
    book = PdfReader(out / "rulebook" / "rulebook-a4.pdf")
    assert book.metadata.title.startswith(TITLE)
    cover = book.pages[0].extract_text()
    assert "Quick Seals (a series example)" in cover and "The Seal Bearers" not in cover
    text = " ".join(page_texts(out / "rulebook" / "rulebook-a4.pdf"))
    assert "Welcome to Quick Seals" in text and "About this example" in text
    assert "Welcome, Seal Bearer" not in text  # its own overview took the shared one's place
    assert "Playing a turn" in text  # the shared sections are there
    bundle = PdfReader(out / "pnp-a4.pdf").pages[0].extract_text()
    assert "Quick Seals" in bundle
    fronts = sorted((shipped / "svg" / "tiles").glob("*.svg"))
    assert len(fronts) == 48
    for front in fronts:  # the same tiles print the same faces
        assert (out / "svg" / "tiles" / front.name).read_bytes() == front.read_bytes()


@pytest.mark.slow
def test_an_edit_to_the_shared_tiles_rebuilds_the_game_built_on_them(series):
    assert tkg(series, "build", *EXAMPLE, "--only", "tiles", "--paper", "a4",
               "--out", "output-sprint").returncode == 0
    tiles = series / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("name: Ember Hollow", "name: Ember Hollows", 1))
    again = tkg(series, "build", *EXAMPLE, "--only", "tiles", "--paper", "a4",
                "--out", "output-sprint")
    assert again.returncode == 0 and "nothing changed" not in again.stdout + again.stderr
    svg = (series / "output-sprint" / "svg" / "tiles" / "ember-hollow.svg").read_text()
    assert "Ember Hollows" in svg


@pytest.mark.slow
def test_art_saved_into_the_game_over_the_shared_art_is_drawn_again(series):
    # The same name under the game's own folder now takes the shared file's place: the
    # drawing remembered with the shared file must not be taken for it.
    def front() -> str:
        assert tkg(series, "build", *EXAMPLE, "--only", "tiles", "--paper", "a4", "--lang",
                   "en", "--out", "output-sprint").returncode == 0
        return (series / "output-sprint" / "svg" / "tiles" / "mossfen.svg").read_text()

    shared = front()
    own = series / "examples" / "sprint" / "content" / "art" / "mossfen.svg"
    own.parent.mkdir()
    own.write_text((series / "content" / "art" / "mossfen.svg").read_text().replace(
        "#FFF4D6", "#0A0B0C"))
    assert "#0A0B0C" not in shared and "#0A0B0C" in front()


def test_a_file_of_the_game_takes_the_place_of_the_shared_one(series, monkeypatch):
    monkeypatch.chdir(series)
    own = series / "examples" / "sprint" / "content" / "pieces.yaml"
    own.write_text("first-player:\n  name: First-player marker\n  items:\n"
                   "    - id: first-player\n      copies: 1\n")
    example = load_content(series / "examples" / "sprint" / "content").game
    assert example is not None and [k.name for k in example.pieces] == ["first-player"]


@pytest.mark.parametrize("value, code", [
    ("../../../../outside", "TKG110"),  # leaves the project
    ("/etc", "TKG110"),
    ("../nowhere", "TKG109"),
    ("[1, 2]", "TKG103"),
    (".", "TKG110"),  # itself
])
def test_extends_names_a_folder_inside_the_project(series, value, code):
    (series.parent / "outside").mkdir(exist_ok=True)
    path = game_yaml(series)
    path.write_text(path.read_text().replace("extends: ../../../content", f"extends: {value}"))
    told(tkg(series, "validate", *EXAMPLE), code, extends_line(series))


def test_a_link_out_of_the_project_is_no_way_out(series, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "content"
    shutil.copytree(CONTENT, outside)
    (series / "examples" / "linked").symlink_to(outside)
    path = game_yaml(series)
    path.write_text(path.read_text().replace("extends: ../../../content",
                                             "extends: ../../linked"))
    told(tkg(series, "validate", *EXAMPLE), "TKG110", extends_line(series))


def test_a_folder_that_extends_another_cannot_be_built_on(series):
    middle = series / "examples" / "middle"
    shutil.copytree(series / "examples" / "sprint" / "content", middle)
    path = game_yaml(series)
    path.write_text(path.read_text().replace("extends: ../../../content",
                                             "extends: ../../middle"))
    result = tkg(series, "validate", *EXAMPLE)
    told(result, "TKG110", extends_line(series))
    assert "which extends another folder" in result.stdout


def test_the_output_may_not_be_a_folder_the_game_builds_on(series):
    result = tkg(series, "build", *EXAMPLE, "--only", "tiles", "--out", "content/out")
    assert result.returncode != 0 and "input folder" in result.stderr
    assert not (series / "content" / "out").exists()


def test_a_game_without_a_title_is_told_to_give_one(project):
    game = project / "content" / "game.yaml"
    text = game.read_text()
    start = text.index("game:\n")
    end = text.index("rules:\n")
    game.write_text(text[:start] + text[end:])
    loaded = load_content(project / "content")
    assert loaded.game is None
    assert [d.code for d in loaded.diagnostics if d.is_error] == ["TKG102", "TKG102"]
    assert "add game: {title: ...} to game.yaml" in loaded.diagnostics[0].message
