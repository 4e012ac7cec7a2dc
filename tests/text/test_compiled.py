"""Templates compiled once are not compiled again by the next process, unless their
source changed; a cache that cannot be written costs nothing but the time."""

from __future__ import annotations

import os

import pytest

from generator.text import templating
from generator.text.sandbox import BoundedEnvironment


@pytest.fixture
def compiles(monkeypatch, tmp_path):
    """The templates compiled from source, by name, with a user cache of this test's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    compiled: list[str] = []
    real = BoundedEnvironment.compile

    def compile_(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return real(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(BoundedEnvironment, "compile", compile_)
    return compiled


def _render(folder, text: str) -> str:
    """A fresh environment (as a new process has) renders the folder's one template."""
    (folder / "t.md.j2").write_text(text)
    templating.make_environment.cache_clear()
    env = templating.make_environment(folder, frozenset())
    return env.get_template("t.md.j2").render(n=3)


def test_a_later_process_loads_the_compiled_template(compiles, tmp_path):
    folder = tmp_path / "t"
    folder.mkdir()
    assert _render(folder, "{{ n * 2 }} tiles") == "6 tiles"
    assert compiles == ["t.md.j2"]
    assert _render(folder, "{{ n * 2 }} tiles") == "6 tiles"
    assert compiles == ["t.md.j2"]  # not compiled again
    assert _render(folder, "{{ n * 3 }} tiles") == "9 tiles"  # an edit: compiled afresh
    assert compiles == ["t.md.j2", "t.md.j2"]


def test_an_unwritable_cache_only_costs_the_compiling(compiles, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    folder = tmp_path / "t"
    folder.mkdir()
    assert _render(folder, "{{ n }}") == "3"
    assert _render(folder, "{{ n }}") == "3"
    assert compiles == ["t.md.j2", "t.md.j2"]
    assert os.path.isfile(blocked)


def test_a_new_version_keeps_the_folders_of_the_last_versions_used_and_no_more(
        compiles, tmp_path):
    from generator.text.compiled import KEPT_VERSIONS, compiled_templates

    # Folders that earlier versions of tkg left, the oldest first.
    cache = tmp_path / "cache" / "tkg" / "templates"
    earlier = [cache / f"{n:016x}" for n in range(KEPT_VERSIONS + 2)]
    for age, folder in enumerate(reversed(earlier), start=1):
        folder.mkdir(parents=True)
        (folder / "__jinja2_x.cache").write_bytes(b"old")
        os.utime(folder, (1_000_000 - age, 1_000_000 - age))
    folder = tmp_path / "t"
    folder.mkdir()
    assert _render(folder, "{{ n }}") == "3"
    mine = compiled_templates().directory
    left = sorted(p.name for p in cache.iterdir())
    # This version's folder and the KEPT_VERSIONS - 1 used last before it.
    assert left == sorted([os.path.basename(mine),
                           *(f.name for f in earlier[-(KEPT_VERSIONS - 1):])]), left
    assert _render(folder, "{{ n }}") == "3" and compiles == ["t.md.j2"]
