"""Templates read only their own folder and finish with output of a sane size, in time.

Regression tests of issue 16's findings 3 and 6: a template linked to /etc/passwd put
that file into the rulebook, and `{{ 'x ' * 10**8 }}` or loops of loops ran unbounded.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.core.errors import ContentError
from generator.text import sandbox
from generator.text.context import build_context
from generator.text.templating import make_environment, render_template

TURN = "05-turn.md.j2"


def _render(shipped_game, folder, text: str) -> str:
    (folder / "x.md.j2").write_text(text)
    env = make_environment(folder, frozenset())
    return render_template(env, folder, "x.md.j2", build_context(shipped_game)).markdown


def _problem(shipped_game, folder, text: str):
    with pytest.raises(ContentError) as info:
        _render(shipped_game, folder, text)
    [problem] = info.value.diagnostics
    return problem


@pytest.mark.parametrize("text", [
    "intro\n{{ 'x ' * 10**8 }}\n",
    "intro\n{{ ['x'] * 10**8 }}\n",
    "intro\n{{ 10 ** 100000 }}\n",
    "intro\n{% for i in range(90000) %}{{ 'many words ' * 9 }}{% endfor %}\n",
])
def test_output_past_the_cap_is_a_tkg302_at_its_line(shipped_game, tmp_path, text):
    problem = _problem(shipped_game, tmp_path, text)
    assert (problem.code, problem.line) == ("TKG302", 2), problem.format()
    assert "too large" in problem.message or "more than" in problem.message


def test_a_template_running_past_its_time_budget_is_a_tkg302(shipped_game, tmp_path,
                                                             monkeypatch):
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.3)
    problem = _problem(shipped_game, tmp_path, "intro\n{% for a in range(100000) %}"
                       "{% for b in range(100000) %}{% endfor %}{% endfor %}\n")
    assert problem.code == "TKG302" and "ran for more than 0.3 s" in problem.message


def test_ordinary_arithmetic_and_repetition_still_work(shipped_game, tmp_path):
    assert _render(shipped_game, tmp_path, "{{ '-' * 3 }} {{ 2 ** 10 }} {{ 7 % 4 }}") \
        == "--- 1024 3"


@pytest.mark.slow
def test_a_template_linked_outside_its_folder_is_refused(project, tmp_path_factory):
    secret = tmp_path_factory.mktemp("elsewhere") / "passwd"
    secret.write_text("root:x:0:0:the-secret-line\n")
    turn = project / "templates" / "rulebook" / TURN
    turn.unlink()
    turn.symlink_to(secret)
    result = CliRunner().invoke(cli, ["build", "--content", str(project / "content"),
                                      "--templates", str(project / "templates"),
                                      "--out", str(project / "out"), "--only", "rulebook",
                                      "--paper", "a4"])
    assert result.exit_code == 1, result.output
    assert "error TKG301" in result.output and "leading outside" in result.output, [
        line for line in result.output.splitlines() if "error" in line]
    assert "the-secret-line" not in result.output
    assert not (project / "out" / "rulebook").exists()
