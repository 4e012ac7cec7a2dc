"""Load content/tiles.yaml, content/game.yaml (and content/pieces.yaml) into the frozen model.

Every problem in the files becomes a diagnostic; loading never raises for bad input.
The game's own rules (connectivity, costs, supply) are checked later, in `checks`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from generator.core.diagnostics import Diagnostic, diagnostic
from generator.core.model import Balance, Element, Game, Location, Oink, Rule, Rules, Tile, TokenSet
from generator.core.nearest import nearest_first
from generator.core.paths import display_path
from generator.load import content_schema as S
from generator.load.catalogue import words_for
from generator.load.files import ART_SUFFIXES, FONT_SUFFIXES, content_file
from generator.load.layers import extends_of, merged
from generator.load.pieces import load_pieces
from generator.load.rules import rules_from_sections
from generator.load.schema import COLOUR, Field, read_map
from generator.load.translations import LANGUAGE, read_translation
from generator.load.yamlsource import Source, YList, YMap, load_yaml

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
MAX_ID = 64  # an id names output files: long enough for any name, short for any disk


@dataclass(frozen=True)
class Loaded:
    """What loading produced: the game (None if unusable) and every problem found."""

    game: Game | None
    diagnostics: tuple[Diagnostic, ...]
    # Entries under tiles: and elements:, sound or not, for the summary line (None: the
    # tiles file could not be read).
    tiles_read: int | None = 0
    elements_read: int | None = 0

    @property
    def ok(self) -> bool:
        """True when no diagnostic is an error."""
        return not any(d.is_error for d in self.diagnostics)


class _Reader:
    """Walks both files once, collecting diagnostics as it goes."""

    def __init__(self, roots: tuple[Path, ...]):
        self.root = roots  # the content folder, then the one it extends
        self.diagnostics: list[Diagnostic] = []

    def fields(self, value: object, where: Location, fields: tuple[Field, ...],
               what: str) -> dict | None:
        return read_map(value, where, fields, what, self.diagnostics)

    def items(self, data: dict, key: str) -> list[tuple[object, Location]]:
        value = data.get(key)
        if not isinstance(value, YList):
            return []
        return [(item, value.where(i)) for i, item in enumerate(value)]

    def slug(self, value: str, where: Location, what: str) -> bool:
        if SLUG.match(value) and len(value) <= MAX_ID:
            return True
        shown = value if len(value) <= 40 else value[:37] + "..."
        why = "is not a slug" if SLUG.match(value) is None else f"is longer than {MAX_ID} " \
            "characters"
        self.diagnostics.append(diagnostic("TKG112", where, f"{what} {shown!r} {why}"))
        return False

    def duplicate(self, code: str, seen: dict[str, Location], key: str, where: Location,
                  what: str) -> bool:
        if key in seen:
            self.diagnostics.append(diagnostic(
                code, where, f"{what} {key!r} is used again (first at line {seen[key].line})"))
            return True
        seen[key] = where
        return False


def _elements(r: _Reader, data: dict) -> tuple[tuple[Element, ...], set[str]]:
    """The sound elements, and every id declared (so one broken element does not
    make every tile that names it an error too)."""
    result: list[Element] = []
    seen: dict[str, Location] = {}
    for item, where in r.items(data, "elements"):
        f = r.fields(item, where, S.ELEMENT, "element")
        needed = {"id", "name", "colour", "symbol"}
        # fields come only from a mapping, so `item` is a YMap whenever `f` is sound
        if not f or not isinstance(item, YMap) or not needed <= f.keys():
            if f and isinstance(f.get("id"), str):
                seen.setdefault(f["id"], where)
            continue
        where_id = item.where("id")
        if not r.slug(f["id"], where_id, "element id") or r.duplicate(
                "TKG111", seen, f["id"], where_id, "element id"):
            continue
        if not COLOUR.match(f["colour"]):
            r.diagnostics.append(diagnostic(
                "TKG108", item.where("colour"), f"colour {f['colour']!r} is not #rrggbb"))
            continue
        symbol = None
        if f.get("symbol_file") is not None:
            symbol = content_file(r.root, f["symbol_file"], item.where("symbol_file"),
                                  (".svg",), r.diagnostics)
        result.append(Element(f["id"], f["name"], f["colour"].upper(), f["symbol"], symbol, where,
                              item.where("symbol_file"), item.where("name")))
    return tuple(result), set(seen)


def _insignias(r: _Reader, item: YMap, elements: set[str]) -> tuple[str, ...] | None:
    listing = item["insignias"]
    if not isinstance(listing, YList):  # never: read_map passes only a list of text
        return None
    found: list[str] = []
    ok = True
    for i, element in enumerate(listing):
        if isinstance(element, str) and element in elements:
            found.append(element)
        else:
            r.diagnostics.append(diagnostic(
                "TKG107", listing.where(i), f"unknown element {element!r}",
                _elements_hint(str(element), elements)))
            ok = False
    return tuple(found) if ok else None


def _elements_hint(written: str, elements: set[str]) -> str:
    """The known element nearest one that is not ("did you mean 'fire'?"), and them all."""
    known = sorted(elements)
    return nearest_first(written, known, f"known elements: {', '.join(known)}")


TILE_TEXTS = ("name", "flavour")  # the words of a tile, each told where it is written


def _tiles(r: _Reader, data: dict, top: YMap, elements: set[str]) -> tuple[list[Tile], bool]:
    tiles: list[Tile] = []
    ids: dict[str, Location] = {}
    names: dict[str, Location] = {}
    complete = True
    for number, (item, where) in enumerate(r.items(data, "tiles"), start=1):
        f = r.fields(item, where, S.TILE, "tile")
        if not f or not isinstance(item, YMap) or not {"id", "name", "insignias"} <= f.keys():
            complete = False
            continue
        bad_id = not r.slug(f["id"], item.where("id"), "tile id")
        bad_id = r.duplicate("TKG105", ids, f["id"], item.where("id"), "tile id") or bad_id
        bad_name = r.duplicate("TKG106", names, f["name"].strip().casefold(),
                               item.where("name"), "tile name")
        insignias = _insignias(r, item, elements)
        art = None
        if f.get("art") is not None:
            art = content_file(r.root, f["art"], item.where("art"), ART_SUFFIXES, r.diagnostics)
        if bad_id or bad_name or insignias is None:
            complete = False
            continue
        tiles.append(Tile(f["id"], f["name"], insignias, number, f.get("flavour", ""), art, where,
                          item.where("art"), f.get("copies", 1),
                          tuple((key, item.where(key)) for key in TILE_TEXTS if key in f),
                          item.where("insignias")))
    return tiles, complete


def _oinks(r: _Reader, data: dict, top: YMap, elements: set[str]) -> tuple[Oink, ...]:
    result = []
    for item, where in r.items(data, "oinks"):
        f = r.fields(item, where, S.OINK, "oink")
        if not f or not isinstance(item, YMap) or not {"element", "name"} <= f.keys():
            continue
        if f["element"] not in elements:
            r.diagnostics.append(diagnostic(
                "TKG107", item.where("element"), f"unknown element {f['element']!r}",
                _elements_hint(str(f["element"]), elements)))
            continue
        result.append(Oink(f["element"], f["name"], where, item.where("name")))
    return tuple(result)


def _fonts(r: _Reader, data: dict, top: YMap) -> dict:
    """The fonts by role, and where each is named."""
    if "fonts" not in data:
        return {"fonts": (), "font_where": ()}  # already reported missing
    f = r.fields(data["fonts"], top.where("fonts"), S.FONTS, "fonts") or {}
    fonts, where = [], []
    for role, raw in f.items():
        at = data["fonts"].where(role)
        path = content_file(r.root, raw, at, FONT_SUFFIXES, r.diagnostics)
        if path:
            fonts.append((role, path))
            where.append((role, at))
    return {"fonts": tuple(fonts), "font_where": tuple(where)}


def _rules(r: _Reader, data: dict, top: YMap) -> Rules | None:
    rules_map = data.get("rules")
    top_fields = r.fields(rules_map, top.where("rules"), S.RULES_TOP, "rules")
    if top_fields is None or not isinstance(rules_map, YMap):  # fields mean a mapping
        return None
    sections: list[Rule] = []
    complete = True
    for name, fields in S.RULE_SECTIONS.items():
        values: dict[str, object] | None
        if top_fields.get(name) is None and name in S.OPTIONAL:
            # Left out: every key its default, and the draft the schema gives it.
            values = {f.name: f.default for f in fields} | {"draft": S.OPTIONAL[name]}
        elif name not in top_fields:
            complete = False
            continue
        else:
            values = r.fields(top_fields[name], rules_map.where(name), fields,
                              f"rules.{name}")
        if values is None or len(values) < len(fields):
            complete = False
            continue
        draft = bool(values.pop("draft"))
        frozen = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in values.items())
        written = top_fields.get(name)
        places = tuple((key, written.where(key)) for key, _ in frozen
                       if key in written) if isinstance(written, YMap) else ()
        sections.append(Rule(name, frozen, draft, rules_map.where(name), places))
    if not complete:
        return None
    return rules_from_sections(tuple(sections), r.diagnostics)


def _balance(r: _Reader, data: dict, top: YMap) -> Balance:
    if data.get("balance") is None:
        return Balance()
    f = r.fields(data["balance"], top.where("balance"), S.BALANCE, "balance") or {}
    return Balance(**{k: v for k, v in f.items() if v is not None})


def load_content(content_dir: Path, languages: tuple[str, ...] | None = None) -> Loaded:
    """Read and check the shape of both content files; build the model if they are sound.

    A game.yaml with `extends:` builds on another content folder: the files this one
    lacks are that folder's, and its game.yaml is read under this one's (key by key).
    The translations read are those of `languages` (None: every language the game
    lists), so a command asked for English alone is not stopped by a French file."""
    game_src = _yaml(content_dir / S.GAME_FILE)
    told: list[Diagnostic] = []
    layers = extends_of(game_src.data, content_dir, told)
    r = _Reader(layers.folders)
    r.diagnostics += told
    tiles_src = _yaml(layers.find(S.TILES_FILE))
    if layers.base is not None and (layers.base / S.GAME_FILE).is_file():
        base_src = _yaml(layers.base / S.GAME_FILE)
        r.diagnostics += base_src.diagnostics
        game_src.data = merged(base_src.data, game_src.data)
    r.diagnostics.extend(tiles_src.diagnostics + game_src.diagnostics)
    parts = _tiles_file(r, tiles_src)
    rules_parts = _game_file(r, game_src)
    pieces, problems = load_pieces(layers, *((parts["elements"], parts["oinks"])
                                                  if parts else ((), ())))
    titled = None
    if parts is not None and rules_parts is not None:
        given = _given(tiles_src.data) | _given(game_src.data)
        titled = _titled(parts, rules_parts, given, Location(game_src.display, 1, 1),
                         r.diagnostics)
    found = tuple(r.diagnostics + problems)
    game = None
    if titled is not None and not any(d.is_error for d in found):
        assert parts is not None and rules_parts is not None
        game = Game(**parts, **rules_parts, **titled, content_dir=content_dir,
                    base_dir=layers.base, pieces=pieces)
        game, told = _translated(game, languages)
        found += tuple(told)
        if any(d.is_error for d in told):
            game = None
    return Loaded(game, found, _count(tiles_src.data, "tiles"), _count(tiles_src.data, "elements"))


def _translated(game: Game, languages: tuple[str, ...] | None
                ) -> tuple[Game, list[Diagnostic]]:
    """The game with its other languages' translations read (their files' problems),
    those of `languages` (None: all)."""
    translations, found = [], []
    for language in game.languages[1:]:
        if languages is not None and language not in languages:
            continue
        translation, problems = read_translation(game.content_dirs, language)
        translations.append(translation)
        found += problems
    return replace(game, translations=tuple(translations),
                   words=words_for(game.languages[0])), found


def _yaml(path: Path) -> Source:
    return load_yaml(path, display_path(path))


def _count(data: object, key: str) -> int | None:
    """The entries of a list under `key` (None: the file is no mapping, or unread)."""
    if not isinstance(data, dict):
        return None
    items = data.get(key)
    return len(items) if isinstance(items, list) else 0


def _tiles_file(r: _Reader, src: Source) -> dict | None:
    if src.data is None:
        return None
    where = Location(src.display, 1, 1)
    data = r.fields(src.data, where, S.TILES_TOP, "tiles.yaml")
    top = src.data
    if data is None or not isinstance(top, YMap):  # fields mean a mapping
        return None
    info = None
    if "game" in data:
        info = r.fields(data["game"], top.where("game"), S.GAME_INFO, "game")
    elements, ids = _elements(r, data)
    tiles, _ = _tiles(r, data, top, ids)
    oinks = _oinks(r, data, top, ids)
    tokens = None
    if "tokens" in data:
        t = r.fields(data["tokens"], top.where("tokens"), S.TOKENS, "tokens")
        if t and "per_element" in t:
            tokens = TokenSet(tuple((e.id, t["per_element"]) for e in elements),
                              top.where("tokens"))
    if not info or "tile_count" not in info or tokens is None:
        return None
    return {"title": info.get("title"), "version": info.get("version"),
            "title_where": _title_where(data.get("game")),
            "tile_count": info["tile_count"], "elements": elements, "tiles": tuple(tiles),
            "tokens": tokens, "oinks": oinks}


def _title_where(game: object) -> Location | None:
    """Where a file's `game:` mapping writes the title (None: it does not)."""
    return game.where("title") if isinstance(game, YMap) and "title" in game else None


