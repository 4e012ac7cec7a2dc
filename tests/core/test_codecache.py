"""Dataclass methods compiled once and kept (`generator.core.codecache`): a class made
from the cache is the class made without it, a second process compiles nothing, and a
file that is not a cache is only a cache missed."""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import inspect
import marshal
import os
import subprocess
import sys
import textwrap

import pytest

from generator.core import codecache

# Made in a module of no __future__ import, as `dataclasses` compiles its methods.
CLASSES = textwrap.dedent('''
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class Point:
        x: float
        y: float = 0.0
        tags: tuple = ()

    @dataclasses.dataclass(order=True)
    class Ranked:
        rank: int
        name: str = dataclasses.field(default="", compare=False)
''')


def _classes():
    namespace: dict = {"__name__": "made_here"}
    exec(compile(CLASSES, "made_here", "exec", dont_inherit=True), namespace)
    return namespace["Point"], namespace["Ranked"]


def _described(point, ranked) -> list:
    """Everything the generated methods do that a caller could tell apart."""
    p = point(1.0, tags=("a",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 2.0  # type: ignore[misc]
    same = point(1.0, tags=("a",))
    return [repr(p), p == same, p == point(2.0), hash(p) == hash(same),
            str(inspect.signature(point)), point.__init__.__annotations__,
            ranked(1, "b") < ranked(2, "a"), ranked(1, "b") == ranked(1, "c"),
            repr(ranked(3, "x"))]


@pytest.fixture
def cached(monkeypatch, tmp_path):
    """Installs a cache under tmp_path for the test; `dataclasses` is as it was after."""
    monkeypatch.setattr(dataclasses, "exec", builtins.exec, raising=False)

    def install():
        cache = codecache.keep_dataclass_code(tmp_path)
        atexit.unregister(cache.keep)  # (this test writes it when it means to)
        return cache

    return install


def test_a_class_made_from_the_cache_is_the_class_made_without_it(cached):
    plain = _described(*_classes())
    first = cached()
    compiled = _described(*_classes())
    first.keep()
    second = cached()
    again = _described(*_classes())
    assert compiled == plain and again == plain
    assert first.fresh and first.found == 0
    assert second.fresh == {} and second.found == len(first.fresh)


def test_a_file_that_is_no_cache_is_a_cache_missed_and_written_anew(cached):
    plain = _described(*_classes())
    path = cached().path
    path.parent.mkdir(parents=True)
    for junk in (b"", b"not marshal", marshal.dumps({b"k": 3}),
                 marshal.dumps({b"k": b"no code"}), marshal.dumps([b"k"])):
        path.write_bytes(junk)
        cache = cached()
        assert _described(*_classes()) == plain
        assert cache.fresh and cache.found == 0
    cache.keep()
    assert cached().kept.keys() == cache.kept.keys()


def test_a_forked_child_leaves_the_file_to_its_parent(cached):
    cache = cached()
    _classes()
    pid = os.fork()
    if pid == 0:  # the child: keeping writes nothing
        cache.keep()
        os._exit(0 if not cache.path.exists() else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    cache.keep()
    assert cache.path.exists()


def test_the_command_keeps_the_code_and_its_second_run_compiles_none(tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    command = [sys.executable, "-m", "generator", "validate", "--help"]
    subprocess.run(command, env=env, check=True, capture_output=True)
    (kept,) = (tmp_path / "tkg" / "code").iterdir()
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    subprocess.run(command, env=env, check=True, capture_output=True)
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written  # nothing new to keep
