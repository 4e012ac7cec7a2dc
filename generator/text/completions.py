"""The playtest completions: the rules the book adds to the designer's text.

Every rule section of game.yaml still flagged `draft: true` is one completion. They are
numbered in the schema's order (the order the book states them), and the templates
mark each sentence that states one with `{{ playtest("name") }}`, which becomes a
Markdown image `![Playtest 3](playtest:seal)`: the PDF draws it as a tag in the margin,
the HTML as a tag beside the paragraph, the player aids as a tag after the line.
"""

from __future__ import annotations

from generator.core.model import Game
from generator.core.words import SOURCE_WORDS, Words
from generator.load.content_schema import TITLES

SCHEME = "playtest"  # the image address scheme of a tag: playtest:<section>


def completions(game: Game) -> list[dict]:
    """The draft sections as the appendix lists them: number, name, key, title, values."""
    words = game.words  # TITLES' phrases are in the catalogue (tools/catalogue.py reads them)
    found = []
    for number, name in enumerate(game.rules.drafts, start=1):
        section = game.rules.section(name)
        if section is None:  # never: the drafts are named from the sections (load.rules)
            raise LookupError(f"the draft {name!r} names no rule section")
        found.append({"number": number, "name": name, "key": f"rules.{name}",
                      "title": words.gettext(TITLES.get(name, name)),
                      "values": [{"key": k, "value": _shown(words, v)}
                                 for k, v in section.values]})
    return found


def _shown(words: Words, value) -> str:
    """A rule's value as the appendix prints it: yes/no, a list, a number or a word."""
    if isinstance(value, bool):
        return words.gettext("yes") if value else words.gettext("no")
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    return str(value)


class UnknownRule(Exception):
    """Raised inside a template that tags a rule section game.yaml does not have."""


def playtest_call(context, words: Words = SOURCE_WORDS) -> object:
    """The templates' `playtest(name)` for a rendering context: a tag for a draft
    section, nothing for a confirmed one, an error for a name game.yaml lacks; the tag's
    text in the language of `words` (the context's game's)."""
    known = tuple(context["draft"].names()) if "draft" in context else ()
    numbers = {c.name: c.number for c in context.get("completions", ())}

    def playtest(name: str) -> str:
        """` ![Playtest N](playtest:name)` while `name` is a draft; "" once confirmed."""
        if name not in known:
            raise UnknownRule(f"playtest({name!r}) names no rule section of game.yaml; "
                              f"known: {', '.join(known)}")
        if name not in numbers:
            return ""
        alt = words.gettext("Playtest {number}").format(number=numbers[name])
        return f" ![{alt}]({SCHEME}:{name})"

    return playtest


def tag_number(alt: str) -> str:
    """The number of a tag from its image text ("Playtest 3" -> "3")."""
    return alt.rpartition(" ")[2]
