"""A font's metrics kept in the user's cache are the metrics parsed from the file, so a
first build into a new folder parses no font; a damaged cache file is parsed past."""

from __future__ import annotations

import marshal
import os
import pickle

import pytest

import generator.load.fontcache as fontcache
from generator.core.errors import RenderError
from generator.draw.kit import Kit
from generator.load.fontcache import kept_metrics, packed
from generator.load.fonts import TABLES, read_metrics
from tests.conftest import CONTENT

FONT = CONTENT / "fonts" / "Lato-Bold.ttf"


@pytest.fixture
def parsed(monkeypatch):
    """The fonts the cache parses, by file name (and the cache in this test's folder)."""
    found: list[str] = []
    monkeypatch.setattr(fontcache, "read_metrics",
                        lambda path: found.append(path.name) or read_metrics(path))
    return found


def test_kept_metrics_are_the_parsed_metrics_and_parse_nothing(tmp_path, parsed):
    first = kept_metrics(FONT, "lato-bold", tmp_path)
    again = kept_metrics(FONT, "lato-bold", tmp_path)
    assert parsed == ["Lato-Bold.ttf"]
    fresh = read_metrics(FONT)
    assert again == first == fresh  # every field and every table
    assert all(getattr(again, t) == getattr(fresh, t) for t in TABLES)
    assert again.units == fresh.units
    # As the build's memo keeps it: the same pickle, and the same tables from it.
    assert pickle.dumps(again) == pickle.dumps(fresh)
    assert pickle.loads(pickle.dumps(again)) == fresh


def test_every_shipped_font_comes_back_whole_from_a_new_kit(tmp_path, monkeypatch, parsed,
                                                            shipped_game):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    paths = Kit(shipped_game).fonts.paths
    files = sorted({path.name for path in paths.values()})
    fresh = {role: Kit(shipped_game).fonts.metrics(role) for role in paths}
    assert sorted(parsed) == files
    parsed.clear()
    kept = {role: Kit(shipped_game).fonts.metrics(role) for role in paths}  # new memos
    assert parsed == [] and kept == fresh
    assert len(list((tmp_path / "tkg" / "fonts").glob("*.metrics"))) == len(files)


@pytest.mark.parametrize("junk", [
    b"", b"not marshal at all", marshal.dumps((99, (), (), ())),
    marshal.dumps((fontcache.FORMAT, (1, 2), ({},), ())), marshal.dumps([1, 2, 3]),
])
def test_a_damaged_cache_file_is_parsed_past_and_written_anew(tmp_path, parsed, junk):
    (tmp_path / "k.metrics").write_bytes(junk)
    assert kept_metrics(FONT, "k", tmp_path) == read_metrics(FONT)
    assert parsed == ["Lato-Bold.ttf"]
    assert (tmp_path / "k.metrics").read_bytes() == packed(read_metrics(FONT))


def test_a_font_that_is_no_font_is_told_and_not_kept(tmp_path):
    bad = tmp_path / "Broken.ttf"
    bad.write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 40)
    with pytest.raises(RenderError, match="cannot read the font"):
        kept_metrics(bad, "bad", tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_only_the_fonts_kept_last_stay(tmp_path, monkeypatch):
    monkeypatch.setattr(fontcache, "KEPT_FILES", 2)
    for number, key in enumerate(("a", "b", "c")):
        kept_metrics(FONT, key, tmp_path)
        os.utime(tmp_path / f"{key}.metrics", ns=(number * 10**9, number * 10**9))
    kept_metrics(FONT, "d", tmp_path)
    assert sorted(p.stem for p in tmp_path.glob("*.metrics")) == ["c", "d"]
