"""A file's digest follows its bytes, even when a write keeps its size and time."""

from __future__ import annotations

import os
import time

from generator.load.digests import file_digest


def test_a_same_size_write_in_the_same_clock_tick_gets_a_new_digest(tmp_path):
    # Two saves within one timestamp tick: same size, same mtime, other bytes.
    path, tick = tmp_path / "tiles.yaml", time.time_ns()
    path.write_text("name: Tidewell\n")
    os.utime(path, ns=(tick, tick))
    first = file_digest(path)
    path.write_text("name: Tidewall\n")
    os.utime(path, ns=(tick, tick))
    assert file_digest(path) != first


def test_an_old_file_is_read_once_per_size_and_time(tmp_path, monkeypatch):
    path = tmp_path / "art.svg"
    path.write_text("<svg/>")
    old = time.time_ns() - 60 * 10**9
    os.utime(path, ns=(old, old))
    first = file_digest(path)
    monkeypatch.setattr("pathlib.Path.read_bytes", lambda self: b"never read")
    assert file_digest(path) == first  # remembered: not read again
