"""Fuzz every input of tkg through whole processes, and hold it to its promises (issue 27).

tests/load/test_fuzz*.py fuzz the loader in-process; here each case runs `python -m
generator ...` in a fresh copy of the project (content/, templates/, a good output/ from a
first build, a sibling outside/ folder, and HOME, TMPDIR and a cache of its own):

1. content: text edits of content/tiles.yaml and content/game.yaml (deleted spans, YAML
   punctuation, duplicated lines and keys, numbers like 10**400, very long strings, deep
   nesting, alias bombs, tags, stray bytes, odd file paths) -> `tkg build --only tiles
   --paper a4`;
2. pieces: the first-player marker of tests/fixtures/pieces/ declared with mutated kind
   names, ids, copies, fields, formats and up to thousands of items -> `tkg build --only
   first-player --paper a4 --layout fixture`, then `tkg validate --layout fixture`;
3. layouts: the marker's look (with an image, a repeat in a repeat and a grid added) with
   mutated lengths, units, counts, colours, formats, files and keys -> the same build;
4. art: generated SVGs (nesting, <use> cycles and bombs, gradients, patterns, transforms,
   huge numbers, entities, broken XML) and PNGs (odd sizes and modes, headers that lie)
   as ember-hollow's art, and a damaged font -> `tkg validate`, and a tiles build when it
   passes;
5. the options of `tkg build` (--only, --paper, --dpi, --preset, --base-url, --layout,
   --strict, --out, inside content/ too) and of `tkg simulate` (--games, --jobs,
   --players, --player, --set, --seed, --format, --out);
6. the previous output: one of its files or folders replaced by a link (out of it, into
   content/, to /dev/zero, to itself) or a named pipe -> a build, validate, simulate.

What every run must keep (`check`):

- it ends within its time bound (TIME_BOUND; HOSTILE_BOUND for 6.) and within
  MEMORY_BOUND bytes of address space: a hang, a kill or a MemoryError breaks it;
- its exit code is 0, 1 (invalid content), 2 (usage) or 3 (render or output failure);
- no traceback, no "internal error", no escaped exception or Python warning on stdout
  or stderr; exit 1 names an error (`...: error TKG...` or `error: ...`), exit 2 a usage
  `Error: ...`, exit 3 an `error: ...` line;
- nothing is created, changed or removed but in the output folder the command was given
  (and the folders leading to it) and in the cache: content/, templates/, outside/, HOME
  and TMPDIR are compared path by path and byte by byte;
- a build or simulation that fails leaves the previous output's files as they were (only
  its .tkg-cache/ may change), and `tkg validate` never changes them;
- an --out that is, lies in or holds content/ or templates/, or a non-empty folder that
  is not tkg's, is refused (exit != 0) and nothing at all changes.

The cases are derandomized (the same every run, no example database); a failure prints
its example, the change it made to a file and the blob that replays it. Every test is
marked slow and keeps to about a minute on one core.
"""
from __future__ import annotations

import contextlib
import difflib
import hashlib
import itertools
import os
import re
import resource
import shutil
import signal
import stat
import struct
import subprocess
import sys
import time
import zlib
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, note, settings
from hypothesis import strategies as st

from generator.sim.compiled.folder import cache_folder

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "pieces" / "first-player"
TIME_BOUND = 120  # seconds a case may take, wall time
MEMORY_BOUND = 2 * 1024**3  # bytes of address space a case may map
EXIT_CODES = {0, 1, 2, 3}
WARNING = re.compile(r"\.py:\d+: \w*Warning: |^\w*Warning: ", re.MULTILINE)


# The suite's share: a tenth of each surface's cases by default (the module takes ~25 s on
# two cores); TKG_FUZZ_SHARE=1 runs them all: 2 min 20 s on two cores, 4 min of CPU, when
# every promise holds (a broken one costs its shrinking, a hang its time bound each try).
SHARE = float(os.environ.get("TKG_FUZZ_SHARE", "0.1"))
# The simulator's compiled machine code, shared by every case: each case's cache of its
# own would have every case with a search player compile it afresh (twenty seconds).
# Named before any test moves XDG_CACHE_HOME, so it is this run's, not a case's.
NUMBA_CACHE = os.environ.get("NUMBA_CACHE_DIR") or str(cache_folder())


def fuzz(examples: int):
    """The settings of one surface: `examples` cases (times SHARE), derandomized, no
    database; a failure prints the blob that replays it (@reproduce_failure)."""
    return settings(max_examples=max(2, round(examples * SHARE)), deadline=None,
                    derandomize=True, database=None,
                    print_blob=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow, HealthCheck.data_too_large])


class Shown:
    """A drawn value with a short description: what a failing example prints of it."""

    def __init__(self, value, text: str):
        self.value, self.text = value, text

    def __repr__(self) -> str:
        return self.text

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(self.text)


def blob(data: str | bytes) -> Shown:
    """A file's contents, shown by their length and first 300 characters."""
    unit = "bytes" if isinstance(data, bytes) else "characters"
    more = "..." if len(data) > 300 else ""
    return Shown(data, f"<{len(data)} {unit}: {data[:300]!r}{more}>")


# -- Running tkg in a sandbox ---------------------------------------------------------------

@dataclass
class Ran:
    args: tuple[str, ...]
    code: int
    out: str
    err: str
    seconds: float
    timed_out: bool

    def __str__(self) -> str:
        def tail(text: str) -> str:
            return text if len(text) < 4000 else "...\n" + text[-4000:]
        return (f"$ tkg {' '.join(self.args)}\nexit {self.code} after {self.seconds:.1f} s"
                f"{' (timed out)' if self.timed_out else ''}\n--- stdout\n{tail(self.out)}"
                f"\n--- stderr\n{tail(self.err)}")


