"""A kind's fingerprint changes exactly when its files would.

Every value of the game's files and of the default layout is changed, one at a time,
and each kind the build makes is fingerprinted and made again: a kind whose bytes
changed must have a new fingerprint (else an incremental build would keep stale
files), and a kind whose bytes are the same must keep its fingerprint (else an edit
re-renders what it did not touch). Both directions are checked for every change.
"""

from __future__ import annotations

import copy
import functools
import multiprocessing
import re
import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from generator.build.memo import DrawingMemo
from generator.check.layouts import load_layouts
from generator.draw.kit import Kit
from generator.load.content import load_content
from generator.products.kinds import kinds_table, plain_kinds, planned
from generator.products.request import BuildRequest
from tests.conftest import CONTENT, TEMPLATES

LAYOUT = Path("layouts") / "default.yaml"
FILES = ("content/game.yaml", "content/tiles.yaml", "content/pieces.yaml",
         f"templates/{LAYOUT.as_posix()}")
# libyaml where it is built in: the test parses and writes a file for every change.
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@dataclass(frozen=True)
class Change:
    """One value changed: the file under the project, where in its YAML, the new value."""

    file: str
    path: tuple
    value: object

    def __str__(self) -> str:
        return f"{self.file}:{'.'.join(map(str, self.path))} = {self.value!r}"


def _leaves(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path, node


def _changed(value):
    """Another value of the same type (None: a value this test does not change)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return round(value * 1.25 + 0.5, 3)
    if isinstance(value, str) and value.startswith("#") and len(value) == 7:
        return "#" + "".join("0123456789ABCDEF"[(int(c, 16) + 3) % 16] for c in value[1:])
    length = re.fullmatch(r"(-?[0-9.]+)\s*(mm|pt)", value) if isinstance(value, str) else None
    if length:
        return f"{float(length[1]) + 0.5:g}{length[2]}"
    if isinstance(value, str) and value and (" " in value or value[0].isupper()):
        return value + " now"  # a name or a line of text (an id or a keyword is kept)
    return None


def _first_of_lists(path: tuple) -> bool:
    # Items of a list are alike: the first stands for them (and keeps the run short).
    return all(not isinstance(step, int) or step == 0 for step in path)


def changes() -> list[Change]:
    """Every value of the game's files and of the default layout worth a change."""
    found = []
    for file in FILES:
        for path, value in _leaves(_shipped(file)):
            new = _changed(value)
            if new is not None and _first_of_lists(path):
                found.append(Change(file, path, new))
    return found


@functools.cache
def _shipped(file: str):
    """A shipped file's data, parsed once."""
    root = CONTENT.parent if file.startswith("content") else TEMPLATES.parent
    return yaml.load((root / file).read_text(), Loader=LOADER)


def _apply(project: Path, change: Change) -> None:
    data = copy.deepcopy(_shipped(change.file))
    node = data
    for step in change.path[:-1]:
        node = node[step]
    node[change.path[-1]] = change.value
    (project / change.file).write_text(yaml.dump(data, Dumper=DUMPER, sort_keys=False,
                                                 allow_unicode=True))


def _made(project: Path, memo: DrawingMemo) -> dict[str, tuple[str, dict]] | None:
    """Each kind's fingerprint and files, each file as the output and the manifest see it
    (None when the content does not load)."""
    loaded = load_content(project / "content")
    layouts, problems = load_layouts(project / "templates", ("default",))
    if loaded.game is None or problems or any(d.is_error for d in loaded.diagnostics):
        return None
    game = loaded.game
    table = kinds_table(game.pieces)
    request = BuildRequest(game, project / "templates", layouts, ("a4",),
                           tuple(plain_kinds(table)))
    kit = Kit(game, memo)
    found = {}
    for kind in planned(request):
        try:
            files = {a.path: (a.data, a.pages, a.paper, a.guides)
                     for a in kind.artefacts(request, kit)}
        except Exception:  # a value the drawing refuses: not a fingerprint's concern
            return None
        found[kind.name] = (kind.key(request, kit), files)
    return found


def _checked(project: Path, some: list[Change]) -> tuple[list[str], int]:
    """Each change of `some` made on a copy of the project at `project`: what went wrong
    (a kind stale or made again for nothing), and how many changes loaded."""
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(TEMPLATES, project / "templates")
    memo = DrawingMemo()
    before = _made(project, memo)
    assert before is not None
    wrong, tried = [], 0
    for change in some:
        target = project / change.file
        original = target.read_text()
        _apply(project, change)
        after = _made(project, memo)
        target.write_text(original)
        if after is None:
            continue
        tried += 1
        for name, (key, files) in after.items():
            old_key, old_files = before.get(name, ("", {}))
            if files != old_files and key == old_key:
                wrong.append(f"{name} kept its fingerprint though its files changed: {change}")
            if files == old_files and key != old_key:
                wrong.append(f"{name} got a new fingerprint, its files unchanged: {change}")
    return wrong, tried


@pytest.mark.slow
def test_every_kind_is_made_again_exactly_when_its_files_change(tmp_path, monkeypatch):
    # The book's simulated games are a function of the rules like any other input; a few
    # of them show a fingerprint's faults as well as fifty, and every rule change here
    # plays them again (set before the fork: both workers play the few).
    monkeypatch.setattr("generator.sim.book.BOOK_GAMES", 4)
    every = changes()
    # Half the changes on each core (each on a copy of its own): the test is the suite's
    # longest.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        done = list(pool.map(_checked, [tmp_path / "one", tmp_path / "two"],
                             [every[0::2], every[1::2]]))
    wrong = [line for found, _ in done for line in found]
    assert sum(tried for _, tried in done) > 100
    assert wrong == [], "\n".join(wrong)
