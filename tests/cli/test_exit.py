"""How `tkg` ends: with its exit code, all it printed sent, and the exit hooks run, though
it leaves the objects it made to the operating system rather than free them one by one
(`generator.cli._leave`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# Runs `tkg` with an exit hook and an object whose finalizer would speak as it is freed.
TKG = """
import atexit, sys
from generator.cli import main

class Kept:
    def __del__(self):
        print("freed one by one", file=sys.stderr)

kept = Kept()
atexit.register(lambda: print("exit hooks ran", file=sys.stderr))
sys.argv[0] = "tkg"
main()
"""


def _tkg(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", TKG, *args], capture_output=True,
                          text=True, check=False)


@pytest.mark.parametrize(("args", "code", "says"), [
    (("--version",), 0, "tkg, version"),
    (("validate", "--content", "no-such-folder"), 1, "error TKG001"),
    (("build", "--only", "nope", "--out", "never-written"), 2, "unknown kind 'nope'"),
])
def test_tkg_ends_with_its_code_its_words_and_its_exit_hooks(args, code, says):
    ended = _tkg(*args)
    assert ended.returncode == code, ended.stderr
    assert says in ended.stdout + ended.stderr
    assert "exit hooks ran" in ended.stderr
    assert "freed one by one" not in ended.stderr  # left to the operating system


def test_all_it_prints_reaches_a_pipe():
    # Help for every command, a page of text through a pipe: nothing left in a buffer.
    for command in ("build", "simulate", "validate", "watch"):
        ended = _tkg(command, "--help")
        assert ended.returncode == 0, ended.stderr
        assert ended.stdout.rstrip().endswith("Show this message and exit.")
