"""Resolve file paths named by the content, keeping them inside the content folder."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when it can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def user_cache() -> Path:
    """This user's cache folder for tkg (the memos' signing key, validation's memos,
    the last build's memo files, the locks, the compiled templates and dataclass
    methods, the fonts' metrics, the digests of the files read, the pictures SVG art
    embeds, matplotlib's font list):
    the only place outside an output folder that a command writes to."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tkg"


def keep_in_cache(path: Path, data: bytes) -> None:
    """Write a file of the user's cache whole or not at all, and never fail for it: a
    cache that cannot be written only costs the next command the work it would save."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, delete=False) as handle:
            handle.write(data)
        os.replace(handle.name, path)


def link_in_cache(source: Path, path: Path) -> None:
    """Make `path`, in the user's cache, another name of the file `source` (a hard link:
    nothing is copied, and the file stays when `source` goes), or leave it as it was:
    on another file system, or where links are not allowed, it only costs the work the
    file would save."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        # A name of this process's own, then moved over `path` in one step: a reader
        # finds one whole file.
        temporary = path.with_name(f".link-{os.getpid()}-{path.name}")
        os.link(source, temporary)
        try:
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