def _game_file(r: _Reader, src: Source) -> dict | None:
    if src.data is None:
        return None
    data = r.fields(src.data, Location(src.display, 1, 1), S.GAME_TOP, "game.yaml")
    top = src.data
    if data is None or not isinstance(top, YMap):  # fields mean a mapping
        return None
    rules = _rules(r, data, top)
    balance = _balance(r, data, top)
    fonts = _fonts(r, data, top)
    info = {}
    if data.get("game") is not None:
        info = r.fields(data["game"], top.where("game"), S.GAME_ABOUT, "game") or {}
    if rules is None:
        return None
    return {"rules": rules, "balance": balance, **fonts, "title": info.get("title"),
            "title_where": _title_where(data.get("game")),
            "version": info.get("version"),
            **{key: info[key] for key in ("age", "designer") if key in info},
            **_languages(r, info, data.get("game"))}


def _languages(r: _Reader, info: dict, game: object) -> dict:
    """The game's languages (source first), each a language code named once."""
    listed = info.get("languages")
    if not listed:
        return {}
    where = game.where("languages") if isinstance(game, YMap) else Location("game.yaml", 1, 1)
    bad = [code for code in listed if not LANGUAGE.match(code)]
    if bad or len(set(listed)) != len(listed):
        r.diagnostics.append(diagnostic(
            "TKG103", where, f"languages: {', '.join(map(str, listed))} should be language "
            "codes (en, fr, pt-BR), each once, the source language first"))
        return {}
    return {"languages": tuple(listed), "languages_where": where}


def _given(data: object) -> set[str]:
    """The keys a file's `game:` mapping has (a broken value is told where it is)."""
    game = data.get("game") if isinstance(data, YMap) else None
    return set(game) if isinstance(game, YMap) else set()


def _titled(parts: dict, rules_parts: dict, given: set[str], where: Location,
            diagnostics: list[Diagnostic]) -> dict | None:
    """The game's title and version: game.yaml's, else tiles.yaml's (older content)."""
    found = {}
    # The title's place, from the file the title comes from.
    wheres = rules_parts.pop("title_where"), parts.pop("title_where")
    title_where = wheres[0] if rules_parts["title"] else wheres[1]
    for key in ("title", "version"):
        found[key] = rules_parts.pop(key) or parts.pop(key)
        parts.pop(key, None)
        if found[key] is None and key not in given:
            diagnostics.append(diagnostic("TKG102", where, f"the game has no {key}: add "
                                          f"game: {{{key}: ...}} to game.yaml"))
    if any(v is None for v in found.values()):
        return None
    return {**found, "title_where": title_where or where}
