"""One full build of the shipped content, shared by the render tests (read-only)."""

from __future__ import annotations

import pytest

from tests.conftest import CONTENT, TEMPLATES


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The output folder of `build` for both papers, tiles and tokens."""
    from generator.build import build

    out = tmp_path_factory.mktemp("built") / "output"
    build(CONTENT, TEMPLATES, out, ("a4", "letter"), ["tiles", "tokens"])
    return out


@pytest.fixture
def empty_memo(tmp_path, monkeypatch):
    """An empty drawing memo, signed with a key of this test's own, emptied again after."""
    from generator.render.memo import MEMO

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    MEMO.load(None)
    yield MEMO
    MEMO.load(None)
