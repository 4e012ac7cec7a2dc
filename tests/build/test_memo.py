"""The drawing memo: used only when signed by this user's key."""

from __future__ import annotations

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
