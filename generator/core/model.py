"""The game's content as frozen data.

Everything downstream (checks, layout, render, rulebook, simulator) reads these
classes and nothing else. The module does no I/O and imports nothing of the
project, so any stage can depend on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from generator.core.words import SOURCE_LANGUAGE, SOURCE_WORDS, Words


@dataclass(frozen=True, order=True)
class Location:
    """Where a value came from: a file and a 1-based line and column."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


NOWHERE = Location("<content>", 0, 0)


def known(place: Location, fallback: Location) -> Location:
    """`place` when it is known (not NOWHERE), else `fallback`."""
    return place if place != NOWHERE else fallback


@dataclass(frozen=True)
class Element:
    """One of the four elements (fire, water, earth, air)."""

    id: str
    name: str
    colour: str  # "#rrggbb", chosen from a colour-blind-safe palette
    symbol: str  # name of the insignia silhouette, e.g. "flame"
    symbol_file: Path | None = None  # absolute path of the insignia SVG, if any
    where: Location = NOWHERE
    symbol_where: Location = NOWHERE  # where `symbol_file:` is written, for its diagnostics
    # Where its name is written (a language's file's line, for a translated game).
    name_where: Location = field(default=NOWHERE, repr=False, compare=False)


@dataclass(frozen=True)
class Tile:
    """A world tile: a face with 1-4 distinct insignias."""

    id: str
    name: str
    insignias: tuple[str, ...]
    number: int  # 1-based position in the content file, printed on the face
    flavour: str = ""
    art: Path | None = None  # absolute path of the art file, if any
    where: Location = NOWHERE
    art_where: Location = NOWHERE  # where `art:` is written, for the art's diagnostics
    copies: int = 1  # how many of it the set holds: each copy is a tile to the rules
    # Where its words (name, flavour) are written: in tiles.yaml, or in a language's file
    # for the translated game. Out of repr and equality, as an item's places are.
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)
    # Where `insignias:` is written, for the rules' findings about them.
    insignias_where: Location = field(default=NOWHERE, repr=False, compare=False)

    def place(self, name: str) -> Location:
        """Where the tile's field `name` is written (the tile itself if it is not)."""
        return dict(self.places).get(name, self.where)

    @property
    def cost(self) -> dict[str, int]:
        """Tokens needed to procure the tile face up: one per insignia."""
        counts: dict[str, int] = {}
        for element in self.insignias:
            counts[element] = counts.get(element, 0) + 1
        return counts

    @property
    def is_nexus(self) -> bool:
        """A nexus world bears every element (four insignias)."""
        return len(set(self.insignias)) >= 4

    def connects(self, other: Tile) -> bool:
        """Two tiles connect when they share at least one insignia."""
        return bool(set(self.insignias) & set(other.insignias))


@dataclass(frozen=True)
class TokenSet:
    """Life tokens in the bag: a count for each element id."""

    per_element: tuple[tuple[str, int], ...]
    where: Location = NOWHERE

    def count(self, element: str) -> int:
        """Tokens of one element (0 if the element has none)."""
        return dict(self.per_element).get(element, 0)

    @property
    def total(self) -> int:
        """All life tokens."""
        return sum(n for _, n in self.per_element)


@dataclass(frozen=True)
class Oink:
    """A player's marker, of one element."""

    element: str
    name: str
    where: Location = NOWHERE
    # Where its name is written (a language's file's line, for a translated game).
    name_where: Location = field(default=NOWHERE, repr=False, compare=False)


@dataclass(frozen=True)
class Item:
    """One design of a declared kind of piece: its id, how many are printed, its fields.

    A field's value is text, a number, true/false, or a tuple of texts and numbers.
    """

    id: str
    copies: int
    fields: tuple[tuple[str, object], ...]  # every field but id and copies, in file order
    # Where the item and each field (id and copies too) are written, for the diagnostics
    # of a look that reads them; left out of repr and equality: the drawings are keyed
    # on the item's repr, and moving a line changes no drawing.
    where: Location = field(default=NOWHERE, repr=False, compare=False)
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)

    def value(self, name: str) -> object:
        """The field `name` (id and copies included); KeyError if the item lacks it."""
        if name == "id":
            return self.id
        if name == "copies":
            return self.copies
        return dict(self.fields)[name]

    def place(self, name: str) -> Location:
        """Where field `name` is written (the item itself if it is not)."""
        return dict(self.places).get(name, self.where)


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece: its items and how the bundle's checklist names it. Its look is
    the layout's (`pieces:`). Declared in content/pieces.yaml, or one of the built-in
    kinds made from the content (`generator.load.builtin`: tiles, tokens, Oinks...)."""

    name: str  # the --only name, the manifest's kind, the look's key in the layout
    title: str  # the checklist's line, e.g. "World mats"
    about: str  # the checklist's detail: a format over {count}, {items} and the game
    items: tuple[Item, ...]
    bundle: bool = True  # its sheets are part of the print-and-play bundle
    where: Location = field(default=NOWHERE, repr=False, compare=False)  # as an item's
    # How its drawings are named: "<prefix>-<item id>" ("tile-ember-hollow"); empty: a
    # declared kind's "piece-<name>".
    prefix: str = ""
    # The SVG titles of a front and of a back, formats over the item's names; empty: a
    # declared kind's "<title>: <item id>".
    captions: tuple[str, str] | tuple[()] = ()
    about_where: Location = field(default=NOWHERE, repr=False, compare=False)

    @property
    def count(self) -> int:
        """Pieces printed: every item's copies."""
        return sum(item.copies for item in self.items)