def _bounded() -> None:
    """In the child, before tkg starts: the memory bound."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BOUND, MEMORY_BOUND))


class Sandbox:
    """A folder holding project/ (content, templates, output), outside/, home/, tmp/ and
    cache/; tkg runs with project/ as its working folder."""

    def __init__(self, root: Path):
        self.root = root
        self.project = root / "project"
        self.cache = root / "cache"

    @classmethod
    def make(cls, root: Path, *, pieces: bool, first: tuple[str, ...]) -> Sandbox:
        box = cls(root)
        shutil.copytree(ROOT / "content", box.project / "content")
        shutil.copytree(ROOT / "templates", box.project / "templates")
        (box.project / "templates" / "layouts" / "fixture.yaml").write_text(FUZZ_LAYOUT)
        if pieces:
            box.write("content/pieces.yaml", PIECES + "\n" + yaml.safe_dump(MARKER))
        for folder in ("outside", "home", "tmp", "cache"):
            (root / folder).mkdir()
        (root / "outside" / "keep.txt").write_text("not tkg's\n")
        (box.project / "into-content").symlink_to("content")
        (box.project / "into-outside").symlink_to("../outside")
        ran = box.tkg(*first)
        assert ran.code == 0, str(ran)
        return box

    def copy(self, root: Path) -> Sandbox:
        shutil.copytree(self.root, root, symlinks=True)
        return Sandbox(root)

    def write(self, path: str, data: str | bytes) -> None:
        target = self.project / path
        target.write_bytes(data.encode("utf-8", "surrogateescape")
                           if isinstance(data, str) else data)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("TKG_", "PYTEST", "COV_", "HYPOTHESIS"))}
        env.update(HOME=str(self.root / "home"), TMPDIR=str(self.root / "tmp"),
                   XDG_CACHE_HOME=str(self.cache),
                   XDG_CONFIG_HOME=str(self.root / "home" / ".config"),
                   PYTHONPATH=str(ROOT), PYTHONDONTWRITEBYTECODE="1",
                   NUMBA_CACHE_DIR=NUMBA_CACHE)
        return env

    def tkg(self, *args: str, bound: float = TIME_BOUND) -> Ran:
        """Run `python -m generator ARGS` within `bound` seconds and the memory bound."""
        began = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=self.project,
                                env=self.env(), stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                preexec_fn=_bounded, start_new_session=True)
        timed_out = False
        try:
            out, err = proc.communicate(timeout=bound)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
        with contextlib.suppress(ProcessLookupError):  # anything it left running
            os.killpg(proc.pid, signal.SIGKILL)
        return Ran(args, proc.returncode, out.decode(errors="replace"),
                   err.decode(errors="replace"), time.monotonic() - began, timed_out)

    def out_dir(self, out: str) -> Path:
        return Path(os.path.realpath(self.project / out))


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def snapshot(root: Path, skip: tuple[Path, ...] = ()) -> dict[str, str]:
    """Every file, folder and link under `root` (links not followed) by its path: a hash
    of its bytes, "dir" or its target; what lies in a `skip` folder is left out."""
    found: dict[str, str] = {}
    for here, dirs, files in os.walk(root):
        real = Path(os.path.realpath(here))
        for name in list(dirs):
            path = real / name
            if any(_inside(path, s) for s in skip):
                dirs.remove(name)
            elif os.path.islink(path):
                found[str(path)] = "link " + os.readlink(path)
            else:
                found[str(path) + "/"] = "dir"
        for name in files:
            path = real / name
            if any(_inside(path, s) for s in skip):
                continue
            mode = os.lstat(path).st_mode
            found[str(path)] = ("link " + os.readlink(path) if stat.S_ISLNK(mode)
                                else hashlib.sha256(path.read_bytes()).hexdigest()
                                if stat.S_ISREG(mode) else f"special {stat.S_IFMT(mode):o}")
    return found


def differences(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return ([f"created {p}" for p in sorted(after.keys() - before.keys())]
            + [f"removed {p}" for p in sorted(before.keys() - after.keys())]
            + [f"changed {p}" for p in sorted(before.keys() & after.keys())
               if before[p] != after[p]])


def published(out: Path) -> dict[str, str]:
    """The files of an output folder but its cache (.tkg-cache/)."""
    try:
        return snapshot(out, skip=(out / ".tkg-cache",)) if out.is_dir() else {}
    except OSError:
        return {}


def refused_out(box: Sandbox, out: Path) -> str | None:
    """Why writing into `out` must be refused, or None."""
    for folder in ("content", "templates"):
        inputs = Path(os.path.realpath(box.project / folder))
        if _inside(out, inputs) or _inside(inputs, out):
            return f"--out {out} is, lies in or holds {folder}/"
    try:
        foreign = out.is_dir() and any(out.iterdir()) and not os.path.lexists(out / ".tkg-output")
    except OSError:  # a name too long for the file system, say
        return None
    return f"--out {out} is a non-empty folder that is not tkg's" if foreign else None


def check(box: Sandbox, *args: str, out: str = "output", writes: bool = True,
          bound: float = TIME_BOUND) -> Ran:
    """Run tkg ARGS in `box` and assert every promise (see the module's docstring).

    `out` is the output folder the command was given; `writes` says whether it may change
    that folder's files (a build, a simulation) or only its cache (validate); `bound` is
    the seconds it may take."""
    target = box.out_dir(out)
    why = refused_out(box, target)
    outside = (box.cache,) if why else (box.cache, target)
    mine = target.is_relative_to(box.root)  # (not /dev/null)
    before, previous = snapshot(box.root, skip=outside), published(target) if mine else {}
    ran = box.tkg(*args, bound=bound)
    text = ran.out + ran.err
    lines = text.splitlines()
    assert not ran.timed_out, f"took more than {bound} s\n{ran}"
    assert ran.code in EXIT_CODES, f"exit code {ran.code} (killed?)\n{ran}"
    assert "Traceback" not in text, f"a traceback\n{ran}"
    assert "internal error" not in text, f"an internal error\n{ran}"
    assert "Exception ignored" not in text, f"an exception escaped\n{ran}"
    assert not WARNING.search(text), f"a Python warning leaked\n{ran}"
    if ran.code == 1:
        assert any(": error TKG" in line or line.startswith("error:") for line in lines), \
            f"exit 1 without an error\n{ran}"
    if ran.code == 2:
        assert any(line.startswith(("Error:", "error:")) for line in lines), \
            f"exit 2 without a usage error\n{ran}"
    if ran.code == 3:
        assert any(line.startswith("error: ") for line in lines), \
            f"exit 3 without an error line\n{ran}"
    changed = [line for line in differences(before, snapshot(box.root, skip=outside))
               if not (why is None and line.startswith("created ") and line.endswith("/")
                       and target.is_relative_to(line[len("created "):-1]))]  # --out a/b: a/
    assert not changed, "wrote outside the output folder:\n" + "\n".join(changed) + f"\n{ran}"
    if ran.code != 0 or not writes:
        lost = differences(previous, published(target) if mine else {})
        assert not lost, "the previous output changed:\n" + "\n".join(lost) + f"\n{ran}"
    if why and writes:
        assert ran.code != 0, f"not refused: {why}\n{ran}"
    return ran


_cases = itertools.count()


@contextlib.contextmanager
def case(base: Sandbox):
    """A fresh copy of `base` for one example, removed afterwards."""
    box = base.copy(base.root.parent / f"case-{next(_cases)}")
    try:
        yield box
    finally:
        shutil.rmtree(box.root, ignore_errors=True)


def show(name: str, old: str, new: str) -> None:
    """Note the change a case made to a file (printed with a failing example)."""
    lines = itertools.islice(difflib.unified_diff(
        old.splitlines(), new.splitlines(), name, name, n=1, lineterm=""), 60)
    note("\n".join(line if len(line) < 300 else f"{line[:300]}... ({len(line)} characters)"
                   for line in lines))


# -- The inputs -----------------------------------------------------------------------------

TILES = (ROOT / "content" / "tiles.yaml").read_text()
GAME = (ROOT / "content" / "game.yaml").read_text()
PIECES = (ROOT / "content" / "pieces.yaml").read_text()
MARKER = yaml.safe_load((FIXTURE / "pieces.yaml").read_text())
# The marker's look with an image, a repeat holding a repeat, and a grid: files and counts.
FUZZ_LAYOUT = (FIXTURE / "layout.yaml").read_text().replace("    back:\n", """\
      - image:
          box: {x: 11, y: 2, w: 8, h: 6}
          file: art/ember-hollow.svg
      - repeat:
          times: 3
          dx: 6
          draw:
            - repeat:
                times: 2
                dy: 2
                draw:
                  - circle: {cx: 9, cy: 24, r: 0.6, fill: "#1B1A24"}
      - grid: {x: 9.5, y: 4, columns: 4, rows: 1, cell: [2, 2], gap: 1, radius: 0.3,
               fill: "#1B1A24", stroke: "#1B1A24", stroke_width: 0.1}
    back:
""", 1)

HUGE = ["1" + "0" * 400, "-" + "9" * 30, "1e309", "-1e309", ".inf", "-.inf", ".nan", "0", "-1",
        "0x7fffffffffffffff", "1_000_000_000_000", "999999999999", "2.5", "-0.0", "1e-400",
        "true", "null", "~", '""', "[]", "{}", "'3'", "0o777", "+12"]
PUNCTUATION = ":-[]{}&*!|>'\"#%@`,? \n\tabc019"
NUMBER = re.compile(r"(?<=[\s\[,:])[-+]?\d+(?:\.\d+)?(?=[\s,\]}#]|$)", re.MULTILINE)
WORDS = re.compile(r"(?m)^([ \t]*-?[ \t]*(?:name|flavour|title|version|id|art|symbol|colour|"
                   r"element|symbol_file|source|extra|anchor): ).*$")
KEY = re.compile(r"(?m)^([ \t]*-?[ \t]*)([A-Za-z_]+):")
FILE = re.compile(r"(?<=: )\"?(?:art|symbols|fonts)/[^\s\"]+\"?$", re.MULTILINE)
PATHS = ["art/" + "a" * 300 + ".svg", "symbols/" + "b" * 300 + ".svg",
         "fonts/" + "c" * 300 + ".ttf", "x/" * 2100 + "a.svg", "art/../art/ember-hollow.svg",
         "/dev/zero", "art/", "art/.svg", "art/ember-hollow.SVG", "fonts/Lato-Bold.ttf",
         "art/ember-hollow.svg/", "../templates/layouts/default.yaml",
         "fonts/LICENSE-Lato.txt", "art/ember-hollow.png", "symbols/flame.svg",
         "fonts/../fonts/Lato-Black.ttf", "art/ember hollow.svg", "art/ember-hollow.svg#x",
         "art/%2e%2e/x.svg", "C:\\art\\x.svg", "art//ember-hollow.svg", "~/x.svg", ".",
         "art/" + "d/" * 200 + "x.png", "../../outside/keep.txt", "content/art/tidewell.svg",
         '"{name}.svg"', '"art/{id}.svg"', "\"art/\\u202eember.svg\""]


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


ALIAS_BOMB = "bomb0: &b0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"bomb{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 9)}]\n" for i in range(1, 10))


@st.composite
def text_edits(draw, text: str) -> list[tuple]:
    """1 to 3 edits of a YAML text, each a small tuple (`apply_edits` makes them)."""
    edits = []
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["delete", "insert", "duplicate", "number", "number",
                                     "long", "deep", "bomb", "tag", "bytes", "key", "path"]))
        if kind == "delete":
            edits.append((kind, at, draw(st.integers(1, 60))))
        elif kind == "insert":
            edits.append((kind, at, draw(st.text(alphabet=PUNCTUATION, min_size=1,
                                                 max_size=12))))
        elif kind == "duplicate":
            edits.append((kind, at, draw(st.integers(1, 3))))
        elif kind == "number":
            edits.append((kind, at, draw(st.sampled_from(HUGE))))
        elif kind == "long":
            edits.append((kind, at, draw(st.sampled_from([300, 5000, 200_000, 2_200_000])),
                          draw(st.sampled_from(["W", "x ", "\u00e9", "\U0001F525", "{", "%"]))))
        elif kind == "deep":
            edits.append((kind, at, draw(st.sampled_from([50, 500, 5000, 100_000]))))
        elif kind == "bomb":
            edits.append((kind,))
        elif kind == "tag":
            edits.append((kind, at, draw(st.sampled_from([
                "!!python/object/apply:os.getcwd []", "!!binary", "!!set", "!!timestamp",
                "!!float", "!!int", "!!str", "!local", "!!omap", "!!merge", "&x", "*x",
                "*nowhere", "<<: *x\n"]))))
        elif kind == "path":
            edits.append((kind, at, draw(st.sampled_from(PATHS))))
        elif kind == "bytes":
            edits.append((kind, at, draw(st.sampled_from([
                "\x00", "\udcff", "\udcfe\udcff", "\ufeff", "\r", "\r\n", "\x1b[31m", "\u2028",
                "\x85", "\t", "\udcc0\udc80"]))))
        else:
            edits.append((kind, at, draw(st.sampled_from([
                "delete", "rename", "twice"])), draw(st.sampled_from([
                    "game", "tiles", "elements", "rules", "tokens", "oinks", "players",
                    "<<", "x", "id", "copies", "a" * 300]))))
    return edits


def _line(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end + 1


def _key_edit(text: str, m: re.Match, how: str, name: str) -> str:
    """The key `m` found deleted with its line, renamed to `name`, or its line twice."""
    start, end = _line(text, m.start())
    if how == "delete":
        return text[:start] + text[end:]
    if how == "rename":
        return text[:m.start(2)] + name + text[m.end(2):]
    return text[:end] + text[start:end] + text[end:]


def _nth(pattern: re.Pattern, text: str, at: int) -> re.Match | None:
    found = list(pattern.finditer(text))
    return found[at % len(found)] if found else None


def apply_edits(text: str, edits: list[tuple]) -> str:
    for edit in edits:
        kind, *args = edit
        if kind == "delete":
            at, n = args
            text = text[:at] + text[at + n:]
        elif kind in ("insert", "bytes"):
            at, junk = args
            text = text[:at] + junk + text[at:]
        elif kind == "duplicate":
            at, times = args
            start, end = _line(text, at)
            text = text[:end] + text[start:end] * times + text[end:]
        elif kind == "number" and (m := _nth(NUMBER, text, args[0])):
            text = text[:m.start()] + args[1] + text[m.end():]
        elif kind == "long" and (m := _nth(WORDS, text, args[0])):
            at, n, char = args
            text = text[:m.end(1)] + '"' + char * (n // len(char)) + '"' + text[m.end():]
        elif kind == "deep" and (m := _nth(WORDS, text, args[0])):
            text = text[:m.end(1)] + deep(args[1]) + text[m.end():]
        elif kind == "bomb":
            text = ALIAS_BOMB + text
        elif kind == "tag" and (m := _nth(NUMBER, text, args[0])):
            text = text[:m.start()] + args[1] + " " + text[m.start():]
        elif kind == "path" and (m := _nth(FILE, text, args[0])):
            text = text[:m.start()] + args[1] + text[m.end():]
        elif kind == "key" and (m := _nth(KEY, text, args[0])):
            text = _key_edit(text, m, *args[1:])
    return text


# Pieces: the marker's declaration, mutated field by field.
SLUGS = st.one_of(st.just("first-player"), st.sampled_from([
    "fp-2", "tiles", "svg", "cover", "tile", "First Player", "../up", "a" * 200, "", "x.y",
    "con", "fïrst", "-", "0", "first_player", "pnp", "compare", "rulebook", "world-mats"]))
FORMATS = ["{count} marker", "{items} designs", "{nope}", "{", "}", "{}", "{0}", "{count!r}",
           "{count:>99999999}", "{count:.99999999f}", "{game.title.__class__}",
           "{rules.oink.capacity}", "{rules.nope.x}", "{game}", "{items[0]}", "{count:%}",
           "{{count}}", "", "x" * 3000, "{game.title:^2000000000}", "{count:,}", "{n}"]
VALUES = st.one_of(
    st.sampled_from([None, True, False, 0, -1, 1, 99, 100, 10**400, 1.5, float("inf"), "",
                     "2", [], {}, [1, 2], {"a": 1}, "x" * 100_000, "\x00", "\u202e", "\n\n"]),
    st.sampled_from(FORMATS), st.text(max_size=30))


@st.composite
def markers(draw) -> Shown:
    """The marker's declaration with one to three things changed."""
    kind, decl = "first-player", dict(MARKER["first-player"])
    count, copies, label, same_id, first = 1, 1, "First player", None, {}
    items = None
    for aspect in draw(st.lists(st.sampled_from([
            "kind", "name", "about", "about", "bundle", "each", "count", "count", "copies",
            "label", "label", "ids", "field", "items"]), min_size=1, max_size=3, unique=True)):
        if aspect == "kind":
            kind = draw(SLUGS)
        elif aspect in ("name", "about"):
            decl[aspect] = draw(st.one_of(st.sampled_from(FORMATS), VALUES))
        elif aspect == "bundle":
            decl["bundle"] = draw(st.one_of(st.booleans(), VALUES))
        elif aspect == "each":
            decl["each"] = draw(st.one_of(st.sampled_from(["oink", "element", "tile"]), VALUES))
            if draw(st.booleans()):
                items = "none"
        elif aspect == "count":
            count = draw(st.sampled_from([0, 2, 3, 40, 400, 2001, 5001]))
        elif aspect == "copies":
            copies = draw(st.one_of(st.integers(0, 120), VALUES))
        elif aspect == "label":
            label = draw(st.one_of(st.sampled_from(FORMATS), VALUES))
        elif aspect == "ids":
            same_id = draw(st.sampled_from(["first-player", "A", "../x", "a" * 70, "con", "",
                                            ".", "x/y", 7, "fp-1", "nul", "fp\u00e9"]))
        elif aspect == "field":
            first = draw(st.dictionaries(st.sampled_from([
                "id", "copies", "label", "game", "each", "n", "count", "extra", "rules",
                "items", "x" * 100]), st.one_of(st.just("drop"), VALUES), min_size=1,
                max_size=2))
        else:
            items = draw(st.sampled_from(["items", None, {"a": 1}, [], [None], ["x"]]))
    if count >= 40 and isinstance(label, str) and len(label) > 100:
        label = label[:100]  # a few thousand long labels would only be over the file limit
    listed = [{"id": same_id if same_id is not None else f"fp-{i}", "copies": copies,
               "label": label} for i in range(count)]
    for key, value in first.items() if listed else ():
        if value == "drop":
            listed[0].pop(key, None)
        else:
            listed[0][key] = value
    if items == "none":
        decl.pop("items")
    else:
        decl["items"] = listed if items is None else items
    brief = dict(decl, items=[*listed[:2], f"... {count} items in all"]) \
        if items is None and count > 2 else decl
    return Shown({kind: decl}, repr({kind: brief})[:3000])


# Layouts: lengths, counts, colours, formats and keys of the marker's look.
LENGTH = re.compile(r"(?<=[\s\[,:])-?\d+(?:\.\d+)?(?:mm|pt)?(?=[\s,\]}#]|$)", re.MULTILINE)
COLOUR = re.compile(r'"#[0-9A-Fa-f]{6}"')
FORMAT = re.compile(r'"\{[a-z.]+\}"|"v\{game\.version\}"|(?<=field: )label')
UNITS = ["mm", "mm", "pt", "", "", "in", "cm", "px", "%", "em", "mmm", " mm", "MM", "pt pt"]
AMOUNTS = st.one_of(st.integers(-5, 80).map(str), st.integers(0, 300).map(str),
                    st.sampled_from([
                        "0", "0.0001", "1e9", "1e309", "1" + "0" * 400, "-0", "1999", "2000",
                        "2001", "5000", "100000", "99999999", "nan", ".nan", ".inf", "1e-9",
                        "3.", ".5", "0.3", "500", "1000", "0.01"]))
LOOK_VALUES = ["width - 20mm", "height / 2", "height / 0", "width * 1e308", "width - width",
               '"{rules.oink.capacity}"', '"{n}"', '"{nope}"', '"{copies}"', '"{label}"',
               "[1, 2]", "{a: 1}", "null", "true", '"first-player"', "densest", "page", '"{"',
               "-width"]
COLOURS = ['"#GGGGGG"', '"#fff"', '"red"', '"fire"', '"{element}"', '"#1B1A24FF"', '""',
           '"{nope}"', '"#1b1a24"', "12", "null", '"{label}"', '"url(#a)"']
LOOK_KEYS = ["shape", "size", "bleed", "safe", "gutter", "backs", "surround", "background",
             "front", "back", "box", "times", "dx", "dy", "columns", "rows", "cell", "draw",
             "repeat", "grid", "text", "circle", "star", "lines", "size_", "when", "x", "per",
             "at", "disc", "sheets", "field", "extends", "pieces"]


@st.composite
def look_edits(draw) -> list[tuple]:
    """1 to 4 edits of the fuzzed layout (`apply_look_edits` makes them)."""
    edits = []
    for _ in range(draw(st.sampled_from([1, 1, 2, 3]))):
        at = draw(st.integers(0, 10_000))
        kind = draw(st.sampled_from(["length", "length", "length", "expression", "colour",
                                     "format", "key", "key", "file"]))
        if kind == "length":
            edits.append((kind, at, draw(AMOUNTS) + draw(st.sampled_from(UNITS))))
        elif kind == "expression":
            edits.append(("length", at, draw(st.sampled_from(LOOK_VALUES))))
        elif kind == "colour":
            edits.append((kind, at, draw(st.sampled_from(COLOURS))))
        elif kind == "format":
            edits.append((kind, at, draw(st.sampled_from(FORMATS).map(repr))))
        elif kind == "file":
            edits.append((kind, at, draw(st.sampled_from(PATHS))))
        else:
            edits.append((kind, at, draw(st.sampled_from(["delete", "rename", "twice"])),
                          draw(st.sampled_from(LOOK_KEYS))))
    return edits


def apply_look_edits(text: str, edits: list[tuple]) -> str:
    for kind, at, *args in edits:
        pattern = {"length": LENGTH, "colour": COLOUR, "format": FORMAT, "key": KEY,
                   "file": FILE}[kind]
        m = _nth(pattern, text, at)
        if m is None:
            continue
        if kind != "key":
            text = text[:m.start()] + args[0] + text[m.end():]
            continue
        text = _key_edit(text, m, *args)
    return text


# Art: SVG documents and PNG files.
SVG_NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
IDS = ["a", "b", "c"]
NUMBERS = st.one_of(st.integers(-20, 120).map(str), st.sampled_from([
    "1e400", "-1e400", "1e-400", "nan", "inf", "-0", "0", "1e38", "9" * 200, ".5.5", "",
    "1px", "50%", "3em", "1e9", "-1e9", "0.0000001"]))
HREFS = ["#a", "#b", "#c", "#nope", "", "#", "data:image/png;base64,iVBORw0KGgo=",
         "file:///etc/hostname", "../../outside/keep.txt", "http://127.0.0.1:9/x.svg",
         "ember-hollow.svg", "/dev/zero", "data:image/svg+xml,<svg/>"]
PAINTS = ["url(#a)", "url(#b)", "url(#c)", "none", "#fff", "red", "currentColor",
          "url(#nope)", "rgb(300,-1,2)", "#12", "inherit", "hsl(0, 0%, 0%)", "url(", ""]


@st.composite
def transforms(draw) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(["matrix", "scale", "rotate", "translate", "skewX",
                                     "skewY", "nope"]))
        count = {"matrix": 6, "translate": 2}.get(name, 1)
        parts.append(f"{name}({' '.join(draw(NUMBERS) for _ in range(count))})")
    return " ".join(parts)


