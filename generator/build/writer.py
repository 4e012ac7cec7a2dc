"""The only module that writes to the output folder.

`write_artefacts` stages every file (and manifest.json) in a temporary folder next to
the output folder, then moves them in one by one with `os.replace`. Nothing in the
output folder changes until every file is staged, so a build that fails while
rendering or staging leaves the previous output whole; each replace is atomic, so a
reader never sees a half-written file.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from generator.core.artefacts import Artefact
from generator.core.errors import OutputError

MANIFEST = "manifest.json"
UNLISTED = "cache"  # the build cache's own state: written here, not listed in the manifest


def manifest_entry(a: Artefact) -> dict:
    """One file as the manifest (and the build cache) lists it."""
    return {"path": a.path, "kind": a.kind, "pages": a.pages, "bytes": len(a.data),
            "sha256": a.sha256}


def manifest_bytes(artefacts: Sequence[Artefact], kept: Sequence[dict] = ()) -> bytes:
    """manifest.json: every file with its kind, pages and sha256; sorted, no timestamps.

    `kept` are entries of an earlier manifest for kinds this build did not make.
    """
    files = [manifest_entry(a) for a in artefacts]
    files = sorted([*files, *kept], key=lambda f: f["path"])
    return (json.dumps({"files": files}, indent=2, sort_keys=True) + "\n").encode()


def check_paths(artefacts: Sequence[Artefact]) -> None:
    """Refuse paths that would leave the output folder or clash (OutputError)."""
    seen: dict[str, bytes] = {}
    for a in artefacts:
        p = PurePosixPath(a.path)
        if p.is_absolute() or ".." in p.parts or not p.parts or a.path == MANIFEST:
            raise OutputError(f"refusing to write {a.path!r}: not a plain path under the output")
        if a.path in seen and seen[a.path] != a.data:
            raise OutputError(f"two artefacts want to write {a.path!r} with different contents")
        seen[a.path] = a.data


def write_artefacts(out_dir: Path, artefacts: Sequence[Artefact],
                    kinds: Sequence[str] | None = None,
                    in_place: frozenset[str] = frozenset()) -> list[Artefact]:
    """Write the artefacts (deduplicated by path) and manifest.json into `out_dir`.

    `kinds` are the kinds this build made (default: those of the artefacts); the
    manifest keeps earlier entries of other kinds, so `--only rulebook` does not
    forget the tiles; files that earlier builds of the same kinds listed and this one
    does not make are removed. `in_place` names paths the caller just read from the
    output folder, so they need no comparing. Returns the artefacts written, manifest
    included. Raises OutputError, leaving the old output untouched, if staging fails.
    """
    check_paths(artefacts)
    out_dir = Path(out_dir)
    unique = list({a.path: a for a in artefacts}.values())
    listed = [a for a in unique if a.kind != UNLISTED]
    made = set(kinds) if kinds is not None else {a.kind for a in listed}
    manifest = Artefact(MANIFEST, manifest_bytes(listed, _kept(out_dir, made, listed)),
                        "manifest")
    changed = _changed(out_dir, [a for a in [*unique, manifest] if a.path not in in_place])
    retired = _retired(out_dir, made, listed)
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-staging-", dir=out_dir.parent))
    except OSError as exc:
        raise OutputError(f"cannot write next to {out_dir}: {exc.strerror or exc}") from None
    try:
        for a in changed:
            target = staging / a.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(a.data)
        _swap_in(staging, out_dir, changed)
        for path in retired:
            path.unlink()
    except OSError as exc:
        raise OutputError(f"cannot write the output to {out_dir}: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return [*listed, manifest]


def _changed(out_dir: Path, artefacts: Sequence[Artefact]) -> list[Artefact]:
    # A file whose bytes are already in place is not rewritten: an incremental build
    # touches only what changed (and file watchers and browsers see only that).
    changed = []
    for a in artefacts:
        target = out_dir / a.path
        try:
            same = target.stat().st_size == len(a.data) and target.read_bytes() == a.data
        except OSError:
            same = False
        if not same:
            changed.append(a)
    return changed


def _old_manifest(out_dir: Path) -> list[dict]:
    try:
        old = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return []  # no usable earlier manifest: nothing to keep or retire
    return [f for f in old if isinstance(f, dict) and isinstance(f.get("path"), str)]


def _kept(out_dir: Path, made: set[str], new: Sequence[Artefact]) -> list[dict]:
    paths = {a.path for a in new}
    return [f for f in _old_manifest(out_dir) if f.get("kind") not in made
            and f["path"] not in paths and (out_dir / f["path"]).is_file()]


def _retired(out_dir: Path, made: set[str], new: Sequence[Artefact]) -> list[Path]:
    """Files an earlier build of these kinds listed and this one no longer makes
    (a renamed tile's old SVG, say): removed, so the output matches a clean build."""
    paths = {a.path for a in new}
    base = out_dir.resolve()
    found = []
    for f in _old_manifest(out_dir):
        target = (out_dir / f["path"]).resolve()
        if (f.get("kind") in made and f["path"] not in paths and f["path"] != MANIFEST
                and target.is_relative_to(base) and target.is_file()):
            found.append(target)
    return found


def _swap_in(staging: Path, out_dir: Path, artefacts: Sequence[Artefact]) -> None:
    # Only files listed in an earlier manifest are ever removed (see _retired): other
    # files in the folder are the user's.
    for a in artefacts:
        target = out_dir / a.path
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(staging / a.path, target)
