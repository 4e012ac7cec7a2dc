"""A layout is read from templates/layouts/ and nowhere else, and its formats are bounded.

Regression tests of issue 16's findings 3, 6 and 7: `extends` and `--layout` reached any
YAML on disk, a huge format width hung the build, and a long chain of `extends` said
"nests too deeply".
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from generator.cli import cli
from generator.core.errors import ContentError
from generator.layout.loader import MAX_EXTENDS
from tests.conftest import load_layout


def _write(project, name: str, text: str):
    path = project / "templates" / "layouts" / f"{name}.yaml"
    path.write_text(text)
    return path


def _refusal(project, name: str, code: str = "TKG303"):
    with pytest.raises(ContentError) as info:
        load_layout(name, project / "templates")
    [problem] = info.value.diagnostics
    assert problem.code == code
    return problem


NUMBER = "extends: default\npieces:\n  tile:\n    front:\n      number:\n        text:\n"


@pytest.fixture
def secret(tmp_path):
    path = tmp_path / "secret.yaml"
    path.write_text("tile:\n  trim: the-secret-value\n")
    return path


@pytest.mark.parametrize("parent", ["../../../secret", "/tmp/secret", "..", "a/b"])
def test_extends_names_a_layout_never_a_path(project, secret, parent):
    _write(project, "sneaky", f"extends: {parent}\n")
    problem = _refusal(project, "sneaky")
    assert "not a layout name" in problem.message and problem.line == 1
    assert "the-secret-value" not in problem.format()


def test_a_layout_linking_outside_its_folder_is_refused(project, secret):
    (project / "templates" / "layouts" / "linked.yaml").symlink_to(secret)
    problem = _refusal(project, "linked")
    assert "outside templates/layouts" in problem.message
    assert "the-secret-value" not in problem.format()


def test_a_link_between_layouts_of_the_folder_is_fine(project):
    (project / "templates" / "layouts" / "edges.yaml").symlink_to("default.yaml")
    assert load_layout("edges", project / "templates").look("tile").size[0] == \
        pytest.approx(63.5)


def test_a_long_extends_chain_says_how_long_it_may_be(project):
    for n in range(MAX_EXTENDS + 2):
        _write(project, f"step{n}", f"extends: {'default' if n == 0 else f'step{n - 1}'}\n")
    problem = _refusal(project, f"step{MAX_EXTENDS + 1}")
    assert f"longer than {MAX_EXTENDS} layouts" in problem.message
    # A chain of exactly the limit still loads.
    assert load_layout(f"step{MAX_EXTENDS - 2}", project / "templates")


@pytest.mark.parametrize("command", ["build", "validate", "watch"])
@pytest.mark.parametrize("name", ["../../x", "/etc/passwd", "a/b"])
def test_a_path_as_layout_option_is_a_usage_error(project, monkeypatch, command, name):
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, [command, "--layout", name])
    assert result.exit_code == 2, result.output
    assert "is not a layout name" in result.output and not (project / "output").exists()


@pytest.mark.parametrize("spec", ["{number:>999999999}", "{number:.500f}", "{number:0100d}"])
def test_a_format_width_or_precision_past_the_limit_is_refused(project, spec):
    _write(project, "wide", f"{NUMBER}          text: \"{spec}\"\n")
    problem = _refusal(project, "wide", "TKG602")
    assert "up to 99" in problem.message and (problem.line, problem.column) == (7, 17)


def test_a_format_within_the_limit_loads(project):
    _write(project, "wide", f"{NUMBER}          text: \"{{number:>9}}\"\n")
    tile = load_layout("wide", project / "templates").look("tile")
    assert next(p for p in tile.front if p.name == "number").get("text") == "{number:>9}"


def test_a_control_character_in_a_layout_text_is_named_at_its_position(project):
    _write(project, "beep", NUMBER + '          text: "{number}\\x07"\n')
    problem = _refusal(project, "beep", "TKG602")
    assert "U+0007" in problem.message and (problem.line, problem.column) == (7, 17)
