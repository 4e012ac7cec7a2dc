"""Resolve file paths named by the content, keeping them inside the content folder."""

from __future__ import annotations

import os
from pathlib import Path


def display_path(path: Path) -> str:
    """A path as the user should see it: relative to the working folder when it can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def user_cache() -> Path:
    """This user's cache folder for tkg (the memos' signing key, validation's memos,
    the locks, matplotlib's font list): the only place outside an output folder that a
    command writes to."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tkg"

