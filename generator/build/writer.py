"""The one writer of the output folder: what to publish, checked, then one transaction.

`publish` works out the files that changed, the manifest, and the files an earlier
build of the same kinds listed and this one no longer makes; checks that every place
it writes is a real file in a real folder of the output (never through a link, never
over a folder); and hands them to the journal (`generator.build.journal`), which
publishes them all or none. It runs inside a claim of the folder
(`generator.build.claim`); `write_artefacts` claims and publishes in one call.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import BinaryIO

from generator.build.claim import MARKER, claim, mark
from generator.build.journal import (
    CACHE_DIR,
    JOURNAL,
    STAGE_PREFIX,
    apply,
    clear_stages,
    commit,
    stage,
    uninterrupted,
)
from generator.core.artefacts import Artefact, held_in_file
from generator.core.errors import OutputError
from generator.core.reading import read_kept

MANIFEST = "manifest.json"
UNLISTED = "cache"  # the build cache's own state: written here, not listed in the manifest


@dataclass(frozen=True)
class Published:
    """What `publish` did: every file of the build (manifest included), and the paths of
    the listed files whose bytes it wrote or that it removed (for the live preview)."""

    files: list[Artefact]
    changed: tuple[str, ...]


def manifest_entry(a: Artefact) -> dict:
    """One file as the manifest (and the build cache) lists it: its axes (kind, paper,
    language), its pages, size and hash, and a piece's guides for the preview."""
    entry: dict[str, object] = {"path": a.path, "kind": a.kind, "paper": a.paper,
                                "language": a.language, "pages": a.pages,
                                "bytes": a.size, "sha256": a.sha256}
    if a.guides is not None:
        entry["guides"] = list(a.guides)
    return entry


def entry_artefact(entry: dict, data: bytes) -> Artefact:
    """The artefact a manifest entry lists, with `data` read back from the output."""
    guides = entry.get("guides")
    return Artefact(entry["path"], data, entry["kind"], entry["pages"], entry["sha256"],
                    paper=entry["paper"], language=entry["language"],
                    guides=tuple(guides) if guides is not None else None)


def manifest_bytes(artefacts: Sequence[Artefact], kept: Sequence[dict] = ()) -> bytes:
    """manifest.json: every file with its kind, pages and sha256; sorted, no timestamps.

    `kept` are entries of an earlier manifest for kinds this build did not make.
    """
    files = [manifest_entry(a) for a in artefacts]
    files = sorted([*files, *kept], key=lambda f: f["path"])
    return (json.dumps({"files": files}, indent=2, sort_keys=True) + "\n").encode()


def check_paths(artefacts: Sequence[Artefact], streamed: Sequence[str] = ()) -> None:
    """Refuse paths that would leave the output folder or clash (OutputError); a file
    `streamed` (written as it is made) clashes with any other of its path."""
    seen: dict[str, Artefact | None] = {}
    for path, made in [*((a.path, a) for a in artefacts), *((s, None) for s in streamed)]:
        p = PurePosixPath(path)
        if p.is_absolute() or ".." in p.parts or not p.parts or path == MANIFEST:
            raise OutputError(f"refusing to write {path!r}: not a plain path under the output")
        if path in seen and (made is None or not _same_bytes(seen[path], made)):
            raise OutputError(f"two artefacts want to write {path!r} with different contents")
        seen[path] = made


def _same_bytes(one: Artefact | None, other: Artefact) -> bool:
    if one is None:
        return False
    if one.held_in is None and other.held_in is None:
        return one.data == other.data
    return one.size == other.size and one.sha256 == other.sha256  # (held bytes unread)


def write_artefacts(out_dir: Path, artefacts: Sequence[Artefact],
                    kinds: Sequence[str] | None = None,
                    in_place: frozenset[str] = frozenset(),
                    inputs: Sequence[Path] = ()) -> list[Artefact]:
    """Claim `out_dir` (refusing a folder that is not tkg's, or one of the `inputs`),
    then `publish` the artefacts into it."""
    with claim(out_dir, inputs):
        return publish(out_dir, artefacts, kinds, in_place).files


def unwritable(out_dir: Path, exc: OSError) -> OutputError:
    """The error of a write into `out_dir` that the system refused (a full disk, no
    permission), in the words every step of the writer uses."""
    return OutputError(f"cannot write the output to {out_dir}: {exc.strerror or exc}")


