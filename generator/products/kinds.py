"""The one table of output kinds: what each is made from and how, its bundle section,
its preview, its print-shop file.

`tkg build --only`, the print-and-play bundle, the preview gallery, the manifest and
the build cache all read this table, and the names it takes are checked against the
content's own kinds here (`reserved`). A new kind of output is one module (an `inputs`
function, which gathers what its files are made from, and a make function, which makes
them from that alone; optionally a bundle `SECTION`) and one line in `KINDS`; a kind of
piece declared in content/pieces.yaml gets a line of its own (`kinds_table`). A kind's
fingerprint is the digest of its inputs (`products.inputs`), so it has no list of its own
to keep.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Game, PieceKind
from generator.core.words import N_
from generator.draw.kit import Kit
from generator.load.builtin import BUILT_IN
from generator.load.digests import code_digest
from generator.products import aids, declared, tiles, tokens
from generator.products.bundle import KIND as BUNDLE
from generator.products.bundle import PaperBundle, Section, bundle_files, bundle_inputs
from generator.products.inputs import fingerprint_of, piece_files
from generator.products.printshop import PrintShop, ShopFile, print_shop_file, shop_file
from generator.products.request import BuildRequest

Inputs = Callable[[BuildRequest, Kit], Any]  # what a kind's files are made from: frozen data
Make = Callable[[Any, Kit], list[Artefact]]  # its files, from its inputs alone


class Gathered(NamedTuple):
    """All a kind's files are made from: its inputs, and its print-shop file's (None
    for a kind without one). Its fingerprint is the digest of this, and nothing else."""

    inputs: Any
    shop: ShopFile | None


@dataclass(frozen=True)
class PreviewGroup:
    """A section of the preview gallery: the SVG files under one path prefix."""

    key: str
    title: str
    css: str  # the class of each figure, for the page's styles and tests
    prefix: str


def _later(module: str, name: str) -> Callable:
    """A product module's function, imported when it is first called: a build that does
    not make the kind never loads its module (the rulebook's brings the simulator, the
    exports' the rasteriser)."""
    def call(*args):
        return getattr(importlib.import_module(f"generator.products.{module}"), name)(*args)

    return call


def _always(request: BuildRequest) -> bool:
    return True


@dataclass(frozen=True)
class Kind:
    """One kind of output."""

    name: str  # the --only name and the manifest's kind
    inputs: Inputs
    make: Make
    weight: float = 1.0  # rough cost, so the two cores get even shares
    section: Section | None = None  # its sheets in the print-and-play bundle
    preview: tuple[PreviewGroup, ...] = ()
    needs: Callable[[BuildRequest], bool] = _always  # has something to make?
    per_paper: bool = False  # made one paper at a time (both cores share it)
    chosen: bool = True  # offered by --only (the bundle is made with what it holds)
    print_shop: PrintShop | None = None  # its print-shop file: print-shop/<name>.pdf
    plain: bool = True  # made by a build without --only (else only when --only names it)
    reads: tuple[str, ...] = ()  # the export options it reads (`Export`'s fields)
    # What its shares have in common, done once before they are forked (each share
    # would do it again, on cores that slow each other down); None: nothing.
    ready: Callable[[BuildRequest, Kit], None] | None = None
    # The modules its make step loads where it first uses them: a first build loads them
    # once, before the workers that make it are forked, while the other core plays the
    # rulebook's games (`pipeline.beside_the_checks`); else each worker would load them.
    loads: tuple[str, ...] = ()

    def gathered(self, request: BuildRequest, kit: Kit) -> Gathered:
        """What the kind's files are made from: its inputs, and its print-shop file's."""
        shop = shop_file(self.name, self.print_shop, request, kit) if self.print_shop \
            else None
        return Gathered(self.inputs(request, kit), shop)

    def made_from(self, gathered: Gathered, kit: Kit) -> list[Artefact]:
        """Its files from what was gathered: its own, and its print-shop file if any."""
        made = self.make(gathered.inputs, kit)
        if gathered.shop is not None:
            made.append(print_shop_file(gathered.shop, kit))
        return made

    def key_of(self, gathered: Gathered, kit: Kit) -> str:
        """The fingerprint of what was gathered: the digest of it, of the code that makes
        the files, and of what every file may carry besides (the fonts and symbols; the
        game's title and version, in every PDF's properties)."""
        game = kit.game
        return digest(self.name, code_digest(), game.title, game.version, *kit.assets,
                      fingerprint_of(gathered))

    def artefacts(self, request: BuildRequest, kit: Kit) -> list[Artefact]:
        """Everything the kind makes: its own files, and its print-shop file if any."""
        return self.made_from(self.gathered(request, kit), kit)

    def key(self, request: BuildRequest, kit: Kit) -> str:
        """The kind's fingerprint (`key_of` what it gathers)."""
        return self.key_of(self.gathered(request, kit), kit)

    @property
    def options(self) -> tuple[str, ...]:
        """The export options it reads: its own, and the preset of a print-shop file."""
        return (*self.reads, "preset") if self.print_shop else self.reads


def bundled(game: Game) -> list[tuple[str, Section]]:
    # The bundle always holds every section: `--only tiles` remakes it, whole.
    return [(k.name, k.section) for k in kinds_table(game.pieces) if k.section]


def _bundle(request: BuildRequest, kit: Kit) -> tuple[PaperBundle, ...]:
    sections = bundled(request.game)
    return bundle_inputs(request, kit, sections, sections)


def _bundle_needed(request: BuildRequest) -> bool:
    return request.bundle and bundle_needed(request.game.pieces, request.kinds)


def bundle_needed(pieces: Sequence[PieceKind], kinds: Sequence[str]) -> bool:
    """Whether a build of `kinds` makes the bundle: when it makes a kind the bundle holds
    (the cover and the sheets show that kind's pieces)."""
    return any(k.section and k.name in kinds for k in kinds_table(pieces))


# In reading order: the bundle holds the sections in this order, and the preview shows
# the groups in this order.
KINDS: tuple[Kind, ...] = (
    Kind(name="tiles", inputs=tiles.inputs, make=piece_files, weight=2.0,
         section=tiles.SECTION, print_shop=tiles.PRINT_SHOP,
         preview=(PreviewGroup("tiles", "Tile faces", "tile", "svg/tiles/"),
                  PreviewGroup("backs", "Tile back", "back", "svg/back"))),
    Kind(name="tokens", inputs=tokens.inputs, make=piece_files, weight=0.5,
         section=tokens.SECTION, print_shop=tokens.PRINT_SHOP,
         preview=(PreviewGroup("tokens", "Life tokens", "token", "svg/tokens/"),
                  PreviewGroup("oinks", "Oinks", "oink", "svg/oinks/"))),
    Kind(name="aids", inputs=aids.inputs, make=piece_files, weight=1.0,
         section=aids.SECTION, print_shop=PrintShop(N_("player aids"), aids.designs),
         preview=(PreviewGroup("aids", "Player aids", "aid", "svg/aids/"),)),
    Kind(name="rulebook", inputs=_later("rulebook.book", "inputs"),
         make=_later("rulebook.book", "produce"), weight=5.0, per_paper=True,
         ready=_later("rulebook.book", "ready"),
         loads=("generator.products.rulebook.book", "generator.products.rulebook.pages")),
    Kind(name="compare", inputs=_later("compare", "inputs"), make=_later("compare", "produce"),
         needs=lambda request: bool(request.compare)),
    Kind(name=BUNDLE, inputs=_bundle, make=bundle_files,
         weight=4.0, needs=_bundle_needed, per_paper=True, chosen=False,
         reads=("one_sided",)),
    # Exports for print shops and screens: seconds of rasterising that a print-and-play
    # build does not need, so only `--only png` / `--only tts` makes them.
    Kind(name="png", inputs=_later("png", "inputs"), make=_later("png", "produce"),
         weight=3.0, plain=False,
         reads=("preset", "dpi")),
    Kind(name="tts", inputs=_later("tts", "inputs"), make=_later("tts", "produce"),
         weight=2.0, plain=False,
         reads=("dpi", "base_url")),
    # A test print of the pieces `tkg build --pick` names.
    Kind(name="picked", inputs=_later("picked", "inputs"), make=piece_files, weight=1.0,
         plain=False, reads=("picked",), needs=lambda request: bool(request.export.picked)),
)

PIECES = "svg/pieces/"  # each declared kind's SVGs are in a folder of its own here
# The output's own folders and files, which a declared kind's name would land on.
FOLDERS = ("fonts", "manifest", "pdf", "pieces", "print-shop", "svg")


def reserved() -> tuple[str, ...]:
    """The names no declared kind may take: the table's own kinds, the built-in pieces'
    looks (tile, token, oink, aid, cover) and the output's folders."""
    return tuple(sorted({*(k.name for k in KINDS), *BUILT_IN, *FOLDERS}))


def kinds_table(pieces: Sequence[PieceKind] = ()) -> tuple[Kind, ...]:
    """The one table: the built-in kinds, then one per declared kind of piece (in content
    order: so the bundle holds their sections after the aids')."""
    return (*KINDS, *(declared_kind(kind) for kind in pieces if kind.name not in reserved()))


def named(names: Iterable[str]) -> tuple[PieceKind, ...]:
    """Declared kinds known only by name (content/pieces.yaml read quickly for --only):
    enough for the table's names, before the content is validated."""
    return tuple(PieceKind(name, name, "", ()) for name in names)


def declared_kind(kind: PieceKind) -> Kind:
    """The table's record of a kind of piece the content declares."""
    name = kind.name
    return Kind(name=name, inputs=declared.inputs(name), make=piece_files,
                weight=0.3, section=declared.section(name) if kind.bundle else None,
                preview=(piece_group(name, kind.title),),
                print_shop=PrintShop(kind.title.lower(), declared.designs(name), copies=True))


def piece_group(name: str, title: str = "") -> PreviewGroup:
    """A declared kind's group in the gallery (titled from its name when the page has
    only the manifest: "world-mats" -> "World mats")."""
    title = title if title and title != name else name.replace("-", " ").capitalize()
    return PreviewGroup(name, title, "piece", f"{PIECES}{name}/")


def chosen_kinds(table: Sequence[Kind] = KINDS) -> list[str]:
    """The kinds `--only` accepts, sorted."""
    return sorted(k.name for k in table if k.chosen)


def plain_kinds(table: Sequence[Kind] = KINDS) -> list[str]:
    """The kinds a build without --only makes, sorted."""
    return sorted(k.name for k in table if k.chosen and k.plain)


def preview_kinds(table: Sequence[Kind] = KINDS) -> list[str]:
    """The kinds whose files the preview's gallery shows."""
    return [k.name for k in table if k.preview]


def preview_groups(table: Sequence[Kind] = KINDS) -> tuple[PreviewGroup, ...]:
    """The preview gallery's sections, in the order the page shows them."""
    return tuple(g for k in table for g in k.preview)


def readers(option: str, kinds: list[str], table: Sequence[Kind] = KINDS) -> list[str]:
    """Which kinds a build of `kinds` makes read the export option `option` ("preset",
    "dpi", "base_url", "one_sided"): the bundle is made with any kind it holds."""
    bundle = [BUNDLE] if any(k.section and k.name in kinds for k in table) else []
    made = {*kinds, *bundle}
    return [k.name for k in table if k.name in made and option in k.options]


def planned(request: BuildRequest) -> list[Kind]:
    """The kinds a build of `request.kinds` makes: those asked for that have something to
    make, in name order, then the bundle (it imposes what the others drew).

    The order decides which kind a file several kinds write is listed under in the
    manifest (the fonts: the last to write it).
    """
    table = kinds_table(request.game.pieces)
    asked = sorted((k for k in table if k.chosen and k.name in request.kinds),
                   key=lambda k: k.name)
    return [k for k in [*asked, *(k for k in table if not k.chosen)] if k.needs(request)]


def idle(request: BuildRequest) -> list[str]:
    """Kinds asked for that have nothing to make this time (`compare` with one layout):
    whatever an earlier build made of them is stale, and goes."""
    return [k.name for k in kinds_table(request.game.pieces)
            if k.chosen and k.name in request.kinds and not k.needs(request)]
