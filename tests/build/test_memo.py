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
