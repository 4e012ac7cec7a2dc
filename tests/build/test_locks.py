"""The output folders' lock files in the user's cache: one a folder ever built into.

A folder built into once (a copy tried and thrown away, a test's) kept its lock file
for ever: some thousands here. Past `KEPT_LOCKS`, a claim removes the oldest that no
tkg holds; and a tkg whose lock file was removed while it waited for it takes a new
one, so two never hold one folder.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

import pytest

from generator.build import claim as claims
from generator.build.claim import KEPT_LOCKS, claim, lock_file


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "tkg" / "locks"


def _held(path: Path) -> bool:
    """Whether some open file holds the lock of `path` (taken and let go at once)."""
    descriptor = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)


def test_past_the_kept_number_the_oldest_unheld_lock_files_go(cache, tmp_path):
    cache.mkdir(parents=True)
    old = [cache / f"{n:016x}.lock" for n in range(KEPT_LOCKS + 100)]
    for age, path in enumerate(old):
        path.write_text("1")
        os.utime(path, (1_000_000 + age, 1_000_000 + age))  # the first, the oldest
    holder = os.open(old[0], os.O_RDWR)  # another tkg at work in the oldest's folder
    fcntl.flock(holder, fcntl.LOCK_EX)
    try:
        with claim(tmp_path / "out"):
            mine = lock_file(tmp_path / "out")
            assert _held(mine)
        left = sorted(cache.glob("*.lock"))
        assert len(left) <= KEPT_LOCKS
        assert old[0] in left and mine in left  # held, and this claim's own
        assert old[-1] in left and old[1] not in left  # the newest stay, the oldest go
    finally:
        os.close(holder)


def test_a_few_lock_files_are_all_kept(cache, tmp_path):
    for name in ("one", "two", "three"):
        with claim(tmp_path / name):
            pass
    assert len(list(cache.glob("*.lock"))) == 3


def test_a_lock_file_removed_while_a_claim_waited_for_it_is_made_anew(cache, tmp_path,
                                                                        monkeypatch):
    # Another tkg's tidying removed the file between this claim's open and its lock:
    # the lock taken on the removed file holds nothing another tkg would see.
    opened = claims._open_lock

    def then_removed(out_dir):
        descriptor, path = opened(out_dir)
        if not hasattr(then_removed, "done"):
            then_removed.done = True
            path.unlink()
        return descriptor, path

    monkeypatch.setattr(claims, "_open_lock", then_removed)
    with claim(tmp_path / "out"):
        mine = lock_file(tmp_path / "out")
        assert mine.exists() and _held(mine)
