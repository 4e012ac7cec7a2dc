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
    bench.engine_alone(game, argparse.Namespace(games=1, seed=0))
    said = capsys.readouterr().out
    for seats in (2, 4):
        assert f"compiled engine alone, greedy, {seats} players:" in said
    assert said.count("games/s a core") == 2
