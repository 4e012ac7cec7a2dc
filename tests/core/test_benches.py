"""The benchmarks still run against the code they measure: bench/bench_rulebook.py had
fallen behind the producers' API (`'BuildRequest' object has no attribute 'prep'`) and
nobody knew until a speed figure was wanted. Each is run once, on a small share, for
its figures' shape only (never its timings: those are not a test's business)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from generator.layout import load_layout
from generator.load.content import load_content
from generator.products.request import BuildRequest

BENCH = Path(__file__).resolve().parents[2] / "bench"


def bench_module(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_rulebook_benchmark_builds_the_book_and_the_aids():
    bench = bench_module("bench_rulebook")
    game = load_content(BENCH.parent / "content").game
    layouts = (load_layout(BENCH.parent / "templates", "default"),)
    seconds, size = bench.build_once(BuildRequest(game, BENCH.parent / "templates", layouts,
                                                  ("a4",)))
    assert seconds > 0 and size > 100_000  # a rulebook PDF, its HTML and the aids


@pytest.mark.slow
def test_the_simulator_benchmark_times_the_compiled_engine_alone(capsys):
    import argparse

    bench = bench_module("bench_simulate")
    game = load_content(BENCH.parent / "content").game
    bench.engine_alone(game, argparse.Namespace(engine_games=50, seed=0))
    said = capsys.readouterr().out
    for seats in (2, 4):
        assert f"compiled engine alone, greedy, {seats} players:" in said
    assert said.count("(50 games, best of 3)") == 2  # a small share, as asked
    assert said.count("games/s a core") == 2


def test_the_build_benchmark_counts_the_cpu_of_the_workers_a_command_forks():
    """The floor it prints is the CPU of the whole process tree over the cores: a
    command whose forked worker does the work shows that work in its CPU time."""
    import sys

    bench = bench_module("bench_build")
    busy = ("import os, time\n"
            "pid = os.fork()\n"
            "if pid == 0:\n"
            "    end = time.process_time() + 0.3\n"
            "    while time.process_time() < end: pass\n"
            "    os._exit(0)\n"
            "os.waitpid(pid, 0)\n")
    run = bench.run_once([sys.executable, "-c", busy])
    assert run.cpu >= 0.3  # the worker's 0.3 s, counted though the command did none of it
    assert run.peak > 1


def test_the_build_benchmark_reports_the_median_cpu(capsys):
    bench = bench_module("bench_build")
    runs = [bench.Run(1.0, 50.0, 1.5), bench.Run(2.0, 60.0, 2.5), bench.Run(3.0, 55.0, 1.0)]
    assert bench.report("x", runs) == (2.0, 60.0)
    said = capsys.readouterr().out
    assert "median wall 2.000 s" in said and "peak RSS 60.0 MB" in said
    assert "median CPU 1.500 s" in said


def test_the_build_benchmark_reverses_the_order_every_other_round(capsys):
    """Whichever command ran second in every pair came out slower (or faster, right
    after protograf): each round reverses the one before, and a checkout compared
    against an earlier one is told pair by pair."""
    bench = bench_module("bench_build")
    order: list[str] = []

    def run(argv, env=None):
        order.append(argv[0])
        return bench.Run(1.0 if argv[0] == "old" else 0.9, 50.0, 1.0)

    commands = [(name, lambda i, name=name: ([name, str(i)], None))
                for name in ("ours", "old", "pg")]
    runs = bench.in_turn(commands, 4, run)
    assert order == ["ours", "old", "pg", "pg", "old", "ours"] * 2
    assert {name: len(r) for name, r in runs.items()} == {"ours": 4, "old": 4, "pg": 4}
    bench.paired(runs["old"], runs["ours"])
    said = capsys.readouterr().out
    assert "wall -0.100 s median" in said and "4 of 4 faster" in said


def test_the_build_benchmark_runs_the_earlier_checkout_s_code(tmp_path):
    """With --before, the same command runs with the earlier checkout's package first
    on the path (so its `tkg` runs that code), on this checkout's content."""
    bench = bench_module("bench_build")
    before = tmp_path / "before"
    found = dict(bench.contenders(["tkg", "build"], before, None, "/t"))
    argv, env = found["before"](3)
    assert argv == ["tkg", "build", "--out", "/t/before3"]
    assert env is not None and env["PYTHONPATH"] == str(before.resolve())
    argv, env = found["ours"](3)
    assert argv == ["tkg", "build", "--out", "/t/out3"]
    # Each with a user cache of its own: nothing the user validated or built before is
    # drawn on, and one's validation is not the other's.
    assert env["XDG_CACHE_HOME"] == "/t/cache-ours"
    assert found["before"](3)[1]["XDG_CACHE_HOME"] == "/t/cache-before"
    # With --own-templates, on its own templates (the shipped layouts rewritten since).
    theirs = dict(bench.contenders(["tkg", "build"], before, None, "/t", True))["before"]
    assert theirs(3)[0] == ["tkg", "build", "--templates", str(before.resolve() / "templates"),
                            "--out", "/t/before3"]


def test_the_build_benchmark_validates_what_the_build_command_builds():
    """--after-validate runs `tkg validate` with the build's content, templates, layouts
    and languages, and none of the options only a build has."""
    bench = bench_module("bench_build")
    argv = ["/bin/tkg", "build", "--only", "tiles,tokens", "--paper", "a4", "--templates",
            "/t", "--lang", "en", "--out", "/o/w"]
    assert bench.validation_of(argv) == ["/bin/tkg", "validate", "--templates", "/t",
                                         "--lang", "en"]


def test_each_timed_build_of_the_build_benchmark_starts_without_the_last_build(
        tmp_path, monkeypatch):
    # A first build into a new folder starts from the user's last build: the benchmark's
    # runs, each into a new folder, would be cold only in name.
    import sys

    from generator.build.memo import last_build_files

    bench = bench_module("bench_build")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    kept = last_build_files()[0]
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"a build's memo")
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    bench.run_once([sys.executable, "-c", "pass"], env, forget=False)  # --after-build
    assert kept.exists()
    bench.run_once([sys.executable, "-c", "pass"], env)
    assert not kept.parent.exists()
