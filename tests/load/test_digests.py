"""A file's digest follows its bytes, even when a write keeps its size and time; each
old file is read once per process, whether a folder's digest or a file's asks for it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from generator.core.limits import YAML_BYTES
from generator.core.reading import Refused
from generator.load import digests
from generator.load.digests import _sources, file_digest, source_digest, tree_digest

ROOT = Path(__file__).resolve().parents[2]


def _aged(path: Path) -> Path:
    old = time.time_ns() - 60 * 10**9
    os.utime(path, ns=(old, old))
    return path


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the files whose bytes are hashed from here on."""
    seen: list[str] = []
    real = digests._hashed

    def counted(path: Path) -> str:
        seen.append(path.name)
        return real(path)

    monkeypatch.setattr(digests, "_hashed", counted)
    digests._file_digest.cache_clear()
    return seen


def test_a_same_size_write_in_the_same_clock_tick_gets_a_new_digest(tmp_path):
    # Two saves within one timestamp tick: same size, same mtime, other bytes.
    path, tick = tmp_path / "tiles.yaml", time.time_ns()
    path.write_text("name: Tidewell\n")
    os.utime(path, ns=(tick, tick))
    first = file_digest(path)
    path.write_text("name: Tidewall\n")
    os.utime(path, ns=(tick, tick))
    assert file_digest(path) != first


def test_an_old_file_is_read_once_per_size_and_time(tmp_path, reads):
    path = tmp_path / "art.svg"
    path.write_text("<svg/>")
    _aged(path)
    first = file_digest(path)
    assert file_digest(path) == first and reads == ["art.svg"]  # remembered: not read again
    path.write_text("<svg></svg>")
    _aged(path)  # another size: read again
    assert file_digest(path) != first and reads == ["art.svg", "art.svg"]


def test_a_folder_and_its_files_are_read_once_between_them(tmp_path, reads):
    for name, text in (("tiles.yaml", "tiles: []\n"), ("font.ttf", "glyphs")):
        (tmp_path / name).write_text(text)
        _aged(tmp_path / name)
    first = tree_digest(tmp_path)
    assert tree_digest(tmp_path) == first
    file_digest(tmp_path / "font.ttf")  # what a build asks of its fonts after the folder
    assert sorted(reads) == ["font.ttf", "tiles.yaml"]


def test_a_folder_s_digest_follows_a_same_size_write_in_the_same_tick(tmp_path):
    path, tick = tmp_path / "tiles.yaml", time.time_ns()
    path.write_text("name: Tidewell\n")
    os.utime(path, ns=(tick, tick))
    first = tree_digest(tmp_path)
    path.write_text("name: Tidewall\n")
    os.utime(path, ns=(tick, tick))
    assert tree_digest(tmp_path) != first


def test_a_folder_s_digest_follows_each_file_s_bytes_and_place(tmp_path):
    (tmp_path / "a.yaml").write_text("one: 1\n")
    (tmp_path / "b.yaml").write_text("two: 2\n")
    first = tree_digest(tmp_path)
    (tmp_path / "a.yaml").write_text("two: 2\n")
    (tmp_path / "b.yaml").write_text("one: 1\n")  # the same bytes, swapped
    assert tree_digest(tmp_path) != first


def test_a_yaml_file_too_large_counts_as_refused_not_read(tmp_path, reads):
    big = tmp_path / "tiles.yaml"
    with big.open("wb") as handle:
        handle.truncate(YAML_BYTES.value + 1)  # sparse: nothing written
    small = tree_digest(tmp_path)
    assert reads == []
    big.write_text("tiles: []\n")
    assert tree_digest(tmp_path) != small


def test_a_fifo_where_a_file_was_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "font.ttf"
    os.mkfifo(fifo)
    with pytest.raises(Refused, match="not a file"):
        file_digest(fifo)


def test_the_code_s_sources_are_those_two_globs_found(tmp_path):
    for rel in ("a.py", "sub/b.py", "sub/deep/c.po", "sub/deep/d.pyc", "sub/__pycache__/e.pyc",
                ".hidden/f.py", "g.txt", "sub-h.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    for root in (tmp_path, ROOT / "generator"):
        globbed = sorted([*root.rglob("*.py"), *root.rglob("*.po")])
        assert sorted(_sources(root)) == globbed
    digest = source_digest(tmp_path)
    (tmp_path / "sub" / "deep" / "c.po").write_text("msgid changed")
    assert source_digest(tmp_path) != digest
