"""`tkg validate` as a user runs it: exit codes, output formats, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.slow
def test_validate_shipped_content_passes_with_summary(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = invoke("validate")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "48 tiles, 4 elements: 0 errors, 0 warnings"
    assert "info TKG210: 48 of 48 tiles can sit in a fully matched world" in result.output


def test_a_tiles_file_that_does_not_parse_is_not_summed_up_as_no_tiles(project):
    """YAML that cannot be read: the summary says the file was not read (it said "0
    tiles, 0 elements", as if the designer had deleted them all)."""
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("    name: Tidewell", "   name: Tidewell", 1))
    result = invoke("validate", "--content", str(project / "content"),
                    "--templates", str(project / "templates"))
    assert result.exit_code == 1, result.output
    assert "error TKG004: YAML syntax" in result.output
    assert result.output.splitlines()[-1] == (
        "tiles.yaml not read: 1 error, 0 warnings "
        "(game rules not checked until the file errors are fixed)")


@pytest.mark.slow
def test_json_is_a_list_of_diagnostic_fields(monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, ["validate", "--format", "json"])
    data = json.loads(result.stdout)
    assert isinstance(data, list) and data
    assert all(set(d) == {"path", "line", "column", "severity", "code", "message", "hint"}
               for d in data)
    [solver] = [d for d in data if d["code"] == "TKG210"]
    assert solver["path"] == "content/tiles.yaml" and solver["severity"] == "info"


@pytest.mark.slow
def test_a_remembered_verdict_names_files_as_this_run_gave_them(monkeypatch, tmp_path):
    """A validation remembered from another folder must not answer a run from the
    project's (the paths it prints are relative to where it ran)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def solver_path(*args):
        data = json.loads(CliRunner().invoke(cli, ["validate", "--format", "json",
                                                   *args]).stdout)
        return next(d["path"] for d in data if d["code"] == "TKG210")

    monkeypatch.chdir(tmp_path)
    content = ROOT / "content"
    assert solver_path("--content", str(content),
                       "--templates", str(ROOT / "templates")) == str(content / "tiles.yaml")
    monkeypatch.chdir(ROOT)
    assert solver_path() == "content/tiles.yaml"


@pytest.mark.slow
def test_strict_fails_on_warnings(project: Path):
    game = project / "content" / "game.yaml"
    game.write_text(game.read_text().replace("min_connections: 8", "min_connections: 30"))
    assert invoke("validate", "--content", str(project / "content")).exit_code == 0
    result = invoke("validate", "--content", str(project / "content"), "--strict")
    assert result.exit_code == 1 and "warning TKG209" in result.output


def test_missing_content_folder_is_a_positioned_error(tmp_path: Path):
    result = invoke("validate", "--content", str(tmp_path / "nowhere"))
    assert result.exit_code == 1
    assert "tiles.yaml:1:1: error TKG001: cannot read" in result.output
    assert "game.yaml:1:1: error TKG001" in result.output


def test_many_problems_are_reported_in_one_run(project: Path):
    tiles = project / "content" / "tiles.yaml"
    text = tiles.read_text()
    for old, new in [("name: Tidewell", "name: Ember Hollow"),  # a duplicate name
                     ("insignias: [earth]", "insignias: [soil]"),  # an unknown element
                     ('colour: "#56B4E9"', 'colour: "sky"')]:  # a bad colour
        assert old in text
        text = text.replace(old, new, 1)
    tiles.write_text(text)
    result = invoke("validate", "--content", str(project / "content"))
    lines = result.output.splitlines()
    codes = {line.split()[2].rstrip(":") for line in lines if " error " in line}
    assert codes == {"TKG106", "TKG107", "TKG108"} and result.exit_code == 1


def test_usage_error_is_exit_2():
    assert invoke("validate", "--format", "yaml").exit_code == 2


@pytest.mark.slow
def test_real_subprocess_and_python_dash_m(tmp_path: Path):
    for command in (["tkg"], [sys.executable, "-m", "generator"]):
        done = subprocess.run([*command, "validate", "--content", str(ROOT / "content"),
                               "--templates", str(ROOT / "templates")],
                              capture_output=True, text=True, cwd=tmp_path, check=False)
        assert done.returncode == 0, done.stderr
        assert "48 tiles, 4 elements: 0 errors" in done.stdout
    broken = subprocess.run(["tkg", "validate", "--content", str(tmp_path)],
                            capture_output=True, text=True, check=False)
    assert broken.returncode == 1 and "Traceback" not in broken.stdout + broken.stderr


def test_watch_on_a_busy_port_is_a_usage_error(tmp_path: Path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = invoke("watch", "--port", str(port), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "choose another port" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_build_strict_stops_for_a_warning_and_writes_nothing(project, monkeypatch):
    layout = project / "templates" / "layouts" / "default.yaml"
    layout.write_text(layout.read_text().replace("size: 13pt", "size: 13", 1))
    monkeypatch.chdir(project)
    args = ["build", "--only", "tiles", "--paper", "a4"]
    strict = CliRunner().invoke(cli, [*args, "--strict"])
    assert strict.exit_code == 1, strict.output
    assert "warning TKG514" in strict.output and "--strict counts as errors" in strict.output
    assert not (project / "output").exists()
    assert CliRunner().invoke(cli, args).exit_code == 0
    # Nothing changed since, yet the verdict is the same: the warning still stops it.
    again = CliRunner().invoke(cli, [*args, "--strict"])
    assert again.exit_code == 1 and "warning TKG514" in again.output