@st.composite
def path_data(draw) -> str:
    tokens = []
    for _ in range(draw(st.integers(0, 12))):
        tokens.append(draw(st.sampled_from([*"MLCQAZHVmlaszTt", "M 0 0"])))
        tokens.extend(draw(NUMBERS) for _ in range(draw(st.integers(0, 7))))
    return " ".join(tokens)


def attribute(name: str):
    special = {"id": st.sampled_from(IDS), "href": st.sampled_from(HREFS),
               "xlink:href": st.sampled_from(HREFS), "transform": transforms(),
               "gradientTransform": transforms(), "d": path_data(),
               "fill": st.sampled_from(PAINTS), "stroke": st.sampled_from(PAINTS),
               "stop-color": st.sampled_from(PAINTS),
               "style": st.sampled_from(["fill:url(#a)", "stroke-width:1e400", "display:none",
                                         "fill:", "}}{", "opacity:nan", "font-size:1e9px"]),
               "viewBox": st.lists(NUMBERS, min_size=0, max_size=5).map(" ".join),
               "points": st.lists(NUMBERS, max_size=9).map(" ".join)}
    return special.get(name, NUMBERS)


ATTRIBUTES = ["id", "href", "xlink:href", "x", "y", "width", "height", "cx", "cy", "r", "rx",
              "d", "transform", "fill", "stroke", "stroke-width", "opacity", "viewBox",
              "offset", "stop-color", "gradientTransform", "points", "style", "font-size",
              "clip-path", "mask", "x1", "y2", "fx", "spreadMethod"]
