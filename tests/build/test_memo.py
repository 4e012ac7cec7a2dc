"""The drawing memo: used only when signed by this user's key."""

from __future__ import annotations

import io
import pickle

from generator.build.memo import DrawingMemo


def test_signed_memo_round_trips_and_tampering_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    memo = DrawingMemo()
    memo.get("k", lambda: "drawn")
    data = memo.dump()
    fresh = DrawingMemo()
    fresh.load(data)
    assert fresh.get("k", lambda: "drawn again") == "drawn"
    forged = DrawingMemo()
    forged.load(data[:-1] + bytes([data[-1] ^ 1]))  # one bit changed
    assert forged.get("k", lambda: "drawn again") == "drawn again"
    foreign = DrawingMemo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-user"))
    foreign.load(data)  # signed with someone else's key
    assert foreign.get("k", lambda: "drawn again") == "drawn again"


def test_the_user_cache_keeps_the_memos_of_the_folders_validated_last(tmp_path,
                                                                      monkeypatch):
    """A validation memo is kept per content folder; past `KEPT_FOLDERS` folders, those
    validated longest ago go, with their verdicts (a verdict alone counts as its
    folder's), so trying many copies of a content folder does not fill the disk."""
    import os

    from generator.build import memo as memos

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(memos, "KEPT_FOLDERS", 3)
    folder = memos.checks_file(tmp_path).parent
    folder.mkdir(parents=True)
    for age, name in enumerate(("e", "d", "c", "b", "a")):  # "a" oldest
        for suffix in (".pickle", ".verdict.json"):
            (folder / f"{name}{suffix}").write_bytes(b"x")
            os.utime(folder / f"{name}{suffix}", ns=(1, 10**18 - age * 10**9))
    (folder / "v.verdict.json").write_bytes(b"{}")  # a verdict without a memo, just now
    remembered = DrawingMemo()
    remembered.get("key", lambda: 1)
    path = memos.checks_file(tmp_path / "content")
    memos.keep_checks(remembered, path)
    left = sorted(p.name for p in folder.iterdir())
    assert left == sorted([path.name, "v.verdict.json", "e.pickle", "e.verdict.json"]), left


def test_a_forked_child_hands_back_what_it_made_and_only_names_what_it_recalled(
        tmp_path, monkeypatch):
    # A child's recalled values are the last build's, which its parent holds unread as
    # well: they travel as keys (each was pickled again and sent whole), made ones as
    # pickles, which the parent keeps unread too (it unpickled them all, and pickled
    # them again for its memo file); the parent's next memo holds both as the same bytes.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    last = DrawingMemo()
    last.get("old", lambda: ["drawn", "last", "time"])
    remembered = last.dump()
    parent, child = DrawingMemo(), DrawingMemo()
    parent.load(remembered)
    child.load(remembered)  # a fork's copy
    parent.get("before", lambda: "made before the fork")
    child.get("before", lambda: "made before the fork")
    take, _ = child.carry()
    assert child.get("old", lambda: ["drawn", "again"]) == ["drawn", "last", "time"]
    child.get("new", lambda: ["made", "there"])
    made, recalled = take()
    assert list(made) == ["new"] and recalled == ["old"]
    assert pickle.loads(made["new"]) == ["made", "there"]
    _, give = parent.carry()
    give((made, recalled))
    assert "old" not in parent.used  # not read here: passed on as it was read
    assert "new" not in parent.used and parent.knows("new")  # nor this, till asked for
    fresh = DrawingMemo()
    fresh.load(parent.dump())
    assert bytes(fresh.remembered["old"]) == bytes(child.remembered["old"])  # same bytes
    assert fresh.get("old", lambda: "lost") == ["drawn", "last", "time"]
    assert bytes(fresh.remembered["new"]) == made["new"]  # as the child pickled it
    assert fresh.get("new", lambda: "lost") == ["made", "there"]
    assert fresh.get("before", lambda: "lost") == "made before the fork"
    assert parent.get("new", lambda: "lost") == ["made", "there"]


