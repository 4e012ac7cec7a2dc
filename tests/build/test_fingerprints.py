"""A kind's fingerprint changes exactly when its files would.

Every value of the game's files and of the default layout is changed, one at a time,
and each kind the build makes is fingerprinted and made again: a kind whose bytes
changed must have a new fingerprint (else an incremental build would keep stale
files), and a kind whose bytes are the same must keep its fingerprint (else an edit
re-renders what it did not touch). Both directions are checked for every change.

A kind is made from what it gathers (`Kind.gathered`) and the game, and nothing else.
So after a change to the layout, which leaves the game as it was, a kind that gathered
exactly what it gathered before (every value, compared by value and not by the digest
under test; only where values were written is left out) has the files it had, and is
not made again here; after a change to the game every kind is made again.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from generator.build.memo import DrawingMemo
from generator.check.layouts import load_layouts
from generator.core.model import Game, Location
from generator.draw.kit import Kit
from generator.load.content import load_content
from generator.products.kinds import Kind, kinds_table, plain_kinds, planned
from generator.products.request import BuildRequest
from generator.text.context import Record
from tests.conftest import CONTENT, TEMPLATES, few_book_games

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
    measured = re.fullmatch(r"((?:width|height|disc|tile|token)(?: [*/] [0-9.]+)?)"
                            r"(?: ([+-]) ([0-9.]+)mm)?", value) if isinstance(value, str) else None
    if measured:  # measured from a size ("width / 2 - 7mm", "tile + 1.5mm"): 0.5 mm more
        start, sign, mm = measured.groups()
        plus = (-1 if sign == "-" else 1) * float(mm or 0) + 0.5
        return f"{start} {'-' if plus < 0 else '+'} {abs(plus):g}mm"
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


@dataclass(frozen=True)
class Made:
    """One kind as the test sees it: its fingerprint, what it gathered, its files as the
    output and the manifest see them."""

    key: str
    gathered: object
    files: dict


# Compared by equality at once (the run compares a million values).
PLAIN = frozenset({str, int, float, bool, type(None)})


def _same(one, other) -> bool:
    """Whether two values are equal in every value they hold: a dataclass in all its
    fields (those equality leaves out too), except where a value was written."""
    if one is other:
        return True
    if type(one) is not type(other):
        return False
    if type(one) in PLAIN:
        return one == other
    if dataclasses.is_dataclass(one):
        for name in _field_names(type(one)):
            mine = getattr(one, name)
            if not isinstance(mine, Location) and not _same(mine, getattr(other, name)):
                return False
        return True
    if isinstance(one, (tuple, list)):
        return len(one) == len(other) and all(map(_same, one, other))
    if isinstance(one, Record):  # a template's record: equal when its fields are
        one, other = ({name: r[name] for name in r.names()} for r in (one, other))
    if isinstance(one, Mapping):
        return one.keys() == other.keys() and all(_same(v, other[k]) for k, v in one.items())
    return one == other


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def _game(project: Path) -> Game | None:
    """The project's game as the build loads it (None when its content has errors)."""
    loaded = load_content(project / "content")
    if loaded.game is None or any(d.is_error for d in loaded.diagnostics):
        return None
    return loaded.game


def _made(project: Path, memo: DrawingMemo, before: dict[str, Made] | None = None,
          game: Game | None = None) -> dict[str, Made] | None:
    """Each kind as made (None when the content or the layout does not load). With
    `before` and `game` (the kinds of a project whose content is this one's, and the
    game loaded from it), the game is not loaded again, and a kind that gathered exactly
    what it gathered there is not made again: it has the same files."""
    game = game or _game(project)
    layouts, problems = load_layouts(project / "templates", ("default",))
    if game is None or problems:
        return None
    table = kinds_table(game.pieces)
    request = BuildRequest(game, project / "templates", layouts, ("a4",),
                           tuple(plain_kinds(table)))
    kit = Kit(game, memo)
    found = {}
    for kind in planned(request):
        try:
            found[kind.name] = _kind_made(kind, request, kit, before)
        except Exception:  # a value the drawing refuses: not a fingerprint's concern
            return None
    return found


def _kind_made(kind: Kind, request: BuildRequest, kit: Kit, before: dict[str, Made] | None
               ) -> Made:
    gathered = kind.gathered(request, kit)
    same = before.get(kind.name) if before is not None else None
    if same is not None and _same(same.gathered, gathered):
        files = same.files
    else:
        files = {a.path: (a.data, a.pages, a.paper, a.guides)
                 for a in kind.made_from(gathered, kit)}
    return Made(kind.key_of(gathered, kit), gathered, files)


@dataclass(frozen=True)
class Baseline:
    """The shipped project copied once for a worker's shares, its game, its kinds as
    made, and the memo they were made with (each share goes on with a copy of it)."""

    project: Path
    game: Game
    memo: DrawingMemo
    before: dict[str, Made]


def _checked(baseline: Baseline, some: list[Change]) -> tuple[list[str], int]:
    """Each change of `some` made on the baseline's project, then undone: what went wrong
    (a kind stale or made again for nothing), and how many changes loaded."""
    project, before = baseline.project, baseline.before
    # A copy: what a share adds goes with it (a memo holds every game and layout it saw,
    # and a worker's forked builds would carry all of them in later tests).
    memo = DrawingMemo()
    memo.used = dict(baseline.memo.used)
    wrong, tried = [], 0
    for change in some:
        target = project / change.file
        original = target.read_text()
        _apply(project, change)
        try:
            # A layout change leaves the content as it was: its game, loaded once, stays.
            after = _made(project, memo) if change.file.startswith("content") else \
                _made(project, memo, before, baseline.game)
        finally:
            target.write_text(original)
        if after is None:
            continue
        tried += 1
        for name, made in after.items():
            old = before.get(name, Made("", None, {}))
            if made.files != old.files and made.key == old.key:
                wrong.append(f"{name} kept its fingerprint though its files changed: {change}")
            if made.files == old.files and made.key != old.key:
                wrong.append(f"{name} got a new fingerprint, its files unchanged: {change}")
    return wrong, tried


@pytest.fixture(scope="session")
def baseline(tmp_path_factory) -> Baseline:
    """The worker's one baseline: its shares start from it, not each from a make of its
    own (the project keeps its path: the game's folders are part of what kinds gather)."""
    project = tmp_path_factory.mktemp("fingerprints")
    shutil.copytree(CONTENT, project / "content")
    shutil.copytree(TEMPLATES, project / "templates")
    memo, game = DrawingMemo(), _game(project)
    assert game is not None
    # The book's simulated games are a function of the rules like any other input, and
    # every rule change plays them again: a few show a fingerprint's faults as well.
    with pytest.MonkeyPatch.context() as patch:
        few_book_games(patch)
        before = _made(project, memo, game=game)
    assert before is not None
    return Baseline(project, game, memo, before)


# The changes in shares, each a test of its own, so the runner's workers share them out
# (the suite's longest test was this one, alone on one core).
SHARES = 4


@pytest.mark.slow
@pytest.mark.parametrize("share", range(SHARES))
def test_every_kind_is_made_again_exactly_when_its_files_change(baseline, monkeypatch, share):
    few_book_games(monkeypatch)
    wrong, tried = _checked(baseline, changes()[share::SHARES])
    assert tried > 100 // SHARES
    assert wrong == [], "\n".join(wrong)