LEAVES = ["rect", "circle", "ellipse", "path", "use", "stop", "polygon", "line", "image",
          "text", "polyline"]
GROUPS = ["g", "defs", "symbol", "svg", "linearGradient", "radialGradient", "pattern",
          "clipPath", "mask", "a", "switch", "marker", "style"]


def element(tag: str, attrs: list[tuple[str, str]], children: list[str]) -> str:
    text = "".join(f' {name}="{value}"' for name, value in dict(attrs).items())
    return f"<{tag}{text}>{''.join(children)}</{tag}>" if children else f"<{tag}{text}/>"


def _attrs():
    return st.lists(st.sampled_from(ATTRIBUTES).flatmap(
        lambda name: attribute(name).map(lambda value: (name, value))), max_size=6)


SVG_TREES = st.recursive(
    st.builds(element, st.sampled_from(LEAVES), _attrs(), st.just([])),
    lambda kids: st.builds(element, st.sampled_from(GROUPS), _attrs(),
                           st.lists(kids, max_size=4)),
    max_leaves=24)


def svg(body: str, head: str = "", root: str = 'viewBox="0 0 100 100"') -> str:
    return f'{head}<svg {SVG_NS} {root}>{body}</svg>'


@st.composite
def svg_files(draw) -> str:
    """An SVG document, well formed or not."""
    body = "".join(draw(st.lists(SVG_TREES, min_size=1, max_size=4)))
    kind = draw(st.sampled_from(["tree", "tree", "tree", "deep", "cycle", "bomb", "entity",
                                 "broken", "root", "odd"]))
    if kind == "deep":
        depth = draw(st.sampled_from([150, 199, 201, 1000, 100_000]))
        tag = draw(st.sampled_from(["g", "svg", "symbol", "a"]))
        return svg(f"<{tag}>" * depth + body + f"</{tag}>" * depth)
    if kind == "cycle":
        return svg(body + draw(st.sampled_from([
            '<use id="a" href="#b"/><use id="b" href="#a"/>',
            '<g id="a"><use href="#a"/></g>',
            '<defs><g id="a"><use xlink:href="#b"/></g><g id="b"><use href="#a"/></g></defs>'
            '<use href="#a"/>',
            '<linearGradient id="a" href="#b"/><linearGradient id="b" href="#a"/>'
            '<rect width="9" height="9" fill="url(#a)"/>',
            '<pattern id="a" width="9" height="9"><rect width="9" height="9" fill="url(#a)"/>'
            '</pattern><rect width="9" height="9" fill="url(#a)"/>',
            '<clipPath id="a" clip-path="url(#a)"><rect width="9" height="9"/></clipPath>'
            '<rect width="9" height="9" clip-path="url(#a)"/>'])))
    if kind == "bomb":
        levels = draw(st.sampled_from([10, 16, 17, 30]))
        defs = '<rect id="l0" width="1" height="1"/>' + "".join(
            f'<g id="l{i}"><use href="#l{i - 1}"/><use href="#l{i - 1}"/></g>'
            for i in range(1, levels))
        return svg(f"<defs>{defs}</defs><use href=\"#l{levels - 1}\"/>" + body)
    if kind == "entity":
        return svg("&x;" + body, head=draw(st.sampled_from([
            '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lolololololol">'
            + "".join(f'<!ENTITY {"b" * i}a "{("&" + "b" * (i - 1) + "a;") * 10}">'
                      for i in range(1, 9)) + '<!ENTITY x "&bbbbbbbba;">]>',
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///dev/zero">]>',
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "../../outside/keep.txt">]>',
            '<!DOCTYPE svg [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]>',
            '<!DOCTYPE svg [<!ENTITY % p SYSTEM "file:///dev/zero"> %p;]>'])))
    if kind == "root":
        return svg(body, root=" ".join(f'{name}="{draw(NUMBERS)}"' for name in draw(
            st.lists(st.sampled_from(["width", "height", "viewBox", "x", "y"]), unique=True,
                     min_size=1))))
    if kind == "odd":
        return draw(st.sampled_from([
            "", " ", "<svg/>", "<html><body/></html>", "\ufeff" + svg(body),
            svg(body).replace('xmlns="http://www.w3.org/2000/svg" ', ""), "<?xml ?>",
            "<svg xmlns='http://www.w3.org/2000/svg'><![CDATA[" + body + "]]></svg>",
            svg(body) * 2, "\x00" + svg(body), svg("<text>" + "\U0001F525" * 5000 + "</text>"),
            svg(body) + "<!--", "<!-- " + "-" * 100_000]))
    text = svg(body)
    if kind == "broken":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["", "<", "&", "]]>", "\x00", "</g>", "<g",
                                                 '"', "&#0;", "&#x110000;"])) + text[at + 1:]
    return text


