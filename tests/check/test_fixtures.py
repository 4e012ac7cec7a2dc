"""One fixture per diagnostic code: each must produce exactly its positioned diagnostic.

A fixture in tests/fixtures/invalid/ replaces tiles.yaml or game.yaml (by its second
suffix) in a copy of the content whose tiles.yaml is the small valid set in
tests/fixtures/base/. Its `# expect:` lines name `FILE:LINE:COL: severity CODE`
diagnostics that must appear; any error with another code fails the test, so each
fixture breaks one rule only.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.core.diagnostics import CODES, Severity

FIXTURES = Path(__file__).parent.parent / "fixtures"
INVALID = sorted((FIXTURES / "invalid").glob("*.yaml"))
EXPECT = b"# expect: "


def expectations(fixture: Path) -> list[str]:
    """The `# expect:` lines of a fixture (read as bytes: some fixtures are not UTF-8)."""
    return [line[len(EXPECT):].decode().strip()
            for line in fixture.read_bytes().splitlines() if line.startswith(EXPECT)]


def run_fixture(fixture: Path, folder: Path, monkeypatch) -> tuple[int, list[str]]:
    content = folder / "content"
    shutil.copytree(Path(__file__).parents[2] / "content", content)
    shutil.copytree(Path(__file__).parents[2] / "templates", folder / "templates")
    shutil.copy(FIXTURES / "base" / "tiles.yaml", content / "tiles.yaml")
    target = fixture.name.split(".")[-2] + ".yaml"  # name.tiles.yaml -> tiles.yaml
    shutil.copy(fixture, content / target)
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(cli, ["validate"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output.splitlines()


@pytest.mark.slow
@pytest.mark.parametrize("fixture", INVALID, ids=lambda p: p.name)
def test_fixture_produces_its_diagnostic(fixture: Path, project_home: Path, monkeypatch):
    expected = expectations(fixture)
    assert expected, f"{fixture.name} has no '# expect:' line"
    exit_code, lines = run_fixture(fixture, project_home, monkeypatch)
    for want in expected:
        assert any(line.startswith(want + ":") for line in lines), (want, lines)
    codes = {want.rsplit(" ", 1)[1] for want in expected}
    stray = [line for line in lines if ": error TKG" in line
             and line.split(": error ")[1][:6] not in codes]
    assert not stray, stray
    has_error = any(": error " in want for want in expected)
    assert exit_code == (1 if has_error else 0)
    assert "Traceback" not in "\n".join(lines)


def test_every_content_code_has_a_fixture():
    # TKG001: see test_cli; TKG115 (a FIFO, a device) is no file to keep: test_one_reader;
    # TKG214 needs a search longer than a fixture should take: test_worlds, with few steps
    covered = {p.name.split("-")[0] for p in INVALID} | {"TKG001", "TKG115", "TKG214"}
    content_codes = {c for c in CODES if c < "TKG300"}
    assert content_codes <= covered, sorted(content_codes - covered)


def test_expectations_use_known_codes_and_severities():
    for fixture in INVALID:
        for want in expectations(fixture):
            severity, code = want.rsplit(" ", 2)[1:]
            assert CODES[code].severity is Severity(severity), (fixture.name, want)
