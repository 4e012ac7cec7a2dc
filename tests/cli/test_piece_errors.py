"""A declared piece that cannot print stops `tkg validate` and `tkg build` with exit 1
(issue 11, "Bad input"): its positioned diagnostic, no traceback, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli
from tests.check.test_piece_fixtures import PIECES, project_with

BROKEN = PIECES / "invalid" / "TKG603-missing-field.pieces.yaml"
DIAGNOSTIC = "content/pieces.yaml:11:7: error TKG603"
BUILD = ["build", "--only", "first-player", "--paper", "a4", "--layout", "fixture"]


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder`, by its path there, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def built(tmp_path, monkeypatch) -> Path:
    """The worked example built into output/, then its data broken (an item lacks a field
    its look prints)."""
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, BUILD)
    assert result.exit_code == 0, result.output
    shutil.copy(BROKEN, project / "content" / "pieces.yaml")
    return project


def assert_refused(result) -> None:
    assert result.exit_code == 1, result.output
    assert any(line.startswith(DIAGNOSTIC + ": ") for line in result.output.splitlines()), \
        result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert isinstance(result.exception, SystemExit)  # an exit, not an exception escaping


@pytest.mark.slow
def test_validate_exits_1_at_the_item(built):
    assert_refused(CliRunner().invoke(cli, ["validate", "--layout", "fixture"]))


@pytest.mark.slow
def test_build_exits_1_and_leaves_the_last_output_as_it_was(built):
    before = snapshot(built / "output")
    assert "manifest.json" in before and any(p.startswith("svg/") for p in before)
    assert_refused(CliRunner().invoke(cli, BUILD))
    assert snapshot(built / "output") == before


@pytest.mark.slow
def test_build_into_a_new_folder_writes_nothing(built):
    assert_refused(CliRunner().invoke(cli, [*BUILD, "--out", "fresh"]))
    assert not (built / "fresh").exists() or snapshot(built / "fresh") == {}
