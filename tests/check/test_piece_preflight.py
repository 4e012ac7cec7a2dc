"""The preflight looks at declared pieces too (issue 11): the safe zone, inside the disc
of a round piece; a character the font lacks, told at the item that holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.check.validate import Templates, validate
from tests.check.test_piece_fixtures import PIECES, project_with


def _validated(project: Path):
    return validate(project / "content", Templates(project / "templates", ("fixture",)))


@pytest.mark.slow
def test_text_in_the_corner_of_a_round_piece_is_outside_its_safe_zone(tmp_path):
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    layout = project / "templates" / "layouts" / "fixture.yaml"
    # Inside the 30 mm square, but its corners reach past the disc.
    text = layout.read_text().replace("box: {x: 4.5, y: 9, w: 21, h: 6}",
                                      "box: {x: 1, y: 2, w: 28, h: 6}")
    layout.write_text(text)
    report = _validated(project)
    [found] = [d for d in report.diagnostics if d.code == "TKG501"]
    line = text.splitlines().index("          box: {x: 1, y: 2, w: 28, h: 6}") + 1
    assert (found.path.endswith("fixture.yaml"), found.line) == (True, line)
    assert "from the disc's edge, inside the 2.5 mm safe zone" in found.message
    assert "on first-player 'first-player'" in found.message
    # Its letters now cross the disc's dark outline, in their own ink: lost where they do.
    [lost] = [d for d in report.diagnostics if d.is_error]
    assert lost.code == "TKG505" and "#1B1A24 on #1B1A24 (under its letter" in lost.message


@pytest.mark.slow
def test_a_character_the_font_lacks_is_told_at_the_items_field(tmp_path):
    project = project_with(PIECES / "first-player" / "layout.yaml", tmp_path)
    pieces = project / "content" / "pieces.yaml"
    text = pieces.read_text().replace("label: First player", "label: 先手")
    pieces.write_text(text)
    report = _validated(project)
    [found] = [d for d in report.diagnostics if d.code == "TKG504"]
    field = next(n for n, row in enumerate(text.splitlines(), 1) if "label: 先手" in row)
    assert (found.path.endswith("pieces.yaml"), found.line) == (True, field)
    assert "先" in found.message and "black font" in found.message
