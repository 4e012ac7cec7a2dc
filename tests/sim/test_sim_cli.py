"""`tkg simulate` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim.chart import chart_svg
from generator.sim.runner import simulate


def run(*args):
    return CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), *args])


def test_json_report_has_the_fields(tmp_path):
    result = run("--games", "20", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["players"], data["seed"], data["player"]) == (20, 4, 0, "greedy")
    assert data["finished"] + data["stalled"] == 20
    assert len(data["win_rate_by_seat"]) == 4
    assert {"mean", "median", "p90"} <= data["turns"].keys()
    assert set(data["action_mix"]) >= {"draw", "trade", "procure", "blind", "move", "refresh",
                                       "seal"}
    assert len(data["take_rate"]) == 48
    assert set(data["bag_dry_rate"]) == {"fire", "water", "earth", "air"}
    page = (tmp_path / "simulation" / "report.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert "simulation/report.html" in {f["path"] for f in manifest["files"]}


def test_same_seed_same_report_whatever_the_jobs(tmp_path):
    args = ("--games", "30", "--players", "3", "--seed", "5", "--out", str(tmp_path))
    one, two = run(*args), run(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert "Simulated 30 games of 3 greedy players (seed 5)" in one.stdout
    assert run(*args[:-4], "--seed", "6", "--out", str(tmp_path)).stdout != one.stdout


def test_random_player_and_text_sections(tmp_path):
    result = run("--games", "10", "--players", "2", "--player", "random", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for heading in ("Turns per game", "Win rate by seat", "How games end", "Action mix",
                    "Could not afford", "Token scarcity", "never taken"):
        assert heading in result.stdout


def test_players_outside_the_rules_is_a_usage_error(tmp_path):
    result = run("--games", "5", "--players", "5", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "2-4 players" in result.output


def test_invalid_content_exits_1(project, tmp_path):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("insignias: [fire]", "insignias: [lava]", 1))
    result = CliRunner().invoke(cli, ["simulate", "--content", str(project / "content"),
                                      "--games", "5", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "TKG107" in result.output
    assert not (tmp_path / "simulation").exists()


def test_chart_svg_is_reproducible_and_well_formed(shipped_game):
    summary = simulate(shipped_game, 10, 2, seed=3)
    first, second = chart_svg(summary), chart_svg(summary)
    assert first == second
    assert "<dc:date>" not in first
    ET.fromstring(first.encode("utf-8"))  # parses as XML


def test_real_process_keeps_json_on_stdout_clean(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "generator", "simulate", "--content", str(CONTENT),
         "--games", "12", "--jobs", "2", "--format", "json", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 12  # nothing but the JSON object
    assert "chart report" in done.stderr