@dataclass(frozen=True)
class Rule:
    """One rule section's numbers, and whether the designer still calls it a draft."""

    name: str
    values: tuple[tuple[str, object], ...]
    draft: bool = False
    where: Location = NOWHERE
    # Where each value is written, by its key (a left-out section has none).
    places: tuple[tuple[str, Location], ...] = field(default=(), repr=False, compare=False)

    def __getitem__(self, key: str) -> object:
        return dict(self.values)[key]

    def place(self, key: str) -> Location:
        """Where the value of `key` is written (the section's place when not known)."""
        return dict(self.places).get(key, self.where)

    def get(self, key: str, default: object = None) -> object:
        """A value of the section, or the default."""
        return dict(self.values).get(key, default)


@dataclass(frozen=True)
class Rules:
    """Every rule number the rulebook and the simulator use."""

    players_min: int = 2
    players_max: int = 4
    tiles_dealt: int = 3  # tiles each player is dealt at setup; keeps one
    starting_tokens: int = 3  # tokens each player draws at setup
    trade_zone_start: int = 3  # tokens of each element in the trade zone at setup
    oink_capacity: int = 6
    draw_count: int = 3
    trade_give: int = 2
    trade_get: int = 1
    blind_cost: int = 2
    grid_rows: int = 3
    grid_columns: int = 3
    end_tiles: int = 9
    face_up_spaces: tuple[str, ...] = ("A", "B", "C", "D")
    blind_space: str = "O"
    score_match: int = 2  # an insignia of the Oink's element on a sealed tile
    score_other: int = 1  # any other insignia on a sealed tile
    score_unsealed: int = 0  # an insignia on an unsealed tile
    turn_cap: int = 400  # the simulator calls a game stalled after this many turns
    backstop_rounds: int = 50  # rules.backstop.rounds: after this many rounds a game ends
    # The actions a turn offers (rules.turn.actions; "procure" is face up and blind).
    actions: tuple[str, ...] = ("draw", "trade", "procure", "move", "refresh", "seal")
    trade_back: bool = False  # rules.trade_back.allowed: one trade may take what it gives
    seal_tokens: str = "on_tile"  # rules.seal.tokens: where a seal's payment goes
    drafts: tuple[str, ...] = ()  # names of rule sections still flagged draft
    sections: tuple[Rule, ...] = ()

    @property
    def is_draft(self) -> bool:
        """True while any rule section is still a draft (a playtest edition)."""
        return bool(self.drafts)

    @property
    def space_row(self) -> tuple[str, ...]:
        """The spaces as laid out on the table: the face-up ones with the blind stack in
        the middle (A B O C D)."""
        half = len(self.face_up_spaces) // 2
        return (*self.face_up_spaces[:half], self.blind_space, *self.face_up_spaces[half:])

    @property
    def world_size(self) -> int:
        """Cells in a player's world grid."""
        return self.grid_rows * self.grid_columns

    def section(self, name: str) -> Rule | None:
        """The rule section of that name, if the content has it."""
        return next((s for s in self.sections if s.name == name), None)


@dataclass(frozen=True)
class Balance:
    """Thresholds for the balance warnings of `tkg validate`."""

    min_connections: int = 8  # warn when a tile connects to fewer other tiles
    max_element_spread: int = 0  # warn when element counts differ by more
    sim_games: int = 400  # games played by `tkg validate --balance`
    # Warn when the seats' wins spread more than chance would, at this significance:
    # stricter than a report's 5 %, since the same content always draws the same warning.
    seat_significance: float = 0.01
    max_stall_rate: float = 0.02
    min_take_rate: float = 0.05  # warn for tiles procured in fewer games


