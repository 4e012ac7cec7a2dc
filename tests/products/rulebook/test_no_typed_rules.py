"""The prose never types a rule number or a content name: they all come from tags."""

from __future__ import annotations

import re

from rbkit import ROOT

TAGS = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
LIST_MARK = re.compile(r"^\s*\d+\.\s")


# The designer's own words are quoted as written, numbers included, in the chapter on
# the designer's text: a quotation there is not the book typing a rule.
QUOTED = re.compile(r'"[^"\n]*"')
DESIGNERS_TEXT = "09-designers-text.md.j2"


def _prose():
    for path in sorted((ROOT / "templates" / "rulebook").glob("*.md.j2")):
        text = TAGS.sub("", path.read_text())
        yield path.name, QUOTED.sub('""', text) if path.name == DESIGNERS_TEXT else text


def test_no_digits_in_the_prose():
    found = [(name, line) for name, text in _prose() for line in text.splitlines()
             if re.search(r"\d", LIST_MARK.sub("", line))]
    assert found == []


def test_no_element_or_oink_names_in_the_prose(shipped_game):
    names = [e.name for e in shipped_game.elements] + [o.name for o in shipped_game.oinks]
    names += [t.name for t in shipped_game.tiles]
    found = [(file, name) for file, text in _prose() for name in names
             if re.search(rf"\b{re.escape(name)}\b", text)]
    assert found == []
