"""reportlab's TrueType fonts, each subset named by a tag of its own.

reportlab names a font's subsets AAAAAA+, AAAAAB+, ... counting from the first in every
font, so the rulebook's six fonts all embed an "AAAAAA+" subset: prepress checks read
equal tags as the same subset. Here the tag is worked out from the font's name and the
characters of the subset, as `generator.backends.pdf.fonts.subset_tag` does for the
pieces' fonts: six capitals, the same in every run, different for different subsets.

Imported only where reportlab lays out text (`fonts.register`).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterator, Sequence

from reportlab.pdfbase import ttfonts


def subset_tag(font: bytes, subset: Sequence[int]) -> bytes:
    """Six capital letters naming the subset of `font` holding these characters."""
    key = font + b":" + ",".join(map(str, subset)).encode()
    return bytes(65 + b % 26 for b in hashlib.sha256(key).digest()[:6])


class TaggedTTFont(ttfonts.TTFont):
    """A reportlab TrueType font whose subsets carry tags of their own (see above)."""

    def addObjects(self, doc) -> None:  # (reportlab's name)
        """Add the font's subsets to `doc` as reportlab does, each named by its tag."""
        state = self.state.get(doc)
        if state is None:
            super().addObjects(doc)
            return
        tags = [subset_tag(self.face.name, subset) for subset in state.subsets]
        with _subset_names(tags):
            super().addObjects(doc)


@contextlib.contextmanager
def _subset_names(tags: list[bytes]) -> Iterator[None]:
    # reportlab builds each subset's name with the module's SUBSETN(n) while it adds
    # the font's objects; nothing else runs meanwhile (a build lays out one document
    # at a time in a process), so the function is swapped for that call only.
    numbered = ttfonts.SUBSETN
    ttfonts.SUBSETN = tags.__getitem__
    try:
        yield
    finally:
        ttfonts.SUBSETN = numbered
