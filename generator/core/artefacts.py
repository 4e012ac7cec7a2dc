"""What a build produces, before anything touches the disk.

Every producer (tiles, tokens, rulebook, aids, ...) turns a `BuildRequest` into a
list of `Artefact`s held in memory; only `writer` writes them to the output folder.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import PurePosixPath

PAPERS = ("a4", "letter")


def paper_of(path: str) -> str:
    """The paper a file is made for, or "" for a file of every paper (an SVG, a font).

    Every kind names a file of one paper the same way: `-<paper>` ending its name
    (`pnp-a4.pdf`, `rulebook/rulebook-letter.pdf`) or a `<paper>/` folder on its way
    (`pdf/a4/player-aids.pdf`). A build for one paper keeps the other paper's files.
    """
    parts = PurePosixPath(path).parts
    for paper in PAPERS:
        if paper in parts[:-1] or PurePosixPath(path).stem.endswith(f"-{paper}"):
            return paper
    return ""




@dataclass(frozen=True)
class Artefact:
    """One output file: its path under the output folder, bytes, kind and page count."""

    path: str  # posix path relative to the output folder, e.g. "svg/tiles/ember-hollow.svg"
    data: bytes
    kind: str  # the --only kind that made it: tiles, tokens, rulebook, aids, ...
    pages: int = 0  # pages for a PDF, 0 otherwise
    known_sha256: str = field(default="", repr=False, compare=False)  # if already hashed
    # A line for the build's summary (the bundle: its sheets per kind); not in the file.
    note: str = field(default="", repr=False, compare=False)

    @cached_property
    def sha256(self) -> str:
        """Hex sha256 of the bytes, worked out once (the manifest and the cache both list
        it, and the rulebook's HTML alone is several megabytes)."""
        return self.known_sha256 or hashlib.sha256(self.data).hexdigest()