@dataclass(frozen=True)
class Game:
    """The whole content: elements, tiles, tokens, Oinks, rules."""

    title: str
    version: str
    tile_count: int  # as declared; a check compares it to len(tiles)
    elements: tuple[Element, ...]
    tiles: tuple[Tile, ...]
    tokens: TokenSet
    oinks: tuple[Oink, ...]
    rules: Rules = field(default_factory=Rules)
    balance: Balance = field(default_factory=Balance)
    age: int = 10  # the youngest players the game suits (game.yaml `game.age`), on the cover
    designer: str = ""  # who designed it (game.yaml `game.designer`): none when empty
    content_dir: Path = Path("content")
    base_dir: Path | None = None  # the content folder it extends (generator.load.layers)
    fonts: tuple[tuple[str, Path], ...] = ()  # role ("heading", "body", ...) -> TTF
    # Where each role's file is named in game.yaml, for the fonts' own diagnostics (left
    # out of repr and equality: moving a line changes no drawing).
    font_where: tuple[tuple[str, Location], ...] = field(default=(), repr=False,
                                                         compare=False)
    # The kinds of piece content/pieces.yaml declares. Left out of repr and equality:
    # drawings of the built-in pieces hash the game's repr, and an edited mat must not
    # redraw a tile; each declared kind hashes its own data (products/declared.py).
    pieces: tuple[PieceKind, ...] = field(default=(), repr=False, compare=False)
    # The game's languages (game.yaml `game.languages`), the source first; and the tool's
    # words in the language this game's texts are in (a translated game's repr names its
    # language and catalogue: its drawings are its own).
    languages: tuple[str, ...] = field(default=(SOURCE_LANGUAGE,), repr=False, compare=False)
    languages_where: Location = field(default=NOWHERE, repr=False, compare=False)  # the list
    words: Words = SOURCE_WORDS
    # The other languages' translations of the texts (generator.load.translations).
    translations: tuple = field(default=(), repr=False, compare=False)
    title_where: Location = field(default=NOWHERE, repr=False, compare=False)  # its line

    @property
    def author(self) -> str:
        """Whom every PDF names as its author: the designer, else the game's title."""
        return self.designer or self.title

    @property
    def content_dirs(self) -> tuple[Path, ...]:
        """Where the content's files are looked up: its folder, then the one it extends."""
        return (self.content_dir,) if self.base_dir is None else (self.content_dir,
                                                                   self.base_dir)

    @cached_property
    def resolved_dirs(self) -> tuple[Path, ...]:
        """The content folders, resolved as the files found in them are: once per game
        (every tile's item names its art relative to them, and the rulebook's figures
        make thousands of items)."""
        return tuple(folder.resolve() for folder in self.content_dirs)

    def relative(self, path: Path) -> str:
        """A content file's path under the content folder that holds it."""
        for folder in self.resolved_dirs:
            if path.is_relative_to(folder):
                return path.relative_to(folder).as_posix()
        return path.as_posix()

    def element(self, element_id: str) -> Element:
        """The element with that id (KeyError if unknown)."""
        for element in self.elements:
            if element.id == element_id:
                return element
        raise KeyError(element_id)

    def tile(self, tile_id: str) -> Tile:
        """The tile with that id (KeyError if unknown)."""
        for tile in self.tiles:
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    @property
    def deck(self) -> tuple[Tile, ...]:
        """Every printed tile, in content order: a tile with `copies: 2` twice. The
        rules, the world solver and the sheets count these; the tile faces are `tiles`."""
        return tuple(t for t in self.tiles for _ in range(t.copies))

    def piece_kind(self, name: str) -> PieceKind:
        """The declared kind of piece of that name (KeyError if none)."""
        for kind in self.pieces:
            if kind.name == name:
                return kind
        raise KeyError(name)

    @property
    def element_ids(self) -> tuple[str, ...]:
        """Element ids in content order."""
        return tuple(e.id for e in self.elements)

    def font(self, role: str) -> Path | None:
        """The TTF file for a typographic role, if the content names one."""
        return dict(self.fonts).get(role)

    def font_file(self, role: str) -> Path:
        """The TTF file of a role every game has (the content schema requires each role:
        a KeyError here is a game made some other way)."""
        path = self.font(role)
        if path is None:
            raise KeyError(f"the game names no font for {role!r} text")
        return path

    def font_location(self, role: str) -> Location:
        """Where game.yaml names a role's font file (NOWHERE if it does not)."""
        return dict(self.font_where).get(role, NOWHERE)