def test_tracked_work_names_what_it_asked_for_itself_or_everything_made_for_it():
    # A verdict keeps what a check with everything remembered asks for again (the
    # drawing, the files made ahead), not what went into making those (the fonts'
    # subsets inside an SVG), which a build of an unchanged piece never asks for.
    def svg_in(memo: DrawingMemo) -> str:
        def svg() -> str:
            memo.get("subset", lambda: b"glyphs")
            return "<svg/>"

        return memo.get("svg", svg)

    direct, every = DrawingMemo(), DrawingMemo()
    assert direct.track(lambda: svg_in(direct), nested=False)[1] == ["svg"]
    assert every.track(lambda: svg_in(every))[1] == ["subset", "svg"]
    # Asked for inside a kind's tracked work, a key counts for that kind as well.
    outer = DrawingMemo()
    _, kind = outer.track(lambda: outer.track(lambda: outer.get("drawing", str)))
    assert kind == ["drawing"]


def test_a_memo_file_stays_until_a_quarter_of_it_is_stale_or_new(tmp_path, monkeypatch):
    # What a build adds goes beside the memo file it loaded (RECENT_FILE), which stays
    # as it was while at most a quarter of it is stale and at most a quarter as much is
    # new; past that it is written anew, whole, and nothing is beside it.
    from generator.build.memo import SLACK

    filed = _eight_values_filed(tmp_path, monkeypatch)

    def next_build(used: list[str], made: list[str]) -> tuple[bytes | None, bytes]:
        memo = DrawingMemo()
        memo.load(filed)
        for key in used:
            assert memo.get(key, lambda: "drawn again") != "drawn again"
        for key in made:
            memo.get(key, lambda key=key: "y" * 1000 + key)
        return _written(memo.dump_parts())

    kept, beside = next_build([f"k{n}" for n in range(7)], ["new"])  # 1/8 stale, 1/8 new
    assert kept is None and _keys(beside) == ["new"]
    stale, _ = next_build([f"k{n}" for n in range(5)], [])  # 3/8 stale
    assert stale is not None and _keys(stale) == [f"k{n}" for n in range(5)]
    grown, beside = next_build([f"k{n}" for n in range(8)], ["a", "b", "c"])  # 3/8 new
    assert grown is not None and _keys(beside) == [] and len(_keys(grown)) == 11
    assert 1 / 8 < SLACK < 3 / 8  # the builds above fall either side of it
    # The file and what is beside it, read together, hold every value.
    both = DrawingMemo()
    both.load(filed)
    both.also(next_build([f"k{n}" for n in range(8)], ["new"])[1])
    assert both.get("new", lambda: "lost").startswith("y")
    assert both.get("k3", lambda: "lost").startswith("x")


def test_what_builds_added_beside_the_memo_file_stays_until_it_is_written_anew(
        tmp_path, monkeypatch):
    # A value an earlier edit made is kept beside the memo file though this build did
    # not ask for it (going back to it finds it), until the file is written anew.
    filed = _eight_values_filed(tmp_path, monkeypatch)

    def next_build(beside: bytes, made: str) -> tuple[bytes | None, bytes]:
        memo = DrawingMemo()
        memo.load(filed)
        memo.also(beside)
        for n in range(8):
            memo.get(f"k{n}", str)
        memo.get(made, lambda: "y" * 1000 + made)
        return _written(memo.dump_parts())

    kept, beside = next_build(b"", "a")
    assert kept is None and _keys(beside) == ["a"]
    kept, beside = next_build(beside, "b")  # "a" not asked for: still beside
    assert kept is None and _keys(beside) == ["a", "b"]
    tried = DrawingMemo()
    tried.also(beside)
    assert tried.get("a", lambda: "lost").startswith("y")
    # 3/8 beside: the file is written anew, with what was beside it
    rewritten, beside = next_build(beside, "c")
    assert rewritten is not None and _keys(beside) == []
    assert _keys(rewritten) == ["a", "b", "c", *(f"k{n}" for n in range(8))]
    # A quarter stale: written anew with what the build used alone.
    filed, used = rewritten, ["c", *(f"k{n}" for n in range(6))]
    memo = DrawingMemo()
    memo.load(filed)
    for key in used:
        memo.get(key, str)
    stale, beside = _written(memo.dump_parts())
    assert stale is not None and _keys(stale) == sorted(used) and _keys(beside) == []


