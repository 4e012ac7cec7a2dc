"""Messages that say what happened after a build is stopped (issue 27, item 5).

The findings: after a SIGKILL while the files were being put in place, the next build
repaired 45 files but said "nothing changed: output is up to date"; after Ctrl-C at that
moment the build said "every file in the output folder is whole" while 45 files differed
until the next build; an unwritable cache home failed the lock instead of falling back.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from generator.build import journal
from generator.build.claim import lock_file
from generator.build.pipeline import build
from tests.build.test_output_safety import _edit, assert_whole, built, run_build


class Killed(BaseException):
    """Stands for a SIGKILL: nothing catches it, nothing cleans up after it."""


def _renames(monkeypatch, then) -> list[str]:
    """Count the journal's renames; call `then()` at the third one after the commit."""
    done: list[str] = []
    committed: list[str] = []  # (a first build's files renamed into its staging folder
    real = journal.rename      # before the commit are not the journal's)

    def rename(source, target):
        if Path(target).name == "journal.json":
            committed.append(str(target))
        elif committed:
            done.append(str(target))
            if len(done) == 3:
                then()
        return real(source, target)
    monkeypatch.setattr(journal, "rename", rename)
    return done


def tkg_build(project: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "build", "--only", "tiles",
                           "--paper", "a4", "--content", str(project / "content"),
                           "--templates", str(project / "templates"), "--out", str(out)],
                          capture_output=True, text=True, timeout=300, cwd=project,
                          env={**os.environ, "XDG_CACHE_HOME": str(project / "cache")})


@pytest.mark.slow
def test_ctrl_c_while_the_files_go_in_waits_until_every_file_is_in(prebuilt, monkeypatch):
    project = built(prebuilt, "out")
    out = project / "out"
    _edit(project)
    done = _renames(monkeypatch, lambda: signal.raise_signal(signal.SIGINT))
    with pytest.raises(KeyboardInterrupt):
        run_build(project, out)
    assert len(done) > 3  # it went on after the Ctrl-C came...
    assert_whole(out)  # ...so what "every file in the output folder is whole" says is true
    assert not (out / journal.JOURNAL).exists()


@pytest.mark.slow
def _first_tkg_build(project: Path) -> None:
    assert tkg_build(project, project / "out").returncode == 0


@pytest.mark.slow
def test_the_build_after_a_kill_says_it_finished_the_stopped_one(prebuilt, monkeypatch):
    # The first build as the test's own would leave it (tests.conftest.Prebuilt).
    project = prebuilt("tkg-build-tiles-a4-out", _first_tkg_build)
    out = project / "out"
    _edit(project)
    # The stopped build, too, in the user cache the commands here have (`tkg_build`):
    # one that never built here reads the folder's memo as another user's, and starts
    # from whatever that cache's last build was, whichever test made it.
    monkeypatch.setenv("XDG_CACHE_HOME", str(project / "cache"))

    def kill():
        raise Killed

    with monkeypatch.context() as patch:
        _renames(patch, kill)
        with pytest.raises(Killed):
            build(project / "content", project / "templates", out, ("a4",), ["tiles"])
    assert (out / journal.JOURNAL).exists()  # torn: the journal is left to finish
    result = tkg_build(project, out)
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert "finished the build that was stopped" in said
    assert "nothing changed:" not in said and "nothing else changed:" in said, said
    assert_whole(out)


@pytest.mark.slow
def test_an_unwritable_cache_home_falls_back_for_the_lock(project, tmp_path):
    home = tmp_path / "not-a-folder"
    home.write_text("a file where the cache folder would be\n")
    result = subprocess.run([sys.executable, "-m", "generator", "build", "--only", "tiles",
                             "--paper", "a4", "--out", str(tmp_path / "out")],
                            capture_output=True, text=True, timeout=300, cwd=project,
                            env={**os.environ, "XDG_CACHE_HOME": str(home)})
    assert result.returncode == 0, result.stderr
    assert "cannot lock" not in result.stderr
    from generator.build.claim import _fallback

    assert lock_file((tmp_path / "out"), _fallback()).exists()