@contextlib.contextmanager
def staged_ahead(out_dir: Path) -> Iterator[Path]:
    """A staging folder for files written before the build publishes them (a first
    build's workers write each where they make it: `generator.build.journal.put_ahead`),
    for `publish` to take as its own. The output folder is marked as tkg's first, so a
    build killed meanwhile leaves one the next build takes back; if the body fails, the
    staging folder goes, and so do the folders and the mark made for it (the output
    as it was), unless a journal names it: committed, the build is the next one's to
    finish."""
    check_target(out_dir, JOURNAL)  # the cache a real folder: never written through a link
    made = [path for path in (*reversed(out_dir.parents), out_dir, out_dir / MARKER,
                              out_dir / CACHE_DIR) if not path.exists()]
    try:
        mark(out_dir)
        (out_dir / CACHE_DIR).mkdir(exist_ok=True)
        folder = Path(tempfile.mkdtemp(prefix=STAGE_PREFIX, dir=out_dir / CACHE_DIR))
    except OSError as exc:
        _unmake(None, made)
        raise unwritable(out_dir, exc) from None
    try:
        yield folder
    except BaseException:
        if folder.is_dir() and not os.path.lexists(out_dir / JOURNAL):  # (not published)
            _unmake(folder, made)
        raise


def _unmake(folder: Path | None, made: list[Path]) -> None:
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
    for path in reversed(made):
        with contextlib.suppress(OSError):  # (a folder with anything in it stays)
            if path.name == MARKER:
                path.unlink()
            else:
                path.rmdir()


def publish(out_dir: Path, artefacts: Sequence[Artefact], kinds: Sequence[str] | None = None,
            in_place: frozenset[str] = frozenset(),
            papers: Sequence[str] | None = None,
            languages: set[str | None] | None = None,
            streamed: Sequence[tuple[str, Callable[[BinaryIO], None]]] = (),
            ahead: Path | None = None) -> Published:
    """Write the artefacts (deduplicated by path) and manifest.json into a claimed folder.

    `kinds` are the kinds this build made (default: those of the artefacts), `papers`
    the papers it made them for (default: every paper) and `languages` its languages
    (default: every language; None in it stands for a file that records none). The manifest keeps
    earlier entries of other kinds and of other papers, so `--only rulebook` does not
    forget the tiles and `--paper a4` keeps the Letter files; files that earlier builds
    of the same kinds and papers listed and this one does not make are removed.
    `in_place` names paths the caller just read from the output folder, so they need no
    comparing. `streamed` are unlisted files (the build cache's memo) each written by a
    call into its open file, as it is made, never held whole: always written, never
    compared. `ahead` is the folder `staged_ahead` whose files the artefacts held in
    it are (in their places). Returns the artefacts, manifest included (those held in
    a file, in their file in the output), and what changed. Raises OutputError, the
    folder as it was, when anything is in the way.
    """
    check_paths(artefacts, [path for path, _ in streamed])
    out_dir = Path(out_dir)
    unique = list({a.path: a for a in artefacts}.values())
    listed = [a for a in unique if a.kind != UNLISTED]
    made = _Made(set(kinds) if kinds is not None else {a.kind for a in listed},
                 set(papers) if papers is not None else None, languages)
    manifest = Artefact(MANIFEST, manifest_bytes(listed, _kept(out_dir, made, listed)),
                        "manifest")
    changed = _changed(out_dir, [a for a in [*unique, manifest] if a.path not in in_place])
    retired = _retired(out_dir, made, listed)
    moved = [a.path for a in changed] + [path for path, _ in streamed]
    for path in moved + retired:
        check_target(out_dir, path)
    try:
        mark(out_dir)
        folder = stage(out_dir, [*((a.path, a.data) for a in changed if a.held_in is None),
                                 *streamed], ahead)
    except OSError as exc:
        with contextlib.suppress(OSError):  # the next build clears what is left anyway
            clear_stages(out_dir)
        raise unwritable(out_dir, exc) from None
    with uninterrupted():  # committed, then applied whole: a Ctrl-C waits for both
        _commit_and_apply(out_dir, folder, moved, retired)
    written = {a.path for a in changed if a.kind != UNLISTED}
    files = [a if a.held_in is None else held_in_file(a, out_dir / a.path) for a in listed]
    return Published([*files, manifest], tuple(sorted(written.union(retired))))


