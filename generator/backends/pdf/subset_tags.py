"""Font subsets named by tags of their own in the PDFs reportlab saves.

reportlab names the subsets of each TrueType font it embeds AAAAAA+, AAAAAB+, ...,
counting afresh in every font, so the rulebook's fonts all hold an "AAAAAA+" subset:
prepress checks take equal tags for the same subset. `retag` renames each subset in the
saved bytes by a tag worked out from the font's name and reportlab's own tag: six
capitals, the same in every run, different for every subset of a document.

Done on the saved file, not inside reportlab, because reportlab keeps its fonts in a
process-wide registry: a font class of ours would lose to any plain registration of the
same face made before it (a second document, a test) and the tags would depend on what
the process did first. The new tag has the old one's length, so no offset moves.
"""

from __future__ import annotations

import hashlib
import re

# The names a subset goes by in the font's dictionaries (a font and its descriptor),
# which reportlab writes uncompressed. Its tags count with the letters A-G and I-K
# (reportlab's SUBSETN); the subsets of the sheets' own fonts are tagged already.
_SUBSET_NAME = re.compile(rb"/(BaseFont|FontName) /([A-GIJK]{6})\+([!-~]+?)(?=[\s/<>\[\]()])")


def subset_tag(font: bytes, tag: bytes) -> bytes:
    """Six capital letters for reportlab's subset `tag` of the font named `font`."""
    return bytes(65 + b % 26 for b in hashlib.sha256(font + b"+" + tag).digest()[:6])


def retag(data: bytes) -> bytes:
    """`data`, a PDF reportlab saved, with each font subset named by its own tag."""
    def renamed(match: re.Match[bytes]) -> bytes:
        key, tag, font = match.groups()
        return b"/%s /%s+%s" % (key, subset_tag(font, tag), font)

    return _SUBSET_NAME.sub(renamed, data)
