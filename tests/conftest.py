"""Shared fixtures: the shipped content, and a private copy a test may change."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"


@pytest.fixture(scope="session")
def shipped_game():
    """The canonical game, loaded once per session (read-only)."""
    from generator.load.content import load_content

    loaded = load_content(CONTENT)
    assert loaded.game is not None, [d.format() for d in loaded.diagnostics]
    return loaded.game


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A temporary copy of content/ and templates/ that a test may edit freely."""
    shutil.copytree(CONTENT, tmp_path / "content")
    if TEMPLATES.exists():
        shutil.copytree(TEMPLATES, tmp_path / "templates")
    return tmp_path

@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The output folder of `build` for both papers, tiles and tokens."""
    from generator.build.pipeline import build

    out = tmp_path_factory.mktemp("built") / "output"
    build(CONTENT, TEMPLATES, out, ("a4", "letter"), ["tiles", "tokens"])
    return out


@pytest.fixture
def empty_memo(tmp_path, monkeypatch):
    """An empty drawing memo, signed with a key of this test's own."""
    from generator.build.memo import DrawingMemo

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return DrawingMemo()


@pytest.fixture
def kit(shipped_game):
    """What drawings of the shipped game are made with, with a memo of this test's own."""
    from generator.draw.kit import Kit

    return Kit(shipped_game)


def load_layout(name: str = "default", templates: Path = TEMPLATES):
    """A layout as a build loads it (with the kinds table's piece kinds)."""
    from generator.layout import load_layout as load

    return load(templates, name)