def _commit_and_apply(out_dir: Path, folder: Path, moved: list[str], retired: list[str]
                      ) -> None:
    try:
        commit(out_dir, folder, moved, retired)
    except OSError as exc:
        with contextlib.suppress(OSError):
            clear_stages(out_dir)
        raise unwritable(out_dir, exc) from None
    try:
        apply(out_dir)
    except OSError as exc:
        raise OutputError(f"cannot finish writing {out_dir} ({exc.strerror or exc}: "
                          f"{exc.filename}); the next build finishes it") from None


def check_target(out_dir: Path, path: str) -> None:
    """OutputError unless `path` can be written as a file: every folder on the way a real
    folder (not a link leading elsewhere, not a file), and the place itself no folder."""
    here = out_dir
    for part in PurePosixPath(path).parts[:-1]:
        here = here / part
        if here.is_symlink() or (here.exists() and not here.is_dir()):
            raise OutputError(f"cannot write {out_dir / path}: {here} is "
                              f"{'a link' if here.is_symlink() else 'a file'}, not a folder; "
                              "remove it and build again")
    target = out_dir / path
    if target.is_dir() and not target.is_symlink():
        raise OutputError(f"cannot write {target}: a folder is in the way; remove it and "
                          "build again")


def _changed(out_dir: Path, artefacts: Sequence[Artefact]) -> list[Artefact]:
    # A file whose bytes are already in place is not rewritten: an incremental build
    # touches only what changed (and file watchers and browsers see only that).
    changed = []
    for a in artefacts:
        target = out_dir / a.path
        try:
            same = target.stat().st_size == a.size and _holds(target, a)
        except OSError:
            same = False
        if not same:
            changed.append(a)
    return changed


def _holds(target: Path, a: Artefact) -> bool:
    """Whether the file `target` holds the artefact's bytes (one held in a file is
    compared by its hash, its bytes unread)."""
    if a.held_in is None:
        return target.read_bytes() == a.data
    return hashlib.sha256(target.read_bytes()).hexdigest() == a.sha256


def _old_manifest(out_dir: Path) -> list[dict]:
    try:
        old = json.loads(read_kept(out_dir / MANIFEST))["files"]
    except (ValueError, KeyError, TypeError):  # Refused is a ValueError
        return []  # no usable earlier manifest: nothing to keep or retire
    return [f for f in old if isinstance(f, dict) and isinstance(f.get("path"), str)]


@dataclass(frozen=True)
class _Made:
    """What one build made: its kinds, for its papers (None: every paper), in its
    languages (None: every language)."""

    kinds: set[str]
    papers: set[str] | None
    languages: set[str | None] | None = None

    def covers(self, entry: dict) -> bool:
        """True when this build makes what the earlier manifest's `entry` was made as: its
        kind, its paper (a file of every paper is every build's) and its language."""
        paper = entry.get("paper")
        return entry.get("kind") in self.kinds and (
            self.papers is None or not paper or paper in self.papers) and (
            self.languages is None or entry.get("language") in self.languages)


def _kept(out_dir: Path, made: _Made, new: Sequence[Artefact]) -> list[dict]:
    paths = {a.path for a in new}
    return [f for f in _old_manifest(out_dir) if not made.covers(f)
            and f["path"] not in paths and (out_dir / f["path"]).is_file()]


def _retired(out_dir: Path, made: _Made, new: Sequence[Artefact]) -> list[str]:
    """Files an earlier build of these kinds listed and this one no longer makes
    (a renamed tile's old SVG, say): removed, so the output matches a clean build.
    Only what the manifest lists is ever removed: other files in the folder are the
    user's."""
    paths = {a.path for a in new}
    found = []
    for f in _old_manifest(out_dir):
        path = f["path"]
        if (made.covers(f) and path not in paths and path != MANIFEST
                and _plain(path) and (out_dir / path).is_file()):
            found.append(path)
    return found


def _plain(path: str) -> bool:
    pure = PurePosixPath(path)
    return bool(pure.parts) and not pure.is_absolute() and ".." not in pure.parts
