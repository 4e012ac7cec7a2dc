"""Whether each text on a piece ends as a finished phrase (TKG516).

A text cut at its box ends in an ellipsis and is told where it is drawn (TKG305);
this looks at the words as they print, for an ending that leaves the sentence
hanging however it came about: "... when a world holds 9 connected" reads as if the
box had swallowed its last word. English marks two such endings without a parser:
a word that always leads on to more (an article, a conjunction, a possessive: "the
tokens of your"), and a count followed by a word that describes what is counted but
not the thing itself ("9 connected", "3 matching"). A single word (a space's label
"A") is no sentence and is left alone.
"""

from __future__ import annotations

import re

from generator.check.preflight_findings import CONTENT, LAYOUT, Finding
from generator.draw.scene import Scene, Text

LEADS_ON = frozenset((  # words after which an English sentence cannot stop
    "a", "an", "the", "and", "or", "but", "nor", "than", "because", "whether", "each",
    "every", "its", "their", "your", "my", "our", "into", "onto"))
WORD = re.compile(r"[\w']+")
COUNT_WITHOUT_NOUN = re.compile(r"\b\d+\s+[a-z]+(?:ed|ing)\W*$")


def hanging(words: str) -> str:
    """Why the words read as unfinished ("" when they do not)."""
    found = WORD.findall(words.lower())
    if len(found) < 2:
        return ""
    if found[-1] in LEADS_ON:
        return f"it ends on {found[-1]!r}, a word that leads on to more"
    if COUNT_WITHOUT_NOUN.search(words):
        return (f"it ends on {' '.join(found[-2:])!r}: a count, and a word saying what "
                "the things are like, but not what they are")
    return ""


def unfinished(scene: Scene) -> list[Finding]:
    """TKG516 for each text of the scene whose words end mid-sentence."""
    found = []
    for part in (p for p in scene.parts if p.kind == "text"):
        words = " ".join(t.text for t in scene.items_of(part) if isinstance(t, Text))
        why = hanging(words)
        if why:
            found.append(Finding("TKG516", part.name, f"{part.source}.text",
                                 f"the {part.name} {_tail(words)!r} looks unfinished: {why}",
                                 part.box, 0.0, CONTENT if part.content else LAYOUT,
                                 part.field))
    return found


def _tail(words: str) -> str:
    return words if len(words) <= 60 else "..." + words[-57:]
