"""Fuzz the declared pieces (issue 11): a mutated content/pieces.yaml or a mutated look in
the layout gives clean diagnostics, never a traceback and never an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from generator.cli import cli
from tests.load.test_fuzz import cases, mutate

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "fixtures" / "pieces" / "first-player"
PIECES = (ROOT / "content" / "pieces.yaml").read_text() + "\n" + (
    EXAMPLE / "pieces.yaml").read_text()
LAYOUT = (EXAMPLE / "layout.yaml").read_text()
FUZZ = cases(60)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz-pieces")
    shutil.copytree(ROOT / "content", root / "content")
    shutil.copytree(ROOT / "templates", root / "templates")
    return root


def run_validate(root: Path, pieces: str, layout: str) -> None:
    (root / "content" / "pieces.yaml").write_text(pieces)
    (root / "templates" / "layouts" / "fixture.yaml").write_text(layout)
    result = CliRunner().invoke(cli, ["validate", "--content", str(root / "content"),
                                      "--templates", str(root / "templates"),
                                      "--layout", "fixture"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
    assert result.exit_code in (0, 1), result.output
    if result.exit_code == 1:
        assert any(": error TKG" in line for line in result.output.splitlines()), result.output


@st.composite
def mutated(draw, text: str):
    """The YAML with one value replaced, removed or a key added anywhere."""
    return mutate(draw, text)


@pytest.mark.slow
@FUZZ
@given(mutated(PIECES))
def test_mutated_pieces_never_crash(sandbox, pieces):
    run_validate(sandbox, pieces, LAYOUT)


@pytest.mark.slow
@FUZZ
@given(mutated(LAYOUT))
def test_mutated_looks_never_crash(sandbox, layout):
    run_validate(sandbox, PIECES, layout)
