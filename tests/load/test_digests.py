"""A file's digest follows its bytes, even when a write keeps its size and time; each
settled file is read once per process, whether a folder's digest or a file's asks for
it, and not at all by the next process while its status stays (the user's cache keeps
what it hashed to: `generator.load.keptdigests`)."""

from __future__ import annotations

import marshal
import os
import time
from pathlib import Path

import pytest

from generator.core.limits import YAML_BYTES
from generator.core.reading import Refused
from generator.load import digests, keptdigests
from generator.load.digests import _sources, file_digest, source_digest, tree_digest

ROOT = Path(__file__).resolve().parents[2]


def _aged(path: Path) -> Path:
    old = time.time_ns() - 60 * 10**9
    os.utime(path, ns=(old, old))
    return path


def _next_process() -> None:
    """Forget what this process remembers, as a new command starts without it."""
    digests._file_digest.cache_clear()
    keptdigests._table.cache_clear()


RACY = keptdigests.RACY


@pytest.fixture(autouse=True)
def own_cache(tmp_path_factory, monkeypatch) -> Path:
    """A user's cache of the test's own, where every file the test writes counts as
    settled at once (`keptdigests.settled`), as if written some seconds before, unless
    the test takes the `racy` fixture."""
    home = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(keptdigests, "RACY", -10 * 10**9)
    _next_process()
    yield home
    _next_process()


@pytest.fixture
def racy(monkeypatch) -> None:
    """A file written less than `keptdigests.RACY` ago is not settled, as in a command."""
    monkeypatch.setattr(keptdigests, "RACY", RACY)


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the files whose bytes are hashed from here on."""
    seen: list[str] = []
    real = digests._hashed

    def counted(path: Path) -> str:
        seen.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(digests, "_hashed", counted)
    return seen


@pytest.mark.parametrize("of", ["file", "folder"])
def test_a_same_size_write_in_the_same_clock_tick_gets_a_new_digest(tmp_path, racy, of):
    # Two saves within one timestamp tick: same size, same mtime, other bytes.
    path, tick = tmp_path / "tiles.yaml", time.time_ns()
    digested = (lambda: file_digest(path)) if of == "file" else lambda: tree_digest(tmp_path)
    path.write_text("name: Tidewell\n")
    os.utime(path, ns=(tick, tick))
    first = digested()
    path.write_text("name: Tidewall\n")
    os.utime(path, ns=(tick, tick))
    assert digested() != first


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
                ".hidden/f.py", "g.txt", "sub-h.py", "sub.py/i.py"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    for root in (tmp_path, ROOT / "generator"):
        globbed = sorted([*root.rglob("*.py"), *root.rglob("*.po")])
        found = _sources(root)
        assert [Path(whole) for _, whole in found] == globbed
        assert [rel for rel, _ in found] == [p.relative_to(root).as_posix() for p in globbed]
    digest = source_digest(tmp_path / "sub")
    (tmp_path / "sub" / "deep" / "c.po").write_text("msgid changed")
    assert source_digest(tmp_path / "sub") != digest


def test_the_next_process_reads_no_settled_file_again(tmp_path, reads):
    for name in ("tiles.yaml", "art.svg", "font.ttf"):
        (tmp_path / name).write_text(name)
    first = tree_digest(tmp_path)
    assert sorted(reads) == ["art.svg", "font.ttf", "tiles.yaml"]
    _next_process()
    assert tree_digest(tmp_path) == first and file_digest(tmp_path / "font.ttf")
    assert len(reads) == 3  # each digest from the user's cache
    (tmp_path / "art.svg").write_text("an edit")
    _next_process()
    assert tree_digest(tmp_path) != first and reads[3:] == ["art.svg"]


def _kept_table(cache: Path) -> dict:
    table = cache / "tkg" / "digests.table"
    return marshal.loads(table.read_bytes())[1] if table.exists() else {}


def test_a_file_written_lately_is_not_recorded(tmp_path, racy, reads, own_cache):
    (tmp_path / "tiles.yaml").write_text("tiles: []\n")
    (tmp_path / "art.svg").write_text("<svg/>")
    _aged(tmp_path / "art.svg")  # an old time, but changed just now (a copy keeping times)
    tree_digest(tmp_path)
    tree_digest(tmp_path)  # the copy, of an old time, read once in this process
    assert sorted(reads) == ["art.svg", "tiles.yaml", "tiles.yaml"]
    # (a second write within the clock's tick could keep a recorded status)
    assert _kept_table(own_cache) == {}
    _next_process()
    tree_digest(tmp_path)
    assert sorted(reads) == ["art.svg", "art.svg", "tiles.yaml", "tiles.yaml", "tiles.yaml"]


def test_a_recorded_digest_stands_only_for_the_status_it_was_recorded_with(tmp_path):
    path = tmp_path / "font.ttf"
    path.write_text("glyphs")
    fake = "f" * 64
    keptdigests.keep_digests({path: (path.stat(), fake)})
    _next_process()
    assert file_digest(path) == fake  # the table is believed while the status holds
    then = path.stat()
    path.write_text("glyphs")  # written again, its time set back (as `cp -p` would do):
    os.utime(path, ns=(then.st_atime_ns, then.st_mtime_ns))  # only its change time moves
    _next_process()
    assert file_digest(path) != fake


def test_a_damaged_table_counts_as_empty_and_is_written_anew(tmp_path, own_cache, reads):
    (tmp_path / "tiles.yaml").write_text("tiles: []\n")
    table = own_cache / "tkg" / "digests.table"
    for damaged in (b"", b"\x00not marshal", marshal.dumps((keptdigests.FORMAT, [1, 2])),
                    marshal.dumps((keptdigests.FORMAT + 1, {})),
                    marshal.dumps((keptdigests.FORMAT, {str(tmp_path / "tiles.yaml"): 3}))):
        table.parent.mkdir(parents=True, exist_ok=True)
        table.write_bytes(damaged)
        _next_process()
        reads.clear()
        first = tree_digest(tmp_path)
        _next_process()
        assert tree_digest(tmp_path) == first and reads == ["tiles.yaml"]


def test_only_the_files_recorded_last_are_kept(tmp_path, monkeypatch, own_cache):
    monkeypatch.setattr(keptdigests, "KEPT", 3)
    for number in range(5):  # five projects, one after the other
        (tmp_path / str(number)).mkdir()
        (tmp_path / str(number) / f"{number}.yaml").write_text(str(number))
        tree_digest(tmp_path / str(number))
    assert sorted(Path(p).name for p in _kept_table(own_cache)) == ["2.yaml", "3.yaml",
                                                                     "4.yaml"]