def test_what_a_stale_memo_file_held_is_kept_apart_for_one_build(tmp_path, monkeypatch):
    # A layout value that redraws every piece leaves the memo file stale at each try:
    # what it held goes to EARLIER_FILE, so going back draws nothing; one build more,
    # and what nobody asked for is gone.
    filed, earlier = _eight_values_filed(tmp_path, monkeypatch), b""

    def next_build(used: list[str], made: list[str]):
        nonlocal filed, earlier
        memo = DrawingMemo()
        memo.load(filed)
        memo.also_earlier(earlier)
        for key in used:
            assert memo.get(key, lambda: "drawn again") != "drawn again", key
        for key in made:
            memo.get(key, lambda key=key: "y" * 1000 + key)
        parts = memo.dump_parts()
        written, _ = _written(parts)
        # (EARLIER_FILE not written: it stays as it was)
        filed, earlier = written or filed, earlier if parts[2] is None else _bytes(parts[2])

    shared, one, other = ["k0", "k1", "k2", "k3"], ["k4", "k5", "k6", "k7"], ["b0", "b1"]
    next_build(shared, other)  # half the file stale: written anew
    assert _keys(filed) == sorted(shared + other) and _keys(earlier) == one
    next_build(shared + one, [])  # back: found apart, nothing drawn
    assert _keys(filed) == sorted(shared + one) and _keys(earlier) == other
    next_build(shared + one, [])  # nothing stale: the file stays, and nothing is apart
    assert _keys(filed) == sorted(shared + one) and _keys(earlier) == []


def _eight_values_filed(tmp_path, monkeypatch) -> bytes:
    """The memo file a first build writes of eight values of 1 kB (k0 to k7), signed with
    this test's own key."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    first = DrawingMemo()
    for n in range(8):
        first.get(f"k{n}", lambda n=n: "x" * 1000 + str(n))
    filed, recent = _written(first.dump_parts())
    assert filed is not None and _keys(recent) == []  # nothing loaded: the whole file
    return filed


def _written(parts) -> tuple[bytes | None, bytes]:
    """The memo file `dump_parts` writes (None: it stays), and the file beside it."""
    write, recent, _ = parts
    return (None if write is None else _bytes(write)), recent


def _bytes(write) -> bytes:
    file = io.BytesIO()
    write(file)
    return file.getvalue()


def _keys(data: bytes) -> list[str]:
    memo = DrawingMemo()
    memo.load(data)
    return sorted(memo.remembered)


def test_a_value_recalled_keeps_its_own_pickle_not_the_memo_file_it_came_from(
        tmp_path, monkeypatch):
    """What the memo recalls is remembered across builds of one process (`tkg watch`),
    keyed by its pickle; that key must not hold the whole memo file it was read from
    alive, or each build's file would stay in memory as long as one of its values."""
    import gc
    import tracemalloc

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    tile = f"a tile of {tmp_path.name}"  # a pickle no earlier test recalled in this process
    memo = DrawingMemo()
    memo.get("small", lambda: tile)
    memo.get("large", lambda: bytes(range(256)) * 16_384)  # 4 MB the file carries
    data = memo.dump()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        loaded = bytes(bytearray(data))  # the file as a build reads it, a copy of its own
        del data, memo
        recalling = DrawingMemo()
        recalling.load(loaded)
        assert recalling.get("small", lambda: "drawn again") == tile
        del recalling, loaded
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert kept < 1_000_000, f"{kept:,} bytes kept after the memo and its file were dropped"
