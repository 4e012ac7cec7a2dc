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
    """One output file: its path under the output folder, bytes, kind and page count."""

    path: str  # posix path relative to the output folder, e.g. "svg/tiles/ember-hollow.svg"
    data: bytes
    kind: str  # the --only kind that made it: tiles, tokens, rulebook, aids, ...
    pages: int = 0  # pages for a PDF, 0 otherwise
    known_sha256: str = field(default="", repr=False, compare=False)  # if already hashed

    @cached_property
    def sha256(self) -> str:
        """Hex sha256 of the bytes, worked out once (the manifest and the cache both list
        it, and the rulebook's HTML alone is several megabytes)."""
        return self.known_sha256 or hashlib.sha256(self.data).hexdigest()
