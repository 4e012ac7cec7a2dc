"""What a build produces, before anything touches the disk.

Every producer (tiles, tokens, rulebook, aids, ...) turns a `BuildRequest` into a
list of `Artefact`s held in memory; only `writer` writes them to the output folder.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property

PAPERS = ("a4", "letter")


@dataclass(frozen=True)
class Artefact:
    """One output file: its path under the output folder, bytes, and its axes: the kind
    that made it, the paper it is for and its language. Nothing reads these back out of
    the file's name: the manifest records them and the writer goes by them (a build for
    one paper keeps the other paper's files, and only those)."""

    path: str  # posix path relative to the output folder, e.g. "svg/tiles/ember-hollow.svg"
    data: bytes
    kind: str  # the --only kind that made it: tiles, tokens, rulebook, aids, ...
    pages: int = 0  # pages for a PDF, 0 otherwise
    known_sha256: str = field(default="", repr=False, compare=False)  # if already hashed
    paper: str | None = None  # one of PAPERS for a file of one paper; None: of every paper
    language: str | None = None  # the language of its words; None: one language for all
    # How the live preview draws guides on a piece's SVG: its bleed and safe zone, and a
    # round piece's face across (0: square), mm; not in the file.
    guides: tuple[float, float, float] | None = field(default=None, compare=False)
    # A line for the build's summary (the bundle: its sheets per kind); not in the file.
    note: str = field(default="", repr=False, compare=False)

    @cached_property
    def sha256(self) -> str:
        """Hex sha256 of the bytes, worked out once (the manifest and the cache both list
        it, and the rulebook's HTML alone is several megabytes)."""
        return self.known_sha256 or hashlib.sha256(self.data).hexdigest()
