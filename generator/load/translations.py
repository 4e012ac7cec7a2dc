"""The content's texts in the game's other languages: `content/lang/<language>.yaml`.

game.yaml lists the game's languages (`game.languages`, the first is the source). Each
other language has one file that names every text it translates by the key of the
source text: `tiles.<id>.name`, `tiles.<id>.flavour`, `elements.<id>`, `oinks.<element>`,
`game.title`, `pieces.<kind>.name`/`.about`/`.items.<id>.<field>`, and the layouts'
texts under `layout:` by their source words. A language file may also give fonts by role
for the letters its language needs (`fonts:`). A text left out prints in the source
language; validation warns about it where the source text is written (TKG310), and about
a translation whose source text is gone where the translation is written (TKG311).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import NOWHERE, Game, Item, Location, PieceKind, known
from generator.core.nearest import nearest
from generator.core.paths import display_path
from generator.core.words import SOURCE_LANGUAGE
from generator.load.catalogue import words_for
from generator.load.content_schema import FONTS, GAME_FILE
from generator.load.files import FONT_SUFFIXES, content_file
from generator.load.layers import content_layers
from generator.load.pieces import default_about
from generator.load.yamlsource import YMap, load_yaml

LANG_DIR = "lang"  # under the content folder
LANGUAGE = re.compile(r"^[a-z]{2,3}(-[A-Z]{2})?$")
SECTIONS = ("language", "name", "fonts", "game", "elements", "oinks", "tiles", "pieces",
            "layout")
LAYOUT = "layout."  # the prefix of a layout text's key: "layout.<its source words>"
# Placeholders of a format ({name}, {rules.oink.capacity}): kept as they are.
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
FONT_PLACE = "fonts."  # a language's font is placed, like its texts, by a key: fonts.title


@dataclass(frozen=True)
class Translation:
    """One language's translations of the content's texts, each by its key."""

    language: str
    name: str  # the language's own name ("Français"), for menus
    texts: tuple[tuple[str, str], ...] = ()
    fonts: tuple[tuple[str, Path], ...] = ()  # roles whose font this language replaces
    path: str = ""  # the file, as diagnostics show it
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)
    written: bool = field(default=True, repr=False, compare=False)  # False: no file yet

    @property
    def label(self) -> str:
        """The language as messages name it: "Français (fr)", or its code alone when its
        file does not give its name."""
        return self.language if self.name == self.language else \
            f"{self.name} ({self.language})"

    @cached_property
    def _texts(self) -> dict[str, str]:
        return dict(self.texts)

    @cached_property
    def _places(self) -> dict[str, Location]:
        return dict(self.places)

    def text(self, key: str, source: str) -> str:
        """The translation of the text at `key`, or `source` if there is none."""
        return self._texts.get(key, source)

    def has(self, key: str) -> bool:
        """Whether the language translates the text at `key`."""
        return key in self._texts

    def where(self, key: str) -> Location:
        """Where the translation of `key` is written."""
        return self._places.get(key, Location(self.path, 1, 1))


def listed_languages(content_dir: Path) -> tuple[str, ...] | None:
    """The languages game.yaml lists (the game's own, else the one it extends), read
    quickly for `--lang`: the source language alone when none are listed, None when
    game.yaml cannot be read (validation will say why)."""
    for folder in content_layers(content_dir).folders:
        source = load_yaml(folder / GAME_FILE)
        if not isinstance(source.data, YMap):
            return None if folder == content_dir else (SOURCE_LANGUAGE,)
        game = source.data.get("game")
        listed = game.get("languages") if isinstance(game, YMap) else None
        if isinstance(listed, list) and all(isinstance(code, str) for code in listed):
            return tuple(listed)
    return (SOURCE_LANGUAGE,)


def lang_file(content_dirs: tuple[Path, ...], language: str) -> Path:
    """A language's file: the game's own, else the one of the folder it extends."""
    for folder in content_dirs:
        path = folder / LANG_DIR / f"{language}.yaml"
        if path.is_file():
            return path
    return content_dirs[0] / LANG_DIR / f"{language}.yaml"


def read_translation(content_dirs: tuple[Path, ...], language: str
                     ) -> tuple[Translation, list[Diagnostic]]:
    """A language's translations and the problems of its file (a missing file is
    no problem here: every text of it is missing, and validation says so)."""
    path = lang_file(content_dirs, language)
    display = display_path(path)
    if not path.is_file():
        return Translation(language, language, path=display, written=False), []
    source = load_yaml(path, display)
    found = list(source.diagnostics)
    top = source.data
    if not isinstance(top, YMap):
        if source.data is not None:
            found.append(diagnostic("TKG103", Location(display, 1, 1),
                                    "a language file is a mapping of sections"))
        return Translation(language, language, path=display), found
    texts: dict[str, str] = {}
    places: dict[str, Location] = {}
    for section in top:
        if section not in SECTIONS:
            found.append(diagnostic("TKG101", top.key_where(section),
                                    f"unknown section {section!r} in a language file",
                                    f"known: {', '.join(SECTIONS)}"))
        elif section == "layout":
            _flat(top[section], top.where(section), LAYOUT, texts, places, found, flat=True)
        elif section not in ("language", "name", "fonts"):
            _flat(top[section], top.where(section), f"{section}.", texts, places, found)
    named = top.get("language", language)
    if named != language:
        found.append(diagnostic("TKG103", top.where("language"),
                                f"this file is for the language {language!r} (its name "
                                f"says so) but says language: {named!r}"))
    fonts = _fonts(top, content_dirs, found, places)
    name = top.get("name", language)
    if not isinstance(name, str) or not name.strip():
        found.append(diagnostic("TKG103", top.where("name"), "name: should be the language's "
                                "own name, as its readers write it (e.g. Français)"))
        name = language
    return Translation(language, str(name), tuple(texts.items()), fonts, display,
                       tuple(places.items())), found


def _flat(value: object, where: Location, prefix: str, texts: dict[str, str],
          places: dict[str, Location], found: list[Diagnostic], flat: bool = False) -> None:
    """Every text under a mapping, by its dotted key (a layout's by its words alone)."""
    if isinstance(value, str):
        key = prefix if flat else prefix.rstrip(".")  # a layout's words keep their stop
        if key in texts:  # once dotted (tidewell.name:) and once nested (tidewell: name:)
            first = places[key]
            found.append(diagnostic("TKG006", where, f"{key} is translated twice (first at "
                                    f"line {first.line})", "keep one of them"))
            return
        texts[key] = value
        places[key] = where
        return
    if not isinstance(value, YMap):
        found.append(diagnostic("TKG103", where, f"{prefix.rstrip('.')} should be text or "
                                "a mapping of keys to texts"))
        return
    for key, inner in value.items():
        if flat and not isinstance(inner, str):
            found.append(diagnostic("TKG103", value.where(key),
                                    "a layout text's translation should be text"))
            continue
        _flat(inner, value.where(key), f"{prefix}{key}" if flat else f"{prefix}{key}.",
              texts, places, found, flat)


def _fonts(top: YMap, content_dirs: tuple[Path, ...], found: list[Diagnostic],
           places: dict[str, Location]) -> tuple[tuple[str, Path], ...]:
    """The fonts the language gives by role (each placed, as its texts are, under
    `fonts.<role>`); what is wrong with them told in `found`."""
    fonts = top.get("fonts")
    if fonts is None:
        return ()
    if not isinstance(fonts, YMap):
        found.append(diagnostic("TKG103", top.where("fonts"),
                                "fonts: should map a role to a font file"))
        return ()
    roles = [field.name for field in FONTS]
    chosen = []
    for role, name in fonts.items():
        if role not in roles:
            found.append(diagnostic("TKG101", fonts.key_where(role),
                                    f"unknown font role {role!r}",
                                    f"the roles (game.yaml fonts:): {', '.join(roles)}"))
        elif not isinstance(name, str):
            found.append(diagnostic("TKG103", fonts.where(role), f"fonts: {role}: should "
                                    "name a .ttf, .otf, .woff or .woff2 file"))
        elif (path := content_file(content_dirs, name, fonts.where(role),
                                   FONT_SUFFIXES, found)) is not None:
            chosen.append((role, path))
            places[f"{FONT_PLACE}{role}"] = fonts.where(role)
    return tuple(chosen)


def source_texts(game: Game) -> dict[str, tuple[str, Location]]:
    """Every content text a player reads, by its key: its words and where they are."""
    found: dict[str, tuple[str, Location]] = {}
    found["game.title"] = (game.title, game.title_where)
    for element in game.elements:
        found[f"elements.{element.id}"] = (element.name, known(element.name_where,
                                                                element.where))
    for oink in game.oinks:
        found[f"oinks.{oink.element}"] = (oink.name, known(oink.name_where, oink.where))
    for tile in game.tiles:
        found[f"tiles.{tile.id}.name"] = (tile.name, tile.place("name"))
        if tile.flavour:
            found[f"tiles.{tile.id}.flavour"] = (tile.flavour, tile.place("flavour"))
    for kind in game.pieces:
        found[f"pieces.{kind.name}.name"] = (kind.title, kind.where)
        if kind.about_where != NOWHERE:  # (else tkg's own line, its catalogue's)
            found[f"pieces.{kind.name}.about"] = (kind.about, kind.about_where)
        for item in kind.items:
            for name, value in item.fields:
                if printed(value) and value not in game.element_ids \
                        and not _named_elsewhere(game, item, name):
                    found[f"pieces.{kind.name}.items.{item.id}.{name}"] = (
                        str(value), item.place(name))
    return {k: v for k, v in found.items() if printed(v[0])}


def printed(value: object) -> bool:
    """Whether a value is words to translate: text with a word besides its placeholders
    (a lone letter, the v of "v{game.version}", is no word)."""
    return isinstance(value, str) and \
        sum(c.isalpha() for c in PLACEHOLDER.sub("", value)) > 1


def _named_elsewhere(game: Game, item: Item, name: str) -> bool:
    """An Oink's or element's name that an item of `each:` carries (translated as the
    Oink's or the element's)."""
    if name != "name":
        return False
    value = item.value(name)
    return any(o.element == item.id and o.name == value for o in game.oinks) or \
        any(e.id == item.id and e.name == value for e in game.elements)


def translated_game(game: Game, translation: Translation) -> Game:
    """The game with its texts in the translation's language (a text without a
    translation stays as it is) and the language's catalogue and fonts."""
    text = translation.text
    elements = tuple(replace(e, name=text(f"elements.{e.id}", e.name),
                             name_where=_written(translation, f"elements.{e.id}", e.name_where))
                     for e in game.elements)
    oinks = tuple(replace(o, name=text(f"oinks.{o.element}", o.name),
                          name_where=_written(translation, f"oinks.{o.element}", o.name_where))
                  for o in game.oinks)
    tiles = tuple(replace(t, name=text(f"tiles.{t.id}.name", t.name),
                          flavour=text(f"tiles.{t.id}.flavour", t.flavour),
                          places=_places(translation, f"tiles.{t.id}.", t.places))
                  for t in game.tiles)
    names = {**{e.name: n.name for e, n in zip(game.elements, elements, strict=True)},
             **{o.name: n.name for o, n in zip(game.oinks, oinks, strict=True)}}
    fonts = dict(game.fonts) | dict(translation.fonts)
    font_where = dict(game.font_where) | {role: translation.where(f"{FONT_PLACE}{role}")
                                          for role, _ in translation.fonts}
    return replace(game, title=text("game.title", game.title), elements=elements,
                   oinks=oinks, tiles=tiles, words=words_for(translation.language),
                   fonts=tuple(fonts.items()), font_where=tuple(font_where.items()),
                   pieces=tuple(_kind(k, translation, names) for k in game.pieces))


def _places(translation: Translation, prefix: str,
            places: tuple[tuple[str, Location], ...]) -> tuple[tuple[str, Location], ...]:
    """Where each field is written: the translation's line for a translated one (what
    its words cause is told there), the source's for the rest."""
    return tuple((name, _written(translation, prefix + name, where)) for name, where in places)


def _written(translation: Translation, key: str, source: Location) -> Location:
    """Where the text at `key` is written: the translation's line if it translates it."""
    return translation.where(key) if translation.has(key) else source


def _kind(kind: PieceKind, translation: Translation, names: dict[str, str]) -> PieceKind:
    key = f"pieces.{kind.name}"
    items = tuple(replace(item, fields=tuple(
        (name, _field(translation, f"{key}.items.{item.id}.{name}", name, value, names))
        for name, value in item.fields),
        places=_places(translation, f"{key}.items.{item.id}.", item.places))
        for item in kind.items)
    about = translation.text(f"{key}.about", kind.about) if kind.about_where != NOWHERE \
        else default_about(kind.count, words_for(translation.language))
    return replace(kind, title=translation.text(f"{key}.name", kind.title), about=about,
                   items=items)


def _field(translation: Translation, key: str, name: str, value: object,
           names: dict[str, str]) -> object:
    if not isinstance(value, str):
        return value
    if name == "name" and value in names:
        return names[value]
    return translation.text(key, value)


def missing_and_stale(game: Game, translation: Translation,
                      layout_texts: dict[str, Location], every_layout: bool = True
                      ) -> list[Diagnostic]:
    """TKG310 for each text the language lacks (where the source text is), TKG311 for
    each translation of a text that is gone (where the translation is), TKG312 for a
    translation that drops or adds a placeholder. Without `every_layout` (a layout did
    not load: `layout_texts` are some of its texts), no layout text counts as gone."""
    wanted = {k: v for k, v in source_texts(game).items()}
    wanted |= {f"{LAYOUT}{words}": (words, where) for words, where in layout_texts.items()}
    label = translation.label
    found = _each_missing(translation, wanted) if translation.written else \
        [_unwritten(game, translation, len(wanted))]
    if not words_for(translation.language).digest:
        found.append(diagnostic(
            "TKG310", Location(translation.path, 1, 1) if translation.written else _listed(game),
            f"tkg's own words (the cover's, the labels', the figures') have no {label} "
            "catalogue: they print in the source language",
            f"add one: generator/locale/{translation.language}/LC_MESSAGES/tkg.po, made and "
            "kept in step by python tools/catalogue.py"))
    lacking = [k for k in wanted if not translation.has(k)]
    for key, _ in translation.texts:
        if key not in wanted and (every_layout or not key.startswith(LAYOUT)):
            found.append(_stale(translation, key, lacking))
    return found


def _stale(translation: Translation, key: str, lacking: list[str]) -> Diagnostic:
    """TKG311 for a key the game has no text at: a misspelling of one the translation
    lacks (one part of it written near that key's), or a text that is gone."""
    near = None if key.startswith(LAYOUT) else nearest(key, [
        k for k in lacking if _one_part_near(key.split("."), k.split("."))])
    if near is not None:
        return diagnostic("TKG311", translation.where(key), f"{translation.path} translates "
                          f"{key}, which the game does not have",
                          f"did you mean {near}, which it does not translate?")
    return diagnostic("TKG311", translation.where(key), f"{translation.path} translates "
                      f"{_what(key)}, which the game no longer has",
                      "remove it, or move it to the text's new key")


def _one_part_near(parts: list[str], others: list[str]) -> bool:
    """Whether two keys differ in one part only, written near each other's."""
    if len(parts) != len(others):
        return False
    differ = [(a, b) for a, b in zip(parts, others, strict=True) if a != b]
    if len(differ) != 1:
        return False
    mine, theirs = differ[0]
    return nearest(mine, [theirs]) is not None


def _each_missing(translation: Translation, wanted: dict[str, tuple[str, Location]]
                  ) -> list[Diagnostic]:
    """TKG310 for each text the language's file lacks, TKG312 for each translation whose
    placeholders are not its text's."""
    found = []
    for key, (words, where) in wanted.items():
        if not translation.has(key):
            found.append(diagnostic(
                "TKG310", where, f"{_what(key)} {words!r} has no {translation.label} "
                "translation", f"add it to {translation.path} as {_as_yaml(key)}"))
            continue
        theirs = translation.text(key, words)
        if sorted(PLACEHOLDER.findall(words)) != sorted(PLACEHOLDER.findall(theirs)):
            found.append(diagnostic(
                "TKG312", translation.where(key),
                f"the {translation.label} translation of {words!r} has the placeholders "
                f"{_placeholders(theirs)}, the text has {_placeholders(words)}"))
    return found


def _unwritten(game: Game, translation: Translation, texts: int) -> Diagnostic:
    """One TKG310 for a language listed before its file is written: told at the list,
    rather than once at each of the game's texts."""
    path, code = translation.path, translation.language
    return diagnostic(
        "TKG310", _listed(game),
        f"{translation.label} is one of the game's languages, but {path} does not exist: "
        f"all {texts} of its texts print in the source language ({game.languages[0]})",
        f"write {path}: language: {code}, name: the language's name for itself, then "
        f"the texts by key (tkg validate then lists each one left to translate); or take "
        f"{code} out of game.yaml's languages")


def _listed(game: Game) -> Location:
    """Where game.yaml lists the game's languages."""
    return known(game.languages_where, Location(GAME_FILE, 1, 1))


def _what(key: str) -> str:
    if key.startswith(LAYOUT):
        return "the layout text"
    return key


def _as_yaml(key: str) -> str:
    """Where a text goes in a language's file, as YAML nested as the file nests it:
    `tiles: {tidewell: {name: ...}}`."""
    if key.startswith(LAYOUT):
        return f"layout: {{{key[len(LAYOUT):]!r}: ...}}"
    head, *rest = key.split(".")
    return f"{head}: " + "".join(f"{{{part}: " for part in rest) + "..." + "}" * len(rest)


def _placeholders(text: str) -> str:
    found = PLACEHOLDER.findall(text)
    return ", ".join(found) if found else "none"
