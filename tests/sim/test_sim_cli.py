"""`tkg simulate` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from simkit import CONTENT

from generator.cli import cli
from generator.sim.chart import chart_svg
from generator.sim.intervals import holm
from generator.sim.runner import simulate


def run(*args):
    return CliRunner().invoke(cli, ["simulate", "--content", str(CONTENT), *args])


def reports(folder):
    return sorted(p.name for p in (folder / "simulation").glob("*.html"))


def test_json_carries_the_documented_keys_and_writes_nothing_else(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("--games", "20", "--players", "2", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["players"], data["seed"], data["player"]) == (20, 2, 0, "sealer")
    # Issue 28, item 2: the default is the strongest affordable player, and the report
    # shows how weaker players change the key figures on the same deals.
    strength = data["strength"]
    assert strength["versus"] == "greedy"
    for key, ours in strength["difference"].items():
        theirs = strength["figures"][key]["mean"]
        assert ours["low"] <= ours["mean"] <= ours["high"]
        assert ours["mean"] == pytest.approx(data["measures"][key]["mean"] - theirs, abs=0.02)
    for key in ("win_share_by_seat", "win_share_by_element", "win_share_by_player"):
        for row in data[key]:
            assert row["low"] <= row["share"] <= row["high"], (key, row)
    assert [r["label"] for r in data["win_share_by_seat"]] == ["seat 1", "seat 2"]
    assert {"statistic", "dof", "p_value", "significant", "method",
            "p_adjusted"} <= data["seat_test"].keys()
    assert data["seat_test"]["method"] == "permutation"
    gap = data["seat_gap"]
    assert gap["low"] <= gap["gap"] <= gap["high"] and gap["pairs"] == 1
    assert set(data["action_mix"]) == {"draw", "trade", "procure", "blind", "move", "refresh",
                                       "seal", "pass"}
    assert sum(data["no_procure_causes"].values()) == pytest.approx(data["no_procure_rate"],
                                                                    abs=1e-3)
    assert data["headline"] and len(data["take_rate"]) == 48
    assert list(tmp_path.iterdir()) == []  # --format json writes only JSON


@pytest.mark.slow
def test_json_with_out_writes_the_json_there_and_no_page(tmp_path):
    # Issue 28, item 7: --format json --out DIR wrote an HTML page beside the JSON.
    result = run("--games", "10", "--players", "2", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert reports(tmp_path) == []
    [kept] = (tmp_path / "simulation").glob("2p-sealer-10g-seed0-*.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == json.loads(result.stdout)


@pytest.mark.slow
def test_runs_do_not_overwrite_each_other(tmp_path):
    for seed in ("1", "2", "2"):
        assert run("--games", "10", "--players", "2", "--seed", seed,
                   "--out", str(tmp_path)).exit_code == 0
    names = reports(tmp_path)
    assert len(names) == 2 and all(n.startswith("2p-sealer-10g-seed") for n in names)
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    assert {f"simulation/{n}" for n in names} <= {f["path"] for f in manifest["files"]}
    page = (tmp_path / "simulation" / names[0]).read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page


@pytest.mark.slow
def test_same_seed_same_report_whatever_the_jobs(tmp_path):
    args = ("--games", "30", "--players", "3", "--seed", "5", "--out", str(tmp_path))
    one, two = run(*args), run(*args, "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert one.stdout.startswith("Simulated 30 games of 3 players (sealer; seed 5)\n* ")
    assert run(*args[:-4], "--seed", "6", "--out", str(tmp_path)).stdout != one.stdout


def test_a_line_up_of_kinds_reports_each_kind(tmp_path):
    result = run("--games", "8", "--players", "2", "--player", "random,greedy",
                 "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["player"] == "random,greedy"
    assert {r["label"]: r["fair"] for r in data["win_share_by_player"]} == {"greedy": 0.5,
                                                                           "random": 0.5}


@pytest.mark.slow
def test_text_report_sections(tmp_path):
    result = run("--games", "10", "--players", "2", "--player", "random", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    for heading in ("Turns per player", "Win share by seat", "Win share by element",
                    "seat test", "How games end", "Action mix", "Where points come from",
                    "No procure possible", "no empty cell beside the Oink", "Token scarcity",
                    "never taken", "pass 0.0%"):
        assert heading in result.stdout


@pytest.mark.slow
def test_a_sweep_plays_every_combination(tmp_path):
    result = run("--games", "6", "--players", "2", "--set", "oink.capacity=5,6",
                 "--set", "draw.tokens=2,3", "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    variants = json.loads(result.stdout)["variants"]
    assert [v["set"] for v in variants] == [
        {"oink.capacity": 5, "draw.tokens": 2}, {"oink.capacity": 5, "draw.tokens": 3},
        {"oink.capacity": 6, "draw.tokens": 2}, {"oink.capacity": 6, "draw.tokens": 3}]
    assert all(v["games"] == 6 and v["win_share_by_seat"] for v in variants)
    for test in ("seat_test", "element_test"):  # each corrected for the other three
        raw = [v[test]["p_value"] for v in variants]
        assert [v[test]["p_adjusted"] for v in variants] == holm(raw)
        assert all(v[test]["significant"] == (v[test]["p_adjusted"] < 0.05) for v in variants)
    [kept] = (tmp_path / "simulation").glob("sweep-4-seed0-*.json")
    assert json.loads(kept.read_text(encoding="utf-8")) == json.loads(result.stdout)
    text = run("--games", "6", "--players", "2", "--set", "rules.oink.capacity=5,6",
               "--out", str(tmp_path))
    assert text.exit_code == 0 and text.stdout.splitlines()[4].startswith(
        "oink.capacity=6 (current)")
    page = (tmp_path / "simulation" / reports(tmp_path)[0]).read_text(encoding="utf-8")
    assert "oink.capacity=5" in page and "<svg" in page


@pytest.mark.parametrize(("args", "says"), [
    (("--players", "1"), "at least 2 players"),
    (("--players", "5"), "2-4 players"),
    (("--games", "0"), "--games"),
    (("--games", "10000001"), "--games"),
    (("--jobs", "100000"), "--jobs"),
    (("--player", "psychic"), "known: greedy, planner, random, sealer, search"),
    (("--player", "greedy,greedy,greedy", "--players", "2"), "3 kinds of player for 2 seats"),
    (("--set", "oink.colour=5"), "keys that can be swept: setup.tiles_dealt"),
    (("--set", "oink.capacity"), "not KEY=V1,V2"),
    (("--set", "oink.capacity=five"), "whole numbers"),
    (("--set", "oink.capacity=99"), "outside 1-30"),
    (("--set", "procure.blind_cost=9"), "exceeds the Oink capacity"),
])
def test_bad_options_are_usage_errors(tmp_path, args, says):
    result = run("--games", "5", *args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output


def test_invalid_content_exits_1(project, tmp_path):
    tiles = project / "content" / "tiles.yaml"
    tiles.write_text(tiles.read_text().replace("insignias: [fire]", "insignias: [lava]", 1))
    result = CliRunner().invoke(cli, ["simulate", "--content", str(project / "content"),
                                      "--games", "5", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert "tiles.yaml:" in result.output and "TKG107" in result.output
    assert not (tmp_path / "simulation").exists()


@pytest.mark.slow
def test_chart_svg_is_reproducible_and_well_formed(shipped_game):
    summary = simulate(shipped_game, 10, 2, seed=3)
    first, second = chart_svg(summary), chart_svg(summary)
    assert first == second
    assert "<dc:date>" not in first
    ET.fromstring(first.encode("utf-8"))  # parses as XML


@pytest.mark.slow
def test_real_process_keeps_json_on_stdout_clean(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "generator", "simulate", "--content", str(CONTENT),
         "--games", "12", "--jobs", "2", "--format", "json", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 12  # nothing but the JSON object
    assert "JSON report" in done.stderr


def test_a_report_into_the_content_folder_is_refused_before_any_game(project):
    content = project / "content"
    before = sorted(p.relative_to(content) for p in content.rglob("*"))
    result = CliRunner().invoke(cli, ["simulate", "--content", str(content), "--games",
                                      "10000000", "--out", str(content / "reports")])
    assert result.exit_code == 3, result.output
    assert "refusing" in result.output and "Traceback" not in result.output
    assert sorted(p.relative_to(content) for p in content.rglob("*")) == before