def _chunk(kind: bytes, data: bytes, crc: bool = True) -> bytes:
    check = zlib.crc32(kind + data) if crc else 0
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", check)


@st.composite
def png_files(draw) -> bytes:
    """A PNG: made by Pillow at an odd size and mode, or written by hand with a header
    that lies."""
    if draw(st.booleans()):
        from PIL import Image

        size = (draw(st.sampled_from([1, 2, 3, 7, 4000])), draw(st.sampled_from([1, 2, 5,
                                                                                 3000])))
        if draw(st.booleans()):
            size = size[::-1]
        mode = draw(st.sampled_from(["1", "L", "LA", "P", "RGB", "RGBA", "I;16", "I;16B"]))
        buffer = BytesIO()
        Image.new(mode, size).save(buffer, "PNG")
        return buffer.getvalue()
    width = draw(st.sampled_from([0, 1, 3, 10_000, 12_000, 70_000, 2**31 - 1, 2**32 - 1]))
    height = draw(st.sampled_from([0, 1, 3, 10_000, 2**31 - 1]))
    depth, colour = draw(st.sampled_from([(8, 2), (8, 6), (1, 0), (16, 6), (8, 3), (3, 2),
                                          (8, 7)]))
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0,
                         draw(st.sampled_from([0, 0, 1])))
    rows = draw(st.sampled_from([b"", b"\x00" * 16, b"\x00\xff" * 1000]))
    data = (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header, crc=draw(st.booleans()))
            + _chunk(b"IDAT", zlib.compress(rows)) + _chunk(b"IEND", b""))
    return data[:draw(st.sampled_from([len(data), len(data), 40, 8, 20]))]


