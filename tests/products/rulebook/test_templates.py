"""Template mistakes are positioned diagnostics: exit 1, file and line, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from rbkit import build_rulebook, request

from generator.cli import cli
from generator.core.errors import ContentError
from generator.text.context import build_context
from generator.text.templating import make_environment, render_template

TURN = "05-turn.md.j2"


def _break(project, name: str, line: int, text: str) -> None:
    path = project / "templates" / "rulebook" / name
    lines = path.read_text().splitlines()
    lines.insert(line - 1, text)
    path.write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize(("text", "code"), [
    ("Your Oink holds {{ rules.oink_capacityy }} tokens.", "TKG302"),
    ("Say {{ nothing_here }}.", "TKG302"),
    ("{% if rules.oink_capacity %} never closed", "TKG301"),
    ("{{ figure('no-such-figure') }}", "TKG302"),
    ("Share {{ rules.oink_capacity / 0 }} tokens.", "TKG302"),  # fails only when run
    ("{{ figure() }}", "TKG302"),  # a helper called wrongly
])
def test_library_raises_positioned_content_error(project, text, code):

    _break(project, TURN, 4, text)
    with pytest.raises(ContentError) as caught:
        build_rulebook(request(project, ("a4",)))
    [d] = caught.value.diagnostics
    assert d.code == code
    assert d.path.endswith(f"templates/rulebook/{TURN}")
    if code == "TKG302":
        assert d.line == 4
    else:
        assert d.line >= 4


def test_a_misspelt_name_in_a_template_is_told_the_nearest_known_one(project):
    _break(project, TURN, 4, "Your Oink holds {{ rules.oink_capacityy }} tokens.")
    with pytest.raises(ContentError) as caught:
        build_rulebook(request(project, ("a4",)))
    [d] = caught.value.diagnostics
    assert d.message.startswith("no variable 'oink_capacityy' here (did you mean "
                                "'oink_capacity'?); known: players_min, "), d.message


@pytest.mark.slow
def test_cli_build_reports_a_broken_template(project, monkeypatch):
    _break(project, TURN, 6, "Draw {{ rules.draw_countt }} tokens.")
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["build", "--only", "rulebook", "--out", "out"])
    assert result.exit_code == 1
    assert f"templates/rulebook/{TURN}:6:1: error TKG302" in result.output
    assert "draw_countt" in result.output
    assert "Traceback" not in result.output
    assert not (project / "out" / "rulebook").exists()


@pytest.mark.slow
def test_real_process_syntax_error(project):
    _break(project, "01-overview.md.j2", 3, "{% for x in %}")
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--only", "rulebook",
                           "--out", "out"], cwd=project, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1
    assert "templates/rulebook/01-overview.md.j2:3:1: error TKG301" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_sandbox_blocks_python_internals(shipped_game, tmp_path):
    (tmp_path / "x.md.j2").write_text("{{ title.__class__.__mro__ }}\n")
    env = make_environment(tmp_path, frozenset())
    with pytest.raises(ContentError):
        render_template(env, tmp_path, "x.md.j2", build_context(shipped_game))


def test_context_is_read_only(shipped_game, tmp_path):
    (tmp_path / "x.md.j2").write_text("{% set _ = rules.face_up_spaces.append('Z') %}\n")
    env = make_environment(tmp_path, frozenset())
    with pytest.raises(ContentError):
        render_template(env, tmp_path, "x.md.j2", build_context(shipped_game))
