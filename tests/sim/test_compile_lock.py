"""One process compiles the engine at a time: another that needs it meanwhile waits,
says so, and then loads what the first kept instead of compiling it again."""

from __future__ import annotations

import threading

import numba
import pytest

from generator.sim import runner
from generator.sim.compiled import kernel, results
from generator.sim.runner import Work
from generator.sim.tables import build_table


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder of the engine's own."""
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path / "numba"))
    return tmp_path / "numba"


def held_elsewhere(released: threading.Event) -> threading.Thread:
    """The lock taken by another holder (its own open file, as another process has)
    until `released` is set; returned once it is held."""
    holding = threading.Event()

    def hold() -> None:
        with kernel.compiling_alone():
            holding.set()
            released.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    assert holding.wait(10)
    return thread


def test_a_second_holder_waits_for_the_first_and_is_told(cache):
    released, said, order = threading.Event(), [], []
    other = held_elsewhere(released)

    def waiting() -> None:
        said.append("waiting")
        threading.Timer(0.2, lambda: (order.append("released"), released.set())).start()

    with kernel.compiling_alone(waiting):
        order.append("inside")
    other.join()
    assert said == ["waiting"]
    assert order == ["released", "inside"]
    assert (cache / "compiling.lock").exists()


def test_a_free_lock_is_taken_without_a_word(cache):
    said = []
    with kernel.compiling_alone(lambda: said.append("waiting")):
        pass
    with kernel.compiling_alone(lambda: said.append("waiting")):
        pass
    assert said == []


def test_simulate_does_not_compile_what_another_compiled_while_it_waited(
        cache, shipped_game, monkeypatch):
    released, told, compiled = threading.Event(), [], []
    other = held_elsewhere(released)
    ready = iter([False, True])  # empty when asked first; kept by the other once it is done
    monkeypatch.setattr(results, "compiled_ready", lambda: next(ready))
    monkeypatch.setattr(results, "warm_up", lambda *args: compiled.append(args))

    def tell(message: str) -> None:
        told.append(message)
        released.set()  # the other process finishes its compile

    work = Work(build_table(shipped_game), 2, ("greedy", "greedy"), 0, True)
    runner._start_compiled([work], tell)
    other.join()
    assert told == [results.WAITING]
    assert compiled == []


def test_simulate_compiles_once_the_lock_is_its_own(cache, shipped_game, monkeypatch):
    told, compiled = [], []
    monkeypatch.setattr(results, "compiled_ready", lambda: False)
    monkeypatch.setattr(results, "warm_up", lambda *args: compiled.append(args))
    work = Work(build_table(shipped_game), 2, ("greedy", "greedy"), 0, True)
    runner._start_compiled([work], told.append)
    assert told == [results.COMPILING]
    assert len(compiled) == 1


def held(cache) -> bool:
    """Whether someone holds the compile lock of `cache` now."""
    import fcntl
    import os

    descriptor = os.open(cache / "compiling.lock", os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)
    return False


def test_the_suite_hands_its_compile_the_lock_before_any_worker_starts(cache, monkeypatch):
    from tests import engine_ahead

    started = []

    class Compile:  # stands for the compile's process: what it is handed, at its start
        def __init__(self, command, pass_fds, **_):
            started.append((command, held(cache), pass_fds))

    monkeypatch.setattr(results, "compiled_ready", lambda: False)
    monkeypatch.setattr(engine_ahead.subprocess, "Popen", Compile)
    assert engine_ahead.start([], engine_ahead.ROOT) is not None
    [(command, locked, handed)] = started
    assert command[1:] == ["-m", "tests.engine_ahead"] and locked and len(handed) == 1
    assert not held(cache)  # (the fake holds nothing: only a real process keeps it)


@pytest.mark.parametrize(("args", "whole"), [
    ([], True), (["tests"], True), (["."], True), (["tests/sim"], False),
    (["tests/cli/test_cli.py::test_json_is_a_list_of_diagnostic_fields"], False)])
def test_only_a_run_of_the_whole_suite_compiles_ahead(cache, monkeypatch, args, whole):
    from tests import engine_ahead

    monkeypatch.setattr(results, "compiled_ready", lambda: False)
    monkeypatch.setattr(engine_ahead.subprocess, "Popen", lambda *a, **k: "started")
    assert (engine_ahead.start(args, engine_ahead.ROOT) == "started") is whole


def test_a_kept_engine_is_not_compiled_again(cache, monkeypatch):
    from tests import engine_ahead

    monkeypatch.setattr(results, "compiled_ready", lambda: True)
    monkeypatch.setattr(engine_ahead.subprocess, "Popen", lambda *a, **k: "started")
    assert engine_ahead.start([], engine_ahead.ROOT) is None
