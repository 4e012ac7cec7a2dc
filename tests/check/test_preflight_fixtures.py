"""One fixture per preflight check: each must produce exactly its positioned diagnostics.

A fixture in tests/fixtures/preflight/ is either a layout (`NAME.layout.yaml`, checked as
the layout `fixture`, most extend the default) or a tiles file (`NAME.tiles.yaml`, in
place of the small valid set of tests/fixtures/base/), with the pictures of
tests/fixtures/preflight/art/ under content/art/. Its `# expect:` lines are the whole of
what the preflight reports (TKG5xx), each `FILE:LINE:COL: severity CODE`, and its
`# says:` lines words the output must hold; the weakest pair of element colours
(TKG512, information) is always reported and only checked where a fixture expects it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.core.diagnostics import CODES, Severity
from tests.check.test_fixtures import expectations
from tests.conftest import few_book_games

ROOT = Path(__file__).parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
PREFLIGHT = sorted((FIXTURES / "preflight").glob("*.yaml"))


SAYS = "# says: "


def sayings(fixture: Path) -> list[str]:
    """The `# says:` lines of a fixture: words its diagnostics must hold."""
    return [line[len(SAYS):].strip() for line in fixture.read_text().splitlines()
            if line.startswith(SAYS)]


def run_fixture(fixture: Path, folder: Path, monkeypatch) -> tuple[int, list[str]]:
    """`tkg validate` of the fixture in a fresh project; its exit code and output lines."""
    content, templates = folder / "content", folder / "templates"
    shutil.copytree(ROOT / "content", content)
    shutil.copytree(ROOT / "templates", templates)
    shutil.copy(FIXTURES / "base" / "tiles.yaml", content / "tiles.yaml")
    for picture in (FIXTURES / "preflight" / "art").iterdir():
        shutil.copy(picture, content / "art" / picture.name)
    args = ["validate"]
    if fixture.name.endswith(".layout.yaml"):
        shutil.copy(fixture, templates / "layouts" / "fixture.yaml")
        args += ["--layout", "fixture"]
    else:
        shutil.copy(fixture, content / "tiles.yaml")
    monkeypatch.chdir(folder)
    few_book_games(monkeypatch)  # (the templates it renders quote them; no preflight does)
    result = CliRunner().invoke(cli, args)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output.splitlines()


def preflight_lines(lines: list[str]) -> list[str]:
    """The `FILE:LINE:COL: severity CODE` of each preflight diagnostic."""
    found = []
    for line in lines:
        head, _, rest = line.partition(" TKG5")
        if rest and head.endswith((": error", ": warning", ": info")):
            found.append(f"{head} TKG5{rest[:2]}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("fixture", PREFLIGHT, ids=lambda p: p.name)
def test_fixture_produces_exactly_its_diagnostics(fixture: Path, project_home: Path,
                                                  monkeypatch):
    expected = expectations(fixture)
    assert expected, f"{fixture.name} has no '# expect:' line"
    exit_code, lines = run_fixture(fixture, project_home, monkeypatch)
    found = preflight_lines(lines)
    if not any(want.endswith(" TKG512") for want in expected):
        found = [f for f in found if not f.endswith(" TKG512")]
    assert sorted(found) == sorted(expected), lines
    for words in sayings(fixture):
        assert words in "\n".join(lines), (words, lines)
    assert exit_code == (1 if any(": error " in want for want in expected) else 0), lines


def test_every_preflight_code_has_a_fixture():
    covered = {p.name.split("-")[0] for p in PREFLIGHT}
    assert {c for c in CODES if c.startswith("TKG5")} <= covered


def test_expectations_use_known_codes_and_severities():
    for fixture in PREFLIGHT:
        for want in expectations(fixture):
            severity, code = want.rsplit(" ", 2)[1:]
            assert CODES[code].severity is Severity(severity), (fixture.name, want)
