"""The tool's own words in one language: a gettext catalogue as frozen data.

Every built-in phrase a player reads (the cover, the footers, the tags, the figure
labels, "and"/"or" lists, plurals, place names) is written in the source language as a
message id and looked up here, so a game prints in French with a French catalogue and
no English grammar lives in Python. The catalogues are read from `.po` files
(`generator.load.catalogue`); the source language needs none: its messages are their ids.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from functools import cached_property

SOURCE_LANGUAGE = "en"  # the language the message ids are written in
ENGLISH_PLURAL = "n != 1"  # the source language's Plural-Forms


@dataclass(frozen=True)
class Words:
    """One language's catalogue: a message id's translation, plural forms chosen by the
    language's own rule (the `.po` header's Plural-Forms expression).

    Its repr names the language and the catalogue's digest, so a drawing or a page keyed
    on it (through the game's repr) is made again when a translation changes.
    """

    language: str = SOURCE_LANGUAGE
    digest: str = ""  # of the catalogue's file; "" for the source language
    messages: tuple[tuple[str, str | tuple[str, ...]], ...] = field(
        default=(), repr=False, compare=False)  # msgid -> msgstr (or plural msgstrs)
    plural_rule: str = field(default=ENGLISH_PLURAL, repr=False, compare=False)

    @cached_property
    def _table(self) -> dict[str, str | tuple[str, ...]]:
        return dict(self.messages)

    @cached_property
    def _plural_index(self):
        return gettext.c2py(self.plural_rule)

    def gettext(self, message: str) -> str:
        """`message` in this language (itself when the catalogue lacks it)."""
        found = self._table.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of `singular`/`plural` for the number `n`, by the language's rule."""
        found = self._table.get(singular)
        index = self._plural_index(n)
        if isinstance(found, tuple):
            if 0 <= index < len(found) and found[index]:
                return found[index]
        elif found:  # a pair kept in a table (`N_`): each form its own message
            return self.gettext(singular if index == 0 else plural)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        """`message` in this language where `context` says what it is for (one id may
        mean two things: "," as a list's separator or as the thousands' mark)."""
        found = self._table.get(f"{context}\x04{message}")
        return found if isinstance(found, str) and found else message

    def has(self, message: str) -> bool:
        """Whether the catalogue translates `message`."""
        found = self._table.get(message)
        return bool(found if isinstance(found, str) else found and all(found))

    def join(self, items, last: str = "and") -> str:
        """A list as a phrase: "a", "a and b", "a, b and c" ("or" for `last="or"`), with
        this language's separator and last word."""
        shown = [str(i) for i in items]
        if len(shown) <= 1:
            return "".join(shown)
        head = self.gettext(", ").join(shown[:-1])
        pattern = (self.gettext("{head} or {last}") if last == "or"
                   else self.gettext("{head} and {last}"))
        return pattern.format(head=head, last=shown[-1])

    def plural(self, n: int, word: str, many: str | None = None) -> str:
        """'1 token', '3 tokens': the number and the word, or its plural (the given one,
        else the word and an s, the regular plural of English and French alike), as the
        language's plural rule chooses."""
        one = self._plural_index(n) == 0  # French counts 0 as one; English does not
        return self.gettext("{n} {word}").format(
            n=n, word=word if one else (many or word + "s"))

    def number(self, value: float, places: int = 0) -> str:
        """A number as this language writes it: its decimal sign and thousands' mark."""
        text = f"{value:,.{places}f}"
        return text.replace(",", "\x00").replace(".", self.pgettext("decimal sign", ".")) \
            .replace("\x00", self.pgettext("thousands mark", ","))

    def __call__(self, message: str) -> str:
        return self.gettext(message)


SOURCE_WORDS = Words()


def counted(n: int, word: str) -> str:
    """'1 file', '3 files', '0 errors': a count in the tool's own messages, which speak
    the source language whatever the game's."""
    return SOURCE_WORDS.plural(n, word)


def a_few(names: list[str], shown: int = 3) -> str:
    """Names in a message, the first `shown` of them and a count of the rest: "'a'",
    "'a' and 'b'", "'a', 'b', 'c' and 45 more"."""
    quoted = [repr(name) for name in names[:shown]]
    more = len(names) - len(quoted)
    if more:
        return f"{', '.join(quoted)} and {more} more"
    return " and ".join(filter(None, (", ".join(quoted[:-1]), quoted[-1])))


def N_(message: str) -> str:
    """Mark a message for the catalogue where it is written (a table of phrases); it is
    translated where it is printed, with the game's words."""
    return message