FONT = (ROOT / "content" / "fonts" / "Lato-Black.ttf").read_bytes()


@st.composite
def font_files(draw) -> bytes:
    """The black font (the marker's and the tiles' numbers), damaged."""
    at = draw(st.integers(0, len(FONT) - 1))
    how = draw(st.sampled_from(["cut", "cut", "flip", "flip", "zero", "table", "empty"]))
    if how == "cut":
        return FONT[:at]
    if how == "flip":
        return FONT[:at] + bytes([FONT[at] ^ draw(st.integers(1, 255))]) + FONT[at + 1:]
    if how == "zero":
        return FONT[:at] + b"\0" * draw(st.sampled_from([4, 64, 4096])) + FONT[at + 4096:]
    if how == "table":  # a table directory entry's offset or length made huge
        entry = 12 + 16 * draw(st.integers(0, 15))
        field = entry + draw(st.sampled_from([8, 12]))
        return FONT[:field] + struct.pack(">I", draw(st.sampled_from([
            0, 2**31 - 1, 2**32 - 1, len(FONT), len(FONT) - 1]))) + FONT[field + 4:]
    return b""


@st.composite
def art_files(draw) -> tuple[str, Shown]:
    """(a path under content/, its bytes): the picture ember-hollow's art names (an SVG or
    a PNG, named .svg or .png), or the black font."""
    what = draw(st.sampled_from(["svg", "svg", "svg", "svg", "png", "png", "font"]))
    if what == "font":
        return "fonts/Lato-Black.ttf", blob(draw(font_files()))
    name = draw(st.sampled_from(["ember-hollow.svg", "ember-hollow.svg", "ember-hollow.png"]))
    if what == "png":
        name = draw(st.sampled_from(["ember-hollow.png", "ember-hollow.png", "ember-hollow.svg"]))
        return f"art/{name}", blob(draw(png_files()))
    return f"art/{name}", blob(draw(svg_files()))


