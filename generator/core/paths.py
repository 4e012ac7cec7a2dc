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


def anchored_name(path: Path, folders: tuple[Path, ...]) -> str:
    """`path` as the number of the content folder that holds it and its path inside
    ("0:art/mossfen.svg"), or whole when no content folder holds it (a picture kept in
    the user's cache)."""
    for number, folder in enumerate(folders):
        if path.is_relative_to(folder):
            return f"{number}:{path.relative_to(folder).as_posix()}"
    return str(path)


def anchored_text(text: str, folders: tuple[Path, ...]) -> str:
    """`text` (a repr a key is made of) with each content folder's path written as its
    number: the game's repr names its folders and its fonts' files by their whole
    paths, and where each of its values is written (a `Location`) as the user sees it,
    from the working folder."""
    here = Path.cwd().resolve()  # (the folders are resolved: `display_path`'s view)
    for number, folder in sorted(enumerate(folders), key=lambda f: -len(str(f[1]))):
        marker = f"<content folder {number}>"
        text = text.replace(str(folder), marker)
        if folder.is_relative_to(here):
            text = text.replace(f"path='{folder.relative_to(here)}/", f"path='{marker}/")
    return text
