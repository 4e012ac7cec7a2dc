"""The tool's catalogues: its own words per language, read from gettext `.po` files.

`generator/locale/<language>/LC_MESSAGES/tkg.po` holds a language's translations of
the message ids the code and the templates use (`tools/catalogue.py` extracts them and
updates each `.po`). The source language has no catalogue: its message ids are its
words. Babel reads the `.po` (a translator's tool writes them, with plural forms and
contexts), and only when a language other than the source is built.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import replace
from pathlib import Path

from generator.core.paths import keep_in_cache, user_cache
from generator.core.reading import Refused, read_kept
from generator.core.words import SOURCE_LANGUAGE, SOURCE_WORDS, Words

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "tkg"


def catalogue_path(language: str) -> Path:
    """Where a language's catalogue is kept (a tag with a region, pt-BR, in gettext's
    folder for it, pt_BR)."""
    return LOCALE_DIR / _gettext_name(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalogue_languages() -> tuple[str, ...]:
    """The languages the tool has a catalogue for (as game.yaml names them: pt-BR), the
    source language first."""
    found = sorted(p.parent.parent.name.replace("_", "-")
                   for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(f for f in found if f != SOURCE_LANGUAGE))


def words_for(language: str) -> Words:
    """The tool's words in `language`: its catalogue read (the source language's own
    words when it is the source, or has no catalogue: a missing translation prints
    the source's words, and validation says which)."""
    path = catalogue_path(language)
    if language == SOURCE_LANGUAGE or not path.is_file():
        return SOURCE_WORDS if language == SOURCE_LANGUAGE else Words(language)
    stat = path.stat()
    return _read(path, stat.st_size, stat.st_mtime_ns, language)


def _gettext_name(language: str) -> str:
    # game.yaml names languages as BCP 47 tags (pt-BR); gettext's folders and Babel's
    # locales join language and region with an underscore (pt_BR).
    return language.replace("-", "_")


@functools.lru_cache(maxsize=8)
def _read(path: Path, size: int, mtime: int, language: str) -> Words:
    data = path.read_bytes()
    name = hashlib.sha256(data + b"\0" + language.encode()).hexdigest()
    words = _kept(name, language)
    if words is None:
        words = _parsed(path, language)
        _keep(name, words)
    return replace(words, digest=hashlib.sha256(data).hexdigest()[:16])


def _parsed(path: Path, language: str) -> Words:
    """The catalogue as Babel reads it (its own parser: plural forms, contexts)."""
    from babel.messages.pofile import read_po  # only a new catalogue needs Babel

    with path.open("rb") as handle:
        catalogue = read_po(handle, locale=_gettext_name(language), domain=DOMAIN)
    messages: list[tuple[str, str | tuple[str, ...]]] = []
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        text = message.string
        messages.append((key, tuple(text) if isinstance(text, tuple | list) else text or ""))
    return Words(language, "", tuple(messages), catalogue.plural_expr)


# Reading a .po with Babel takes longer than a build of one kind's pieces, and every
# build of a second language needs its catalogue: what was read is kept in the user's
# cache, by the digest of the file (and the language), as JSON (nothing there is run).
KEPT_FORMAT = 1


def _kept_path(name: str) -> Path:
    return user_cache() / "catalogues" / f"{name}.json"


def _kept(name: str, language: str) -> Words | None:
    """The catalogue read before (None: never, or what is kept cannot be used)."""
    try:
        kept = json.loads(read_kept(_kept_path(name)))
        if kept["format"] != KEPT_FORMAT:
            return None
        messages = tuple((key, tuple(text) if isinstance(text, list) else text)
                         for key, text in kept["messages"])
        if not isinstance(kept["plural"], str) or not all(
                isinstance(key, str) and _text(text) for key, text in messages):
            return None
        return Words(language, "", messages, kept["plural"])
    except (OSError, Refused, ValueError, KeyError, TypeError):
        return None  # read afresh (and kept again)


def _text(text: object) -> bool:
    """Whether a kept translation is one: a text, or the texts of its plural forms."""
    return isinstance(text, str) or (isinstance(text, tuple) and
                                     all(isinstance(form, str) for form in text))


def _keep(name: str, words: Words) -> None:
    """Keep a catalogue read, whole or not at all (best effort: the next build reads it
    again)."""
    keep_in_cache(_kept_path(name), json.dumps(
        {"format": KEPT_FORMAT, "plural": words.plural_rule, "messages": words.messages},
        ensure_ascii=False).encode())
