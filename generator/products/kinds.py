"""The one table of output kinds: what makes each, its fingerprint, its bundle section,
its preview, its sheet gutters.

`tkg build --only`, the print-and-play bundle, the preview gallery, the manifest and
the build cache all read this table. A new kind of output is one module (a `produce`
and a `fingerprint` function, optionally a bundle `SECTION`) and one line in `KINDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.core.artefacts import Artefact
from generator.core.digest import digest
from generator.core.model import Game, PieceKind
from generator.draw.kit import Kit
from generator.products import aids, compare, declared, png, tiles, tokens, tts
from generator.products.bundle import Section, fingerprint_bundle, produce_bundle
from generator.products.designs import aid_designs
from generator.products.printshop import PrintShop, print_shop_file, print_shop_key
from generator.products.request import BuildRequest
from generator.products.rulebook import book

Make = Callable[[BuildRequest, Kit], list[Artefact]]
Fingerprint = Callable[[BuildRequest, Kit], str]


@dataclass(frozen=True)
class PreviewGroup:
    """A section of the preview gallery: the SVG files under one path prefix."""

    key: str
    title: str
    css: str  # the class of each figure, for the page's styles and tests
    prefix: str


@dataclass(frozen=True)
class Kind:
    """One kind of output."""

    name: str  # the --only name and the manifest's kind
    make: Make
    fingerprint: Fingerprint
    weight: float = 1.0  # rough cost, so the two cores get even shares
    section: Section | None = None  # its sheets in the print-and-play bundle
    preview: tuple[PreviewGroup, ...] = ()
    gutters: tuple[str, ...] = ()  # the piece kinds of `sheets: gutter:` in a layout
    needs: Callable[[BuildRequest], bool] = lambda request: True  # built by a plain build?
    per_paper: bool = False  # made one paper at a time (both cores share it)
    chosen: bool = True  # offered by --only (the bundle is made with what it holds)
    print_shop: PrintShop | None = None  # its print-shop file: print-shop/<name>.pdf
    plain: bool = True  # made by a build without --only (else only when --only names it)
    reads: tuple[str, ...] = ()  # the export options it reads (`Export`'s fields)

    def artefacts(self, request: BuildRequest, kit: Kit) -> list[Artefact]:
        """Everything the kind makes: its own files, and its print-shop file if any."""
        made = self.make(request, kit)
        if self.print_shop is not None:
            made.append(print_shop_file(self.name, self.print_shop, request, kit))
        return made

    def key(self, request: BuildRequest, kit: Kit) -> str:
        """The digest of everything the kind's files depend on: its fingerprint, and
        what its print-shop file adds (the preset's bleed)."""
        own = self.fingerprint(request, kit)
        return own if self.print_shop is None else digest(own, print_shop_key(request))

    @property
    def options(self) -> tuple[str, ...]:
        """The export options it reads: its own, and the preset of a print-shop file."""
        return (*self.reads, "preset") if self.print_shop else self.reads


def _bundled(game: Game) -> list[tuple[str, Section]]:
    # The bundle always holds every section: `--only tiles` remakes it, whole.
    return [(k.name, k.section) for k in kinds_for(game) if k.section]


def _bundle_needed(request: BuildRequest) -> bool:
    # Remade when a kind it holds is made (the cover and sheets show that kind's pieces).
    return any(k.section and k.name in request.kinds for k in kinds_for(request.game))


# In reading order: the bundle holds the sections in this order, and the preview shows
# the groups in this order.
KINDS: tuple[Kind, ...] = (
    Kind("tiles", tiles.produce, tiles.fingerprint, 2.0, tiles.SECTION,
         (PreviewGroup("tiles", "Tile faces", "tile", "svg/tiles/"),
          PreviewGroup("backs", "Tile back", "back", "svg/back")), ("tile",),
         print_shop=tiles.PRINT_SHOP),
    Kind("tokens", tokens.produce, tokens.fingerprint, 0.5, tokens.SECTION,
         (PreviewGroup("tokens", "Life tokens", "token", "svg/tokens/"),
          PreviewGroup("oinks", "Oinks", "oink", "svg/oinks/")), ("token", "oink"),
         print_shop=tokens.PRINT_SHOP),
    Kind("aids", aids.produce, aids.fingerprint, 1.0, aids.SECTION,
         (PreviewGroup("aids", "Player aids", "aid", "svg/aids/"),), ("card",),
         print_shop=PrintShop("player aids", aid_designs)),
    Kind("rulebook", book.produce, book.fingerprint, 5.0),
    Kind("compare", compare.produce, compare.fingerprint, 1.0,
         needs=lambda request: bool(request.compare)),
    Kind("pnp", lambda request, kit: produce_bundle(request, kit, _bundled(request.game),
                                                    _bundled(request.game)),
         lambda request, kit: fingerprint_bundle(request, kit, _bundled(request.game)), 4.0,
         needs=_bundle_needed, per_paper=True, chosen=False),
    # Exports for print shops and screens: seconds of rasterising that a print-and-play
    # build does not need, so only `--only png` / `--only tts` makes them.
    Kind("png", png.produce, png.fingerprint, 3.0, plain=False, reads=("preset", "dpi")),
    Kind("tts", tts.produce, tts.fingerprint, 2.0, plain=False, reads=("dpi", "base_url")),
)
BY_NAME = {kind.name: kind for kind in KINDS}


def chosen_kinds() -> list[str]:
    """The kinds `--only` accepts, sorted."""
    return sorted(k.name for k in KINDS if k.chosen)


def plain_kinds() -> list[str]:
    """The kinds a build without --only makes, sorted."""
    return sorted(k.name for k in KINDS if k.chosen and k.plain)


def readers(option: str, kinds: list[str]) -> list[str]:
    """Which of `kinds` read the export option `option` ("preset", "dpi", "base_url")."""
    return [k for k in kinds if k in BY_NAME and option in BY_NAME[k].options]


def planned(request: BuildRequest) -> list[Kind]:
    """The kinds a build of `request.kinds` makes: those asked for that have something to
    make, in name order, then the bundle (it imposes what the others drew).

    The order decides which kind a file several kinds write is listed under in the
    manifest (the fonts: the last to write it).
    """
    table = kinds_for(request.game)
    asked = sorted((k for k in table if k.chosen and k.name in request.kinds),
                   key=lambda k: k.name)
    return [k for k in [*asked, *(k for k in table if not k.chosen)] if k.needs(request)]


def idle(request: BuildRequest) -> list[str]:
    """Kinds asked for that have nothing to make this time (`compare` with one layout):
    whatever an earlier build made of them is stale, and goes."""
    return [k.name for k in kinds_for(request.game) if k.chosen and k.name in request.kinds
            and not k.needs(request)]


def gutter_keys() -> tuple[str, ...]:
    """Every piece kind a layout's `sheets: gutter:` may name."""
    return tuple(sorted({g for k in KINDS for g in k.gutters}))


def preview_groups(paths: Iterable[str] = ()) -> tuple[PreviewGroup, ...]:
    """The preview gallery's sections, in the order the page shows them: the built-in
    kinds', then one for each declared kind of piece among `paths` (the manifest's:
    the page knows the files, not the content)."""
    found = dict.fromkeys(p.split("/")[2] for p in paths
                          if p.startswith(PIECES) and p.count("/") >= 3)
    return (*(g for k in KINDS for g in k.preview), *(piece_group(name) for name in found))


# -- declared kinds of piece (content/pieces.yaml, a layout's pieces:, docs/pieces.md) --

PIECES = "svg/pieces/"  # each declared kind's SVGs are in a folder of its own here


def piece_group(name: str, title: str = "") -> PreviewGroup:
    """A declared kind's group in the gallery (titled from its name when the page has
    only the manifest: "world-mats" -> "World mats")."""
    return PreviewGroup(name, title or name.replace("-", " ").capitalize(), "piece",
                        f"{PIECES}{name}/")


def declared_kind(kind: PieceKind) -> Kind:
    """The table's record of a kind of piece the content declares."""
    name = kind.name
    return Kind(name, declared.produce(name), declared.fingerprint(name), 0.3,
                declared.section(name) if kind.bundle else None, (piece_group(name, kind.title),),
                print_shop=PrintShop(kind.title.lower(), declared.designs(name), copies=True))


def kinds_for(game: Game | None) -> tuple[Kind, ...]:
    """The table for a game: the built-in kinds, then one per kind of piece its content
    declares (in content order: so the bundle holds their sections after the aids')."""
    if game is None or not game.pieces:
        return KINDS
    return (*KINDS, *(declared_kind(kind) for kind in game.pieces))
