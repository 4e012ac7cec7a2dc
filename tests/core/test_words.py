"""The tool's words in a language: a catalogue's messages, plurals by the language's
rule, lists, numbers; and the shipped catalogues in step with the code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.core.words import SOURCE_WORDS, Words
from generator.load.catalogue import catalogue_languages, words_for

ROOT = Path(__file__).resolve().parents[2]

FRENCH = Words("fr", "test", (
    ("{head} and {last}", "{head} et {last}"), ("{head} or {last}", "{head} ou {last}"),
    ("{n} tile", ("{n} tuile", "{n} tuiles")), ("decimal sign\x04.", ","),
    ("thousands mark\x04,", "\u00a0"), ("once", "une fois"), ("seals {n} tile", "scelle {n} tuile"),
    ("seals {n} tiles", "scelle {n} tuiles")), "n > 1")


def test_the_source_language_speaks_its_message_ids():
    assert SOURCE_WORDS("the centre") == "the centre"
    assert SOURCE_WORDS.join(["Fire", "Water", "Earth"]) == "Fire, Water and Earth"
    assert SOURCE_WORDS.join(["A", "B"], "or") == "A or B"
    assert SOURCE_WORDS.ngettext("{n} tile", "{n} tiles", 0) == "{n} tiles"
    assert SOURCE_WORDS.plural(1, "token") == "1 token"
    assert SOURCE_WORDS.number(1234.5, 1) == "1,234.5"


def test_another_language_has_its_own_lists_plurals_and_numbers():
    assert FRENCH.join(["Feu", "Eau", "Terre"]) == "Feu, Eau et Terre"
    assert FRENCH.join(["A", "B", "C"], "or") == "A, B ou C"
    # French counts 0 and 1 as one: its Plural-Forms, not English's.
    assert [FRENCH.ngettext("{n} tile", "{n} tiles", n) for n in (0, 1, 2)] == \
        ["{n} tuile", "{n} tuile", "{n} tuiles"]
    # A pair kept in a table (N_), each form a message of its own.
    assert FRENCH.ngettext("seals {n} tile", "seals {n} tiles", 0) == "scelle {n} tuile"
    assert FRENCH.ngettext("seals {n} tile", "seals {n} tiles", 3) == "scelle {n} tuiles"
    assert FRENCH.number(1234.5, 1) == "1\u00a0234,5"
    assert FRENCH("once") == "une fois" and FRENCH("twice") == "twice"  # untranslated: as is
    assert FRENCH.has("once") and not FRENCH.has("twice")
    assert repr(FRENCH) == "Words(language='fr', digest='test')"


def test_the_french_catalogue_is_read_with_its_plural_rule():
    assert "fr" in catalogue_languages()
    french = words_for("fr")
    assert french.language == "fr" and french.digest
    assert french.plural_rule.replace(" ", "") in ("(n>1)", "n>1")
    assert french("{head} and {last}") == "{head} et {last}"
    assert words_for("en") is SOURCE_WORDS


@pytest.mark.slow
def test_every_catalogue_is_in_step_with_the_code_and_translated():
    """`python tools/catalogue.py --check`: every message the code and the templates use
    is in each catalogue, translated, and none is left over."""
    result = subprocess.run([sys.executable, "tools/catalogue.py", "--check"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_language_with_a_region_finds_its_catalogue_in_gettext_s_folder(tmp_path,
                                                                          monkeypatch):
    """game.yaml names languages as BCP 47 tags (pt-BR); gettext's folders and Babel's
    locales use an underscore (pt_BR): the catalogue is found and read, not a crash."""
    import shutil

    import generator.load.catalogue as catalogue

    french = words_for("fr")
    folder = tmp_path / "pt_BR" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(catalogue.catalogue_path("fr"), folder / "tkg.po")
    monkeypatch.setattr(catalogue, "LOCALE_DIR", tmp_path)
    assert catalogue.catalogue_path("pt-BR") == folder / "tkg.po"
    words = words_for("pt-BR")
    assert words.language == "pt-BR" and words.digest == french.digest != ""
    assert words.gettext("50 mm") == french.gettext("50 mm")
    cover = "160–220 g/m² (60–80 lb cover)"
    assert words.gettext(cover) == french.gettext(cover) != cover
    assert "pt-BR" in catalogue_languages()


def test_a_catalogue_read_once_is_kept_and_a_damaged_copy_is_read_again(tmp_path,
                                                                        monkeypatch):
    """What Babel read of a .po is kept in the user's cache (a second language's build
    does not parse it again): the same words from the kept copy as from the file, and a
    kept copy that is damaged is read afresh, never trusted."""
    import generator.load.catalogue as catalogue

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    catalogue._read.cache_clear()
    parsed = catalogue._parsed(catalogue.catalogue_path("fr"), "fr")
    first = words_for("fr")
    [kept] = (tmp_path / "tkg" / "catalogues").glob("*.json")
    catalogue._read.cache_clear()
    monkeypatch.setattr(catalogue, "_parsed", lambda *args: pytest.fail("parsed again"))
    again = words_for("fr")
    assert again.messages == first.messages == parsed.messages
    assert again.plural_rule == parsed.plural_rule == "(n > 1)" and again == first
    assert again.ngettext("{n} tile", "{n} tiles", 0) == first.ngettext("{n} tile",
                                                                      "{n} tiles", 0)
    monkeypatch.setattr(catalogue, "_parsed", lambda *args: parsed)
    for damaged in ('{"format": 1, "plural": "(n > 1)", "messages": [["a", "b"]',
                    '{"format": 1, "plural": "(n > 1)", "messages": [["a", 5]]}',
                    '{"format": 1, "plural": null, "messages": []}', "[]"):
        kept.write_text(damaged)
        catalogue._read.cache_clear()
        assert words_for("fr").messages == parsed.messages, damaged
    catalogue._read.cache_clear()
