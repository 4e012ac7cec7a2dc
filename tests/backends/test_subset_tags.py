"""Font subsets tagged apart in the PDFs reportlab saves (issue 25, home printing)."""

from __future__ import annotations

import re

from generator.backends.pdf.subset_tags import retag

# Two fonts' dictionaries as reportlab writes them: the first subset of each is AAAAAA+.
SAVED = (b"<< /BaseFont /AAAAAA+Lato-Regular /FirstChar 0 >>\n"
         b"<< /FontName /AAAAAA+Lato-Regular /Flags 4 >>\n"
         b"<< /BaseFont /AAAAAA+EBGaramond-Bold /FirstChar 0 >>\n"
         b"<< /BaseFont /AAAAAB+EBGaramond-Bold /FirstChar 0 >>\n"
         b"<< /BaseFont /QXHZLM+Lato-Bold /Subtype /Type0 >>\n")


def _names(data: bytes) -> list[bytes]:
    return re.findall(rb"/(?:BaseFont|FontName) /(\S+)", data)


def test_each_subset_gets_a_tag_of_its_own_and_no_offset_moves():
    tagged = retag(SAVED)
    names = _names(tagged)
    assert len(tagged) == len(SAVED)
    assert names[0] == names[1]  # a font and its descriptor name the same subset
    tags = [n.split(b"+")[0] for n in names[1:]]
    assert len(set(tags)) == len(tags) and all(re.fullmatch(rb"[A-Z]{6}", t) for t in tags)
    assert [n.split(b"+")[1] for n in names] == [n.split(b"+")[1] for n in _names(SAVED)]


def test_the_tags_are_the_same_in_every_run_and_in_any_company():
    # A subset's tag depends on its font and reportlab's tag only, not on what else the
    # document (or the process) holds.
    alone = _names(retag(b"<< /BaseFont /AAAAAA+Lato-Regular >>"))
    assert alone == _names(retag(SAVED))[:1] and retag(SAVED) == retag(SAVED)


def test_tags_made_elsewhere_are_kept():
    # The sheets' own fonts are tagged from their glyphs already (the H, L, M, Q, X, Z
    # here are letters reportlab's counter never uses).
    assert b"/QXHZLM+Lato-Bold" in retag(SAVED)