# The command lines: each option valid three times in four, so that combinations run.
def mostly(valid: list[str], invalid: list[str]):
    """One of `valid` (three times in four) or of `invalid`."""
    return st.one_of(st.sampled_from(valid), st.sampled_from(valid), st.sampled_from(valid),
                     st.sampled_from(invalid))


ARGUMENT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                   max_size=20)  # what a command line can hold
KINDS = mostly(["tiles", "tokens", "aids", "rulebook", "world-mats", "table-mat", "png", "tts",
                "compare"],
               ["nope", "", "TILES", " tiles", "first-player", "pnp", "tiles,tiles", ","])
OUTS = mostly(["output", "output/", "./output", "elsewhere", "elsewhere/deeper",
               "../outside/new", "output/../output", "into-outside/new"],
              ["../outside", "content", "content/art", "content/new", "templates/layouts/x",
               ".", "..", "output/svg", "output/.tkg-cache", "", "into-content",
               "into-content/new", "into-outside", "output/../content", "templates",
               "/dev/null", "content/tiles.yaml", "output/manifest.json", "-",
               "elsewhere\x7f", "\u00e9l\u00e9", "a" * 300])
BASE_URLS = st.one_of(st.sampled_from([
    "https://example.org/tkg/", "file:///tmp/tkg/", "http://127.0.0.1:8000/a/b/",
    "https://example.org/" + "a" * 5000 + "/", "https://exa\u00e9mple.org/",
    "file:///C:/Users/me/tkg/tts/", "https://example.org/%20x/"]), st.sampled_from([
    "http://[::1", "https://h:99999/", "ftp://x/", "https://x/%zz/", "https://x/a b/",
    "https://x/?q", "file:///", "https:///", "javascript:1", ""]), ARGUMENT)
LAYOUTS = mostly(["default", "cluster", "ink-saver", "fixture"],
                 ["nope", "../default", "default.yaml", "/etc/passwd", "", "a" * 300, "con",
                  "layouts/default", "-"])


def inputs(folder: str):
    """A --content or --templates folder: the project's, or one that is not."""
    return st.sampled_from([folder, "nope", "content/art", "../outside", "output", "",
                            "content/tiles.yaml", "into-content", "a" * 300,
                            "templates/layouts"])


@st.composite
def build_options(draw) -> list[str]:
    args = ["build"]
    for option in ("--content", "--templates") if draw(st.integers(0, 5)) == 0 else ():
        args += [option, draw(inputs(option[2:]))]
    kinds = draw(st.lists(KINDS, min_size=1, max_size=3)) if draw(st.integers(0, 4)) else []
    if kinds:
        args += ["--only", ",".join(kinds)]
    args += ["--paper", draw(mostly(["a4", "a4", "letter", "both"], ["A4", "", "legal"]))]
    exports = {"png", "tts"} & set(kinds)
    if draw(st.integers(0, 2 if exports else 6)) == 0:
        args += ["--dpi", draw(mostly(["36", "50", "72"], [
            "35", "601", "0", "-1", "abc", "1e3", "9" * 30, " 72", "600"]))]
    if draw(st.integers(0, 2 if exports else 6)) == 0:
        args += ["--preset", draw(mostly(["layout", "tgc", "trim"], ["nope", ""]))]
    if draw(st.integers(0, 2 if exports else 6)) == 0:
        args += ["--base-url", draw(BASE_URLS)]
    for name in draw(st.lists(LAYOUTS, max_size=2 if "compare" in kinds else 1)):
        args += ["--layout", name]
    if draw(st.integers(0, 3)) == 0:
        args.append("--strict")
    return [*args, "--out", draw(OUTS)]


SET_KEYS = ["oink.capacity", "draw.tokens", "world.rows", "players.max", "simulation.turn_cap",
            "setup.tiles_dealt", "trade.give", "world.end_tiles", "procure.blind_cost"]
SET_VALUES = st.one_of(st.integers(-2, 12).map(str), st.sampled_from([
    "", "x", "1" + "0" * 400, "1e309", "nan", "3.5", " 4", "0x10", "1_0", "-0", "\u0663"]))


@st.composite
def settings_options(draw) -> str:
    key = draw(mostly(SET_KEYS, ["nope.x", "oink", "", "rules.oink.capacity",
                                 "oink.capacity.x", "=", "spaces.blind", "players"]))
    values = draw(st.lists(SET_VALUES, min_size=1, max_size=3))
    return key + draw(mostly(["="], [":", "==", ""])) + ",".join(values)


@st.composite
def simulate_options(draw) -> list[str]:
    args = ["simulate"]
    if draw(st.integers(0, 5)) == 0:
        args += ["--content", draw(inputs("content"))]
    args += ["--games", draw(mostly(["1", "2", "3"], [
        "0", "-1", "10000001", "x", "1e1"])), "--jobs", draw(mostly(["1"], ["9", "-1"]))]
    if draw(st.booleans()):
        args += ["--players", draw(mostly(["2", "3", "4"], ["1", "5", "0", "-1", "9" * 25,
                                                             "x"]))]
    search = draw(st.integers(0, 5)) == 0
    kinds = draw(st.lists(mostly(["greedy", "random"], ["nope", "", " greedy", "Greedy",
                                                         "greedy,"]), min_size=1, max_size=4))
    args += ["--player", ",".join(["search", *kinds[1:]] if search else kinds)]
    if not search:
        for _ in range(draw(st.integers(0, 2))):
            args += ["--set", draw(settings_options())]
    if draw(st.booleans()):
        args += ["--seed", draw(mostly(["0", "-1", "9" * 40, "-" + "9" * 40,
                                        "18446744073709551616"], ["x", "1.5", ""]))]
    if draw(st.booleans()):
        args += ["--format", draw(mostly(["text", "json"], ["xml"]))]
    if draw(st.booleans()):
        args += ["--out", draw(OUTS)]
    return args


# The previous output: a file or folder of it replaced by a link or a named pipe.
PLANTED = ["pnp-a4.pdf", "manifest.json", "svg", "svg/tiles", "svg/tiles/ember-hollow.svg",
           "print-shop/tiles.pdf", ".tkg-output", ".tkg-cache", ".tkg-cache/state.json",
           ".tkg-cache/drawings.pickle", "fonts", "simulation", "svg/back.svg"]
LINKED = ["outside/keep.txt", "outside", "outside/nothing-yet", "project/content/tiles.yaml",
          "project/content", "project/templates", "/dev/zero", "fifo", "loop"]
HOSTILE_BOUND = 30  # seconds: each command takes a few here
COMMANDS = [("build", "--only", "tiles", "--paper", "a4"), ("build", "--only", "tiles",
            "--paper", "letter"), ("validate",), ("simulate", "--games", "1")]


