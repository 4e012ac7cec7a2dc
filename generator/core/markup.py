"""The project's own marks inside the Markdown it renders: Markdown images whose address
names something else than a picture file.

- a playtest tag, `![Playtest 3](playtest:seal)`: the sentence before it states a
  completion of the designer's text (`generator.text.completions`);
- a picture of a piece, `![World tiles](piece:tile-ember-hollow)`: the cover's
  checklist shows the pieces it lists (`generator.draw.flow`).
"""

from __future__ import annotations

TAG_SCHEME = "playtest"  # the image address scheme of a tag: playtest:<section>
PICTURE_SCHEME = "piece"  # the address scheme of a piece's picture: piece:<scene name>


def tag_number(alt: str) -> str:
    """The number of a tag from its image text ("Playtest 3" -> "3")."""
    return alt.rpartition(" ")[2]


def tag_label(alt: str) -> str:
    """What a tag says, from its image text, in the language the text is written in
    ("Playtest 3" -> "PLAYTEST 3")."""
    return " ".join(alt.split()).upper()
