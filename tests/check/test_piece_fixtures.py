"""Every mistake in declaring a kind of piece (issue 11, "Bad input") has a fixture under
tests/fixtures/pieces/invalid/ naming its exact positioned diagnostic.

A fixture starts from the worked example of docs/pieces.md (the first-player marker in
tests/fixtures/pieces/first-player/): `NAME.pieces.yaml` takes the place of its data
(content/pieces.yaml), `NAME.layout.yaml` of its look (templates/layouts/fixture.yaml,
which extends the default layout). `tkg validate --layout fixture` must print each
`# expect:` line (FILE:LINE:COL: severity CODE) followed by the `# says:` words, exit 1,
and no error of another code: one fixture, one mistake.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.pipeline import build
from generator.cli import cli
from generator.core.diagnostics import CODES
from generator.core.errors import ContentError

ROOT = Path(__file__).resolve().parents[2]
PIECES = ROOT / "tests" / "fixtures" / "pieces"
INVALID = sorted((PIECES / "invalid").glob("*.yaml"))


def expectations(fixture: Path, tag: str) -> list[str]:
    """The `# <tag>:` lines of a fixture."""
    start = f"# {tag}: "
    return [line[len(start):].strip() for line in fixture.read_text().splitlines()
            if line.startswith(start)]


def project_with(fixture: Path, folder: Path) -> Path:
    """The shipped project with the worked example, the fixture in place of one half."""
    shutil.copytree(ROOT / "content", folder / "content")
    shutil.copytree(ROOT / "templates", folder / "templates")
    half = fixture.name.split(".")[-2]
    example = PIECES / "first-player"
    pieces = fixture if half == "pieces" else example / "pieces.yaml"
    layout = fixture if half == "layout" else example / "layout.yaml"
    shutil.copy(pieces, folder / "content" / "pieces.yaml")
    shutil.copy(layout, folder / "templates" / "layouts" / "fixture.yaml")
    return folder


@pytest.mark.slow
def test_the_worked_example_itself_is_sound(project_home, monkeypatch):
    monkeypatch.chdir(project_with(PIECES / "first-player" / "layout.yaml", project_home))
    # In the content's own language: the shipped French translates the shipped mats,
    # which the example's pieces.yaml replaces (tkg validate says so, TKG310/TKG311).
    result = CliRunner().invoke(cli, ["validate", "--layout", "fixture", "--strict",
                                      "--lang", "en"])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
@pytest.mark.parametrize("fixture", INVALID, ids=lambda p: p.name)
def test_each_declaration_mistake_is_its_positioned_diagnostic(fixture, project_home,
                                                                monkeypatch):
    expected, says = expectations(fixture, "expect"), expectations(fixture, "says")
    assert expected and len(says) == len(expected), fixture.name
    monkeypatch.chdir(project_with(fixture, project_home))
    result = CliRunner().invoke(cli, ["validate", "--layout", "fixture"])
    lines = result.output.splitlines()
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    for want, words in zip(expected, says, strict=True):
        assert any(line.startswith(want + ": ") and words in line for line in lines), \
            (want, words, lines)
    codes = {want.rsplit(" ", 1)[1] for want in expected}
    stray = [line for line in lines if ": error TKG" in line
             and line.split(": error ")[1][:6] not in codes]
    assert not stray, stray


@pytest.mark.slow
def test_a_build_stops_on_the_same_mistake_and_writes_nothing(project_home):
    project = project_with(PIECES / "invalid" / "TKG606-text-outside.layout.yaml",
                           project_home)
    with pytest.raises(ContentError) as info:
        build(project / "content", project / "templates", project / "output", ("a4",),
              ["first-player"], layouts=("fixture",))
    assert {d.code for d in info.value.diagnostics if d.is_error} == {"TKG606"}
    assert not (project / "output" / "manifest.json").exists()


def test_every_declaration_code_has_a_fixture():
    covered = {p.name.split("-")[0] for p in INVALID}
    declared = {c for c in CODES if c.startswith("TKG6")}
    assert declared and declared <= covered, sorted(declared - covered)