def plant(box: Sandbox, where: str, what: str) -> None:
    """Put a link to `what` (a path in the sandbox, or /dev/zero), a named pipe ("fifo")
    or a link to itself ("loop") at `where` in the previous output."""
    path = box.project / "output" / where
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif os.path.lexists(path):
        path.unlink()
    path.parent.mkdir(parents=True, exist_ok=True)
    if what == "fifo":
        os.mkfifo(path)
    elif what == "loop":
        path.symlink_to(path.name)
    else:
        path.symlink_to(what if what.startswith("/") else box.root / what)


# -- The surfaces ---------------------------------------------------------------------------

# The bases are made once per session (per xdist worker) and shared by the surfaces that
# start from them: a case never touches its base, it runs in a copy of it (`case`), at a
# path of its own as before.

@pytest.fixture(scope="session")
def tiles_base(tmp_path_factory) -> Sandbox:
    """The shipped project with a good A4 tiles build in output/."""
    return Sandbox.make(tmp_path_factory.mktemp("tiles") / "base", pieces=False,
                        first=("build", "--only", "tiles", "--paper", "a4"))


@pytest.fixture(scope="session")
def marker_base(tmp_path_factory) -> Sandbox:
    """The shipped project with the first-player marker declared and built (A4)."""
    return Sandbox.make(tmp_path_factory.mktemp("marker") / "base", pieces=True,
                        first=("build", "--only", "first-player", "--paper", "a4",
                               "--layout", "fixture"))


@pytest.fixture(scope="session")
def full_base(tmp_path_factory) -> Sandbox:
    """The shipped project with a good A4 build of every plain kind in output/."""
    return Sandbox.make(tmp_path_factory.mktemp("full") / "base", pieces=False,
                        first=("build", "--paper", "a4"))


CONTENT = {"tiles.yaml": TILES, "game.yaml": GAME}
LONG = "a" * 300  # longer than a file name may be (255 bytes)


# Each surface runs its examples first (promises this harness found broken, fixed or not:
# issue 27, item 6's report), then the generated cases.
@pytest.mark.slow
@fuzz(45)
@given(mutation=st.sampled_from(sorted(CONTENT)).flatmap(
    lambda name: st.tuples(st.just(name), text_edits(CONTENT[name]))))
@example(mutation=("tiles.yaml", [("deep", 0, 100_000)]))  # a segmentation fault
@example(mutation=("tiles.yaml", [("path", 0, f"symbols/{LONG}.svg")]))  # ENAMETOOLONG
def test_mutated_content_keeps_the_promises(tiles_base, mutation):
    name, edits = mutation
    original = CONTENT[name]
    text = apply_edits(original, edits)
    show(f"content/{name}", original, text)
    with case(tiles_base) as box:
        box.write(f"content/{name}", text)
        check(box, "build", "--only", "tiles", "--paper", "a4")


@pytest.mark.slow
@fuzz(20)
@given(marker=markers())
@example(marker=Shown({"first-player": {**MARKER["first-player"], "about": "{nope}"}},
                      "about: {nope}"))  # KeyError: 'nope'
def test_mutated_pieces_keep_the_promises(marker_base, marker):
    text = PIECES + "\n" + yaml.safe_dump(marker.value, allow_unicode=True)
    show("content/pieces.yaml", PIECES, text)
    with case(marker_base) as box:
        box.write("content/pieces.yaml", text)
        check(box, "build", "--only", "first-player", "--paper", "a4", "--layout", "fixture")
        check(box, "validate", "--layout", "fixture", writes=False)


@pytest.mark.slow
@fuzz(35)
@given(edits=look_edits())
@example(edits=[("file", 0, f"art/{LONG}.svg")])  # ENAMETOOLONG
def test_mutated_layouts_keep_the_promises(marker_base, edits):
    text = apply_look_edits(FUZZ_LAYOUT, edits)
    show("templates/layouts/fixture.yaml", FUZZ_LAYOUT, text)
    with case(marker_base) as box:
        box.write("templates/layouts/fixture.yaml", text)
        check(box, "build", "--only", "first-player", "--paper", "a4", "--layout", "fixture")


@pytest.mark.slow
@fuzz(45)
@given(art=art_files())
def test_generated_art_keeps_the_promises(tiles_base, art):
    path, data = art[0], art[1].value
    if len(data) < 20_000:
        note(f"content/{path}: {data!r}")
    with case(tiles_base) as box:
        if path.endswith(".png"):
            box.write("content/tiles.yaml", TILES.replace("art/ember-hollow.svg",
                                                          "art/ember-hollow.png"))
        box.write(f"content/{path}", data)
        if check(box, "validate", writes=False).code == 0:
            check(box, "build", "--only", "tiles", "--paper", "a4")


def _out_of(args: list[str]) -> str:
    """The --out of a command line the strategies made (always its last option)."""
    return args[-1] if args[-2] == "--out" else "output"


@pytest.mark.slow
@fuzz(40)
@given(args=build_options())
@example(args=["build", "--only", "tiles", "--paper", "a4", "--out", LONG])  # ENAMETOOLONG
@example(args=["build", "--content", LONG, "--only", "tiles", "--paper", "a4",
               "--out", "output"])  # a traceback
def test_build_options_keep_the_promises(full_base, args):
    with case(full_base) as box:
        check(box, *args, out=_out_of(args))


@pytest.mark.slow
@fuzz(30)
@given(args=simulate_options())
@example(args=["simulate", "--games", "1", "--out", "templates/layouts/x"])  # not refused
@example(args=["simulate", "--games", "1", "--out", LONG])  # ENAMETOOLONG
def test_simulate_options_keep_the_promises(full_base, args):
    with case(full_base) as box:
        check(box, *args, out=_out_of(args))


@pytest.mark.slow
@fuzz(25)
@given(where=st.sampled_from(PLANTED), what=st.sampled_from(LINKED),
       command=st.sampled_from(COMMANDS))
@example(where=".tkg-output", what="outside/nothing-yet", command=COMMANDS[0])  # written
@example(where=".tkg-cache/drawings.pickle", what="/dev/zero", command=("validate",))
@example(where="manifest.json", what="/dev/zero", command=COMMANDS[0])  # MemoryError
@example(where=".tkg-cache/state.json", what="fifo", command=COMMANDS[0])  # a hang
@example(where="manifest.json", what="fifo", command=COMMANDS[3])  # a hang
def test_a_hostile_previous_output_keeps_the_promises(tiles_base, where, what, command):
    with case(tiles_base) as box:
        box.write("content/tiles.yaml", TILES.replace("never cools", "never warms"))
        plant(box, where, what)
        check(box, *command, writes=command[0] != "validate", bound=HOSTILE_BOUND)
